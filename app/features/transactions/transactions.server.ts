import { DEFAULT_CURRENCY } from "~/lib/currency";
import mongoose, { Types } from "mongoose";
import { Transaction, type TransactionRecord } from "../../../models";
import { capitalizeWords, isSplitCategory, isUncategorized, SPLIT_CATEGORY, TRANSFER_CATEGORY, UNCATEGORIZED } from "~/features/categories/categories";
import { getCategories, getCategory } from "~/features/categories/categories.server";
import { isMonthKey } from "~/lib/month";
import { LedgerRefusedError, type LedgerFields, type LedgerSource, type ScheduleMark } from "./ledger";
import { listAccountNames, mainAccountId } from "~/features/accounts/accounts.server";
import { applyLedgerBatch } from "./ledger.server";
import { proposeTransferPairs } from "./transfer-proposals";
import { inReadSlices, toObjectId } from "~/integrations/database.server";
import { MAX_TAGS_PER_TRANSACTION, parseTagNames, TAG_MESSAGES } from "~/features/tags/tags";
import { ensureTags } from "~/features/tags/tags.server";
import type { CategoryTotals } from "./month-summary";
import { listMonthSummaries, listVersionedMonthSummaries, type ListedMonthSummary } from "./month-summary.server";
import { ledgerKeep } from "./ledger-keep.server";
import { parseTransferChoice, tabWithRows, type AccountChoice, type Allocation, type CategoryChoice, type ListTab, type TransactionItem, type TransactionTab, type TransactionType } from "./transactions";

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** What the form writes; `amount` in cents, `date` YYYY-MM-DD. */
export type TransactionInput = {
  type: TransactionType;
  amount: number;
  category: string;
  date: string;
  description?: string;
  /** Income placed against the expense category `category` (an offset). A transfer's `category` names its other account (`transferChoice`). */
  showExpenseCategories?: boolean;
  /** The parts of an expense split across categories (amounts in cents); `category` is then ignored. */
  splits?: Array<{ category: string; amount: number }>;
  /** The user's account that holds it; a new one goes to the main account, an edit keeps its own, unless named. */
  accountId?: string;
  /** The rate the user got, for an account in another currency than their reporting one (empty: the day's reference rate). */
  rate?: string;
  /** A transfer with an account of another currency: what the other side moved, in that account's currency. */
  transferAmount?: number;
  /** Its tags' names, separated by commas (new ones are added to the user's tags); left out, an edit keeps its tags. */
  tags?: string;
  /** Tags the user's rules put on a new one, after those typed (up to the most a transaction carries). */
  ruleTagIds?: string[];
  /** The due date of a recurring bill or paycheck a new one pays ("Record it"). */
  scheduleMark?: ScheduleMark;
};

/** The user has MAX_TAGS tags and the form named a new one. */
export class TooManyTagsError extends Error {
  constructor() {
    super(TAG_MESSAGES.tooMany);
    this.name = "TooManyTagsError";
  }
}

export function isTooManyTags(error: unknown) {
  return error instanceof TooManyTagsError;
}

/** The ids of the tags a form names (checked by its schema; new names added to the user's tags), then those of its rules. */
async function tagIdsOf(userId: string, text: string, ruleTagIds: string[]) {
  const parsed = parseTagNames(text);
  if (!parsed.ok) throw new RangeError(parsed.message);
  const ensured = await ensureTags(userId, parsed.names);
  if (!ensured.ok) throw new TooManyTagsError();
  return [...new Set([...ensured.ids, ...ruleTagIds])].slice(0, MAX_TAGS_PER_TRANSACTION);
}

/** The ledger fields a form chooses: all but the account, which it may leave to the ledger. */
type FormLedgerFields = Omit<LedgerFields, "accountId"> & Partial<Pick<LedgerFields, "accountId">> & Partial<ScheduleMark>;

const ITEM_FIELDS = {
  type: 1,
  category: 1,
  amount: 1,
  date: 1,
  monthKey: 1,
  description: 1,
  allocations: 1,
  deleted: 1,
  source: 1,
  bankName: 1,
  pending: 1,
  accountId: 1,
  transferAccountId: 1,
  cleared: 1,
  reported: 1,
  fileAmount: 1,
  tagIds: 1,
} as const;

type ListedTransaction = Pick<TransactionRecord, "_id" | keyof typeof ITEM_FIELDS>;

