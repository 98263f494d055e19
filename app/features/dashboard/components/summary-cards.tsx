import { formatMoney, type Cents } from "~/lib/money";
import type { SummaryCards as Figures } from "~/features/transactions/month-summary";

function SummaryCard({ label, cents, currency, tone, testId }: { label: string; cents: Cents; currency: string; tone: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:rounded-2xl lg:p-6">
      <dt className="text-xs font-medium text-slate-500 lg:text-sm">{label}</dt>
      <dd data-testid={testId} className={`mt-1 break-words text-sm font-bold sm:text-lg lg:mt-2 lg:text-2xl ${tone}`}>
        {formatMoney(cents, currency)}
      </dd>
    </div>
  );
}

/** Income, Expenses and Balance of the month: compact on phones, roomy from lg. */
export function SummaryCards({ cards, currency }: { cards: Figures; currency: string }) {
  return (
    <dl className="grid grid-cols-3 gap-2 lg:gap-6">
      <SummaryCard label="Income" cents={cards.income} currency={currency} tone="text-emerald-700" testId="summary-income" />
      <SummaryCard label="Expenses" cents={cards.expenses} currency={currency} tone="text-slate-900" testId="summary-expenses" />
      <SummaryCard
        label="Balance"
        cents={cards.balance}
        currency={currency}
        tone={cards.balance < 0 ? "text-red-600" : "text-slate-900"}
        testId="summary-balance"
      />
    </dl>
  );
}
