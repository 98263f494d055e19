import { useForm, type SubmissionResult } from "@conform-to/react";
import { useActionData, useSearchParams } from "@remix-run/react";
import type { $ZodType } from "zod/v4/core";
import { useIsSubmitting } from "~/components/ui/forms";
import { useLazyValidation } from "~/components/ui/use-lazy-validation";
import { loadAuthSchemas } from "../load-schemas";

type AuthSchemas = Awaited<ReturnType<typeof loadAuthSchemas>>;

/**
 * A sign-in page's form posting to `formAction`: the action's reply beside the fields, the page's
 * `?redirect` to carry on, whether it is being sent, and its schema loaded on first use.
 */
export function useAuthForm<Schema extends $ZodType>(id: string, formAction: string, schemaOf: (schemas: AuthSchemas) => Schema) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const [searchParams] = useSearchParams();
  const isSubmitting = useIsSubmitting({ formAction });
  const validation = useLazyValidation(loadAuthSchemas, schemaOf);
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result,
    onValidate: validation.onValidate,
    shouldRevalidate: validation.shouldRevalidate,
  });
  return { form, fields, validation, isSubmitting, redirectTo: searchParams.get("redirect") ?? undefined };
}
