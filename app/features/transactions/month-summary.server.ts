import mongoose, { Types } from "mongoose";
import { MonthSummary, monthSummaryId, Transaction, type MonthSummaryRecord, type TransactionRecord } from "../../../models";
import { summaryFields, summaryIncrements, toMonthTotals, type SummarisedTransaction } from "./month-summary";

/** The layout of a stored summary: 2 added the tab counts (`uncategorizedCount`, `deletedCount`). */
export const SUMMARY_VERSION = 2;

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
      { $inc: increments, $setOnInsert: { userId: userObjectId, monthKey, version: SUMMARY_VERSION } },
      { upsert: true },
    );
  }
}

/** One month's totals of a user, read by _id. */
export async function getMonthTotals(userId: string, monthKey: string) {
  return toMonthTotals(await MonthSummary.findById(monthSummaryId(userId, monthKey)).lean());
}

const LISTED_SUMMARY_FIELDS = { monthKey: 1, count: 1, uncategorizedCount: 1, deletedCount: 1, income: 1, expense: 1, categories: 1, version: 1 } as const;
export type ListedMonthSummary = Pick<MonthSummaryRecord, keyof typeof LISTED_SUMMARY_FIELDS>;

function readMonthSummaries(userId: string) {
  return MonthSummary.find({ userId: new Types.ObjectId(userId) })
    .select(LISTED_SUMMARY_FIELDS)
    .lean<ListedMonthSummary[]>();
}

/** Every month summary of the user (one small document per month with activity), rebuilt first if any is of an older layout. */
export async function listMonthSummaries(userId: string) {
  const summaries = await readMonthSummaries(userId);
  if (summaries.every((summary) => summary.version === SUMMARY_VERSION)) return summaries;
  await upgradeMonthSummaries(userId);
  return readMonthSummaries(userId);
}

const SUMMARISED_FIELDS = { _id: 0, type: 1, category: 1, amount: 1, monthKey: 1, allocations: 1, deleted: 1 } as const;

/** Rebuilds of an older layout in progress, by user: readers that find one at the same time share it. */
const upgrading = new Map<string, Promise<void>>();

function upgradeMonthSummaries(userId: string) {
  const running = upgrading.get(userId);
  if (running) return running;
  const upgrade = replaceMonthSummaries(userId).finally(() => upgrading.delete(userId));
  upgrading.set(userId, upgrade);
  return upgrade;
}

/**
 * Computes the user's month summaries afresh from their transactions, live
 * and deleted (after a restore, whose collections were not all read at the
 * same instant, and after Reset Financial Data). An upgrade already running
 * finishes first, so this one reads the transactions after it.
 */
export async function rebuildMonthSummaries(userId: string) {
  await upgrading.get(userId);
  await replaceMonthSummaries(userId);
}

/** Each month's summary is replaced whole: a second rebuild alongside writes the same documents rather than adding twice. */
async function replaceMonthSummaries(userId: string) {
  const userObjectId = new Types.ObjectId(userId);
  const transactions = await Transaction.find({ userId: userObjectId })
    .select(SUMMARISED_FIELDS)
    .lean<Array<Pick<TransactionRecord, "type" | "category" | "amount" | "monthKey" | "allocations" | "deleted">>>();
  const months = summaryIncrements(transactions, 1);
  for (const [monthKey, increments] of months) {
    const _id = monthSummaryId(userId, monthKey);
    await MonthSummary.replaceOne({ _id }, { _id, userId: userObjectId, monthKey, version: SUMMARY_VERSION, ...summaryFields(increments) }, { upsert: true });
  }
  const kept = new Set([...months.keys()].map((monthKey) => monthSummaryId(userId, monthKey)));
  const stale = (await MonthSummary.find({ userId: userObjectId }).select({ _id: 1 }).lean<Array<{ _id: string }>>()).filter((summary) => !kept.has(summary._id));
  if (stale.length > 0) await MonthSummary.deleteMany({ _id: mongoose.trusted({ $in: stale.map((summary) => summary._id) }) });
}
