import type { AccountDays, MonthSummaryRecord } from "../../../models";
import { isSplitCategory, isTransferCategory, isUncategorized, UNCATEGORIZED, type Category } from "~/features/categories/categories";
import { centsToInput, toCents, ZERO_CENTS, type Cents } from "~/lib/money";

/**
 * The layout of a stored summary: 2 added the tab counts (`uncategorizedCount`, `deletedCount`), 3 the accounts' nets,
 * 4 their nets by day, 5 totals in the reporting currency (`unconvertedCount`), 6 the nets by day moved to their own
 * documents (AccountDayNets), 7 the tags' totals (`tags`), 8 the days' import keys beside them (since dropped: decision 245).
 */
export const SUMMARY_VERSION = 8;

/** The fields of a transaction that move its month's totals. */
export type SummarisedTransaction = {
  type: "income" | "expense";
  category: string;
  amount: number;
  monthKey: string;
  /** yyyy-MM-dd: moves its account's net of that day too. */
  date?: string;
  allocations?: Array<{ categoryId: string; amount: number }>;
  deleted?: boolean;
  /** The account that holds it (an id or its text); none in the layout before accounts. */
  accountId?: { toString(): string } | null;
  /** Its amount in the user's reporting currency when its account's currency is another (null: no rate yet); none when they are the same. */
  reported?: { amount?: number | null } | null;
  /** The ids of its tags: each tag's month totals count it. */
  tagIds?: readonly string[];
};

/**
 * What a transaction counts for in the reporting currency: its amount, or its reported amount when its
 * account is in another currency, with its parts (a split's or an offset's) in the same proportion; null
 * while no rate converts it. Parts are rounded by largest remainder, so they still add up to the whole.
 */
export function reportedParts(transaction: Pick<SummarisedTransaction, "amount" | "allocations" | "reported">) {
  const allocations = transaction.allocations ?? [];
  if (!transaction.reported) return { amount: transaction.amount, allocations };
  const reported = transaction.reported.amount;
  if (reported === null || reported === undefined) return null;
  if (allocations.length === 0 || transaction.amount === 0) return { amount: reported, allocations };
  const allocatedShare = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  const total = Math.round((allocatedShare * reported) / transaction.amount);
  const exact = allocations.map((allocation) => (allocation.amount * total) / allocatedShare);
  const parts = exact.map(Math.floor);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let left = total - parts.reduce((sum, part) => sum + part, 0), next = 0; left > 0; left -= 1, next += 1) parts[order[next].index] += 1;
  return { amount: reported, allocations: allocations.map((allocation, index) => ({ categoryId: allocation.categoryId, amount: parts[index] })) };
}

export type CategoryTotals = { income: number; expense: number; allocated: number };
export type AccountTotals = { net: number; count: number };
/** A tag's month: how many live transactions carry it (transfers too), and their income and expense in the reporting currency (transfers and unconverted ones not). */
export type TagTotals = { count: number; income: number; expense: number };

/** The field of an account's month totals that holds what day `date` (yyyy-MM-dd) moved it by: "d05". */
function accountDayField(date: string): `d${string}` {
  return `d${date.slice(8, 10)}`;
}

const DAY_FIELD = /^d\d\d$/;

/** A month's `$inc` paths apart: the summary's, and the accounts' nets by day ("accounts.<id>.dNN", stored in AccountDayNets). */
export function splitDayIncrements(increments: Record<string, number>) {
  const totals: Record<string, number> = {};
  const days: Record<string, number> = {};
  for (const [path, value] of Object.entries(increments)) {
    if (DAY_FIELD.test(path.slice(path.lastIndexOf(".") + 1))) days[path] = value;
    else totals[path] = value;
  }
  return { totals, days };
}

/** A month's fields apart: the summary's (each account's net and count) and each account's nets by day. */
export function splitDayFields(fields: SummaryFields) {
  const accounts: SummaryFields["accounts"] = {};
  const days: Record<string, AccountDays> = {};
  for (const [accountId, totals] of Object.entries(fields.accounts)) {
    for (const [field, value] of Object.entries(totals)) {
      if (DAY_FIELD.test(field)) days[accountId] = { ...days[accountId], [field]: value };
      else accounts[accountId] = { ...accounts[accountId], [field]: value };
    }
  }
  return { summary: { ...fields, accounts }, days };
}
/** A month's totals in the reporting currency; `unconverted` counts its transactions in another currency that no rate converts yet (not in the totals). */
export type MonthTotals = { income: number; expense: number; count: number; unconverted: number; categories: Record<string, CategoryTotals> };