function toItem(stored: ListedTransaction): TransactionItem {
  return {
    id: String(stored._id),
    type: stored.type,
    category: stored.category,
    amount: stored.amount,
    date: stored.date,
    monthKey: stored.monthKey,
    description: stored.description,
    allocations: stored.allocations.map(({ categoryId, amount }) => ({ categoryId, amount })),
    deleted: stored.deleted,
    source: stored.source,
    bankName: stored.bankName ?? null,
    pending: Boolean(stored.pending),
    accountId: String(stored.accountId),
    transferAccountId: stored.transferAccountId ? String(stored.transferAccountId) : null,
    cleared: Boolean(stored.cleared),
    reported: stored.reported ? { amount: stored.reported.amount ?? null, currency: stored.reported.currency, rateDay: stored.reported.rateDay ?? null, rate: stored.reported.rate ?? null } : null,
    fileAmount: stored.fileAmount ? { amount: stored.fileAmount.amount, currency: stored.fileAmount.currency, rateDay: stored.fileAmount.rateDay } : null,
    tagIds: [...(stored.tagIds ?? [])],
  };
}

function isOffset(input: TransactionInput) {
  return input.type === "income" && Boolean(input.showExpenseCategories) && !isUncategorized(input.category) && parseTransferChoice(input.category) === null;
}

/**
 * The ledger fields of a form's input. An offset keeps its expense category
 * as `category` and books the whole amount on it as an allocation; an offset
 * without a description is described after the category it offsets. A split
 * expense's parts are its allocations. A transfer names its other account.
 */
async function ledgerFields(userId: string, input: TransactionInput): Promise<FormLedgerFields> {
  const fields: FormLedgerFields = {
    type: input.type,
    category: input.category,
    amount: input.amount,
    date: input.date,
    description: (input.description ?? "").trim(),
    allocations: [] as Allocation[],
    transferAccountId: null,
    rate: input.rate || null,
    ...(input.accountId ? { accountId: input.accountId } : {}),
    ...input.scheduleMark,
    ...(input.tags !== undefined || input.ruleTagIds?.length ? { tagIds: await tagIdsOf(userId, input.tags ?? "", input.ruleTagIds ?? []) } : {}),
  };
  const transfer = parseTransferChoice(input.category);
  if (transfer && !input.splits?.length) return { ...fields, category: TRANSFER_CATEGORY, transferAccountId: transfer.accountId, transferAmount: input.transferAmount ?? null };
  if (input.splits?.length) {
    return { ...fields, category: SPLIT_CATEGORY, allocations: input.splits.map((part) => ({ categoryId: part.category, amount: part.amount })) };
  }
  if (!isOffset(input)) return fields;
  const description = fields.description || `Offset for ${(await getCategory(userId, input.category))?.name ?? input.category}`;
  return { ...fields, description, allocations: [{ categoryId: input.category, amount: input.amount }] };
}

/**
 * Adds a transaction: from the form (with its submission key, so the same
 * form sent again adds nothing and answers with the first one), or from a
 * bank with its `source` and `bankName`.
 */
export async function createTransaction(userId: string, input: TransactionInput, origin: { source?: LedgerSource; bankName?: string | null; submissionKey?: string | null } = {}) {
  const entry = { ...(await ledgerFields(userId, input)), source: origin.source ?? "manual", bankName: origin.bankName ?? null };
  const result = await applyLedgerBatch(userId, { submission: origin.submissionKey ? { key: origin.submissionKey } : undefined, added: [entry] });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return toItem(result.added[0]);
}

/** The user's transaction, or null when the id is not one of theirs. */
export async function getTransaction(userId: string, id: string) {
  const _id = toObjectId(id);
  if (!_id) return null;
  const stored = await Transaction.findOne({ _id, userId: new Types.ObjectId(userId) }).select(ITEM_FIELDS).lean<ListedTransaction>();
  return stored ? toItem(stored) : null;
}

/** A live transaction that met a schedule's due date. */
export type ScheduleMarkItem = { transactionId: string; dueDate: string; source: string; date: string; amount: number };

