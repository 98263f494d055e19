import { ZERO_CENTS, type Cents } from "~/lib/money";

/** A stored monthly budget, or one stored category budget entry. */
export type BudgetEntry = { amount: Cents; userSet: boolean; carriedOver: boolean };
export type CategoryBudgets = Record<string, BudgetEntry>;
export type StoredCategoryBudgets = { monthKey: string; categories: CategoryBudgets };

type ResolvedMonthBudget = BudgetEntry & { shouldStore: boolean };
type ResolvedCategoryBudgets = { categories: CategoryBudgets; shouldStore: boolean };

/**
 * The monthly budget to show: the month's own when it has one; else the
 * previous month's when the user set it (carried over, and stored so the
 * month keeps it); else nothing (0, not user-set, nothing stored).
 */
export function resolveMonthBudget(current: BudgetEntry | null, previous: BudgetEntry | null): ResolvedMonthBudget {
  if (current) return { amount: current.amount, userSet: current.userSet, carriedOver: current.carriedOver, shouldStore: false };
  if (previous?.userSet) return { amount: previous.amount, userSet: true, carriedOver: true, shouldStore: true };
  return { amount: ZERO_CENTS, userSet: false, carriedOver: false, shouldStore: false };
}

/** A budget the user typed in. */
export function manualBudget(amount: Cents): BudgetEntry {
  return { amount, userSet: true, carriedOver: false };
}

/**
 * The month's category budgets: its own document when it has one; else a copy
 * of the most recent earlier month that has user-set entries, keeping only
 * those entries and marking them carried over (stored, so the month keeps it).
 */
export function resolveCategoryBudgets(
  current: StoredCategoryBudgets | null,
  earlierMonthsNewestFirst: StoredCategoryBudgets[],
): ResolvedCategoryBudgets {
  if (current) return { categories: { ...current.categories }, shouldStore: false };
  for (const earlier of earlierMonthsNewestFirst) {
    const userSet = Object.entries(earlier.categories ?? {}).filter(([, entry]) => entry?.userSet);
    if (userSet.length === 0) continue;
    const categories: CategoryBudgets = {};
    for (const [id, entry] of userSet) categories[id] = { amount: entry.amount, userSet: true, carriedOver: true };
    return { categories, shouldStore: true };
  }
  return { categories: {}, shouldStore: false };
}
