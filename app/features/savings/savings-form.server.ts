import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isIsoDate } from "~/lib/month";
import { parseAmountToCents, stripToAmount, type Cents } from "~/lib/money";
import { defaultDeadline, GOAL_NAME_MAX_LENGTH, REASON_MAX_LENGTH, SAVINGS_MAX_CENTS, SAVINGS_MESSAGES } from "./savings";

/** A typed amount as cents, or `message` when it is not one (or `accept` refuses it). */
function centsField(message: string, accept: (cents: Cents) => boolean) {
  return z.string({ error: message }).transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null || cents > SAVINGS_MAX_CENTS || !accept(cents)) {
      context.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return cents;
  });
}

const goalFields = {
  name: z
    .string({ error: SAVINGS_MESSAGES.goalNameRequired })
    .trim()
    .min(1, { error: SAVINGS_MESSAGES.goalNameRequired })
    .max(GOAL_NAME_MAX_LENGTH, { error: SAVINGS_MESSAGES.goalNameTooLong }),
  target: centsField(SAVINGS_MESSAGES.goalTargetInvalid, (cents) => cents > 0),
  deadline: z.string().refine(isIsoDate, { error: SAVINGS_MESSAGES.deadlineInvalid }).optional(),
};

const NewGoalSchema = z.object(goalFields);
const EditGoalSchema = z.object({ ...goalFields, current: centsField(SAVINGS_MESSAGES.goalCurrentInvalid, () => true).optional() });

/** The 'New Goal' form: name, target, deadline (a year from `today` when left empty). */
export function parseNewGoalForm(formData: FormData, today: string) {
  const submission = parseWithZod(formData, { schema: NewGoalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { name, target, deadline } = submission.value;
  return { submission, input: { name, target, deadline: deadline ?? defaultDeadline(today) } } as const;
}

/** The 'Edit Goal' form: as 'New Goal' plus the current amount (kept when left empty); `stored` fills what is left out. */
export function parseEditGoalForm(formData: FormData, stored: { current: Cents; deadline: string }) {
  const submission = parseWithZod(formData, { schema: EditGoalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { name, target, deadline, current } = submission.value;
  return { submission, input: { name, target, deadline: deadline ?? stored.deadline, current: current ?? stored.current } } as const;
}

const WithdrawalSchema = z.object({
  amount: centsField(SAVINGS_MESSAGES.withdrawalInvalid, (cents) => cents > 0),
  date: z.string().refine(isIsoDate, { error: SAVINGS_MESSAGES.withdrawalDateInvalid }).optional(),
  reason: z.string().trim().max(REASON_MAX_LENGTH, { error: SAVINGS_MESSAGES.reasonTooLong }).optional(),
});

/** '+ Record Withdrawal': amount > 0, date (today when empty), reason (optional). */
export function parseWithdrawalForm(formData: FormData, today: string) {
  const submission = parseWithZod(formData, { schema: WithdrawalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { amount, date, reason } = submission.value;
  return { submission, input: { amount, date: date ?? today, reason: reason ?? "" } } as const;
}

/**
 * 'Initial Savings': characters other than digits and the decimal point
 * are stripped ("$1,200" → 1200.00); empty means 0; anything else that is no
 * amount of at most two decimals is refused with 'Please enter a valid amount'.
 * A field missing from the post is refused too (no browser form leaves it out).
 */
export function parseInitialSavings(formData: FormData): { ok: true; cents: Cents } | { ok: false; message: string; typed: string } {
  const raw = formData.get("initialSavings");
  if (typeof raw !== "string") return { ok: false, message: SAVINGS_MESSAGES.initialInvalid, typed: "" };
  const stripped = stripToAmount(raw);
  if (stripped === "" && raw.trim() === "") return { ok: true, cents: 0 as Cents };
  const cents = stripped === "" ? null : parseAmountToCents(stripped);
  if (cents === null || cents > SAVINGS_MAX_CENTS) return { ok: false, message: SAVINGS_MESSAGES.initialInvalid, typed: raw.slice(0, 40) };
  return { ok: true, cents };
}
