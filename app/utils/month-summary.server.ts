import { Types } from "mongoose";
import { MonthSummary, monthSummaryId } from "../../models";
import { summaryIncrements, toMonthTotals, type SummarisedTransaction } from "./month-summary";

/**
 * Adds (`sign` 1) or removes (`sign` -1) transactions from their months'
 * running totals: one upserting $inc per month touched. Call it with the
 * old state (-1) and the new state (+1) around every transaction write.
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
  const stored = await MonthSummary.findById(monthSummaryId(userId, monthKey)).lean();
  return toMonthTotals(stored as Parameters<typeof toMonthTotals>[0]);
}

/** Drops every summary of the user (after a reset, before a rebuild). */
export async function clearMonthSummaries(userId: string) {
  await MonthSummary.deleteMany({ userId });
}
