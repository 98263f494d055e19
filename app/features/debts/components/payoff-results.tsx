import { ErrorList } from "~/components/ui/forms";
import { AMOUNT_PATTERN, formatMoney, type Cents } from "~/lib/money";
import { monthLabel, shiftMonth } from "~/lib/month";
import type { PayoffPlan, PlanComparison, PlanStrategy } from "../payoff";
import type { PlanSummary } from "../plan-summary";
import { debtFreeText, STRATEGY_LABELS } from "./plan-review";

type NamedDebt = { id: string; name: string };

function monthsText(months: number) {
  return `${months} ${months === 1 ? "month" : "months"}`;
}

/** "19 months (June 2028)", or why the plan never ends. */
export function planLengthText(plan: PlanSummary | PayoffPlan, startMonth: string) {
  if (!plan.finished) return debtFreeText(plan, startMonth);
  if (plan.months === 0) return "Debt-free already";
  return `${monthsText(plan.months)} (${debtFreeText(plan, startMonth)})`;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4" data-testid={testId}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** The chosen plan's figures: debt-free date, interest, extra, saving against minimums and each debt's payoff month. */
export function PlanFigures({
  strategy,
  plan,
  saving,
  extra,
  startMonth,
  debts,
  currency,
}: {
  strategy: PlanStrategy;
  plan: PayoffPlan;
  saving: PlanComparison;
  extra: Cents;
  startMonth: string;
  debts: NamedDebt[];
  currency: string;
}) {
  const money = (cents: Cents) => formatMoney(cents, currency);
  return (
    <section aria-labelledby="chosen-plan-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="chosen-plan-title" className="text-lg font-semibold text-slate-900">
        {STRATEGY_LABELS[strategy]} plan
      </h2>
      {!plan.finished ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {plan.reason === "payment-below-interest"
            ? `This plan never pays your debts off: ${money(plan.monthlyAmount)} a month does not cover the interest. Raise the extra payment.`
            : `This plan takes more than 100 years: ${money(plan.monthlyAmount)} a month barely covers the interest. Raise the extra payment.`}
        </p>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Debt-free in" value={planLengthText(plan, startMonth)} testId="plan-months" />
            <Figure label="Total interest" value={money(plan.totalInterest)} testId="plan-interest" />
            <Figure label="Monthly extra" value={money(extra)} />
            <Figure
              label="Interest saved vs minimums only"
              value={saving.interestSaved === null ? "Minimums alone never clear these debts" : money(saving.interestSaved)}
              testId="plan-saved"
            />
          </dl>
          <p className="text-sm text-slate-600">
            You pay {money(plan.monthlyAmount)} a month (the minimums plus {money(extra)}); when a debt is paid off, its minimum goes to the next one.
          </p>
          <ol className="space-y-1 text-sm" aria-label="Payoff order">
            {plan.order.map((id, index) => {
              const debt = debts.find((candidate) => candidate.id === id);
              const month = plan.payoffMonth[id] ?? 0;
              return (
                <li key={id} className="flex justify-between rounded-lg bg-slate-50 px-3 py-2">
                  <span>
                    {index + 1}. {debt?.name ?? id}
                  </span>
                  <span className="font-medium">{month === 0 ? "Already paid off" : `Paid off in month ${month} (${monthLabel(shiftMonth(startMonth, month - 1))})`}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** The comparison of the other strategies with the chosen one. */
export function OtherStrategies({
  chosen,
  others,
  startMonth,
  currency,
}: {
  chosen: { strategy: PlanStrategy; plan: PlanSummary };
  others: Array<{ strategy: PlanStrategy; plan: PlanSummary }>;
  startMonth: string;
  currency: string;
}) {
  return (
    <section aria-labelledby="other-strategies-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="other-strategies-title" className="text-lg font-semibold text-slate-900">
        Compared with
      </h2>
      {others.map(({ strategy, plan }) => (
        <div key={strategy} className="rounded-xl bg-slate-50 p-4" data-testid={`other-${strategy}`}>
          <p className="font-semibold text-slate-900">{STRATEGY_LABELS[strategy]}</p>
          <p className="text-sm text-slate-700">
            {planLengthText(plan, startMonth)}
            {plan.finished ? `, ${formatMoney(plan.totalInterest, currency)} interest` : ""}
          </p>
          <p className="mt-1 text-sm text-slate-600">{comparisonSentence(chosen, { strategy, plan }, currency)}</p>
        </div>
      ))}
    </section>
  );
}

/** One sentence setting the chosen plan against another. */
export function comparisonSentence(chosen: { strategy: PlanStrategy; plan: PlanSummary }, other: { strategy: PlanStrategy; plan: PlanSummary }, currency: string) {
  const chosenName = STRATEGY_LABELS[chosen.strategy];
  const otherName = STRATEGY_LABELS[other.strategy];
  if (!chosen.plan.finished || !other.plan.finished) return "One of these plans never finishes, so they cannot be compared.";
  const interest = other.plan.totalInterest - chosen.plan.totalInterest;
  const months = other.plan.months - chosen.plan.months;
  if (interest === 0 && months === 0) return `${chosenName} and ${otherName} pay the same interest and finish in the same month with these debts.`;
  const interestPart =
    interest > 0 ? `saves ${formatMoney(interest as Cents, currency)} in interest` : interest < 0 ? `costs ${formatMoney(-interest as Cents, currency)} more in interest` : "pays the same interest";
  // "in the same month as", never "in the same month than".
  const monthsPart = months > 0 ? `finishes ${monthsText(months)} sooner than` : months < 0 ? `finishes ${monthsText(-months)} later than` : "finishes in the same month as";
  return `${chosenName} ${interestPart} and ${monthsPart} ${otherName}.`;
}

/** The month-by-month schedule: each debt's payment and balance after it, and the month's total. */
export function ScheduleTable({ plan, startMonth, debts, currency }: { plan: PayoffPlan; startMonth: string; debts: NamedDebt[]; currency: string }) {
  if (!plan.finished || plan.schedule.length === 0) return null;
  const money = (cents: Cents) => formatMoney(cents, currency);
  const nameOf = (id: string) => debts.find((debt) => debt.id === id)?.name ?? id;
  const columns = plan.schedule[0].debts.map((debt) => debt.id);
  return (
    <section aria-labelledby="schedule-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="schedule-title" className="text-lg font-semibold text-slate-900">
        Month-by-month schedule
      </h2>
      {/* A scrolled box: in the tab order, so a keyboard can scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
      <div tabIndex={0} role="region" aria-labelledby="schedule-title" className="mt-4 max-h-[32rem] overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-white text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Month
              </th>
              {columns.map((id) => (
                <th key={id} scope="col" className="py-2 pr-4 text-right font-medium">
                  {nameOf(id)}
                  <span className="block text-xs font-normal">payment / balance</span>
                </th>
              ))}
              <th scope="col" className="py-2 text-right font-medium">
                Total paid
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {plan.schedule.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {month.month}. {monthLabel(shiftMonth(startMonth, month.month - 1))}
                </th>
                {month.debts.map((debt) => (
                  <td key={debt.id} className="py-1.5 pr-4 text-right tabular-nums">
                    {money(debt.payment)} / {money(debt.balance)}
                  </td>
                ))}
                <td className="py-1.5 text-right font-medium tabular-nums">{money(month.payment)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The extra monthly payment of the calculator's and the strategies' GET forms, with its error under it. */
export function ExtraPaymentField({ id, defaultValue, error }: { id: string; defaultValue: string; error: string | null }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Extra monthly payment
      </label>
      <input
        id={id}
        name="extra"
        type="text"
        inputMode="decimal"
        pattern={AMOUNT_PATTERN}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      <ErrorList id={`${id}-error`} errors={error ? [error] : []} />
    </div>
  );
}
