import { parseWithZod } from "@conform-to/zod/v4";
import type { AccountInput } from "./accounts.server";
import { accountFormCurrency, accountSchema, finishReconciliationSchema, statementSchema } from "./schema";

/**
 * The account form (add and edit) checked; the value is ready for `addAccount`/`updateAccount`. A new
 * account's opening balance is read in the currency chosen on the form (`reportingCurrency` unless one
 * is); an edited account's in its own (`fixedCurrency`), which the form cannot change.
 */
export function parseAccountForm(formData: FormData, currencies: { fixedCurrency: string } | { reportingCurrency: string }) {
  const currency = "fixedCurrency" in currencies ? currencies.fixedCurrency : accountFormCurrency(formData.get("currency"), currencies.reportingCurrency);
  const submission = parseWithZod(formData, { schema: accountSchema(currency) });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { onBudget, openingBalance, currency: _chosen, ...rest } = submission.value;
  const input: AccountInput = { ...rest, onBudget: onBudget !== undefined, openingBalance: openingBalance ?? 0, ...("fixedCurrency" in currencies ? {} : { currency }) };
  return { submission, input } as const;
}

/** The statement the reconcile page's form asks to check (its query: the form is a GET), checked, in the account's currency. */
export function parseStatement(query: URLSearchParams, currency: string) {
  const submission = parseWithZod(query, { schema: statementSchema(currency) });
  return { submission, statement: submission.status === "success" ? submission.value : null } as const;
}

/** A finishing form of the reconcile page checked: the statement and the difference the page showed. */
export function parseFinishingForm(formData: FormData, currency: string) {
  const submission = parseWithZod(formData, { schema: finishReconciliationSchema(currency) });
  return { submission, input: submission.status === "success" ? submission.value : null } as const;
}