/**
 * The `$inc` that adds (`sign` 1) or removes (`sign` -1) transactions from
 * their months' summaries, grouped by month. A deleted transaction only
 * counts in `deletedCount`; a live one without a category also counts in
 * `uncategorizedCount` (so the list's tabs are counted without reading a
 * transaction). An income with allocations is an offset: its allocated part
 * is booked on the expense categories it offsets, not as income. A split
 * expense books each part on its own category. A live transaction moves its
 * account's net (and its day's net) by its signed amount; a side of a transfer
 * moves nothing else (neither income nor expense). Accounts' nets are in each
 * account's currency; income, expense and categories in the user's reporting
 * currency: a transaction not converted yet counts in `unconvertedCount` only.
 * Each tag a live transaction carries counts it, and its whole income or
 * expense (an offset's too: a tag says what it was for, not which category).
 */
export function summaryIncrements(transactions: SummarisedTransaction[], sign: 1 | -1) {
  const byMonth = new Map<string, Record<string, number>>();
  const add = (monthKey: string, path: string, value: number) => {
    if (value === 0) return;
    const increments = byMonth.get(monthKey) ?? {};
    increments[path] = (increments[path] ?? 0) + sign * value;
    byMonth.set(monthKey, increments);
  };
  for (const transaction of transactions) {
    if (transaction.deleted) {
      add(transaction.monthKey, "deletedCount", 1);
      continue;
    }
    // An empty category id would make the path "categories..expense", which the database refuses.
    const category = isUncategorized(transaction.category) ? UNCATEGORIZED : transaction.category;
    add(transaction.monthKey, "count", 1);
    const tagIds = transaction.tagIds ?? [];
    for (const tagId of tagIds) add(transaction.monthKey, `tags.${tagId}.count`, 1);
    if (category === UNCATEGORIZED) add(transaction.monthKey, "uncategorizedCount", 1);
    if (transaction.accountId) {
      const account = String(transaction.accountId);
      const signed = transaction.type === "income" ? transaction.amount : -transaction.amount;
      add(transaction.monthKey, `accounts.${account}.net`, signed);
      add(transaction.monthKey, `accounts.${account}.count`, 1);
      if (transaction.date) add(transaction.monthKey, `accounts.${account}.${accountDayField(transaction.date)}`, signed);
    }
    if (isTransferCategory(category)) continue;
    const reported = reportedParts(transaction);
    if (!reported) {
      add(transaction.monthKey, "unconvertedCount", 1);
      continue;
    }
    for (const tagId of tagIds) add(transaction.monthKey, `tags.${tagId}.${transaction.type}`, reported.amount);
    if (transaction.type === "expense") {
      add(transaction.monthKey, "expense", reported.amount);
      const parts = isSplitCategory(category) ? reported.allocations : [{ categoryId: category, amount: reported.amount }];
      for (const part of parts) add(transaction.monthKey, `categories.${part.categoryId}.expense`, part.amount);
      continue;
    }
    const allocations = reported.allocations;
    const allocated = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    add(transaction.monthKey, "income", reported.amount - allocated);
    add(transaction.monthKey, `categories.${category}.income`, reported.amount - allocated);
    for (const allocation of allocations) {
      add(transaction.monthKey, `categories.${allocation.categoryId}.allocated`, allocation.amount);
    }
  }
  return byMonth;
}

/** A month's summary fields, as stored and as a recount computes them. */
export type SummaryFields = ReturnType<typeof summaryFields>;

/** One month whose stored summary differed from the recount: what was stored (null: none) and what was counted (null: nothing). */
export type RecountedMonth = { monthKey: string; stored: SummaryFields | null; counted: SummaryFields | null };

const COUNT_FIELDS = new Set(["count", "uncategorizedCount", "deletedCount", "unconvertedCount"]);

/** The fields of a summary that hold a group of totals per id. */
const GROUPS = ["categories", "accounts", "tags"] as const;

function flatten(fields: SummaryFields | null) {
  const flat = new Map<string, number>();
  if (!fields) return flat;
  for (const [field, value] of Object.entries(fields)) if (typeof value === "number") flat.set(field, value);
  for (const group of GROUPS) {
    const totalsById: Record<string, Record<string, number | undefined>> = fields[group];
    for (const [id, totals] of Object.entries(totalsById)) {
      for (const [total, value] of Object.entries(totals)) flat.set(group === "categories" ? `${id} ${total}` : `${group.slice(0, -1)} ${id} ${total}`, value ?? 0);
    }
  }
  return flat;
}

