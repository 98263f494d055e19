import mongoose, { Types } from "mongoose";
import { AccountDayNets, MonthSummary, monthSummaryId, Transaction, type AccountDayNetsRecord, type TransactionRecord } from "../../../models";
import { splitDayFields, summaryFields, summaryIncrements, SUMMARY_VERSION, type RecountedMonth, type SummaryFields } from "./month-summary";

const SUMMARISED_FIELDS = { _id: 0, type: 1, category: 1, amount: 1, monthKey: 1, date: 1, allocations: 1, deleted: 1, accountId: 1, reported: 1, tagIds: 1 } as const;
const STORED_FIELDS = { monthKey: 1, income: 1, expense: 1, count: 1, uncategorizedCount: 1, deletedCount: 1, unconvertedCount: 1, categories: 1, accounts: 1, tags: 1, version: 1 } as const;

type StoredSummary = { _id: string; monthKey: string; version?: number | null } & Partial<SummaryFields>;

/** A group of totals per id without the zero totals a `$inc` back to nothing leaves, sorted, so two equal groups compare equal. */
function comparableGroup<Totals extends Record<string, number | undefined>>(group: Record<string, Totals> | undefined) {
  const kept: Record<string, Totals> = {};
  for (const [id, totals] of Object.entries(group ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const nonZero = Object.fromEntries(Object.entries(totals ?? {}).filter(([, value]) => value !== 0).sort(([a], [b]) => a.localeCompare(b))) as Totals;
    if (Object.keys(nonZero).length > 0) kept[id] = nonZero;
  }
  return kept;
}

/** A summary's totals in one form, so two equal summaries compare equal. */
function comparable(fields: Partial<SummaryFields>): SummaryFields {
  return {
    income: fields.income ?? 0,
    expense: fields.expense ?? 0,
    count: fields.count ?? 0,
    uncategorizedCount: fields.uncategorizedCount ?? 0,
    deletedCount: fields.deletedCount ?? 0,
    unconvertedCount: fields.unconvertedCount ?? 0,
    categories: comparableGroup(fields.categories),
    accounts: comparableGroup(fields.accounts),
    tags: comparableGroup(fields.tags),
  };
}

function sameTotals(a: SummaryFields, b: SummaryFields) {
  return JSON.stringify(a) === JSON.stringify(b);
}

type SummarisedFields = Pick<TransactionRecord, "type" | "category" | "amount" | "monthKey" | "date" | "allocations" | "deleted" | "accountId" | "reported" | "tagIds">;

/** The user's transactions (of `months` only, when given: one equality read per month, which the database answers from an index). */
async function readSummarised(userObjectId: Types.ObjectId, months: string[] | undefined) {
  if (!months) return Transaction.find({ userId: userObjectId }).select(SUMMARISED_FIELDS).lean<SummarisedFields[]>();
  const found: SummarisedFields[] = [];
  for (const monthKey of new Set(months)) found.push(...(await Transaction.find({ userId: userObjectId, monthKey }).select(SUMMARISED_FIELDS).lean<SummarisedFields[]>()));
  return found;
}

/**
 * The user's stored summaries (of `months` only, when given), each with its accounts' nets by day put back
 * into its accounts' totals, as a recount counts them; a month with nets by day and no summary is among them.
 */
async function readStoredSummaries(userId: string, months: string[] | undefined) {
  const userObjectId = new Types.ObjectId(userId);
  const filter = months ? { userId: userObjectId, _id: mongoose.trusted({ $in: [...new Set(months)].map((monthKey) => monthSummaryId(userId, monthKey)) }) } : { userId: userObjectId };
  const [summaries, dayNets] = await Promise.all([MonthSummary.find(filter).select(STORED_FIELDS).lean<StoredSummary[]>(), AccountDayNets.find(filter).lean<AccountDayNetsRecord[]>()]);
  const byId = new Map<string, StoredSummary>(summaries.map((summary) => [summary._id, summary]));
  for (const { _id, monthKey, accounts } of dayNets) {
    const summary = byId.get(_id) ?? { _id, monthKey, version: SUMMARY_VERSION };
    const merged = { ...summary.accounts };
    for (const [accountId, days] of Object.entries(accounts ?? {})) merged[accountId] = { ...merged[accountId], ...days };
    byId.set(_id, { ...summary, accounts: merged });
  }
  return [...byId.values()];
}

/**
 * Counts the user's month summaries (and their accounts' nets by day) afresh
 * from their transactions (live and deleted) — every month, or only `months` —
 * and writes the months whose stored summary differs (or is of an older
 * layout): each replaced whole, so a recount repeated writes the same
 * documents. Months with nothing left are removed. Resolves to the months it changed. The caller holds the user's
 * ledger, so no batch writes meanwhile.
 */
export async function recountMonthSummaries(userId: string, months?: string[]): Promise<RecountedMonth[]> {
  const userObjectId = new Types.ObjectId(userId);
  const transactions = await readSummarised(userObjectId, months);
  const counted = new Map([...summaryIncrements(transactions, 1)].map(([monthKey, increments]) => [monthKey, summaryFields(increments)]));
  const stored = await readStoredSummaries(userId, months);
  const storedByMonth = new Map(stored.map((summary) => [summary.monthKey, summary]));
  const changed: RecountedMonth[] = [];

  for (const [monthKey, fields] of counted) {
    const current = storedByMonth.get(monthKey);
    const totals = comparable(fields);
    if (current && current.version === SUMMARY_VERSION && sameTotals(comparable(current), totals)) continue;
    const _id = monthSummaryId(userId, monthKey);
    const { summary, days } = splitDayFields(fields);
    await MonthSummary.replaceOne({ _id }, { _id, userId: userObjectId, monthKey, version: SUMMARY_VERSION, ...summary }, { upsert: true });
    if (Object.keys(days).length > 0) await AccountDayNets.replaceOne({ _id }, { _id, userId: userObjectId, monthKey, accounts: days }, { upsert: true });
    else await AccountDayNets.deleteOne({ _id });
    changed.push({ monthKey, stored: current ? comparable(current) : null, counted: totals });
  }
  const emptied = stored.filter((summary) => !counted.has(summary.monthKey));
  if (emptied.length > 0) {
    const emptiedIds = { userId: userObjectId, _id: mongoose.trusted({ $in: emptied.map((summary) => summary._id) }) };
    await MonthSummary.deleteMany(emptiedIds);
    await AccountDayNets.deleteMany(emptiedIds);
    changed.push(...emptied.filter((summary) => !sameTotals(comparable(summary), comparable({}))).map((summary) => ({ monthKey: summary.monthKey, stored: comparable(summary), counted: null })));
  }
  return changed.sort((a, b) => a.monthKey.localeCompare(b.monthKey));
}

/** Every user with transactions or month summaries (whom a full verification recounts). */
export async function usersWithLedgers() {
  const [withTransactions, withSummaries] = await Promise.all([Transaction.distinct("userId"), MonthSummary.distinct("userId")]);
  return [...new Set([...withTransactions, ...withSummaries].map(String))];
}
