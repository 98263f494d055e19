import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { $ZodType } from "zod/v4/core";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyValidation } from "~/components/ui/use-lazy-validation";
import { DEBT_ACTION } from "../debts";
import { loadDebtSchemas } from "../load-schemas";

type DebtSchemas = Awaited<ReturnType<typeof loadDebtSchemas>>;

/**
 * A form of the debt overview posting to its action: conform's state from `lastResult` (the action's
 * reply) or `defaultValue`, its schema loaded on first use, focus on the first invalid field after a
 * refusal, and `formProps` to spread on the `<Form>`.
 */
export function useDebtForm<Schema extends $ZodType>({
  id,
  lastResult,
  defaultValue,
  schemaOf,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, string>;
  schemaOf: (schemas: DebtSchemas) => Schema;
}) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const validation = useLazyValidation(loadDebtSchemas, schemaOf);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    onValidate: validation.onValidate,
    shouldRevalidate: validation.shouldRevalidate,
  });
  const formProps = { ref, method: "post", action: DEBT_ACTION, preventScrollReset: true, ...getFormProps(form), ...validation.triggers } as const;
  return { form, fields, formProps };
}
