import { Types } from "mongoose";
import { MonthSummary, monthSummaryId, Transaction, type MonthSummaryRecord, type TransactionRecord } from "../../../models";
import { summaryIncrements, toMonthTotals, type SummarisedTransaction } from "./month-summary";

/**
 * Adds (`sign` 1) or removes (`sign` -1) transactions from their months'
 * running totals: one upserting $inc per month touched. The ledger calls it
 * with the documents before (-1) and after (+1) its writes.
 */
export async function updateMonthSummaries(userId: string, transactions: SummarisedTransaction[], sign: 1 | -1) {
  const userObjectId = new Types.ObjectId(userId);
  for (const [monthKey, increments] of summaryIncrements(transactions, sign)) {
    await MonthSummary.updateOne(
      { _id: monthSummaryId(userId, monthKey) },
      { $inc: increments, $setOnInsert: { userId: userObjectId, monthKey } },
      { upsert: true },
    );
  }
}

/** One month's totals of a user, read by _id. */
export async function getMonthTotals(userId: string, monthKey: string) {
  return toMonthTotals(await MonthSummary.findById(monthSummaryId(userId, monthKey)).lean());
}

const LISTED_SUMMARY_FIELDS = { monthKey: 1, count: 1, income: 1, expense: 1, categories: 1 } as const;
export type ListedMonthSummary = Pick<MonthSummaryRecord, keyof typeof LISTED_SUMMARY_FIELDS>;

/** Every month summary of the user (one small document per month with activity). */
export function listMonthSummaries(userId: string) {
  return MonthSummary.find({ userId: new Types.ObjectId(userId) })
    .select(LISTED_SUMMARY_FIELDS)
    .lean<ListedMonthSummary[]>();
}

/** Drops every summary of the user (once none of their transactions is live). */
export async function clearMonthSummaries(userId: string) {
  await MonthSummary.deleteMany({ userId });
}

const SUMMARISED_FIELDS = { _id: 0, type: 1, category: 1, amount: 1, monthKey: 1, allocations: 1, deleted: 1 } as const;

/**
 * Computes the user's month summaries afresh from their transactions (after a
 * restore, whose collections were not all read at the same instant).
 */
export async function rebuildMonthSummaries(userId: string) {
  await clearMonthSummaries(userId);
  const live = await Transaction.find({ userId: new Types.ObjectId(userId), deleted: false })
    .select(SUMMARISED_FIELDS)
    .lean<Array<Pick<TransactionRecord, "type" | "category" | "amount" | "monthKey" | "allocations" | "deleted">>>();
  await updateMonthSummaries(userId, live, 1);
}
