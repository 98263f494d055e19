export type CategoryType = "income" | "expense";

/** A category as the app uses it; `budget` (expense) and `expected` (income) are default monthly amounts in cents. */
export type Category = {
  id: string;
  name: string;
  icon: string;
  colors: { bg: string; text: string };
  type: CategoryType;
  order: number;
  budget: number;
  expected: number;
  isDebt?: boolean;
};

export const DEFAULT_COLORS = { bg: "bg-blue-100", text: "text-blue-600" } as const;

/** Transactions without a real category (the sidebar's New tab). */
export const UNCATEGORIZED = "uncategorized";

function defaultCategory(id: string, name: string, type: CategoryType, order: number): Category {
  return { id, name, icon: "", colors: { ...DEFAULT_COLORS }, type, order, budget: 0, expected: 0 };
}

export const DEFAULT_CATEGORIES: Category[] = [
  defaultCategory("salary", "Paycheck 1", "income", 0),
  defaultCategory("investments", "Investments", "income", 1),
  defaultCategory("housing", "Housing", "expense", 0),
  defaultCategory("food", "Food & Dining", "expense", 1),
  defaultCategory("transportation", "Transportation", "expense", 2),
  defaultCategory("utilities", "Utilities", "expense", 3),
  defaultCategory("healthcare", "Healthcare", "expense", 4),
  defaultCategory("savings", "Savings", "expense", 5),
];

export function isUncategorized(category: string | null | undefined) {
  return !category || category.toLowerCase() === UNCATEGORIZED;
}
