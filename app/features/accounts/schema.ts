import * as z from "zod/mini";
import { signedCentsField } from "~/lib/amount-field";
import { DEFAULT_CURRENCY } from "~/lib/currency";
import { isSupportedCurrency } from "~/lib/currency-list";
import { isIsoDate } from "~/lib/month";
import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX_LENGTH, ACCOUNTS_MESSAGES, type AccountKind } from "./accounts";
import { RECONCILE_MESSAGES } from "./reconcile";

/*
 * The account form's schema (add and edit) and the reconcile page's, for the browser and the server: the
 * browser imports this module on demand (useLazyForm, through load-schemas.ts), the server through
 * account-form.server.ts.
 */

/** The largest balance an account may open with or a statement may show, either way: a billion. */
const MAX_BALANCE_CENTS = 100_000_000_000;
const withinLimit = (cents: number) => Math.abs(cents) <= MAX_BALANCE_CENTS;

/**
 * The account form, its opening balance read in `currency`: the one chosen on the form when an account is
 * added (accountFormCurrency), the account's own when it is edited (its currency is fixed once it exists).
 */
export const accountSchema = (currency: string) => z.object({
  name: z
    .string({ error: ACCOUNTS_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: ACCOUNTS_MESSAGES.nameRequired }),
      z.maxLength(ACCOUNT_NAME_MAX_LENGTH, { error: ACCOUNTS_MESSAGES.nameTooLong }),
    ),
  kind: z.enum(ACCOUNT_KINDS as [AccountKind, ...AccountKind[]], { error: ACCOUNTS_MESSAGES.kindInvalid }),
  // A checkbox: present when ticked. Tracking-only accounts are the unticked ones.
  onBudget: z.optional(z.string()),
  // Left empty, the account opens at zero.
  openingBalance: z.optional(signedCentsField(ACCOUNTS_MESSAGES.balanceInvalid, withinLimit, currency)),
  openingDate: z.string({ error: ACCOUNTS_MESSAGES.dateInvalid }).check(z.refine(isIsoDate, { error: ACCOUNTS_MESSAGES.dateInvalid })),
  currency: z.optional(z.string().check(z.refine(isSupportedCurrency, { error: ACCOUNTS_MESSAGES.currencyInvalid }))),
});

/** The currency a new account's form reads its opening balance in: the one chosen when it is one, else `fallback`. */
export function accountFormCurrency(chosen: unknown, fallback: string = DEFAULT_CURRENCY) {
  return typeof chosen === "string" && isSupportedCurrency(chosen) ? chosen : fallback;
}

/** A bank statement to reconcile an account against: its closing date and balance (below zero: owed), in the account's currency. */
export const statementSchema = (currency: string) =>
  z.object({
    statementDate: z.string({ error: RECONCILE_MESSAGES.dateInvalid }).check(z.refine(isIsoDate, { error: RECONCILE_MESSAGES.dateInvalid })),
    statementBalance: signedCentsField(RECONCILE_MESSAGES.balanceInvalid, withinLimit, currency),
  });

/** A finishing form of the reconcile page: the statement it checked and the difference it showed. */
export const finishReconciliationSchema = (currency: string) =>
  z.object({
    ...statementSchema(currency).shape,
    difference: signedCentsField(RECONCILE_MESSAGES.changed, () => true, currency),
  });