/** The live transactions that met due dates of the user's schedule `scheduleId` (read by equality on it). */
export async function scheduleMarksOf(userId: string, scheduleId: string): Promise<ScheduleMarkItem[]> {
  const marked = await Transaction.find({ userId: new Types.ObjectId(userId), scheduleId, deleted: false })
    .select({ scheduleDate: 1, source: 1, date: 1, amount: 1 })
    .lean<Array<Pick<TransactionRecord, "_id" | "scheduleDate" | "source" | "date" | "amount">>>();
  return marked.flatMap((transaction) => (transaction.scheduleDate ? [{ transactionId: String(transaction._id), dueDate: transaction.scheduleDate, source: transaction.source, date: transaction.date, amount: transaction.amount }] : []));
}

/** How many of the user's live transactions have this description (as the list's search compares it) and this category. */
export async function countLiveWithDescription(userId: string, description: string, category: string) {
  return Transaction.countDocuments({ userId: new Types.ObjectId(userId), deleted: false, descriptionLower: description.trim().toLowerCase(), category });
}

/**
 * The user's transactions of `ids`, in their order; ids that are not theirs are left out. Each is read by
 * _id alone and its owner checked here (with userId in the query, PostgreSQL under FerretDB reads 7× slower).
 */
export async function getTransactionsById(userId: string, ids: readonly string[]) {
  const owner = new Types.ObjectId(userId);
  const found: TransactionItem[] = [];
  for (const id of ids) {
    const _id = toObjectId(id);
    const stored = _id ? await Transaction.findOne({ _id }).select({ ...ITEM_FIELDS, userId: 1 }).lean<ListedTransaction & { userId: Types.ObjectId }>() : null;
    if (stored?.userId.equals(owner)) found.push(toItem(stored));
  }
  return found;
}

/** Rewrites the user's transaction from the form; null when the id is not one of theirs. */
export async function updateTransaction(userId: string, id: string, input: TransactionInput) {
  const result = await applyLedgerBatch(userId, { updated: [{ id, ...(await ledgerFields(userId, input)) }] });
  if (!result.ok) {
    if (result.issues.some((issue) => issue.code === "not-found")) return null;
    throw new LedgerRefusedError(result.issues);
  }
  const [updated] = result.updated;
  return updated ? toItem(updated) : null;
}

/**
 * Soft delete. A transaction that is not found (never existed, already
 * deleted, or someone else's, which is left untouched) counts as success
 * (decision 064); false only when the write fails.
 */
export async function softDeleteTransaction(userId: string, id: string) {
  try {
    const result = await applyLedgerBatch(userId, { deleted: [id] });
    return result.ok && result.deleted.every((outcome) => outcome.status !== "failed");
  } catch (error) {
    console.error("soft delete failed", error);
    return false;
  }
}

/** Undoes a soft delete; true when the transaction is the user's and live afterwards. */
export async function restoreTransaction(userId: string, id: string) {
  try {
    const result = await applyLedgerBatch(userId, { restored: [id] });
    return result.ok && result.restored.every((outcome) => outcome.status === "done" || outcome.status === "unchanged");
  } catch (error) {
    console.error("restore failed", error);
    return false;
  }
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Soft-deletes several transactions: an id of another user is reported and
 * left alone; ids that do not exist count as deleted (as a single delete does).
 */
export async function bulkDeleteTransactions(userId: string, ids: string[]): Promise<{ success: boolean; errors: string[] }> {
  try {
    const result = await applyLedgerBatch(userId, { deleted: ids });
    if (!result.ok) throw new LedgerRefusedError(result.issues);
    const errors = result.deleted.flatMap((outcome) => {
      if (outcome.status === "other-user") return [`Transaction ${outcome.id} belongs to different user`];
      if (outcome.status === "failed") return [`Error deleting transaction ${outcome.id}: ${outcome.error}`];
      return [];
    });
    return { success: errors.length === 0, errors };
  } catch (error) {
    console.error("bulk delete failed", error);
    return { success: false, errors: [`Critical error: ${messageOf(error)}`] };
  }
}

/**
 * Soft-deletes every transaction of the user in one write. Afterwards no
 * live transaction is left: the month summaries count them all as deleted.
 */
export async function resetFinancialData(userId: string) {
  const result = await applyLedgerBatch(userId, { deleted: "all" });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
}

type ListOptions = {
  tab: TransactionTab;
  month?: string | null;
  category?: string | null;
  type?: string | null;
  q?: string | null;
  cursor?: string | null;
  limit?: number;
  /** One account's transactions only (its register). */
  accountId?: string | null;
  /** Only the transactions that carry this tag. */
  tagId?: string | null;
};

type Cursor = { date: string; id: string };

/** The position after the last item of a page: its date and id, opaque to the browser. */
function encodeCursor(item: Pick<TransactionItem, "date" | "id">) {
  return Buffer.from(`${item.date}_${item.id}`).toString("base64url");
}

function decodeCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  const [date, id] = Buffer.from(cursor, "base64url").toString("utf8").split("_");
  return toObjectId(id) && /^\d{4}-\d{2}-\d{2}$/.test(date ?? "") ? { date, id: id.toLowerCase() } : null;
}

