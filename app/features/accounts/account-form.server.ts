import { parseWithZod } from "@conform-to/zod/v4";
import type { AccountInput } from "./accounts.server";
import { AccountSchema, FinishReconciliationSchema, StatementSchema } from "./schema";

/** The account form (add and edit) checked; the value is ready for `addAccount`/`updateAccount`. */
export function parseAccountForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: AccountSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { onBudget, openingBalance, ...rest } = submission.value;
  const input: AccountInput = { ...rest, onBudget: onBudget !== undefined, openingBalance: openingBalance ?? 0 };
  return { submission, input } as const;
}

/** The statement the reconcile page's form asks to check (its query: the form is a GET), checked. */
export function parseStatement(query: URLSearchParams) {
  const submission = parseWithZod(query, { schema: StatementSchema });
  return { submission, statement: submission.status === "success" ? submission.value : null } as const;
}

/** A finishing form of the reconcile page checked: the statement and the difference the page showed. */
export function parseFinishingForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: FinishReconciliationSchema });
  return { submission, input: submission.status === "success" ? submission.value : null } as const;
}
