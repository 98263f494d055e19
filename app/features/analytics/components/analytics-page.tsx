import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatMoney, toCents } from "~/lib/money";
import { monthLabel, shiftMonth } from "~/lib/month";
import {
  ANALYTICS_PATH,
  ANALYTICS_TABS,
  ANALYTICS_TEXT,
  analyticsUrl,
  changeShareText,
  hasTrendData,
  SAVINGS_PATH,
  SUBSCRIBE_PATH,
  type AnalyticsTab,
  type Change,
  type MonthComparison,
  type MonthFigures,
  type PieSlice,
  type TagSpending,
  type TrendPoint,
} from "../analytics";
import { BarChart } from "./bar-chart";
import type { Charts } from "./chart-geometry";
import { LineChart } from "./line-chart";
import { PieChart } from "./pie-chart";

const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

export function LockedPanel() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p aria-hidden="true" className="text-4xl">
        🔒
      </p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{ANALYTICS_TEXT.lockedTitle}</h2>
      <p className="mt-2 text-slate-600">{ANALYTICS_TEXT.lockedBody}</p>
      <Link to={SUBSCRIBE_PATH} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {ANALYTICS_TEXT.subscribe}
      </Link>
    </section>
  );
}

const arrowLinkClass = "flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50";

/** A GET form (works without JavaScript) with previous/next month links; the tab is kept. */
export function MonthSelector({ month, tab }: { month: string; tab: AnalyticsTab }) {
  return (
    <Form method="get" action={ANALYTICS_PATH} preventScrollReset className="flex flex-wrap items-center gap-2" aria-label="Choose month">
      {tab !== ANALYTICS_TABS[0].id ? <input type="hidden" name="tab" value={tab} /> : null}
      <Link to={analyticsUrl(shiftMonth(month, -1), tab)} preventScrollReset aria-label="Previous month" className={arrowLinkClass}>
        ‹
      </Link>
      <label htmlFor="analytics-month" className="sr-only">
        Month
      </label>
      <input
        key={month}
        id="analytics-month"
        type="month"
        name="month"
        defaultValue={month}
        required
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      <button type="submit" className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
        Show
      </button>
      <Link to={analyticsUrl(shiftMonth(month, 1), tab)} preventScrollReset aria-label="Next month" className={arrowLinkClass}>
        ›
      </Link>
    </Form>
  );
}

/** "Up $120.00 (12.5%)" / "Up $6,522.74 (more than 10×)" / "Up $50.00 (new)" / "No change", with a tone saying whether the move is good. */
function ChangeLine({ change, format, goodWhen, previousName }: { change: Change; format: (value: number) => string; goodWhen: "up" | "down"; previousName: string }) {
  if (change.direction === "same") return <p className="mt-1 text-sm text-slate-600">No change from {previousName}</p>;
  const good = change.direction === goodWhen;
  const share = changeShareText(change);
  const percent = share === null ? "" : ` (${share})`;
  return (
    <p className={`mt-1 text-sm font-medium ${good ? "text-emerald-700" : "text-red-700"}`}>
      <span aria-hidden="true">{change.direction === "up" ? "▲ " : "▼ "}</span>
      {change.direction === "up" ? "Up" : "Down"} {format(Math.abs(change.difference))}
      {percent} from {previousName}
    </p>
  );
}

function ComparisonCard({ label, value, testId, children }: { label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <div className={cardClass} data-testid={testId}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1">
        <span className="block text-2xl font-semibold text-slate-900">{value}</span>
        {children}
      </dd>
    </div>
  );
}

