import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData, useLocation } from "@remix-run/react";
import { format, parseISO } from "date-fns";
import { CategoryCard } from "~/features/categories/components/category-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/features/auth/auth.server";
import { getOrCarryOverCategoryBudgets } from "~/features/budgets/budgets.server";
import { capitalizeWords } from "~/features/categories/categories";
import { getCategory, listCategoryTransactions } from "~/features/categories/categories.server";
import { formatMoney } from "~/lib/money";
import { monthCategoryRow } from "~/features/dashboard/dashboard";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { monthLabel, resolveMonth } from "~/lib/month";
import { getFormErrors } from "~/utils/flash.server";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";

/** The most transactions the page lists; older ones are reached from the transactions page. */
const CATEGORY_TRANSACTIONS_LIMIT = 200;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const monthKey = resolveMonth(url.searchParams.get("month"));
  const allTime = url.searchParams.get("range") === "all";
  const category = await getCategory(user.id, params.categoryId ?? "");
  if (!category) throw notFound();
  const [transactions, totals, monthBudgets] = await Promise.all([
    listCategoryTransactions(user.id, category.id, allTime ? null : monthKey, CATEGORY_TRANSACTIONS_LIMIT),
    getMonthTotals(user.id, monthKey),
    getOrCarryOverCategoryBudgets(user.id, monthKey),
  ]);
  const { formErrors, headers } = await getFormErrors(request);
  return data({ currency: user.currency, monthKey, allTime, item: monthCategoryRow(category, totals, monthBudgets), transactions, formErrors }, { headers: headers ?? undefined });
}

function RangeLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
    >
      {children}
    </Link>
  );
}

export const handle: PageHandle = { title: "Category" };

export default function CategoryDetailPage() {
  const { currency, monthKey, allTime, item, transactions, formErrors } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { category } = item;
  const name = capitalizeWords(category.name);
  const basePath = location.pathname;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/dashboard?month=${monthKey}`} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to dashboard
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="min-w-0 text-2xl font-bold text-slate-900 wrap-anywhere">{name}</h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600">
          {category.type === "income" ? "Income" : "Expense"}
        </span>
      </header>

      <CategoryCard item={item} currency={currency} monthKey={monthKey} redirectTo={`${location.pathname}${location.search}`} linkToDetails={false} refused={formErrors} />

      <section aria-labelledby="category-transactions" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="category-transactions" className="text-lg font-semibold text-slate-900">
            {allTime ? "All transactions" : `Transactions in ${monthLabel(monthKey)}`}
          </h3>
          <nav aria-label="Period" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <RangeLink to={`${basePath}?month=${monthKey}`} active={!allTime}>
              {monthLabel(monthKey)}
            </RangeLink>
            <RangeLink to={`${basePath}?month=${monthKey}&range=all`} active={allTime}>
              All time
            </RangeLink>
          </nav>
        </div>
        {transactions.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">
            {allTime ? "No transactions in this category yet." : "No transactions in this category for this month."}
          </p>
        ) : (
          <ul aria-label={`${name} transactions`} className="mt-4 max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {transactions.map((transaction) => (
              <li key={transaction.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{transaction.description || "No description"}</p>
                  <p className="text-xs text-slate-500">{format(parseISO(transaction.date), "MMM d, yyyy")}</p>
                </div>
                <span className={`text-sm font-semibold tabular-nums ${transaction.type === "income" ? "text-emerald-700" : "text-slate-900"}`}>
                  {transaction.type === "income" ? "+" : "−"}
                  {formatMoney(transaction.amount, currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {transactions.length === CATEGORY_TRANSACTIONS_LIMIT ? (
          <p className="mt-3 text-xs text-slate-500">Showing the latest {CATEGORY_TRANSACTIONS_LIMIT} transactions.</p>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${capitalizeWords(data.item.category.name)} | Ledgerly` : "Category | Ledgerly" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
