import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import type { input } from "zod/v4/core";
import { useActionData } from "@remix-run/react";
import { useFocusFirstInvalid } from "~/components/ui/use-focus-first-invalid";
import { useLazyForm, type FormSchema } from "~/components/ui/use-lazy-form";
import { SAVINGS_PATH } from "../savings";
import { loadSavingsSchemas } from "../load-schemas";

export type SavingsSchemas = Awaited<ReturnType<typeof loadSavingsSchemas>>;

/**
 * A savings form posting to `action` (the savings page's action): conform's state from `lastResult`
 * (the action's reply) or `defaultValue`, its schema loaded on first use, focus on the first invalid
 * field after a refusal, and `formProps` to spread on the `<Form>`.
 */
export function useSavingsForm<Schema extends FormSchema>({
  id,
  lastResult,
  defaultValue,
  schemaOf,
  action = SAVINGS_PATH,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: DefaultValue<input<Schema>>;
  schemaOf: (schemas: SavingsSchemas) => Schema;
  action?: string;
}) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(useActionData());
  const { form, fields, formProps } = useLazyForm({ id, lastResult, defaultValue, loadSchemas: loadSavingsSchemas, schemaOf });
  return { form, fields, formProps: { ref, method: "post", action, preventScrollReset: true, ...formProps } as const };
}
