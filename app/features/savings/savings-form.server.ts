import { parseWithZod } from "@conform-to/zod/v4";
import type { Cents } from "~/lib/money";
import { defaultDeadline } from "./savings";
import { EditGoalSchema, InitialSavingsSchema, NewGoalSchema, WithdrawalSchema } from "./schema";

/** The 'New Goal' form: name, target, deadline (a year from `today` when left empty), account (none when left empty). */
export function parseNewGoalForm(formData: FormData, today: string) {
  const submission = parseWithZod(formData, { schema: NewGoalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { name, target, deadline, accountId } = submission.value;
  return { submission, input: { name, target, deadline: deadline ?? defaultDeadline(today), accountId: accountId ?? null } } as const;
}

/** The 'Edit Goal' form: as 'New Goal' plus the current amount (kept when left empty); `stored` fills what is left out. */
export function parseEditGoalForm(formData: FormData, stored: { current: Cents; deadline: string }) {
  const submission = parseWithZod(formData, { schema: EditGoalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { name, target, deadline, current, accountId } = submission.value;
  return { submission, input: { name, target, deadline: deadline ?? stored.deadline, current: current ?? stored.current, accountId: accountId ?? null } } as const;
}

/** '+ Record Withdrawal': amount > 0, date (today when empty), reason (optional), account (none when left empty). */
export function parseWithdrawalForm(formData: FormData, today: string) {
  const submission = parseWithZod(formData, { schema: WithdrawalSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { amount, date, reason, accountId } = submission.value;
  return { submission, input: { amount, date: date ?? today, reason: reason ?? "", accountId: accountId ?? null } } as const;
}

/** 'Initial Savings' (InitialSavingsSchema): the amount as cents, 0 when left empty. */
export function parseInitialSavings(formData: FormData) {
  return parseWithZod(formData, { schema: InitialSavingsSchema });
}