/** Newest date first; on one date the newest id first (ids are equally long hex, so text order is id order). */
function newestFirst(a: ListedTransaction, b: ListedTransaction) {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  const [idA, idB] = [String(a._id), String(b._id)];
  return idA === idB ? 0 : idA < idB ? 1 : -1;
}

function isAfterCursor(transaction: ListedTransaction, cursor: Cursor | null) {
  return !cursor || transaction.date < cursor.date || (transaction.date === cursor.date && String(transaction._id) < cursor.id);
}

const UNCATEGORIZED_VALUES = ["", UNCATEGORIZED, "Uncategorized", null];

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function fitsTab(transaction: ListedTransaction, tab: TransactionTab) {
  if (tab === "new") return isUncategorized(transaction.category);
  if (tab === "tracked") return !isUncategorized(transaction.category);
  return true;
}

function sumTotals(totals: Partial<CategoryTotals> | undefined) {
  return (totals?.income ?? 0) + (totals?.expense ?? 0) + (totals?.allocated ?? 0);
}


/**
 * Whether a month's summary says it holds live transactions the listing
 * shows. Every live transaction counts in its month and adds its amount to
 * its own category's totals (an offset's allocation names its own category;
 * an uncategorized one counts under "uncategorized"), so a zero total means
 * there is nothing to read there.
 */
function monthMayMatch(summary: ListedMonthSummary, options: ListOptions) {
  // The summaries hold no category or type totals of deleted transactions: only their count narrows the Deleted tab.
  if (options.tab === "deleted") return (summary.deletedCount ?? 0) > 0;
  const live = summary.count ?? 0;
  const uncategorized = summary.uncategorizedCount ?? 0;
  if (live <= 0) return false;
  if (options.accountId && (summary.accounts?.[options.accountId]?.count ?? 0) <= 0) return false;
  if (options.tab === "new" && uncategorized <= 0) return false;
  if (options.tab === "tracked" && live - uncategorized <= 0) return false;
  if (options.tagId && (summary.tags?.[options.tagId]?.count ?? 0) <= 0) return false;
  const categories = summary.categories ?? {};
  const allocated = Object.values(categories).reduce((sum, totals) => sum + (totals?.allocated ?? 0), 0);
  if (options.category && sumTotals(categories[isUncategorized(options.category) ? UNCATEGORIZED : options.category]) <= 0) return false;
  if (options.type === "expense" && (summary.expense ?? 0) <= 0) return false;
  if (options.type === "income" && (summary.income ?? 0) + allocated <= 0) return false;
  return true;
}

/** The equalities every listing read starts from: the user, live or deleted, and the account and the tag when asked for. */
function listFilter(userId: string, options: ListOptions): Record<string, unknown> {
  const filter: Record<string, unknown> = { userId: new Types.ObjectId(userId), deleted: options.tab === "deleted" };
  const accountId = toObjectId(options.accountId);
  if (accountId) filter.accountId = accountId;
  if (options.tagId) filter.tagIds = options.tagId;
  return filter;
}

/** A month to read: whole, or day by day when it holds many more transactions than a page. */
type MonthRead = { monthKey: string; byDay: boolean };

/**
 * A month with more live transactions than this many pages is read day by
 * day: FerretDB returns every document a query matches (it cannot sort and
 * limit in SQL), so reading a month of 2,000 transactions for a page of 50
 * costs forty times what the page needs.
 */
const BY_DAY_ABOVE_PAGES = 4;

/**
 * The months to read, newest first: the one asked for, or those whose
 * summaries say they may hold what the listing shows.
 */
