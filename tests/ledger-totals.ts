// The ledger's month summaries set against a recount that shares none of the
// ledger's increment code: both flattened to "month field" / "month category
// field" → cents (or a count), zero totals left out.
import { Types } from "mongoose";
import { Transaction } from "../models";
import { isUncategorized, UNCATEGORIZED } from "~/features/categories/categories";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";

/** Totals as "month field" or "month category field" → cents (or a count); zero totals left out, as if never written. */
type FlatTotals = Record<string, number>;

function addTotal(totals: FlatTotals, key: string, value: number) {
  const sum = (totals[key] ?? 0) + value;
  if (sum === 0) delete totals[key];
  else totals[key] = sum;
}

/** The totals the month summaries hold (as a page reads them: a cut-off batch is recounted first). */
export async function maintainedTotals(userId: string) {
  const totals: FlatTotals = {};
  for (const summary of await listMonthSummaries(userId)) {
    addTotal(totals, `${summary.monthKey} count`, summary.count ?? 0);
    addTotal(totals, `${summary.monthKey} uncategorized count`, summary.uncategorizedCount ?? 0);
    addTotal(totals, `${summary.monthKey} deleted count`, summary.deletedCount ?? 0);
    addTotal(totals, `${summary.monthKey} income`, summary.income ?? 0);
    addTotal(totals, `${summary.monthKey} expense`, summary.expense ?? 0);
    for (const [categoryId, categoryTotals] of Object.entries(summary.categories ?? {})) {
      for (const [field, value] of Object.entries(categoryTotals)) addTotal(totals, `${summary.monthKey} ${categoryId} ${field}`, value ?? 0);
    }
  }
  return totals;
}

/**
 * The totals from the stored transactions (live ones, and how many are deleted), summed by the database
 * ($group/$sum) and finished here: an income's allocated part counts on the
 * category it is allocated to, not as income. FerretDB v1 computes only the
 * first accumulator of a $group and drops the other fields on $unwind, hence
 * one $group per sum and the allocations folded from a plain find.
 */
export async function recomputedTotals(userId: string) {
  const live = { userId: new Types.ObjectId(userId), deleted: false };
  const amounts = await Transaction.aggregate<{ _id: { monthKey: string; type: string; category: string }; amount: number }>([
    { $match: live },
    { $group: { _id: { monthKey: "$monthKey", type: "$type", category: "$category" }, amount: { $sum: "$amount" } } },
  ]);
  const counts = await Transaction.aggregate<{ _id: string; count: number }>([{ $match: live }, { $group: { _id: "$monthKey", count: { $sum: 1 } } }]);
  const incomes = await Transaction.find({ ...live, type: "income" }).select({ monthKey: 1, category: 1, allocations: 1 }).lean();
  const bookedOn = (category: string) => (isUncategorized(category) ? UNCATEGORIZED : category);
  const totals: FlatTotals = {};
  for (const { _id, amount } of amounts) {
    addTotal(totals, `${_id.monthKey} ${_id.type}`, amount);
    addTotal(totals, `${_id.monthKey} ${bookedOn(_id.category)} ${_id.type}`, amount);
  }
  for (const { _id, count } of counts) addTotal(totals, `${_id} count`, count);
  // The tab counts, by reading each transaction's state (the aggregation above cannot tell an empty category from a missing one).
  for (const { monthKey, category, deleted } of await Transaction.find({ userId: live.userId }).select({ monthKey: 1, category: 1, deleted: 1 }).lean()) {
    if (deleted) addTotal(totals, `${monthKey} deleted count`, 1);
    else if (isUncategorized(category)) addTotal(totals, `${monthKey} uncategorized count`, 1);
  }
  for (const { monthKey, category, allocations } of incomes) {
    for (const allocation of allocations) {
      addTotal(totals, `${monthKey} income`, -allocation.amount);
      addTotal(totals, `${monthKey} ${bookedOn(category)} income`, -allocation.amount);
      addTotal(totals, `${monthKey} ${allocation.categoryId} allocated`, allocation.amount);
    }
  }
  return totals;
}