/** What a recount changed in a month, for people: "2026-11: expense 545.00 → 547.50, count 224 → 225". */
export function describeRecountedMonth({ monthKey, stored, counted }: RecountedMonth) {
  const before = flatten(stored);
  const after = flatten(counted);
  const shown = (field: string, value: number) => (COUNT_FIELDS.has(field) ? String(value) : centsToInput(value as Cents));
  const changes = [...new Set([...before.keys(), ...after.keys()])]
    .filter((field) => (before.get(field) ?? 0) !== (after.get(field) ?? 0))
    .map((field) => `${field} ${shown(field, before.get(field) ?? 0)} → ${shown(field, after.get(field) ?? 0)}`);
  return `${monthKey}: ${changes.length > 0 ? changes.join(", ") : "rewritten in the current layout"}`;
}

/** The totals a month's `$inc` paths add up to, as the fields of a summary of that month alone. */
export function summaryFields(increments: Record<string, number>) {
  const fields = {
    income: 0,
    expense: 0,
    count: 0,
    uncategorizedCount: 0,
    deletedCount: 0,
    unconvertedCount: 0,
    categories: {} as Record<string, Partial<CategoryTotals>>,
    accounts: {} as Record<string, Partial<AccountTotals> & Partial<Record<`d${string}`, number>>>,
    tags: {} as Record<string, Partial<TagTotals>>,
  };
  for (const [path, value] of Object.entries(increments)) {
    const [field, id, total] = path.split(".") as [keyof typeof fields, string, string];
    if (field === "categories" || field === "accounts" || field === "tags") fields[field][id] = { ...fields[field][id], [total]: value };
    else fields[field] = value;
  }
  return fields;
}

const EMPTY_CATEGORY: CategoryTotals = { income: 0, expense: 0, allocated: 0 };

/** A stored summary (or none) as complete totals. */
export function toMonthTotals(stored: Partial<Pick<MonthSummaryRecord, "income" | "expense" | "count" | "unconvertedCount" | "categories">> | null | undefined): MonthTotals {
  const categories: Record<string, CategoryTotals> = {};
  for (const [id, totals] of Object.entries(stored?.categories ?? {})) categories[id] = { ...EMPTY_CATEGORY, ...totals };
  return { income: stored?.income ?? 0, expense: stored?.expense ?? 0, count: stored?.count ?? 0, unconverted: stored?.unconvertedCount ?? 0, categories };
}

/** Offsets (income placed against expense categories) lower expenses instead of counting as income. */
export type SummaryCards = { income: Cents; expenses: Cents; balance: Cents };

function totalAllocated(totals: MonthTotals) {
  return Object.values(totals.categories).reduce((sum, category) => sum + category.allocated, 0);
}

/** Income excludes offsets (the month summary already books them apart); expenses are net of offsets, floored at 0. */
export function summaryCards(totals: MonthTotals): SummaryCards {
  const income = toCents(totals.income);
  const expenses = toCents(Math.max(0, totals.expense - totalAllocated(totals)));
  return { income, expenses, balance: toCents(income - expenses) };
}

/** Received of an income category; spent of an expense category (its expenses minus the offsets placed on it, floored at 0). */
export function categoryActual(category: Pick<Category, "id" | "type">, totals: MonthTotals) {
  const categoryTotals = totals.categories[category.id];
  if (!categoryTotals) return ZERO_CENTS;
  return toCents(category.type === "income" ? categoryTotals.income : Math.max(0, categoryTotals.expense - categoryTotals.allocated));
}

/**
 * Each account's totals over the given months' summaries (every month, for a balance; the months before
 * one, for a balance at its start): net in signed cents and how many live transactions.
 */
export function accountTotalsOf(summaries: Array<Pick<MonthSummaryRecord, "monthKey" | "accounts">>, before?: string) {
  const totals = new Map<string, AccountTotals>();
  for (const summary of summaries) {
    if (before !== undefined && summary.monthKey >= before) continue;
    for (const [accountId, month] of Object.entries(summary.accounts ?? {})) {
      const sum = totals.get(accountId) ?? { net: 0, count: 0 };
      totals.set(accountId, { net: sum.net + (month?.net ?? 0), count: sum.count + (month?.count ?? 0) });
    }
  }
  return totals;
}

/** What the days of `date`'s month before its day (or up to it, `through`) moved an account by, from that month's nets by day of the account. */
export function accountNetOfDays(days: AccountDays | undefined, date: string, { through }: { through: boolean }) {
  const last = accountDayField(date);
  let net = 0;
  for (const [field, value] of Object.entries(days ?? {})) {
    if (field < last || (through && field === last)) net += value ?? 0;
  }
  return net;
}
