import type { Cents } from "~/lib/money";
import { shiftMonth } from "~/lib/month";
import type { PayoffPlan } from "./payoff";

/** One month of a saved plan set against what was paid in it. */
type PlanProgressMonth = {
  monthKey: string;
  planned: Cents;
  paid: Cents;
  /** Paid minus planned, summed over the plan's months up to this one. */
  aheadBy: Cents;
  inProgress: boolean;
};

export type PlanProgress = { months: PlanProgressMonth[]; aheadBy: Cents; started: boolean };

/**
 * Each month of the plan from its first up to the current one: the payment
 * the schedule expected, the payments made (live expenses in the plan's
 * debts' categories) and how far ahead (positive) or behind (negative) the
 * user is, in total so far. The current month is in progress: what is paid
 * in it counts, what is still to pay in it is not yet behind.
 */
export function planProgress(plan: PayoffPlan, startMonth: string, currentMonth: string, paidByMonth: ReadonlyMap<string, number>): PlanProgress {
  const months: PlanProgressMonth[] = [];
  if (startMonth > currentMonth) return { months, aheadBy: 0 as Cents, started: false };
  let aheadBy = 0;
  for (let index = 0, monthKey = startMonth; monthKey <= currentMonth; index += 1, monthKey = shiftMonth(startMonth, index)) {
    const planned = plan.finished ? (plan.schedule[index]?.payment ?? 0) : plan.monthlyAmount;
    const paid = paidByMonth.get(monthKey) ?? 0;
    const inProgress = monthKey === currentMonth;
    aheadBy += inProgress ? Math.max(0, paid - planned) : paid - planned;
    months.push({ monthKey, planned: planned as Cents, paid: paid as Cents, aheadBy: aheadBy as Cents, inProgress });
  }
  return { months, aheadBy: aheadBy as Cents, started: true };
}
