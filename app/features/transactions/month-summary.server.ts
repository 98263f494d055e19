import { Types } from "mongoose";
import { AccountDayNets, MonthSummary, monthSummaryId, type AccountDayNetsRecord, type MonthSummaryRecord } from "../../../models";
import { monthKeyOf } from "~/lib/month";
import { recountLedger, settleLedger } from "./ledger-journal.server";
import { ledgerKeep } from "./ledger-keep.server";
import { splitDayIncrements, summaryIncrements, SUMMARY_VERSION, toMonthTotals, type SummarisedTransaction } from "./month-summary";

/**
 * Adds (`sign` 1) or removes (`sign` -1) transactions from their months'
 * running totals: one upserting $inc per month touched, and one of the
 * accounts' nets by day when the month's live transactions changed. The
 * ledger calls it with the documents before (-1) and after (+1) its writes.
 */
export async function updateMonthSummaries(userId: string, transactions: SummarisedTransaction[], sign: 1 | -1) {
  const userObjectId = new Types.ObjectId(userId);
  for (const [monthKey, increments] of summaryIncrements(transactions, sign)) {
    const _id = monthSummaryId(userId, monthKey);
    const { totals, days } = splitDayIncrements(increments);
    await MonthSummary.updateOne({ _id }, { $inc: totals, $setOnInsert: { userId: userObjectId, monthKey, version: SUMMARY_VERSION } }, { upsert: true });
    if (Object.keys(days).length > 0) await AccountDayNets.updateOne({ _id }, { $inc: days, $setOnInsert: { userId: userObjectId, monthKey } }, { upsert: true });
  }
}

/** What each day of `date`'s month moved the account by (from that month's nets by day, read by _id). */
export async function readAccountDays(userId: string, accountId: string, date: string) {
  const month = await AccountDayNets.findById(monthSummaryId(userId, monthKeyOf(date))).lean<AccountDayNetsRecord>();
  return month?.accounts?.[accountId];
}

/** One month's summary of each user, as a process keeps it (`ledgerKeep`). */
const keptMonths = ledgerKeep<Awaited<ReturnType<typeof readMonthSummary>>>(200);

function readMonthSummary(userId: string, monthKey: string) {
  return MonthSummary.findById(monthSummaryId(userId, monthKey)).lean();
}

/** One month's totals of a user, read by _id (after a cut-off batch is recounted), kept under the ledger's version. */
export async function getMonthTotals(userId: string, monthKey: string) {
  const version = await settleLedger(userId);
  return toMonthTotals(await keptMonths(userId, version, `month ${monthKey}`, () => readMonthSummary(userId, monthKey)));
}

const LISTED_SUMMARY_FIELDS = { monthKey: 1, count: 1, uncategorizedCount: 1, deletedCount: 1, income: 1, expense: 1, categories: 1, accounts: 1, tags: 1, version: 1 } as const;
export type ListedMonthSummary = Pick<MonthSummaryRecord, keyof typeof LISTED_SUMMARY_FIELDS>;

function readMonthSummaries(userId: string) {
  return MonthSummary.find({ userId: new Types.ObjectId(userId) })
    .select(LISTED_SUMMARY_FIELDS)
    .lean<ListedMonthSummary[]>();
}

/** Each user's summaries, as a process keeps them (a few kilobytes a month). */
const keptSummaries = ledgerKeep<ListedMonthSummary[]>(100);

/**
 * Every month summary of the user (one small document per month with
 * activity) and the version of the ledger they are of (`settleLedger`):
 * after a cut-off batch is recounted, and recounted first when any is of an
 * older layout. Kept per process under that version (`ledgerKeep`).
 */
export async function listVersionedMonthSummaries(userId: string): Promise<{ summaries: ListedMonthSummary[]; version: string | null }> {
  const version = await settleLedger(userId);
  const summaries = await keptSummaries(userId, version, "summaries", async () => {
    const read = await readMonthSummaries(userId);
    if (read.every((summary) => summary.version === SUMMARY_VERSION)) return read;
    await recountLedger(userId);
    return readMonthSummaries(userId);
  });
  return { summaries: [...summaries], version };
}

/** Every month summary of the user (`listVersionedMonthSummaries`). */
export async function listMonthSummaries(userId: string): Promise<ListedMonthSummary[]> {
  return (await listVersionedMonthSummaries(userId)).summaries;
}