async function monthsToRead(summaries: ListedMonthSummary[], options: ListOptions, wanted: number): Promise<MonthRead[]> {
  const listed = (summary: ListedMonthSummary | undefined) => (options.tab === "deleted" ? summary?.deletedCount : summary?.count) ?? 0;
  const isDense = (summary: ListedMonthSummary | undefined) => listed(summary) > BY_DAY_ABOVE_PAGES * wanted;
  if (isMonthKey(options.month)) {
    return [{ monthKey: options.month, byDay: isDense(summaries.find((summary) => summary.monthKey === options.month)) }];
  }
  return summaries
    .filter((summary) => monthMayMatch(summary, options))
    .sort((a, b) => (a.monthKey < b.monthKey ? 1 : -1))
    .map((summary) => ({ monthKey: summary.monthKey, byDay: isDense(summary) }));
}

/** The dates of a month, newest first, from its last day or from the cursor's day when the cursor is in it. */
function datesOfMonth(monthKey: string, after: Cursor | null) {
  const [year, month] = monthKey.split("-").map(Number);
  const lastDay = after?.date.startsWith(monthKey) ? Number(after.date.slice(8)) : new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length: lastDay }, (_, index) => `${monthKey}-${String(lastDay - index).padStart(2, "0")}`);
}

/**
 * Reads month by month (newest first), each month by equality on userId and
 * monthKey (and a busy month day by day, adding equality on date), until the
 * page and one more item are found; the tab, the uncategorized filter and the
 * cursor are applied here.
 */
async function listByMonth(userId: string, summaries: ListedMonthSummary[], options: ListOptions, after: Cursor | null, wanted: number) {
  // Every row of the newest found's day that the listing shows, those above the cursor too: read anyway, as the whole day (or month) is.
  let dayOfNewest: ListedTransaction[] = [];
  const filter = listFilter(userId, options);
  if (options.type === "income" || options.type === "expense") filter.type = options.type;
  const category = options.category && !isUncategorized(options.category) ? options.category : null;
  // A category's transactions include the splits with a part in it: a second equality read, where a split can be listed (an expense with categories).
  const splitsListed = options.type !== "income" && options.tab !== "new";
  const categoryReads = category ? [{ category }, ...(splitsListed ? [{ category: SPLIT_CATEGORY }] : [])] : [{}];
  const found: ListedTransaction[] = [];
  for (const { monthKey, byDay } of await monthsToRead(summaries, options, wanted)) {
    if (after && monthKey > after.date.slice(0, 7)) continue;
    const reads = byDay ? datesOfMonth(monthKey, after).map((date) => ({ monthKey, date })) : [{ monthKey }];
    for (const read of reads) {
      const stored = (await Promise.all(categoryReads.map((byCategory) => Transaction.find({ ...filter, ...read, ...byCategory }).select(ITEM_FIELDS).lean<ListedTransaction[]>()))).flat();
      const fitting = stored.filter(
        (transaction) =>
          fitsTab(transaction, options.tab) &&
          (!options.category || !isUncategorized(options.category) || isUncategorized(transaction.category)) &&
          (!category || !isSplitCategory(transaction.category) || transaction.allocations.some((part) => part.categoryId === category)),
      );
      const matching = fitting.filter((transaction) => isAfterCursor(transaction, after)).sort(newestFirst);
      if (found.length === 0 && matching.length > 0) dayOfNewest = fitting.filter((transaction) => transaction.date === matching[0].date);
      found.push(...matching);
      if (found.length >= wanted) return { found: found.slice(0, wanted), dayOfNewest };
    }
  }
  return { found, dayOfNewest };
}

/**
 * One query over all months: for searches, which month summaries cannot narrow. userId and deleted stay plain top-level equalities,
 * the part FerretDB can filter in SQL.
 */
async function listInOneQuery(userId: string, options: ListOptions, after: Cursor | null, wanted: number, search: string) {
  const filter = listFilter(userId, options);
  const conditions: unknown[] = [];
  if (options.tab === "new") conditions.push({ category: mongoose.trusted({ $in: UNCATEGORIZED_VALUES }) });
  if (options.tab === "tracked") conditions.push({ category: mongoose.trusted({ $nin: UNCATEGORIZED_VALUES }) });
  if (options.category && isUncategorized(options.category)) conditions.push({ category: mongoose.trusted({ $in: UNCATEGORIZED_VALUES }) });
  if (options.category && !isUncategorized(options.category)) {
    // A category's transactions include the splits with a part in it.
    conditions.push({ $or: [{ category: options.category }, { category: SPLIT_CATEGORY, "allocations.categoryId": options.category }] });
  }
  if (options.type === "income" || options.type === "expense") filter.type = options.type;
  if (search) filter.descriptionLower = mongoose.trusted({ $regex: escapeRegex(search) });
  if (after) {
    const afterId = new Types.ObjectId(after.id);
    conditions.push({ $or: [{ date: mongoose.trusted({ $lt: after.date }) }, { date: after.date, _id: mongoose.trusted({ $lt: afterId }) }] });
  }
  if (conditions.length > 0) filter.$and = conditions;
  return Transaction.find(filter).sort({ date: -1, _id: -1 }).limit(wanted).select(ITEM_FIELDS).lean<ListedTransaction[]>();
}

