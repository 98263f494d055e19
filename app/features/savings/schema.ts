import * as z from "zod/mini";
import { centsField } from "~/lib/amount-field";
import { isIsoDate } from "~/lib/month";
import { stripToAmount, type Cents } from "~/lib/money";
import { isObjectIdText } from "~/lib/object-id";
import { GOAL_NAME_MAX_LENGTH, REASON_MAX_LENGTH, SAVINGS_MAX_CENTS, SAVINGS_MESSAGES } from "./savings";

/*
 * The savings forms' schemas, for the browser and the server. The browser imports this module only
 * on demand (useLazyForm, through load-schemas.ts), the server through savings-form.server.ts.
 */

/** A typed amount as cents, up to the largest amount a savings form takes, or the message when it is not one (or outside `accept`). */
function savingsCentsField(message: string, accept: (cents: Cents) => boolean) {
  return centsField(message, (cents) => cents <= SAVINGS_MAX_CENTS && accept(cents));
}

/** An account chosen by id; empty is "No account". Whether it is one the user may choose only the server knows. */
const accountField = z.optional(z.string().check(z.refine(isObjectIdText, { error: SAVINGS_MESSAGES.accountInvalid })));

const goalFields = {
  name: z
    .string({ error: SAVINGS_MESSAGES.goalNameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: SAVINGS_MESSAGES.goalNameRequired }),
      z.maxLength(GOAL_NAME_MAX_LENGTH, { error: SAVINGS_MESSAGES.goalNameTooLong }),
    ),
  target: savingsCentsField(SAVINGS_MESSAGES.goalTargetInvalid, (cents) => cents > 0),
  deadline: z.optional(z.string().check(z.refine(isIsoDate, { error: SAVINGS_MESSAGES.deadlineInvalid }))),
  accountId: accountField,
};

/** The 'New Goal' form; a deadline left empty is set by the server (a year from the day it is added). */
export const NewGoalSchema = z.object(goalFields);

/** The 'Edit Goal' form: as 'New Goal' plus the current amount (kept when left empty). */
export const EditGoalSchema = z.object({ ...goalFields, current: z.optional(savingsCentsField(SAVINGS_MESSAGES.goalCurrentInvalid, () => true)) });

/**
 * '+ Record Withdrawal': amount > 0, date (today when empty), reason (optional), the account it comes out of
 * (optional). Whether it fits in the balances only the server knows.
 */
export const WithdrawalSchema = z.object({
  amount: savingsCentsField(SAVINGS_MESSAGES.withdrawalInvalid, (cents) => cents > 0),
  date: z.optional(z.string().check(z.refine(isIsoDate, { error: SAVINGS_MESSAGES.withdrawalDateInvalid }))),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(REASON_MAX_LENGTH, { error: SAVINGS_MESSAGES.reasonTooLong }))),
  accountId: accountField,
});

/**
 * 'Initial Savings': characters other than digits and the decimal point are stripped ("$1,200" →
 * 1200.00); empty means 0; anything else that is no amount of at most two decimals is refused with
 * 'Please enter a valid amount'. A field missing from the post is refused too (no browser form leaves
 * it out). The text is read before conform's coercion, which would make an empty field a missing one.
 */
export const InitialSavingsSchema = z.object({
  initialSavings: z.pipe(
    z.transform((typed: unknown) => (typeof typed !== "string" ? typed : typed.trim() === "" ? "0" : stripToAmount(typed))),
    savingsCentsField(SAVINGS_MESSAGES.initialInvalid, () => true),
  ),
});
