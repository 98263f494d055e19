import type { Cents } from "~/lib/money";
import type { PayoffPlan } from "./payoff";

/** A plan without its schedule: what comparisons show, small enough to send to every page. */
export type PlanSummary =
  | { finished: true; months: number; totalInterest: Cents; totalPaid: Cents; monthlyAmount: Cents; payoffMonth: Record<string, number>; order: string[] }
  | { finished: false; reason: "payment-below-interest" | "too-long"; monthlyAmount: Cents; order: string[] };

export function summarisePlan(plan: PayoffPlan): PlanSummary {
  if (!plan.finished) return plan;
  const { months, totalInterest, totalPaid, monthlyAmount, payoffMonth, order } = plan;
  return { finished: true, months, totalInterest, totalPaid, monthlyAmount, payoffMonth, order };
}