/** The month against the previous one: income, expenses, balance and savings rate. */
export function ComparisonCards({ comparison, currency }: { comparison: MonthComparison; currency: string }) {
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const points = (value: number) => `${value.toFixed(1)} pts`;
  const previousName = monthLabel(comparison.previousMonth);
  return (
    <section aria-labelledby="month-comparison-title" className="space-y-3">
      <h3 id="month-comparison-title" className="text-lg font-semibold text-slate-900">
        {monthLabel(comparison.month)} compared with {previousName}
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ComparisonCard label="Income" value={money(comparison.income.current)} testId="compare-income">
          <ChangeLine change={comparison.income} format={money} goodWhen="up" previousName={previousName} />
        </ComparisonCard>
        <ComparisonCard label="Expenses" value={money(comparison.expenses.current)} testId="compare-expenses">
          <ChangeLine change={comparison.expenses} format={money} goodWhen="down" previousName={previousName} />
        </ComparisonCard>
        <ComparisonCard label="Balance" value={money(comparison.balance.current)} testId="compare-balance">
          <ChangeLine change={comparison.balance} format={money} goodWhen="up" previousName={previousName} />
        </ComparisonCard>
        <ComparisonCard label="Savings Rate" value={`${comparison.savingsRate.current.toFixed(1)}%`} testId="compare-savings-rate">
          <ChangeLine change={comparison.savingsRate} format={points} goodWhen="up" previousName={previousName} />
        </ComparisonCard>
      </dl>
    </section>
  );
}