/**
 * One page of the user's transactions, newest date first (ties: newest id
 * first). New = live without a real category, Tracked = live with one,
 * Deleted = soft-deleted, All = every live one. `nextCursor` continues after
 * the page's last item (keyset pagination: no skipping over earlier pages).
 *
 * FerretDB filters in SQL little more than equality, so browsing reads one
 * month at a time (equality on userId and monthKey), guided by the month
 * summaries; searches use one query.
 */
export async function listTransactions(userId: string, options: ListOptions, read?: { summaries: ListedMonthSummary[]; version: string | null }) {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const after = decodeCursor(options.cursor);
  const search = options.q?.trim().toLowerCase() ?? "";
  const { summaries, version } = read ?? (await listVersionedMonthSummaries(userId));
  const stored = await keptListings(userId, version, JSON.stringify([options, limit]), async () =>
    search ? listInOneQuery(userId, { ...options, month: null }, after, limit + 1, search) : (await listByMonth(userId, summaries, options, after, limit + 1)).found,
  );
  return pageOf(stored, limit);
}

/** The rows of the latest listings read (a page and one more, by the user and what was asked), as a process keeps them. */
const keptListings = ledgerKeep<ListedTransaction[]>(200);

/** `limit` items of what was read (one more than a page, when there is more), and the cursor after them. */
function pageOf(stored: ListedTransaction[], limit: number) {
  const items = stored.slice(0, limit).map(toItem);
  const nextCursor = stored.length > limit ? encodeCursor(items[items.length - 1]) : null;
  return { items, nextCursor };
}

/**
 * A page of one account's live transactions, newest first, as /transactions lists them, with every row of
 * its newest row's day (those of earlier pages too): the listing reads the whole day anyway, and a running
 * balance needs the rows of that day up to the page.
 */
export async function listAccountPage(userId: string, accountId: string, cursor: string | null, limit: number, summaries: ListedMonthSummary[]) {
  const listed = await listByMonth(userId, summaries, { tab: "all", accountId }, decodeCursor(cursor), limit + 1);
  return { ...pageOf(listed.found, limit), dayOfNewest: listed.dayOfNewest.map(toItem) };
}

/**
 * Every live transaction of the user, newest month first, handed to `visit` a month at a time: each month
 * read by equality (which the database answers from an index), so a history of any size is never in memory
 * at once. What a job that looks through the whole history reads (rules on past transactions, series).
 */
export async function forEachLiveMonth(userId: string, visit: (transactions: TransactionItem[]) => Promise<void> | void) {
  const owner = new Types.ObjectId(userId);
  const months = (await listMonthSummaries(userId)).filter((summary) => (summary.count ?? 0) > 0).map((summary) => summary.monthKey).sort().reverse();
  for (const monthKey of months) {
    const stored = await Transaction.find({ userId: owner, monthKey, deleted: false }).select(ITEM_FIELDS).lean<ListedTransaction[]>();
    await visit(stored.sort(newestFirst).map(toItem));
  }
}

/** How many transactions each tab lists, as the month summaries count them. */
function countTransactionsByTab(summaries: ListedMonthSummary[]): Record<ListTab, number> {
  const total = (field: "count" | "uncategorizedCount" | "deletedCount") => summaries.reduce((sum, summary) => sum + (summary[field] ?? 0), 0);
  const uncategorized = total("uncategorizedCount");
  return { new: uncategorized, tracked: total("count") - uncategorized, deleted: total("deletedCount") };
}

/** The first page of a sidebar tab (the dashboard's transactions panel), with every tab's count and the accounts its rows name. */
export async function listSidebarTransactions(userId: string, tab: ListTab, limit = DEFAULT_PAGE_SIZE) {
  const [page, accounts] = await Promise.all([listTransactionsWithCounts(userId, { tab, limit }), listAccountNames(userId)]);
  return { ...page, accounts: accounts.map(({ id, name, currency }) => ({ id, name, currency })) };
}

