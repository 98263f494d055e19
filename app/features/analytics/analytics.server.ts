import { Budget, monthBudgetId, type BudgetRecord } from "../../../models";
import { resolveMonthBudget, type BudgetEntry } from "~/features/budgets/carry-over";
import { getCategories } from "~/features/categories/categories.server";
import { savingsMovedByMonth } from "~/features/savings/savings.server";
import { getMonthTotals, listMonthSummaries } from "~/features/transactions/month-summary.server";
import { listTags } from "~/features/tags/tags.server";
import type { MonthTotals } from "~/features/transactions/month-summary";
import { shiftMonth } from "~/lib/month";
import { toCents, type Cents } from "~/lib/money";
import { analyticsFigures, spendingByTag, trendMonthKeys } from "./analytics";
import { drawCharts } from "./components/chart-geometry";

type StoredBudget = Pick<BudgetRecord, "amount" | "userSet" | "carriedOver">;

async function readMonthBudget(userId: string, monthKey: string): Promise<BudgetEntry | null> {
  const stored = await Budget.findById(monthBudgetId(userId, monthKey)).select({ amount: 1, userSet: 1, carriedOver: 1 }).lean<StoredBudget>();
  return stored && { amount: toCents(stored.amount), userSet: stored.userSet, carriedOver: stored.carriedOver };
}

/**
 * The monthly budgets of `months` (oldest first) as the dashboard would show
 * them (a user-set budget carries over one month), read only: one _id read per
 * month plus the month before the first. Nothing is stored, so viewing
 * analytics never writes.
 */
export async function readMonthBudgets(userId: string, months: string[]): Promise<Record<string, Cents>> {
  const keys = [shiftMonth(months[0], -1), ...months];
  const entries = await Promise.all(keys.map((key) => readMonthBudget(userId, key)));
  return Object.fromEntries(months.map((month, index) => [month, resolveMonthBudget(entries[index + 1], entries[index]).amount]));
}

/**
 * Everything the analytics page shows for a month, from a fixed number of
 * small reads whatever the number of transactions: the categories, six month
 * summaries by _id (the trend's months, which include the month and the one
 * before it), seven monthly budgets by _id, and the few savings transfers (one per contribution to or
 * withdrawal from a goal's account, read by equalities). Other transactions are never read.
 * The charts come drawn (paths and coordinates), so the page needs no d3.
 */
export async function getAnalytics(userId: string, month: string) {
  const months = trendMonthKeys(month);
  const [categories, summaries, budgets, savingsMoved] = await Promise.all([
    getCategories(userId),
    Promise.all(months.map((key) => getMonthTotals(userId, key))),
    readMonthBudgets(userId, months),
    savingsMovedByMonth(userId, months),
  ]);
  const totals: Record<string, MonthTotals> = Object.fromEntries(months.map((key, index) => [key, summaries[index]]));
  const figures = analyticsFigures({ month, categories, totals, budgets, savingsMoved });
  return { ...figures, charts: drawCharts(figures) };
}

/** Each tag's spending over the months `from`..`to`, from the user's month summaries (one small document a month) and tags. */
export async function getSpendingByTag(userId: string, period: { from: string; to: string }) {
  const [summaries, tags] = await Promise.all([listMonthSummaries(userId), listTags(userId)]);
  return { period, hasTags: tags.length > 0, tags: spendingByTag(summaries, tags, period) };
}