/** The tabs as links (the month is kept), so they work without JavaScript. */
export function AnalyticsTabs({ month, tab }: { month: string; tab: AnalyticsTab }) {
  return (
    <nav aria-label="Analytics sections" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
      {ANALYTICS_TABS.map((each) => {
        const current = each.id === tab;
        return (
          <Link
            key={each.id}
            to={analyticsUrl(month, each.id)}
            preventScrollReset
            aria-current={current ? "page" : undefined}
            className={`rounded-lg px-4 py-2 text-sm font-semibold ${current ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
          >
            {each.label}
          </Link>
        );
      })}
    </nav>
  );
}

function EmptyState({ title, detail, testId }: { title: string; detail?: string; testId: string }) {
  return (
    <div className="flex min-h-[200px] flex-col items-center justify-center rounded-xl bg-slate-50 p-6 text-center" data-testid={testId}>
      <p className="font-medium text-slate-700">{title}</p>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
    </div>
  );
}

function PanelCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function OverviewPanel({
  charts,
  slices,
  hasExpenseCategories,
  current,
  currency,
  monthName,
}: {
  charts: Pick<Charts, "pie" | "bar">;
  slices: PieSlice[];
  hasExpenseCategories: boolean;
  current: MonthFigures;
  currency: string;
  monthName: string;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <PanelCard title="Expense Distribution" id="expense-distribution-title">
        {!hasExpenseCategories ? (
          <EmptyState title={ANALYTICS_TEXT.noExpenseCategories} detail={ANALYTICS_TEXT.checkCategories} testId="pie-empty" />
        ) : slices.length === 0 ? (
          <EmptyState title={ANALYTICS_TEXT.noTransactions} testId="pie-empty" />
        ) : (
          <PieChart layout={charts.pie} slices={slices} currency={currency} monthName={monthName} />
        )}
      </PanelCard>
      <PanelCard title="Income vs Expenses" id="income-expenses-title">
        {current.income === 0 && current.expenses === 0 ? (
          <EmptyState title={ANALYTICS_TEXT.noIncomeOrExpense} testId="bar-empty" />
        ) : (
          <>
            <BarChart layout={charts.bar} currency={currency} monthName={monthName} />
            {current.incomeFromBudget ? <p className="mt-2 text-xs text-slate-600">No income recorded this month: the monthly budget is shown as income.</p> : null}
          </>
        )}
      </PanelCard>
    </div>
  );
}

export function TrendsPanel({ charts, trend, currency }: { charts: Pick<Charts, "line">; trend: TrendPoint[]; currency: string }) {
  return (
    <PanelCard title="Six-Month Trend" id="trend-title">
      {hasTrendData(trend) ? <LineChart layout={charts.line} points={trend} currency={currency} /> : <EmptyState title={ANALYTICS_TEXT.noIncomeOrExpense} testId="trend-empty" />}
    </PanelCard>
  );
}

const monthField = "mt-1 block h-10 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm";

/**
 * What each tag's transactions spent and brought in over a period of months (a trip, a project), most spent
 * first; the period is a plain GET form. Each row's bar is drawn to the largest spending; the figures are in the table.
 */
export function TagSpendingPanel({ month, spending, currency }: { month: string; spending: { period: { from: string; to: string }; hasTags: boolean; tags: TagSpending[] }; currency: string }) {
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const { period, tags } = spending;
  const most = Math.max(1, ...tags.map((tag) => tag.expense));
  const periodName = period.from === period.to ? monthLabel(period.from) : `${monthLabel(period.from)} to ${monthLabel(period.to)}`;
  return (
    <PanelCard title="Spending by Tag" id="tag-spending-title">
      <Form method="get" action={ANALYTICS_PATH} preventScrollReset aria-label="Tag period" className="mb-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="month" value={month} />
        <input type="hidden" name="tab" value="trends" />
        <label className="text-sm font-medium text-slate-700">
          From
          <input type="month" name="tagsFrom" defaultValue={period.from} required className={monthField} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          To
          <input type="month" name="tagsTo" defaultValue={period.to} required className={monthField} />
        </label>
        <button type="submit" className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          Show
        </button>
      </Form>
      {tags.length === 0 ? (
        <EmptyState
          title={spending.hasTags ? `No tagged transactions from ${periodName}` : "No tags yet"}
          detail={spending.hasTags ? "Choose another period." : "Tag transactions (a trip, a project) to see what each cost."}
          testId="tag-spending-empty"
        />
      ) : (
        <table className="w-full text-sm">
          <caption className="mb-2 text-left text-slate-600">Spending by tag, {periodName}</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th scope="col" className="py-2 font-medium">Tag</th>
              <th scope="col" className="py-2 text-right font-medium">Transactions</th>
              <th scope="col" className="py-2 text-right font-medium">Spent</th>
              <th scope="col" className="hidden py-2 sm:table-cell"><span className="sr-only">Share of the most spent</span></th>
              <th scope="col" className="py-2 text-right font-medium">Received</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tags.map((tag) => (
              <tr key={tag.id}>
                <th scope="row" className="py-2 text-left font-medium">
                  <Link to={`/transactions?${new URLSearchParams({ tab: "tracked", tag: tag.id })}`} className="text-violet-800 hover:underline">
                    #{tag.name}
                  </Link>
                </th>
                <td className="py-2 text-right tabular-nums">{tag.count.toLocaleString("en-US")}</td>
                <td className="py-2 text-right tabular-nums text-slate-900">{money(tag.expense)}</td>
                <td className="hidden py-2 pl-3 sm:table-cell">
                  <svg aria-hidden="true" width="120" height="10" viewBox="0 0 120 10">
                    <rect width="120" height="10" rx="3" fill="#f1f5f9" />
                    <rect width={Math.round((tag.expense / most) * 120)} height="10" rx="3" fill="#7c3aed" />
                  </svg>
                </td>
                <td className="py-2 text-right tabular-nums text-emerald-700">{money(tag.income)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PanelCard>
  );
}

/**
 * The month's savings: spending in categories named savings, save or investment.
 * The savings goals manager lives at /savings until it moves into this tab.
 */
export function SavingsPanel({
  current,
  savingsCategories,
  unallocated,
  currency,
  monthName,
}: {
  current: MonthFigures;
  savingsCategories: Array<{ id: string; name: string; amount: number }>;
  /** The month's savings not yet assigned to a goal; null when goals are not shown. */
  unallocated: number | null;
  currency: string;
  monthName: string;
}) {
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  return (
    <PanelCard title="Savings" id="savings-title">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-500">Saved in {monthName}</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="savings-spend">
            {money(current.savings)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-500">Savings rate</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="savings-rate">
            {current.savingsRate.toFixed(1)}%
          </dd>
        </div>
        {unallocated === null ? null : (
          <div>
            <dt className="text-sm font-medium text-slate-500">Not yet in a goal</dt>
            <dd className="text-2xl font-semibold text-slate-900" data-testid="savings-unallocated">
              {money(unallocated)}
            </dd>
          </div>
        )}
      </dl>
      {savingsCategories.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No savings categories: a category whose name contains savings, save or investment counts as savings.</p>
      ) : (
        <ul aria-label="Savings categories" className="mt-4 divide-y divide-slate-100 text-sm">
          {savingsCategories.map((category) => (
            <li key={category.id} className="flex justify-between py-2">
              <span className="text-slate-800">{category.name}</span>
              <span className="tabular-nums text-slate-900">{money(category.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={SAVINGS_PATH} className="mt-5 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Manage savings goals
      </Link>
    </PanelCard>
  );
}
