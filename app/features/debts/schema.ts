import * as z from "zod/mini";
import { isIsoDate } from "~/lib/month";
import { centsField } from "~/lib/amount-field";
import { isObjectIdText } from "~/lib/object-id";
import type { Cents } from "~/lib/money";
import {
  DEBT_DESCRIPTION_MAX_LENGTH,
  DEBT_MAX_CENTS,
  DEBT_MESSAGES,
  DEBT_NAME_MAX_LENGTH,
  DEBT_PRIORITIES,
  DEBT_TYPES,
  type DebtPriority,
  type DebtType,
} from "./debts";

/*
 * The debt forms' schemas, for the browser and the server. The browser imports this module only on
 * demand (useLazyForm, through load-schemas.ts), the server through debt-form.server.ts.
 */

/** A typed amount as cents, up to the largest debt Ledgerly records, or the message when it is not one (or outside `accept`). */
function debtCentsField(message: string, accept: (cents: Cents) => boolean) {
  return centsField(message, (cents) => cents <= DEBT_MAX_CENTS && accept(cents));
}

/** The debt form (add and edit). A debt linked to an account (`accountId`) owes what the account owes: its current balance may be left empty. */
export const DebtSchema = z
  .object({
    name: z
      .string({ error: DEBT_MESSAGES.nameRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: DEBT_MESSAGES.nameRequired }),
        z.maxLength(DEBT_NAME_MAX_LENGTH, { error: DEBT_MESSAGES.nameTooLong }),
      ),
    type: z._default(z.enum(DEBT_TYPES as [DebtType, ...DebtType[]], { error: DEBT_MESSAGES.typeInvalid }), "credit_card"),
    totalAmount: debtCentsField(DEBT_MESSAGES.totalPositive, (cents) => cents > 0),
    currentBalance: z.optional(debtCentsField(DEBT_MESSAGES.balanceNotNegative, () => true)),
    // The rate is typed like an amount (two decimals at most), so its "cents" are basis points.
    interestRate: debtCentsField(DEBT_MESSAGES.rateRange, (basisPoints) => basisPoints <= 10000),
    minimumPayment: debtCentsField(DEBT_MESSAGES.minimumPositive, (cents) => cents > 0),
    dueDate: z.optional(z.string().check(z.refine(isIsoDate, { error: DEBT_MESSAGES.dueDateInvalid }))),
    priority: z._default(z.enum(DEBT_PRIORITIES as [DebtPriority, ...DebtPriority[]], { error: DEBT_MESSAGES.priorityInvalid }), "medium"),
    description: z._default(
      z.string().check(z.trim(), z.maxLength(DEBT_DESCRIPTION_MAX_LENGTH, { error: DEBT_MESSAGES.descriptionTooLong })),
      "",
    ),
    // "Not linked" is sent empty.
    accountId: z.optional(z.string().check(z.refine(isObjectIdText, { error: DEBT_MESSAGES.accountInvalid }))),
  })
  .check(
    z.refine((debt) => debt.accountId !== undefined || debt.currentBalance !== undefined, {
      error: DEBT_MESSAGES.balanceRequired,
      path: ["currentBalance"],
      // Also when other fields failed, so every message shows at once.
      when: ({ value }) => typeof value === "object" && value !== null,
    }),
    z.refine((debt) => debt.accountId !== undefined || debt.currentBalance === undefined || debt.currentBalance <= debt.totalAmount, {
      error: DEBT_MESSAGES.balanceAboveTotal,
      path: ["currentBalance"],
    }),
  );

/** The Pay panel's amount, date and the account paid from (the main account when the panel offers none). */
export const PaymentSchema = z.object({
  amount: debtCentsField(DEBT_MESSAGES.paymentInvalid, (cents) => cents > 0),
  date: z.string({ error: DEBT_MESSAGES.dueDateInvalid }).check(z.refine(isIsoDate, { error: DEBT_MESSAGES.dueDateInvalid })),
  fromAccountId: z.optional(z.string().check(z.refine(isObjectIdText, { error: DEBT_MESSAGES.payFromInvalid }))),
});
