import { Form, Link } from "@remix-run/react";
import { formatMoney, type Cents } from "~/lib/money";
import { monthLabel, monthsBetween, shiftMonth } from "~/lib/month";
import { DEBT_ACTION, DEBT_INTENTS } from "../debts";
import type { PayoffPlan, PlanStrategy } from "../payoff";
import type { PlanProgress } from "../plan-progress";
import type { PlanSummary } from "../plan-summary";

export const STRATEGY_LABELS: Record<PlanStrategy, string> = { avalanche: "Avalanche", snowball: "Snowball", custom: "Your own order" };

/** "March 2028", the month a plan starting at `startMonth` ends, or why it never does. */
export function debtFreeText(plan: PlanSummary, startMonth: string) {
  if (!plan.finished) return plan.reason === "payment-below-interest" ? "Never: the payments do not cover the interest" : "Not within 100 years";
  if (plan.months === 0) return "Debt-free already";
  return monthLabel(shiftMonth(startMonth, plan.months - 1));
}

/** The saved plan against the payments made: month by month, ahead or behind, and the rest recomputed from today's balances. */
export function PlanReview({
  review,
  currency,
}: {
  review: {
    settings: { extra: Cents; strategy: PlanStrategy };
    startMonth: string;
    original: PayoffPlan;
    progress: PlanProgress;
    remaining: PayoffPlan;
    remainingStartMonth: string;
  };
  currency: string;
}) {
  const { settings, startMonth, original, progress, remaining, remainingStartMonth } = review;
  const money = (cents: number) => formatMoney(cents as Cents, currency);
  const status =
    !progress.started ? `Your plan starts in ${monthLabel(startMonth)}.`
    : progress.aheadBy > 0 ? `You are ${money(progress.aheadBy)} ahead of your plan.`
    : progress.aheadBy < 0 ? `You are ${money(-progress.aheadBy)} behind your plan.`
    : "You are exactly on plan.";
  const monthsDifference =
    original.finished && remaining.finished
      ? monthsBetween(shiftMonth(remainingStartMonth, remaining.months), shiftMonth(startMonth, original.months))
      : null;
  return (
    <section aria-labelledby="plan-review-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-review-title" className="text-lg font-semibold text-slate-900">
            Your payoff plan
          </h2>
          <p className="text-sm text-slate-600">
            {STRATEGY_LABELS[settings.strategy]}, {money(settings.extra)} extra a month. Planned debt-free: {debtFreeText(original, startMonth)}.
          </p>
        </div>
        <Form method="post" action={DEBT_ACTION} preventScrollReset>
          <input type="hidden" name="intent" value={DEBT_INTENTS.clearPlan} />
          <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            Remove plan
          </button>
        </Form>
      </div>
      <p className={`rounded-lg px-4 py-3 font-medium ${progress.aheadBy < 0 ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`} role="status">
        {status}
      </p>
      {progress.months.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Plan against payments made</caption>
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 font-medium">Month</th>
              <th className="py-1 text-right font-medium">Planned</th>
              <th className="py-1 text-right font-medium">Paid</th>
              <th className="py-1 text-right font-medium">Ahead / behind</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {progress.months.map((month) => (
              <tr key={month.monthKey}>
                <td className="py-1.5">
                  {monthLabel(month.monthKey)}
                  {month.inProgress ? <span className="ml-2 text-xs text-slate-500">(in progress)</span> : null}
                </td>
                <td className="py-1.5 text-right">{money(month.planned)}</td>
                <td className="py-1.5 text-right">{money(month.paid)}</td>
                <td className={`py-1.5 text-right font-medium ${month.aheadBy < 0 ? "text-red-700" : "text-green-700"}`}>
                  {month.aheadBy < 0 ? `−${money(-month.aheadBy)}` : `+${money(month.aheadBy)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="text-sm text-slate-700">
        From today&apos;s balances: debt-free {remaining.finished && remaining.months === 0 ? "already" : `by ${debtFreeText(remaining, remainingStartMonth)}`}
        {remaining.finished ? `, ${money(remaining.totalInterest)} interest still to pay` : ""}
        {monthsDifference === null || monthsDifference === 0 ? "." : monthsDifference > 0 ? ` (${monthsDifference} ${monthsDifference === 1 ? "month" : "months"} earlier than planned).` : ` (${-monthsDifference} ${monthsDifference === -1 ? "month" : "months"} later than planned).`}{" "}
        <Link to="/debt-management/calculator" className="font-semibold text-brand-700 hover:underline">
          See the schedule
        </Link>
      </p>
    </section>
  );
}
