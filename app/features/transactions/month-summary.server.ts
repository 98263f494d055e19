import { Types } from "mongoose";
import { MonthSummary, monthSummaryId } from "../../../models";
import { summaryIncrements, toMonthTotals, type CategoryTotals, type SummarisedTransaction } from "./month-summary";

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

export type StoredMonthSummary = { monthKey: string; count?: number; income?: number; expense?: number; categories?: Record<string, Partial<CategoryTotals>> };

/** Every month summary of the user (one small document per month with activity). */
export function listMonthSummaries(userId: string) {
  return MonthSummary.find({ userId: new Types.ObjectId(userId) })
    .select({ monthKey: 1, count: 1, income: 1, expense: 1, categories: 1 })
    .lean<StoredMonthSummary[]>();
}

/** Drops every summary of the user (after a reset, before a rebuild). */
export async function clearMonthSummaries(userId: string) {
  await MonthSummary.deleteMany({ userId });
}
