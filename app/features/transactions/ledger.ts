import { isDebtCategoryId, isSplitCategory, isTransferCategory, isUncategorized, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { isCents, type Cents } from "~/lib/money";
import { isIsoDate, monthKeyOf } from "~/lib/month";
import { isObjectIdText } from "~/lib/object-id";
import { isSupportedCurrency } from "~/lib/currency-list";
import { MAX_TAGS_PER_TRANSACTION } from "~/features/tags/tags";
import { importKey } from "./import-key";
import { DESCRIPTION_MAX_LENGTH, isSplitPartCategory, MIN_SPLIT_PARTS, TRANSACTION_TYPES, type Allocation, type TransactionType } from "./transactions";

/** Who hands the ledger a new transaction; each later writer (debt payments, savings, bank sync) adds its own. */
const LEDGER_SOURCES = ["manual", "import", "plaid", "debt", "savings"] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** The fields of a transaction its writers choose; amounts in integer cents, `date` YYYY-MM-DD. */
export type LedgerFields = {
  type: TransactionType;
  amount: number;
  category: string;
  date: string;
  description: string;
  /** Income placed on expense categories (an offset books the whole amount on its own category). */
  allocations: Allocation[];
  /** The user's account that holds it. */
  accountId: string;
  /** A transfer's other account (the category is then the transfer category); null for an income or expense. */
  transferAccountId: string | null;
  /** The rate the user typed for an account in another currency than their reporting one: reporting units per unit of the account's. */
  rate?: string | null;
  /**
   * A new transfer between accounts of two currencies: what the other side moved, in the other account's
   * currency (the rate the user got). Given, never stored: each side stores its own amount.
   */
  transferAmount?: number | null;
  /** The ids of the user's tags it carries; none when not given. */
  tagIds?: string[];
};

/**
 * A new transaction (in the user's main account unless it names another); an import names its batch and the bank's own id of the
 * transaction; a linked bank also its account, whether it is still pending,
 * and for a posted transaction the pending one it replaces.
 */
export type LedgerEntry = Omit<LedgerFields, "description" | "allocations" | "accountId" | "transferAccountId"> &
  Partial<Pick<LedgerFields, "description" | "allocations" | "accountId" | "transferAccountId">> & {
    source: LedgerSource;
    bankName?: string | null;
    importBatchId?: string;
    bankTransactionId?: string | null;
    bankAccountId?: string | null;
    pending?: boolean;
    replacesBankTransactionId?: string | null;
    /** What an imported row was in its file, when the user had it converted into the account's currency. */
    fileAmount?: FileAmount | null;
    /** The key of the row as its file wrote it, when a rule renamed it: the same file imported again finds it. */
    importKey?: string | null;
  } & Partial<ScheduleMark>;

/** A schedule's due date a transaction meets (a recurring bill or paycheck paid): `scheduleId` null takes the mark off. */
export type ScheduleMark = { scheduleId: string | null; scheduleDate: string | null };

/** An amount (minor units of `currency`, unsigned) converted at the European Central Bank's rate of `rateDay`. */
export type FileAmount = { amount: number; currency: string; rateDay: string };

/** A change to one of the user's transactions: the fields given replace the stored ones. */
export type LedgerEdit = { id: string } & Partial<LedgerFields>;

/**
 * A form's one-time key; `scope` tells apart the submissions one key makes
 * (a page renders one key into a Pay form per debt: the debt is the scope).
 */
export type LedgerSubmission = { key: string; scope?: string };

/**
 * What one call hands the ledger; `deleted: "all"` soft-deletes every live
 * transaction of the user; `undoImport` removes the transactions an import
 * wrote, except those edited since (with `undoImportLimit`, at most that many
 * of them, the first by id: a long undo is written in slices). A linked bank's sync hands `bankUpserts`
 * (written once per bank transaction id, however often they come) and
 * `bankRemovals` (bank transaction ids the bank dropped); disconnecting hands
 * `detachedBankAccounts`, whose transactions stay as they are. A batch from
 * a form names the form's `submission`: its new transactions get ids derived
 * from it, so the same form sent again adds nothing.
 *
 * A transfer is a pair of transactions, one in each account, that mirror each
 * other. A new transaction or an edit in the transfer category writes its
 * other side too; an edit of one side carries over to the other; deleting or
 * restoring one side does the same to the other. `linkedTransfers` makes a
 * transfer of two stored transactions (an expense in one account and an
 * income of the same amount in another); `unlinkedTransfers` turns each side
 * of the transfers named back into an uncategorized transaction.
 *
 * `cleared` marks live transactions of the user as found on a statement by
 * the reconciliation named. An edit that changes what a statement shows of a
 * cleared transaction (its date, amount, way or account) takes the mark off.
 */
export type LedgerBatch = {
  submission?: LedgerSubmission;
  added?: LedgerEntry[];
  updated?: LedgerEdit[];
  deleted?: string[] | "all";
  restored?: string[];
  undoImport?: string;
  undoImportLimit?: number;
  bankUpserts?: LedgerEntry[];
  bankRemovals?: string[];
  detachedBankAccounts?: string[];
  linkedTransfers?: Array<[string, string]>;
  unlinkedTransfers?: string[];
  cleared?: { ids: string[]; reconciliationId: string };
  /** Marks the user's transactions named as meeting a schedule's due date, or takes the mark off. */
  scheduled?: Array<{ id: string } & ScheduleMark>;
  /** Tags (ids) put on and taken off each of the user's transactions named: a bulk action, each transaction's other tags kept. */
  tagged?: { ids: string[]; add: string[]; remove: string[] };
  /** Every transaction of the user that carries the tag `from` carries `to` instead (a merge), or no longer carries it (`to` null: the tag is deleted). */
  retagged?: { from: string; to: string | null };
};

type LedgerField = keyof LedgerFields | keyof ScheduleMark | "source" | "bankName" | "importBatchId" | "bankTransactionId" | "bankAccountId" | "pending" | "fileAmount";

/** Why a whole batch was refused; nothing of it was written. */
export type LedgerIssue =
  | { code: "invalid"; list: "added" | "updated" | "bankUpserts" | "tagged"; index: number; field: LedgerField; message: string }
  | { code: "not-found"; id: string }
  | { code: "repeated"; id: string }
  | { code: "not-a-transfer-pair"; ids: [string, string]; message: string }
  | { code: "currencies-differ"; accountIds: [string, string]; message: string }
  | { code: "invalid"; list: "cleared"; field: "reconciliationId"; message: string }
  | { code: "invalid"; list: "retagged"; field: "from" | "to"; message: string }
  | { code: "invalid"; list: "scheduled"; index: number; field: keyof ScheduleMark; message: string };

export class LedgerRefusedError extends Error {
  constructor(readonly issues: LedgerIssue[]) {
    super(`ledger refused the batch: ${JSON.stringify(issues)}`);
    this.name = "LedgerRefusedError";
  }
}

function isPositiveCents(value: unknown): value is Cents {
  return isCents(value) && value > 0;
}

/** Category ids are keys of the month summaries' `categories`, so they cannot hold "." or start with "$". */
function isStorableCategoryId(id: unknown): id is string {
  return typeof id === "string" && id.trim() !== "" && !id.includes(".") && !id.startsWith("$");
}

/** A category of the user's, not one of the markers a transaction's `category` may hold instead. */
function isRealCategoryId(id: unknown): id is string {
  return isStorableCategoryId(id) && !isUncategorized(id) && !isSplitCategory(id) && !isTransferCategory(id);
}

/**
 * A split expense: its parts are its allocations, each a different real
 * expense category (not a debt or savings, which have their own ledgers), and
 * they add up to the amount exactly.
 */
function splitProblem(fields: LedgerFields) {
  if (fields.type !== "expense") return "only an expense can be split";
  if (!Array.isArray(fields.allocations) || fields.allocations.length < MIN_SPLIT_PARTS) return `a split needs at least ${MIN_SPLIT_PARTS} parts`;
  const seen = new Set<string>();
  let total = 0;
  for (const part of fields.allocations) {
    if (!isRealCategoryId(part?.categoryId)) return "a split part needs a real category";
    if (!isSplitPartCategory(part.categoryId)) return "debt payments and savings cannot be part of a split";
    if (seen.has(part.categoryId)) return "a category appears once in a split";
    if (!isPositiveCents(part.amount)) return "a split part must be a positive whole number of cents";
    seen.add(part.categoryId);
    total += part.amount;
  }
  return total === fields.amount ? null : "the parts of a split must add up to its amount";
}

function allocationsProblem(fields: LedgerFields) {
  if (isSplitCategory(fields.category)) return splitProblem(fields);
  if (isTransferCategory(fields.category)) return Array.isArray(fields.allocations) && fields.allocations.length === 0 ? null : "a transfer has no allocations";
  if (!Array.isArray(fields.allocations)) return "allocations must be a list";
  if (fields.allocations.length === 0) return null;
  if (fields.type !== "income") return "only income can be allocated";
  let total = 0;
  for (const allocation of fields.allocations) {
    if (!isRealCategoryId(allocation?.categoryId)) return "an allocation needs a real category";
    if (isDebtCategoryId(allocation.categoryId)) return "a debt takes payments only, not offsets";
    if (!isPositiveCents(allocation.amount)) return "an allocation must be a positive whole number of cents";
    total += allocation.amount;
  }
  return total > fields.amount ? "allocations exceed the amount" : null;
}

function tagsProblem(tagIds: unknown) {
  if (tagIds === undefined) return null;
  if (!Array.isArray(tagIds) || !tagIds.every(isObjectIdText)) return "tagIds must be a list of tag ids";
  if (new Set(tagIds).size !== tagIds.length) return "a tag appears once on a transaction";
  return tagIds.length > MAX_TAGS_PER_TRANSACTION ? `a transaction carries at most ${MAX_TAGS_PER_TRANSACTION} tags` : null;
}

function transferAccountProblem(fields: LedgerFields) {
  if (!isTransferCategory(fields.category)) return fields.transferAccountId === null ? null : "only a transfer has another account";
  if (!isObjectIdText(fields.transferAccountId)) return "a transfer needs the account the money went to or came from";
  return fields.transferAccountId === fields.accountId ? "a transfer moves money between two different accounts" : null;
}

/** What is wrong with a transaction's fields, field by field (empty when it can be written). */
export function fieldProblems(fields: LedgerFields): Array<{ field: LedgerField; message: string }> {
  const problems: Array<{ field: LedgerField; message: string }> = [];
  if (!TRANSACTION_TYPES.includes(fields.type)) problems.push({ field: "type", message: "type must be income or expense" });
  if (!isPositiveCents(fields.amount)) problems.push({ field: "amount", message: "amount must be a positive whole number of cents" });
  if (fields.transferAmount != null && !isPositiveCents(fields.transferAmount)) problems.push({ field: "transferAmount", message: "transferAmount must be a positive whole number of cents" });
  if (!isIsoDate(fields.date)) problems.push({ field: "date", message: "date must be a calendar date written YYYY-MM-DD" });
  if (typeof fields.category !== "string" || !(isUncategorized(fields.category) || isStorableCategoryId(fields.category))) {
    problems.push({ field: "category", message: "category must be empty, uncategorized, or an id without '.' or a leading '$'" });
  }
  if (!isObjectIdText(fields.accountId)) problems.push({ field: "accountId", message: "accountId must be an account id" });
  const transferProblem = transferAccountProblem(fields);
  if (transferProblem) problems.push({ field: "transferAccountId", message: transferProblem });
  if (typeof fields.description !== "string" || fields.description.trim().length > DESCRIPTION_MAX_LENGTH) {
    problems.push({ field: "description", message: `description must be text of at most ${DESCRIPTION_MAX_LENGTH} characters` });
  }
  if (fields.type === "income" && typeof fields.category === "string" && isDebtCategoryId(fields.category)) {
    problems.push({ field: "category", message: "a debt category takes expenses (payments) only" });
  }
  const allocations = allocationsProblem(fields);
  if (allocations) problems.push({ field: "allocations", message: allocations });
  const tags = tagsProblem(fields.tagIds);
  if (tags) problems.push({ field: "tagIds", message: tags });
  return problems;
}

/** What is wrong with a new transaction, field by field. */
export function entryProblems(entry: LedgerEntry) {
  const problems = fieldProblems(fieldsOfEntry(entry));
  if (!LEDGER_SOURCES.includes(entry.source)) problems.push({ field: "source", message: `source must be one of ${LEDGER_SOURCES.join(", ")}` });
  if (entry.bankName !== undefined && entry.bankName !== null && typeof entry.bankName !== "string") {
    problems.push({ field: "bankName", message: "bankName must be text" });
  }
  if (entry.importBatchId !== undefined && !isObjectIdText(entry.importBatchId)) problems.push({ field: "importBatchId", message: "importBatchId must be an id" });
  if (entry.bankTransactionId !== undefined && entry.bankTransactionId !== null && (typeof entry.bankTransactionId !== "string" || entry.bankTransactionId.trim() === "")) {
    problems.push({ field: "bankTransactionId", message: "bankTransactionId must be text" });
  }
  if (entry.pending !== undefined && typeof entry.pending !== "boolean") problems.push({ field: "pending", message: "pending must be true or false" });
  if (entry.fileAmount && !isFileAmount(entry.fileAmount)) problems.push({ field: "fileAmount", message: "fileAmount must be a whole amount, a currency code and a day" });
  problems.push(...scheduleMarkProblems({ scheduleId: entry.scheduleId ?? null, scheduleDate: entry.scheduleDate ?? null }));
  return problems;
}

/** What is wrong with a schedule mark: an id and a day together, or neither. */
export function scheduleMarkProblems({ scheduleId, scheduleDate }: ScheduleMark): Array<{ field: keyof ScheduleMark; message: string }> {
  if (scheduleId === null) return scheduleDate === null ? [] : [{ field: "scheduleDate", message: "a due date needs its schedule" }];
  if (!isObjectIdText(scheduleId)) return [{ field: "scheduleId", message: "scheduleId must be a schedule id" }];
  return isIsoDate(scheduleDate) ? [] : [{ field: "scheduleDate", message: "scheduleDate must be a calendar date written YYYY-MM-DD" }];
}

function isFileAmount({ amount, currency, rateDay }: FileAmount) {
  return Number.isSafeInteger(amount) && amount > 0 && isSupportedCurrency(currency) && isIsoDate(rateDay);
}

/** What is wrong with a linked bank's transaction: a new transaction's problems, and it must name its bank transaction. */
export function bankEntryProblems(entry: LedgerEntry) {
  const problems = entryProblems(entry);
  if (entry.source !== "plaid") problems.push({ field: "source", message: "a bank sync writes plaid transactions only" });
  if (typeof entry.bankTransactionId !== "string" || entry.bankTransactionId.trim() === "") {
    problems.push({ field: "bankTransactionId", message: "a bank transaction needs its bank's id" });
  }
  return problems;
}

/**
 * A stored transaction's fields after its bank changed it: the amount, type
 * and date are the bank's; the category and its allocations stay the user's
 * (dropped only when they no longer fit, say an expense that became income);
 * the description is the bank's until the user edits it. One side of a
 * transfer whose amount or type the bank changed is a transfer no more.
 */
export function fieldsAfterBankChange(stored: LedgerFields & { editedAt?: Date | null }, entry: LedgerEntry): LedgerFields {
  const fields: LedgerFields = {
    type: entry.type,
    amount: entry.amount,
    date: entry.date,
    category: stored.category,
    allocations: stored.allocations,
    description: stored.editedAt ? stored.description : (entry.description ?? ""),
    accountId: stored.accountId,
    transferAccountId: stored.transferAccountId,
    tagIds: stored.tagIds,
  };
  const movedTransfer = isTransferCategory(stored.category) && (entry.amount !== stored.amount || entry.type !== stored.type);
  return !movedTransfer && fieldProblems(fields).length === 0 ? fields : uncategorized(fields);
}

/** A transaction's fields without a category (a transfer side that is one no more is left to the user to categorise). */
export function uncategorized(fields: LedgerFields): LedgerFields {
  return { ...fields, category: "", allocations: [], transferAccountId: null };
}

const OPPOSITE_TYPE = { income: "expense", expense: "income" } as const;

/**
 * The other side of a transfer whose one side is `fields`: the same money, in the other account, moving
 * the other way; between two currencies, the amount the other side moved (`transferAmount`).
 */
export function transferPeerFields(fields: LedgerFields): LedgerFields {
  return {
    ...fields,
    type: OPPOSITE_TYPE[fields.type],
    accountId: fields.transferAccountId as string,
    transferAccountId: fields.accountId,
    amount: fields.transferAmount ?? fields.amount,
    transferAmount: fields.transferAmount == null ? null : fields.amount,
  };
}

/**
 * The other side of a transfer after one side changed from `before` to
 * `after`: the way and the accounts follow; the amount follows when both
 * sides moved the same amount (one currency), else it stays unless a new
 * `transferAmount` is given (between two currencies); the date and the
 * description follow when they were the same on both sides (a bank may book
 * its side days later, under its own words).
 */
export function peerFieldsAfterEdit(peer: LedgerFields, before: LedgerFields, after: LedgerFields): LedgerFields {
  const mirrored = transferPeerFields(after);
  return {
    ...mirrored,
    amount: after.transferAmount ?? (peer.amount === before.amount ? after.amount : peer.amount),
    date: peer.date === before.date ? after.date : peer.date,
    description: peer.description.trim() === before.description.trim() ? after.description : peer.description,
  };
}

/**
 * Why two stored transactions cannot be linked as a transfer (null when they
 * can): both live, in two different accounts, neither already a transfer, an
 * expense on one side and an income of the same amount on the other.
 */
export function transferPairProblem(first: LedgerFields & { deleted: boolean }, second: LedgerFields & { deleted: boolean }) {
  if (first.deleted || second.deleted) return "a deleted transaction cannot be part of a transfer";
  if (isTransferCategory(first.category) || isTransferCategory(second.category)) return "one of them is already a transfer";
  if (first.accountId === second.accountId) return "a transfer moves money between two different accounts";
  if (first.type === second.type) return "a transfer takes money out of one account and into the other";
  return first.amount === second.amount ? null : "both sides of a transfer have the same amount";
}

/** `fields` as one side of a transfer with a transaction in `otherAccountId`. */
export function asTransferSide(fields: LedgerFields, otherAccountId: string): LedgerFields {
  return { ...fields, category: TRANSFER_CATEGORY, allocations: [], transferAccountId: otherAccountId };
}

/** A new transaction's fields: no description or allocations unless given; the ledger names the main account when it has none. */
export function fieldsOfEntry(entry: LedgerEntry): LedgerFields {
  const { type, amount, category, date, description = "", allocations = [], accountId = "", transferAccountId = null, rate = null, transferAmount = null, tagIds = [] } = entry;
  return { type, amount, category, date, description, allocations, accountId, transferAccountId, rate, transferAmount, tagIds };
}

/** Tags after a bulk action: `remove` taken off, then `add` put on after those kept (each once). */
export function tagsAfterTagging(tagIds: readonly string[], add: readonly string[], remove: readonly string[]) {
  const kept = tagIds.filter((id) => !remove.includes(id));
  return [...kept, ...add.filter((id, index) => !kept.includes(id) && add.indexOf(id) === index)];
}

/** A stored transaction's fields after `edit`; a new category that is not a transfer leaves no other account. */
export function fieldsAfterEdit(stored: LedgerFields, edit: LedgerEdit): LedgerFields {
  const leavesTransfer = edit.category !== undefined && !isTransferCategory(edit.category);
  return {
    type: edit.type ?? stored.type,
    amount: edit.amount ?? stored.amount,
    category: edit.category ?? stored.category,
    date: edit.date ?? stored.date,
    description: edit.description ?? stored.description,
    allocations: edit.allocations ?? stored.allocations,
    accountId: edit.accountId ?? stored.accountId,
    transferAccountId: edit.transferAccountId !== undefined ? edit.transferAccountId : leavesTransfer ? null : stored.transferAccountId,
    rate: edit.rate !== undefined ? edit.rate : (stored.rate ?? null),
    transferAmount: edit.transferAmount ?? null,
    tagIds: edit.tagIds ?? stored.tagIds ?? [],
  };
}

/** Ids named more than once across the edits, deletions and restorations of one batch. */
export function repeatedIds(batch: LedgerBatch) {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const lists = [
    batch.updated?.map((edit) => edit.id) ?? [],
    batch.deleted === "all" ? [] : [...new Set(batch.deleted)],
    [...new Set(batch.restored)],
    batch.linkedTransfers?.flat() ?? [],
    [...new Set(batch.unlinkedTransfers)],
    [...new Set(batch.cleared?.ids)],
    [...new Set(batch.tagged?.ids)],
    batch.scheduled?.map((mark) => mark.id) ?? [],
  ];
  for (const id of lists.flat()) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}

/**
 * Whether a change from `before` to `after` changes the transaction's line on
 * a bank statement (its date, amount, way or account), so that a
 * reconciliation no longer vouches for it and it is cleared no more.
 */
export function changesStatementLine(before: LedgerFields, after: LedgerFields) {
  return before.date !== after.date || before.amount !== after.amount || before.type !== after.type || before.accountId !== after.accountId;
}

/**
 * Whether an income books its own category as income, so that the category
 * must exist: always, unless the category receives one of its allocations (an offset).
 */
export function booksIncomeCategory(fields: Pick<LedgerFields, "type" | "category" | "allocations">) {
  return fields.type === "income" && !isUncategorized(fields.category) && !fields.allocations.some((allocation) => allocation.categoryId === fields.category);
}

/** The document fields of valid `fields`: the description trimmed, with the month, lower-cased description and import key they imply. */
export function storedFields(fields: LedgerFields) {
  const { type, amount, category, date, accountId, transferAccountId } = fields;
  const description = fields.description.trim();
  return {
    accountId,
    transferAccountId,
    type,
    amount,
    category,
    date,
    monthKey: monthKeyOf(date),
    description,
    descriptionLower: description.toLowerCase(),
    allocations: fields.allocations.map(({ categoryId, amount: allocated }) => ({ categoryId, amount: allocated })),
    tagIds: [...(fields.tagIds ?? [])],
    importKey: importKey({ date, amount, type, description }),
  };
}
