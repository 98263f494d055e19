import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import type { input } from "zod/v4/core";
import { useActionData } from "@remix-run/react";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm, type FormSchema } from "~/components/ui/use-lazy-form";
import { DEBT_ACTION } from "../debts";
import { loadDebtSchemas } from "../load-schemas";

type DebtSchemas = Awaited<ReturnType<typeof loadDebtSchemas>>;

/**
 * A form of the debt overview posting to its action: conform's state from `lastResult` (the action's
 * reply) or `defaultValue`, its schema loaded on first use, focus on the first invalid field after a
 * refusal, and `formProps` to spread on the `<Form>`. The action's URL ends in the form's `id`, so a page
 * answering a refusal without JavaScript opens scrolled to the form.
 */
export function useDebtForm<Schema extends FormSchema>({
  id,
  lastResult,
  defaultValue,
  schemaOf,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: DefaultValue<input<Schema>>;
  schemaOf: (schemas: DebtSchemas) => Schema;
}) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const { form, fields, formProps } = useLazyForm({ id, lastResult, defaultValue, loadSchemas: loadDebtSchemas, schemaOf });
  return { form, fields, formProps: { ref, method: "post", action: `${DEBT_ACTION}#${id}`, preventScrollReset: true, ...formProps } as const };
}
