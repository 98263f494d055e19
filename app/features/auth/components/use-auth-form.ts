import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useSearchParams } from "@remix-run/react";
import { useIsSubmitting } from "~/components/ui/forms";
import { useLazyForm, type FormSchema } from "~/components/ui/use-lazy-form";
import { loadAuthSchemas } from "../load-schemas";

type AuthSchemas = Awaited<ReturnType<typeof loadAuthSchemas>>;

/**
 * A sign-in page's form posting to `formAction`: the action's reply beside the fields, the page's
 * `?redirect` to carry on, whether it is being sent, and its schema loaded on first use.
 */
export function useAuthForm<Schema extends FormSchema>(id: string, formAction: string, schemaOf: (schemas: AuthSchemas) => Schema) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const [searchParams] = useSearchParams();
  const isSubmitting = useIsSubmitting({ formAction });
  const { form, fields, formProps } = useLazyForm({ id, lastResult: actionData?.result, loadSchemas: loadAuthSchemas, schemaOf });
  return { form, fields, formProps, isSubmitting, redirectTo: searchParams.get("redirect") ?? undefined };
}