/**
 * A page of transactions and every tab's count, from one read of the month
 * summaries. Without a tab asked for, the one that has rows (`tabWithRows`).
 */
export async function listTransactionsWithCounts(userId: string, options: Omit<ListOptions, "tab"> & { tab: ListTab | null }) {
  const read = await listVersionedMonthSummaries(userId);
  const counts = countTransactionsByTab(read.summaries);
  const tab = options.tab ?? tabWithRows(counts);
  return { tab, counts, ...(await listTransactions(userId, { ...options, tab }, read)) };
}

const PROPOSALS_SHOWN = 10;

/** The newest transactions waiting for a category (an import's rows land there): what a transfer is looked for among. */
export async function listTransferCandidates(userId: string) {
  return (await listTransactions(userId, { tab: "new", limit: MAX_PAGE_SIZE })).items;
}

/** Likely transfers among the newest transactions waiting for a category. */
export async function listTransferProposals(userId: string) {
  const [candidates, accounts] = await Promise.all([listTransferCandidates(userId), listAccountNames(userId)]);
  return proposeTransferPairs(candidates, new Map(accounts.map((account) => [account.id, account.currency]))).slice(0, PROPOSALS_SHOWN);
}

/** Links two of the user's transactions as the sides of one transfer: null when one is not theirs, else whether the ledger linked them. */
export async function linkTransfer(userId: string, ids: [string, string]) {
  const result = await applyLedgerBatch(userId, { linkedTransfers: [ids] });
  if (result.ok) return { ok: true as const };
  if (result.issues.some((issue) => issue.code === "not-found")) return null;
  return { ok: false as const };
}

/**
 * The accounts the transaction form offers: the open ones, the main one first, and the one an edited
 * transaction is in (and a transfer's other account) even when closed (so saving never moves it unasked); none when the main
 * account is the only one (where the ledger puts a transaction that names none); and the main account's
 * currency, which amounts are typed in when no account is offered.
 */
export async function getAccountChoices(userId: string, ...heldIn: Array<string | null>): Promise<{ offered: AccountChoice[]; mainCurrency: string }> {
  const accounts = await listAccountNames(userId);
  const mainCurrency = accounts.find((account) => account.id === mainAccountId(userId))?.currency ?? DEFAULT_CURRENCY;
  const open = accounts.filter((account) => !account.closed || heldIn.includes(account.id));
  const onlyMain = open.length === 0 || (open.length === 1 && open[0].id === mainAccountId(userId));
  return { offered: onlyMain ? [] : open.map(({ id, name, currency }) => ({ id, name, currency })), mainCurrency };
}

/** The categories the transaction form offers (and checks a choice against). */
export async function getCategoryChoices(userId: string): Promise<CategoryChoice[]> {
  return (await getCategories(userId)).map(({ id, name, type }) => ({ id, name: capitalizeWords(name), type }));
}

type StoredImportKeys = Pick<TransactionRecord, "_id" | "importKey" | "bankTransactionId">;

/**
 * The import key and bank id of each of the user's live transactions that carries one of `importKeys` or
 * `bankIds` (an import's duplicate check): index lookups of the file's own keys, whose cost does not grow
 * with the transactions stored.
 */
export async function storedImportKeys(userId: string, { importKeys, bankIds }: { importKeys: Iterable<string>; bankIds: Iterable<string> }) {
  const keys = [...new Set(importKeys)];
  const ids = [...new Set(bankIds)];
  if (keys.length === 0 && ids.length === 0) return [];
  const userObjectId = new Types.ObjectId(userId);
  const read = (field: "importKey" | "bankTransactionId") => (values: string[]) =>
    Transaction.find({ userId: userObjectId, [field]: mongoose.trusted({ $in: values }), deleted: false }).select({ importKey: 1, bankTransactionId: 1 }).lean<StoredImportKeys[]>();
  const found = new Map<string, StoredImportKeys>();
  const [byKey, byBankId] = await Promise.all([inReadSlices(keys, read("importKey")), inReadSlices(ids, read("bankTransactionId"))]);
  for (const transaction of [...byKey, ...byBankId]) found.set(String(transaction._id), transaction);
  return [...found.values()].map(({ importKey, bankTransactionId }) => ({ importKey, bankTransactionId }));
}
