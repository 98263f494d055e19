// Pure builders for the tests of month figures: a category, a month's transactions and the totals they add up to.
import type { Category } from "~/features/categories/categories";
import { summaryIncrements, toMonthTotals, type MonthTotals, type SummarisedTransaction } from "~/features/transactions/month-summary";
import { toCents } from "~/lib/money";

export const MONTH = "2026-03";

/** A category whose `amount` is its budget (expense) or expected income. */
export function categoryOf(id: string, type: Category["type"], amount: number): Category {
  return { id, name: id, icon: "", colors: { bg: "bg-blue-100", text: "text-blue-600" }, type, order: 0, budget: toCents(type === "expense" ? amount : 0), expected: toCents(type === "income" ? amount : 0) };
}

/** The totals MONTH's summary would hold after these transactions (the same increments the database applies). */
export function totalsOf(transactions: SummarisedTransaction[]): MonthTotals {
  const increments = summaryIncrements(transactions, 1).get(MONTH) ?? {};
  const stored: Record<string, unknown> = { categories: {} };
  for (const [path, value] of Object.entries(increments)) {
    const parts = path.split(".");
    let target = stored as Record<string, Record<string, unknown>>;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, Record<string, unknown>>;
    (target as Record<string, unknown>)[parts.at(-1)!] = value;
  }
  return toMonthTotals(stored);
}

/** A month of salary, dividends, rent, groceries, dinner and a refund placed against Food (an offset, not income). */
export const MONTH_TRANSACTIONS = {
  salary: { type: "income" as const, category: "salary", amount: 300000, monthKey: MONTH },
  dividends: { type: "income" as const, category: "investments", amount: 25050, monthKey: MONTH },
  rent: { type: "expense" as const, category: "housing", amount: 120000, monthKey: MONTH },
  groceries: { type: "expense" as const, category: "food", amount: 45025, monthKey: MONTH },
  dinner: { type: "expense" as const, category: "food", amount: 8000, monthKey: MONTH },
  refund: { type: "income" as const, category: "food", amount: 3000, monthKey: MONTH, allocations: [{ categoryId: "food", amount: 3000 }] },
};
