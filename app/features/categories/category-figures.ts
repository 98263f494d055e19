import type { Category, CategoryType } from "./categories";
import { toCents, type Cents } from "~/lib/money";

export const INCOME_VIEWS = ["expected", "received", "remaining"] as const;
export const EXPENSE_VIEWS = ["planned", "spent", "remaining"] as const;
type IncomeView = (typeof INCOME_VIEWS)[number];
type ExpenseView = (typeof EXPENSE_VIEWS)[number];
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
function categoryViews(type: CategoryType): readonly CategoryView[] {
  return type === "income" ? INCOME_VIEWS : EXPENSE_VIEWS;
}

/** Expected (income) and Planned (expense) both show the category's budgeted amount. */
export function isPlannedView(view: CategoryView) {
  return view === "expected" || view === "planned";
}

/** One category card: planned is the expected (income) or planned (expense) amount; actual is received or spent. */
export type CategoryRow = { category: Category; planned: Cents; actual: Cents; remaining: Cents };

/** A card from the month's planned amount of the category and what it received or spent. */
export function categoryRow(category: Category, planned: Cents, actual: Cents): CategoryRow {
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

/** The sum a section's header shows for its current tab. */
export function viewTotal(rows: CategoryRow[], view: CategoryView) {
  return toCents(rows.reduce((sum, row) => sum + rowValue(row, view), 0));
}
