import type { BudgetEntry, CategoryBudgets } from "~/features/budgets/carry-over";
import { capitalizeWords, plannedAmount, type Category, type CategoryType } from "~/features/categories/categories";
import type { MonthTotals } from "~/features/transactions/month-summary";
import { toCents, ZERO_CENTS, type Cents } from "~/lib/money";

export const DASHBOARD_INTENT = { setBudget: "set-budget" } as const;

export const DASHBOARD_MESSAGES = {
  budgetRequired: "Please enter a budget amount",
  budgetInvalid: "Please enter a valid amount",
  budgetFailed: "Failed to update budget. Please try again.",
  budgetSet: (amount: string) => `Budget set to ${amount}`,
  monthInvalid: "Please choose a valid month",
  categoriesFailed: "Failed to load categories. Please try refreshing the page.",
} as const;

export const INCOME_VIEWS = ["expected", "received", "remaining"] as const;
export const EXPENSE_VIEWS = ["planned", "spent", "remaining"] as const;
export type IncomeView = (typeof INCOME_VIEWS)[number];
export type ExpenseView = (typeof EXPENSE_VIEWS)[number];
export type CategoryView = IncomeView | ExpenseView;

export const CATEGORY_VIEW_LABELS: Record<CategoryView, string> = {
  expected: "Expected",
  received: "Received",
  planned: "Planned",
  spent: "Spent",
  remaining: "Remaining",
};

/** The tab a query value names, or the section's default (the first). */
export function parseView<View extends string>(views: readonly View[], value: string | null): View {
  return views.find((view) => view === value) ?? views[0];
}

/** The views of a category type, its default first. */
export function categoryViews(type: CategoryType): readonly CategoryView[] {
  return type === "income" ? INCOME_VIEWS : EXPENSE_VIEWS;
}

/** Expected (income) and Planned (expense) both show the category's budgeted amount. */
export function isPlannedView(view: CategoryView) {
  return view === "expected" || view === "planned";
}

/** Offsets (income placed against expense categories) lower expenses instead of counting as income. */
export type SummaryCards = { income: Cents; expenses: Cents; balance: Cents };

export type BudgetCard = BudgetEntry & {
  left: Cents;
  planned: Cents;
  /** planned / budget × 100; null when the budget is 0. */
  percentAllocated: number | null;
  /** Width of the allocation bar, 0–100. */
  barPercent: number;
  overAllocated: boolean;
};

/** One category card: planned is the expected (income) or planned (expense) amount; actual is received or spent. */
export type CategoryRow = { category: Category; planned: Cents; actual: Cents; remaining: Cents };

export type DashboardFigures = {
  cards: SummaryCards;
  budget: BudgetCard;
  income: CategoryRow[];
  expense: CategoryRow[];
};

function totalAllocated(totals: MonthTotals) {
  return Object.values(totals.categories).reduce((sum, category) => sum + category.allocated, 0);
}

/** Income excludes offsets (the month summary already books them apart); expenses are net of offsets, floored at 0. */
export function summaryCards(totals: MonthTotals): SummaryCards {
  const income = toCents(totals.income);
  const expenses = toCents(Math.max(0, totals.expense - totalAllocated(totals)));
  return { income, expenses, balance: toCents(income - expenses) };
}

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

/** Received of an income category; spent of an expense category (its expenses minus the offsets placed on it, floored at 0). */
function actualAmount(category: Category, totals: MonthTotals) {
  const categoryTotals = totals.categories[category.id];
  if (!categoryTotals) return ZERO_CENTS;
  return toCents(category.type === "income" ? categoryTotals.income : Math.max(0, categoryTotals.expense - categoryTotals.allocated));
}

export function categoryRow(category: Category, totals: MonthTotals, categoryBudgets: CategoryBudgets): CategoryRow {
  const planned = plannedAmount(category, categoryBudgets);
  const actual = actualAmount(category, totals);
  return { category, planned, actual, remaining: toCents(planned - actual) };
}

/** The amount a category card shows in a tab. */
export function rowValue(row: CategoryRow, view: CategoryView) {
  if (isPlannedView(view)) return row.planned;
  if (view === "received" || view === "spent") return row.actual;
  return row.remaining;
}

export type CardFigure = { view: CategoryView; amount: Cents };

/**
 * A category card in a tab: the tab's figure is the headline and the type's
 * other two follow in tab order. A view of the other type, or none, means
 * the type's default.
 */
export function cardFigures(row: CategoryRow, view: CategoryView | null): { headline: CardFigure; others: CardFigure[] } {
  const views = categoryViews(row.category.type);
  const shown = parseView(views, view);
  const figure = (each: CategoryView) => ({ view: each, amount: rowValue(row, each) });
  return { headline: figure(shown), others: views.filter((each) => each !== shown).map(figure) };
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
  const rows = categories.map((category) => categoryRow(category, totals, categoryBudgets));
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

/** The sum a section's header shows for its current tab. */
export function viewTotal(rows: CategoryRow[], view: CategoryView) {
  return toCents(rows.reduce((sum, row) => sum + rowValue(row, view), 0));
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
