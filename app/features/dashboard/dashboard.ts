import type { BudgetEntry, CategoryBudgets } from "~/features/budgets/carry-over";
import { capitalizeWords, plannedAmount, type Category } from "~/features/categories/categories";
import { categoryRow, type CategoryRow } from "~/features/categories/category-figures";
import { categoryActual, summaryCards, type MonthTotals, type SummaryCards } from "~/features/transactions/month-summary";
import { toCents, type Cents } from "~/lib/money";

export const DASHBOARD_MESSAGES = {
  monthInvalid: "Please choose a valid month",
  categoriesFailed: "Failed to load categories. Please try refreshing the page.",
} as const;

export type BudgetCard = BudgetEntry & {
  left: Cents;
  planned: Cents;
  /** planned / budget × 100; null when the budget is 0. */
  percentAllocated: number | null;
  /** Width of the allocation bar, 0–100. */
  barPercent: number;
  overAllocated: boolean;
};

type DashboardFigures = {
  cards: SummaryCards;
  budget: BudgetCard;
  income: CategoryRow[];
  expense: CategoryRow[];
};

export function budgetCard(monthBudget: BudgetEntry, planned: Cents, expenses: Cents): BudgetCard {
  const { amount } = monthBudget;
  const percentAllocated = amount > 0 ? (planned / amount) * 100 : null;
  return {
    ...monthBudget,
    left: toCents(amount - expenses),
    planned,
    percentAllocated,
    barPercent: percentAllocated === null ? (planned > 0 ? 100 : 0) : Math.min(100, percentAllocated),
    overAllocated: planned > amount,
  };
}

/** A category's card for the month: its planned amount from the budgets, what it received or spent from the month's totals. */
export function monthCategoryRow(category: Category, totals: MonthTotals, categoryBudgets: CategoryBudgets) {
  return categoryRow(category, plannedAmount(category, categoryBudgets), categoryActual(category, totals));
}

/** Everything the dashboard shows for a month, from the month summary, the categories and the budgets. */
export function dashboardFigures({
  totals,
  categories,
  categoryBudgets,
  monthBudget,
}: {
  totals: MonthTotals;
  categories: Category[];
  categoryBudgets: CategoryBudgets;
  monthBudget: BudgetEntry;
}): DashboardFigures {
  const rows = categories.map((category) => monthCategoryRow(category, totals, categoryBudgets));
  const income = rows.filter((row) => row.category.type === "income");
  const expense = rows.filter((row) => row.category.type === "expense");
  const cards = summaryCards(totals);
  const planned = toCents(expense.reduce((sum, row) => sum + row.planned, 0));
  return { cards, budget: budgetCard(monthBudget, planned, cards.expenses), income, expense };
}

/**
 * The expense categories with nothing planned this month, those already spent
 * in first (they read as over): what the dashboard asks the user to plan. Debt
 * categories are planned by their debts.
 */
export function unplannedCategories(expense: CategoryRow[]) {
  return expense
    .filter((row) => row.planned === 0 && !row.category.isDebt)
    .sort((a, b) => b.actual - a.actual)
    .map((row) => ({ id: row.category.id, name: capitalizeWords(row.category.name), spent: row.actual }));
}

export const DASHBOARD_PATH = "/dashboard";

/** The dashboard URL with some query values changed (null removes one), keeping the others. */
export function dashboardUrl(search: string | URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${DASHBOARD_PATH}?${query}` : DASHBOARD_PATH;
}
