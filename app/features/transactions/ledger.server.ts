import mongoose, { Types } from "mongoose";
import { MonthSummary, ReportingRecount, Transaction, type ReportingRecountRecord, type TransactionRecord } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { ensureCategoryExists, getCategories } from "~/features/categories/categories.server";
import { isTransferCategory } from "~/features/categories/categories";
import {
  asTransferSide,
  bankEntryProblems,
  booksIncomeCategory,
  changesStatementLine,
  entryProblems,
  fieldsAfterBankChange,
  fieldProblems,
  fieldsAfterEdit,
  fieldsOfEntry,
  peerFieldsAfterEdit,
  repeatedIds,
  scheduleMarkProblems,
  storedFields,
  tagsAfterTagging,
  transferPairProblem,
  transferPeerFields,
  uncategorized,
  type LedgerBatch,
  type LedgerEdit,
  type LedgerEntry,
  type LedgerFields,
  type LedgerIssue,
  type LedgerSubmission,
  type ScheduleMark,
} from "./ledger";
import { submittedId } from "~/utils/submission.server";
import { unknownTagIds } from "~/features/tags/tags.server";
import { isObjectIdText } from "~/lib/object-id";
import { inBulkWriteSlices, toObjectId } from "~/integrations/database.server";
import { declareMonths, withLedgerLock } from "./ledger-journal.server";
import { recountMonthSummaries } from "./month-recount.server";
import { listMonthSummaries, updateMonthSummaries } from "./month-summary.server";
import { isIsoDate, monthKeyOf } from "~/lib/month";
import { reportedOf, type Reporting } from "./reporting";
import { reportingFor } from "./reporting.server";
import type { ReportingRecountProgress } from "./transactions";

/**
 * What became of one id a batch deleted or restored: `done` when this batch
 * changed it, `unchanged` when it was the user's and already so.
 */
type LedgerIdOutcome = { id: string; status: "done" | "unchanged" | "not-found" | "other-user" } | { id: string; status: "failed"; error: string };

/**
 * What undoing an import did: how many of its transactions it removed, and those it kept because they were
 * edited since (not read when the batch undid a slice of it).
 */
type UndoneImport = { removed: number; kept: TransactionRecord[] };

/** The transactions of an import a batch removes (read before the first write), and those it keeps. */
type PlannedUndo = { importBatchId: Types.ObjectId; removable: TransactionRecord[]; kept: TransactionRecord[] } | null;

/** What a bank sync's batch did: the transactions it inserted, and how many it changed and removed. */
type BankWrites = { inserted: TransactionRecord[]; changed: number; removed: number };

type LedgerResult =
  | {
      ok: true;
      /** The batch's submission was written before (the same form sent again): nothing was written now, `added` is what the first wrote. */
      replayed: boolean;
      added: TransactionRecord[];
      updated: TransactionRecord[];
      deleted: LedgerIdOutcome[];
      restored: LedgerIdOutcome[];
      undone: UndoneImport | null;
      bank: BankWrites;
      /** How many transactions `cleared` marked. */
      cleared: number;
      /** How many transactions `retagged` changed. */
      retagged: number;
      /** How many schedule marks `scheduled` wrote. */
      scheduled: number;
    }
  | { ok: false; issues: LedgerIssue[] };

/** One document write: the transaction before it (null when inserted) and after it (null when removed). */
type LedgerChange = { before: TransactionRecord | null; after: TransactionRecord | null };

/** The writes of one batch; `everythingDeleted` when every live transaction of the user was deleted before `changes`. */
type LedgerWrites = { everythingDeleted: boolean; changes: LedgerChange[] };

/**
 * One stored transaction's new fields; `peerId` its transfer's other side
 * afterwards when that changes (null: a transfer no more), else undefined.
 */
type PlannedEdit = { _id: Types.ObjectId; before: LedgerFields; fields: LedgerFields; monthBefore: string; storedPeerId: Types.ObjectId | null; peerId?: Types.ObjectId | null };

/** A new transaction, and its transfer's other side when it is one: a row of the batch (by index) or a stored transaction. */
type NewRow = { entry: LedgerEntry; peer: number | Types.ObjectId | null; /** The other side the ledger made for a new transfer. */ mirror?: true };

/** What of a transfer's other side is read to keep it in step. */
type StoredSide = Pick<TransactionRecord, "_id" | "transferPeerId" | "monthKey" | "deleted" | "editedAt"> & LedgerFields;

/** Ids per write when an import is undone or transactions are cleared: a bounded `$in`. */
const WRITE_BATCH_SIZE = 1000;

/** What a transaction that is cleared no more stores. */
const UNCLEARED = { cleared: false, reconciliationId: null };

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

function entryIssues(entries: LedgerEntry[]): LedgerIssue[] {
  return entries.flatMap((entry, index) => entryProblems(entry).map((problem) => ({ code: "invalid" as const, list: "added" as const, index, ...problem })));
}

function bankEntryIssues(entries: LedgerEntry[]): LedgerIssue[] {
  const issues: LedgerIssue[] = entries.flatMap((entry, index) =>
    bankEntryProblems(entry).map((problem) => ({ code: "invalid" as const, list: "bankUpserts" as const, index, ...problem })),
  );
  const seen = new Set<string>();
  for (const entry of entries) {
    if (typeof entry.bankTransactionId !== "string") continue;
    if (seen.has(entry.bankTransactionId)) issues.push({ code: "repeated", id: entry.bankTransactionId });
    seen.add(entry.bankTransactionId);
  }
  return issues;
}

/** The fields of a stored transaction the ledger reasons with: one of the layout before accounts is in the main account (the owner's id). */
function ledgerFieldsOf(stored: TransactionRecord, owner: Types.ObjectId) {
  return {
    ...stored,
    accountId: String(stored.accountId ?? owner),
    transferAccountId: stored.transferAccountId ? String(stored.transferAccountId) : null,
    rate: stored.reported?.rate ?? null,
  };
}

/** A transaction's fields as its document stores them, with its amount in the reporting currency. */
function documentFields(fields: LedgerFields, reporting: Reporting) {
  return {
    ...storedFields(fields),
    accountId: new Types.ObjectId(fields.accountId),
    transferAccountId: fields.transferAccountId ? new Types.ObjectId(fields.transferAccountId) : null,
    reported: reportedOf(fields, reporting),
  };
}

/**
 * New transfers between two accounts of different currencies that do not say what the other side moved
 * (`transferAmount`): one amount cannot be both sides. A side of a stored transfer keeps its own amount.
 */
function crossCurrencyTransfers(fields: LedgerFields[], reporting: Reporting): LedgerIssue[] {
  const currencyOf = (accountId: string) => reporting.currencyOfAccount.get(accountId) ?? reporting.currency;
  return fields
    .filter((field) => field.transferAccountId && field.transferAmount == null && currencyOf(field.accountId) !== currencyOf(field.transferAccountId))
    .map((field) => ({
      code: "currencies-differ" as const,
      accountIds: [field.accountId, field.transferAccountId as string] as [string, string],
      message: `a transfer from ${currencyOf(field.accountId)} to ${currencyOf(field.transferAccountId as string)} needs the amount of its other side`,
    }));
}

/** A transfer's other amount counts only between two currencies: within one, both sides move the same amount. */
function withinOneCurrency<Fields extends { accountId?: string; transferAccountId?: string | null; transferAmount?: number | null }>(fields: Fields, reporting: Reporting): Fields {
  const currencyOf = (accountId: string | undefined) => (accountId ? reporting.currencyOfAccount.get(accountId) : undefined) ?? reporting.currency;
  const crosses = Boolean(fields.transferAccountId) && currencyOf(fields.accountId) !== currencyOf(fields.transferAccountId ?? undefined);
  return crosses || fields.transferAmount == null ? fields : { ...fields, transferAmount: null };
}

/** A new transaction names its account, the main one (whose id is the owner's) unless it chose another. */
function inAccount(owner: Types.ObjectId) {
  return (entry: LedgerEntry): LedgerEntry => ({ ...entry, accountId: entry.accountId ?? String(owner) });
}

/** The accounts the batch writes into that are not the user's: each refused as not found. */
function unknownAccounts(userId: string, fields: LedgerFields[], reporting: Reporting): LedgerIssue[] {
  const named = new Set(fields.flatMap((field) => [field.accountId, field.transferAccountId ?? []].flat()).filter((accountId) => accountId !== mainAccountId(userId)));
  return [...named].filter((accountId) => !reporting.currencyOfAccount.has(accountId)).map((accountId) => ({ code: "not-found" as const, id: accountId }));
}

/**
 * The user's transaction of `id`, read by _id alone and its owner checked here: with userId beside it,
 * PostgreSQL under FerretDB intersects the _id index with every one of the user's entries (11 ms a read at
 * 100k transactions, not 1.6).
 */
async function readOwn(owner: Types.ObjectId, id: string) {
  const _id = toObjectId(id);
  const found = _id ? await Transaction.findOne({ _id }).lean() : null;
  return found?.userId.equals(owner) ? found : null;
}

/** Reads the user's transactions the edits name and checks each one as it would be after its edit. */
async function planEdits(owner: Types.ObjectId, edits: LedgerEdit[], issues: LedgerIssue[]) {
  const planned: PlannedEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const stored = await readOwn(owner, edit.id);
    if (!stored) {
      issues.push({ code: "not-found", id: edit.id });
      continue;
    }
    const _id = stored._id;
    const before = ledgerFieldsOf(stored, owner);
    const fields = fieldsAfterEdit(before, edit);
    issues.push(...fieldProblems(fields).map((problem) => ({ code: "invalid" as const, list: "updated" as const, index, ...problem })));
    const peerId = isTransferCategory(fields.category) ? {} : { peerId: null };
    planned.push({ _id, before, fields, monthBefore: stored.monthKey, storedPeerId: stored.transferPeerId ?? null, ...peerId });
  }
  return planned;
}

/**
 * Edits that put tags on and take tags off the named transactions, each side of a transfer on its own (a
 * bulk action may name both). Refused when one would carry too many.
 */
async function planTagging(owner: Types.ObjectId, tagged: LedgerBatch["tagged"], issues: LedgerIssue[]) {
  if (!tagged) return [];
  const planned: PlannedEdit[] = [];
  for (const [index, id] of [...new Set(tagged.ids)].entries()) {
    const stored = await readOwn(owner, id);
    if (!stored) {
      issues.push({ code: "not-found", id });
      continue;
    }
    const before = ledgerFieldsOf(stored, owner);
    const fields = { ...before, tagIds: tagsAfterTagging(before.tagIds, tagged.add, tagged.remove) };
    issues.push(...fieldProblems(fields).map((problem) => ({ code: "invalid" as const, list: "tagged" as const, index, ...problem })));
    planned.push({ _id: stored._id, before, fields, monthBefore: stored.monthKey, storedPeerId: stored.transferPeerId ?? null });
  }
  return planned;
}

/** The user's stored transactions of `ids` as the transfer rules read them, by id. */
async function readSides(owner: Types.ObjectId, ids: Types.ObjectId[]) {
  if (ids.length === 0) return new Map<string, StoredSide>();
  const stored = await Transaction.find({ userId: owner, _id: mongoose.trusted({ $in: ids }) }).lean();
  return new Map(stored.map((transaction) => [String(transaction._id), { ...ledgerFieldsOf(transaction, owner), _id: transaction._id, transferPeerId: transaction.transferPeerId, monthKey: transaction.monthKey, deleted: transaction.deleted, editedAt: transaction.editedAt }]));
}

/** A transfer's other side made an income or expense without a category again. */
function unlinkedSide(side: StoredSide): PlannedEdit {
  return { _id: side._id, before: side, fields: uncategorized(side), monthBefore: side.monthKey, storedPeerId: side.transferPeerId ?? null, peerId: null };
}

/**
 * What the edits do to the other sides of transfers: a side that stays a
 * transfer carries its change over to the other; a side that is one no more
 * leaves the other uncategorized; an income or expense that becomes a
 * transfer gets its other side as a new transaction. Both sides of one
 * transfer edited in one batch is refused (which one would win?).
 */
async function planTransferSides(owner: Types.ObjectId, edits: PlannedEdit[], issues: LedgerIssue[]) {
  const edited = new Set(edits.map((edit) => String(edit._id)));
  const peers = await readSides(owner, edits.flatMap((edit) => edit.storedPeerId ?? []));
  const peerEdits: PlannedEdit[] = [];
  const newPeers: NewRow[] = [];
  for (const edit of edits) {
    const peer = edit.storedPeerId ? peers.get(String(edit.storedPeerId)) : undefined;
    if (peer && edited.has(String(peer._id))) {
      issues.push({ code: "repeated", id: String(peer._id) });
      continue;
    }
    const staysTransfer = isTransferCategory(edit.fields.category);
    if (peer && staysTransfer) {
      peerEdits.push({ _id: peer._id, before: peer, fields: peerFieldsAfterEdit(peer, edit.before, edit.fields), monthBefore: peer.monthKey, storedPeerId: edit._id });
    }
    else if (peer) peerEdits.push(unlinkedSide(peer));
    else if (staysTransfer) newPeers.push({ entry: { ...transferPeerFields(edit.fields), source: "manual" }, peer: edit._id });
  }
  return { peerEdits, newPeers };
}

/** Edits that make each named pair of stored transactions the two sides of a transfer. */
async function planLinks(owner: Types.ObjectId, pairs: Array<[string, string]>, issues: LedgerIssue[]) {
  const sides = await readSides(owner, pairs.flat().flatMap((id) => toObjectId(id) ?? []));
  const planned: PlannedEdit[] = [];
  for (const ids of pairs) {
    const [first, second] = ids.map((id) => sides.get(String(toObjectId(id))));
    if (!first || !second) {
      issues.push(...ids.filter((id) => !sides.has(String(toObjectId(id)))).map((id) => ({ code: "not-found" as const, id })));
      continue;
    }
    const problem = transferPairProblem(first, second);
    if (problem) {
      issues.push({ code: "not-a-transfer-pair", ids, message: problem });
      continue;
    }
    for (const [side, other] of [[first, second], [second, first]]) {
      planned.push({ _id: side._id, before: side, fields: asTransferSide(side, other.accountId), monthBefore: side.monthKey, storedPeerId: null, peerId: other._id });
    }
  }
  return planned;
}

/** Edits that turn both sides of each named transfer into uncategorized transactions; a named transaction that is no transfer is left as it is. */
async function planUnlinks(owner: Types.ObjectId, ids: string[], issues: LedgerIssue[]) {
  const named = await readSides(owner, ids.flatMap((id) => toObjectId(id) ?? []));
  issues.push(...ids.filter((id) => !named.has(String(toObjectId(id)))).map((id) => ({ code: "not-found" as const, id })));
  const linked = [...named.values()].filter((side) => side.transferPeerId);
  const peers = await readSides(owner, linked.map((side) => side.transferPeerId as Types.ObjectId));
  const sides = new Map([...linked, ...peers.values()].map((side) => [String(side._id), side]));
  return [...sides.values()].map(unlinkedSide);
}

/** `ids` and the other sides of the transfers among them. */
async function withTransferPeers(owner: Types.ObjectId, ids: string[]) {
  const named = await readSides(owner, ids.flatMap((id) => toObjectId(id) ?? []));
  return [...new Set([...ids, ...[...named.values()].flatMap((side) => (side.transferPeerId ? [String(side.transferPeerId)] : []))])];
}

/** The user's live transactions `cleared` names, checked: another user's, a deleted one or no transaction at all is not found. */
async function planClearing(owner: Types.ObjectId, cleared: LedgerBatch["cleared"], issues: LedgerIssue[]) {
  if (!cleared) return null;
  if (!toObjectId(cleared.reconciliationId)) {
    issues.push({ code: "invalid", list: "cleared", field: "reconciliationId", message: "reconciliationId must be an id" });
  }
  const ids = [...new Set(cleared.ids)];
  const live = new Set<string>();
  for (let start = 0; start < ids.length; start += WRITE_BATCH_SIZE) {
    const slice = ids.slice(start, start + WRITE_BATCH_SIZE).flatMap((id) => toObjectId(id) ?? []);
    const found = await Transaction.find({ userId: owner, deleted: false, _id: mongoose.trusted({ $in: slice }) }).select({ _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
    for (const transaction of found) live.add(String(transaction._id));
  }
  issues.push(...ids.filter((id) => !live.has(String(toObjectId(id)))).map((id) => ({ code: "not-found" as const, id })));
  return { ids: [...live].map((id) => new Types.ObjectId(id)), reconciliationId: toObjectId(cleared.reconciliationId) };
}

/**
 * Marks the planned transactions cleared by their reconciliation. No month
 * total counts whether a transaction is cleared, so this writes nothing the
 * summaries follow and declares no month.
 */
async function markCleared(owner: Types.ObjectId, clearing: Awaited<ReturnType<typeof planClearing>>) {
  if (!clearing) return 0;
  let marked = 0;
  for (let start = 0; start < clearing.ids.length; start += WRITE_BATCH_SIZE) {
    const slice = clearing.ids.slice(start, start + WRITE_BATCH_SIZE);
    const result = await Transaction.updateMany({ userId: owner, deleted: false, _id: mongoose.trusted({ $in: slice }) }, { $set: { cleared: true, reconciliationId: clearing.reconciliationId } });
    marked += result.matchedCount;
  }
  return marked;
}

/** The schedule marks of a batch, checked: the user's transactions, and an id and a day together. */
async function planScheduleMarks(owner: Types.ObjectId, marks: LedgerBatch["scheduled"], issues: LedgerIssue[]) {
  if (!marks) return [];
  const planned: Array<{ _id: Types.ObjectId } & ScheduleMark> = [];
  for (const [index, mark] of marks.entries()) {
    const problems = scheduleMarkProblems(mark);
    issues.push(...problems.map((problem) => ({ code: "invalid" as const, list: "scheduled" as const, index, ...problem })));
    const stored = problems.length === 0 ? await readOwn(owner, mark.id) : null;
    if (problems.length === 0 && !stored) issues.push({ code: "not-found", id: mark.id });
    if (stored) planned.push({ _id: stored._id, scheduleId: mark.scheduleId, scheduleDate: mark.scheduleDate });
  }
  return planned;
}

/** Writes schedule marks, by _id alone (read as the user's, under their ledger): what the month summaries count does not change. */
async function writeScheduleMarks(marks: Array<{ _id: Types.ObjectId } & ScheduleMark>) {
  await inBulkWriteSlices(marks, (slice) => Transaction.bulkWrite(slice.map(({ _id, scheduleId, scheduleDate }) => ({ updateOne: { filter: { _id }, update: { $set: { scheduleId, scheduleDate } } } }))));
  return marks.length;
}

/** One transaction's tags after a merge or deletion of a tag. */
type PlannedRetag = { before: TransactionRecord; tagIds: string[] };

/**
 * The user's transactions that carry the tag `retagged.from`, each with `to` in its place (once) or without
 * it. Both tags must be the user's; nothing else of the transactions changes.
 */
async function planRetag(userId: string, owner: Types.ObjectId, retagged: LedgerBatch["retagged"], issues: LedgerIssue[]): Promise<PlannedRetag[]> {
  if (!retagged) return [];
  const { from, to } = retagged;
  if (!isObjectIdText(from)) issues.push({ code: "invalid", list: "retagged", field: "from", message: "from must be a tag id" });
  if (to !== null && (!isObjectIdText(to) || to === from)) issues.push({ code: "invalid", list: "retagged", field: "to", message: "to must be another tag id, or null" });
  if (issues.length > 0) return [];
  issues.push(...(await unknownTagIds(userId, to ? [from, to] : [from])).map((id) => ({ code: "not-found" as const, id })));
  const carrying = await Transaction.find({ userId: owner, tagIds: from }).lean();
  return carrying.map((before) => {
    const tagIds = before.tagIds.flatMap((id) => (id !== from ? [id] : to && !before.tagIds.includes(to) ? [to] : []));
    return { before, tagIds };
  });
}

/** Writes the planned tags, by _id alone (the transactions were read as the user's, under their ledger). */
async function writeRetag(retags: PlannedRetag[], writes: LedgerWrites) {
  await inBulkWriteSlices(retags, async (slice) => {
    await Transaction.bulkWrite(slice.map(({ before, tagIds }) => ({ updateOne: { filter: { _id: before._id }, update: { $set: { tagIds } } } })));
    writes.changes.push(...slice.map(({ before, tagIds }) => ({ before, after: { ...before, tagIds } })));
  });
  return retags.length;
}

/**
 * The tags the batch puts on transactions that did not carry them that are not the user's: each refused as
 * not found (a tag kept on an edited transaction was checked when it was put there).
 */
async function unknownNewTags(userId: string, entries: LedgerEntry[], edits: PlannedEdit[]): Promise<LedgerIssue[]> {
  const added = [...entries.flatMap((entry) => entry.tagIds ?? []), ...edits.flatMap((edit) => (edit.fields.tagIds ?? []).filter((id) => !(edit.before.tagIds ?? []).includes(id)))];
  if (added.length === 0) return [];
  return (await unknownTagIds(userId, added)).map((id) => ({ code: "not-found" as const, id }));
}

/** Creates the income categories the transactions book that the user's map lacks (imports name existing ones). */
async function ensureIncomeCategories(userId: string, written: LedgerFields[]) {
  const wanted = new Set(written.filter(booksIncomeCategory).map((fields) => fields.category));
  if (wanted.size === 0) return;
  const existing = new Set((await getCategories(userId)).map((category) => category.id));
  for (const id of wanted) {
    if (!existing.has(id)) await ensureCategoryExists(userId, { id, name: id.replace(/-/g, " "), type: "income" });
  }
}

/** The ids of a batch's new transactions: derived from its submission when it has one, else new. */
function newIds(owner: Types.ObjectId, count: number, submission: LedgerSubmission | undefined) {
  const purpose = submission?.scope ? `transaction:${submission.scope}` : "transaction";
  return Array.from({ length: count }, (_, index) => new Types.ObjectId(submission ? submittedId(owner.toString(), submission.key, purpose, index) : undefined));
}

/** Those of `transactions` with an id of `ids`, in the order of `ids`. */
function inIdOrder(ids: Types.ObjectId[], transactions: TransactionRecord[]) {
  const byId = new Map(transactions.map((transaction) => [String(transaction._id), transaction]));
  return ids.flatMap((id) => byId.get(String(id)) ?? []);
}

/** The transactions of `ids` already stored (a submission sent before), in the order of `ids`. */
async function storedWithIds(owner: Types.ObjectId, ids: Types.ObjectId[]) {
  return inIdOrder(ids, await Transaction.find({ userId: owner, _id: mongoose.trusted({ $in: ids }) }).lean());
}

/** The transactions a batch of `submission` with `count` new ones stored (all of them when it was written before). */
export function submittedTransactions(userId: string, submission: LedgerSubmission, count: number) {
  const owner = new Types.ObjectId(userId);
  return storedWithIds(owner, newIds(owner, count, submission));
}

/**
 * Inserts the batch's new transactions, all or none: when the insert stops
 * part-way, what it wrote is removed again before the error is passed on.
 * Those of `ids` already stored are not inserted again.
 */
/**
 * A new transaction as a hydrated insert would store it (the schema's defaults, timestamps, version key),
 * made without hydrating a mongoose document: an import inserts 20,000 at once. The ledger checked its
 * fields before (entryIssues), so nothing is left for the schema's validators.
 */
function asStoredDocument(document: Record<string, unknown>) {
  return { ...Transaction.applyTimestamps(Transaction.applyDefaults(document)), __v: 0 };
}

async function insertEntries(owner: Types.ObjectId, rows: NewRow[], ids: Types.ObjectId[], writes: LedgerWrites, reporting: Reporting, stored: TransactionRecord[] = []) {
  const storedIds = new Set(stored.map((transaction) => String(transaction._id)));
  const fresh = rows.flatMap(({ entry, peer }, index) => (storedIds.has(String(ids[index])) ? [] : [{ entry, _id: ids[index], peer }]));
  if (fresh.length === 0) return [];
  const documents = fresh.map(({ entry, _id, peer }) => ({
    _id,
    userId: owner,
    ...documentFields(fieldsOfEntry(entry), reporting),
    ...(entry.importKey && { importKey: entry.importKey }),
    transferPeerId: peer === null ? null : typeof peer === "number" ? ids[peer] : peer,
    deleted: false,
    source: entry.source,
    bankName: entry.bankName ?? null,
    importBatchId: entry.importBatchId ? new Types.ObjectId(entry.importBatchId) : null,
    bankTransactionId: entry.bankTransactionId ?? null,
    bankAccountId: entry.bankAccountId ?? null,
    pending: entry.pending ?? false,
    fileAmount: entry.fileAmount ?? null,
    scheduleId: entry.scheduleId ?? null,
    scheduleDate: entry.scheduleDate ?? null,
  }));
  try {
    const inserted = (await Transaction.insertMany(documents.map(asStoredDocument), { lean: true })) as unknown as TransactionRecord[];
    writes.changes.push(...inserted.map((after) => ({ before: null, after })));
    return inserted;
  } catch (error) {
    await Transaction.deleteMany({ userId: owner, _id: mongoose.trusted({ $in: documents.map((document) => document._id) }) });
    throw error;
  }
}

async function writeEdits(edits: PlannedEdit[], writes: LedgerWrites, reporting: Reporting) {
  const updated: TransactionRecord[] = [];
  for (const { _id, before: planned, fields, peerId } of edits) {
    const set = {
      ...documentFields(fields, reporting),
      editedAt: new Date(),
      ...(changesStatementLine(planned, fields) ? UNCLEARED : {}),
      ...(peerId === undefined ? {} : { transferPeerId: peerId }),
      // An amount typed or moved to another account is no longer the one converted from the file.
      ...(fields.amount !== planned.amount || fields.accountId !== planned.accountId ? { fileAmount: null } : {}),
    };
    // The document as this write found it is what leaves the summaries, even if it changed since it was read.
    // By _id alone: planEdits found it the user's, under their ledger.
    const before = await Transaction.findOneAndUpdate({ _id }, { $set: set }, { returnDocument: "before" }).lean();
    if (!before) continue;
    const after = { ...before, ...set };
    writes.changes.push({ before, after });
    updated.push(after);
  }
  return updated;
}

/**
 * Sets `deleted` on each of the user's transactions named; one write per id
 * that matches only when it changes something, so repeating a delete or a
 * restore never counts twice. Another user's transaction is never written.
 */
async function setDeleted(owner: Types.ObjectId, ids: string[], deleted: boolean, writes: LedgerWrites) {
  const outcomes: LedgerIdOutcome[] = [];
  for (const id of new Set(ids)) {
    const _id = toObjectId(id);
    if (!_id) {
      outcomes.push({ id, status: "not-found" });
      continue;
    }
    try {
      const before = await Transaction.findOneAndUpdate({ _id, userId: owner, deleted: !deleted }, { $set: { deleted } }, { returnDocument: "before" }).lean();
      if (before) {
        writes.changes.push({ before, after: { ...before, deleted } });
        outcomes.push({ id, status: "done" });
        continue;
      }
      // One _id lookup: the only lookup FerretDB answers without a scan.
      const stored = await Transaction.findById(_id).select({ userId: 1 }).lean<Pick<TransactionRecord, "userId">>();
      outcomes.push({ id, status: !stored ? "not-found" : stored.userId.equals(owner) ? "unchanged" : "other-user" });
    } catch (error) {
      outcomes.push({ id, status: "failed", error: messageOf(error) });
    }
  }
  return outcomes;
}

/** Soft-deletes every live transaction of the user in one write; whatever the batch wrote before is deleted with them. */
async function deleteEverything(owner: Types.ObjectId, writes: LedgerWrites): Promise<LedgerIdOutcome[]> {
  await Transaction.updateMany({ userId: owner, deleted: false }, { $set: { deleted: true } });
  writes.everythingDeleted = true;
  writes.changes = [];
  return [];
}

/**
 * The transactions of the import `undoImport` names that the batch removes: those not edited since (a soft
 * delete is no edit: those go too), at most `undoImportLimit` of them, the first by id; and, when it undoes the
 * whole import, the ones it keeps.
 */
async function planUndo(owner: Types.ObjectId, { undoImport, undoImportLimit }: LedgerBatch): Promise<PlannedUndo> {
  const importBatchId = undoImport === undefined ? null : toObjectId(undoImport);
  if (!importBatchId) return null;
  if (undoImportLimit !== undefined) {
    // A transaction stored without the field (before edits were dated) is kept, as below.
    const removable = await Transaction.find({ userId: owner, importBatchId, editedAt: mongoose.trusted({ $type: "null" }) }).sort({ _id: 1 }).limit(undoImportLimit).lean();
    return { importBatchId, removable, kept: [] };
  }
  const written = await Transaction.find({ userId: owner, importBatchId }).lean();
  return { importBatchId, removable: written.filter((transaction) => transaction.editedAt === null), kept: written.filter((transaction) => transaction.editedAt !== null) };
}

/** Removes the planned transactions of an import, and names the ones it keeps. */
async function removeImport(owner: Types.ObjectId, undo: PlannedUndo, writes: LedgerWrites): Promise<UndoneImport> {
  if (!undo) return { removed: 0, kept: [] };
  const { importBatchId, removable, kept } = undo;
  for (let start = 0; start < removable.length; start += WRITE_BATCH_SIZE) {
    const slice = removable.slice(start, start + WRITE_BATCH_SIZE);
    await Transaction.deleteMany({ userId: owner, importBatchId, _id: mongoose.trusted({ $in: slice.map((transaction) => transaction._id) }) });
    writes.changes.push(...slice.map((before) => ({ before, after: null })));
  }
  return { removed: removable.length, kept };
}

/** A linked bank's transaction by the bank's id (the sync's upsert key). */
function findBankTransaction(owner: Types.ObjectId, bankTransactionId: string) {
  return Transaction.findOne({ userId: owner, bankTransactionId, source: "plaid" }).lean();
}

/**
 * The stored transaction a bank transaction is: the one with its id; else,
 * for a posted transaction, the pending one it replaces (so the user's
 * category carries over); else one kept from a disconnected bank with the
 * same date, amount, type and description (linking the bank again imports nothing twice).
 */
async function storedBankTransaction(owner: Types.ObjectId, entry: LedgerEntry & { bankTransactionId: string }) {
  const byId = await findBankTransaction(owner, entry.bankTransactionId);
  if (byId) return byId;
  const replaced = entry.replacesBankTransactionId ? await findBankTransaction(owner, entry.replacesBankTransactionId) : null;
  if (replaced) return replaced;
  const { importKey } = storedFields(fieldsOfEntry(entry));
  return Transaction.findOne({ userId: owner, importKey, source: "plaid", bankTransactionId: null }).lean();
}

/** The other side of `side`'s transfer (if it was one) made an income or expense without a category again: `side` was removed or changed by its bank. */
async function unlinkStoredPeer(owner: Types.ObjectId, side: TransactionRecord, writes: LedgerWrites) {
  if (!side.transferPeerId) return;
  const set = { category: "", allocations: [], transferAccountId: null, transferPeerId: null };
  const before = await Transaction.findOneAndUpdate({ _id: side.transferPeerId, userId: owner, transferPeerId: side._id }, { $set: set }, { returnDocument: "before" }).lean();
  if (before) writes.changes.push({ before, after: { ...before, ...set } });
}

/** Writes a bank's transactions: each one once, changing the stored one when the bank already sent it. */
async function upsertBankEntries(owner: Types.ObjectId, entries: LedgerEntry[], writes: LedgerWrites, reporting: Reporting): Promise<BankWrites> {
  const fresh: LedgerEntry[] = [];
  let changed = 0;
  for (const entry of entries) {
    const bankTransactionId = entry.bankTransactionId as string;
    const stored = await storedBankTransaction(owner, { ...entry, bankTransactionId });
    if (!stored) {
      fresh.push(entry);
      continue;
    }
    const storedLedgerFields = ledgerFieldsOf(stored, owner);
    const fields = fieldsAfterBankChange(storedLedgerFields, entry);
    const leavesTransfer = Boolean(stored.transferPeerId) && !isTransferCategory(fields.category);
    const set = {
      ...documentFields(fields, reporting),
      ...(changesStatementLine(storedLedgerFields, fields) ? UNCLEARED : {}),
      bankName: entry.bankName ?? stored.bankName,
      bankTransactionId,
      bankAccountId: entry.bankAccountId ?? stored.bankAccountId,
      pending: entry.pending ?? false,
      ...(leavesTransfer ? { transferPeerId: null } : {}),
    };
    const unchanged = (Object.keys(set) as Array<keyof typeof set>).every((key) => JSON.stringify(set[key]) === JSON.stringify(stored[key]));
    if (unchanged) continue;
    const before = await Transaction.findOneAndUpdate({ _id: stored._id, userId: owner }, { $set: set }, { returnDocument: "before" }).lean();
    if (!before) continue;
    writes.changes.push({ before, after: { ...before, ...set } });
    if (leavesTransfer) await unlinkStoredPeer(owner, before, writes);
    changed += 1;
  }
  const inserted = await insertEntries(owner, fresh.map((entry) => ({ entry, peer: null })), newIds(owner, fresh.length, undefined), writes, reporting);
  return { inserted, changed, removed: 0 };
}

/** Removes the transactions a bank dropped (a pending charge that never posted, a reversed entry). */
async function removeBankTransactions(owner: Types.ObjectId, bankTransactionIds: string[], writes: LedgerWrites) {
  let removed = 0;
  for (const bankTransactionId of new Set(bankTransactionIds)) {
    const before = await Transaction.findOneAndDelete({ userId: owner, bankTransactionId, source: "plaid" }).lean();
    if (!before) continue;
    writes.changes.push({ before, after: null });
    await unlinkStoredPeer(owner, before, writes);
    removed += 1;
  }
  return removed;
}

/**
 * A disconnected bank's transactions stay as they are, but no longer answer
 * to the bank's ids: they are no longer pending, and a new link of the same
 * bank finds them by their fields instead of importing them again.
 */
async function detachBankAccounts(owner: Types.ObjectId, bankAccountIds: string[]) {
  for (const bankAccountId of new Set(bankAccountIds)) {
    await Transaction.updateMany({ userId: owner, bankAccountId, source: "plaid" }, { $set: { bankTransactionId: null, pending: false } });
  }
}

/** The months of the user's transactions that `filter` picks. */
async function monthsOf(owner: Types.ObjectId, filter: Record<string, unknown>) {
  return (await Transaction.find({ userId: owner, ...filter }).select({ monthKey: 1 }).lean<Array<{ monthKey: string }>>()).map((transaction) => transaction.monthKey);
}

function idsFilter(ids: string[]) {
  return { _id: mongoose.trusted({ $in: ids.flatMap((id) => toObjectId(id) ?? []) }) };
}

/**
 * Every month whose transactions the batch may write ("all" for a reset):
 * those of its new rows and edits (before and after), and of the stored
 * transactions it deletes, restores, undoes, or that a bank's rows may
 * change or remove. Read before the first write, so the journal can say what
 * a crash leaves to recount.
 */
async function monthsTouched(owner: Types.ObjectId, batch: Omit<LedgerBatch, "added"> & { added: LedgerEntry[] }, edits: PlannedEdit[], undo: PlannedUndo): Promise<string[] | "all"> {
  if (batch.deleted === "all") return "all";
  const months = [...batch.added, ...(batch.bankUpserts ?? [])].map((entry) => monthKeyOf(entry.date));
  months.push(...edits.flatMap((edit) => [edit.monthBefore, monthKeyOf(edit.fields.date)]));
  const named = [...(batch.deleted ?? []), ...(batch.restored ?? [])];
  if (named.length > 0) months.push(...(await monthsOf(owner, idsFilter(named))));
  months.push(...(undo?.removable.map((transaction) => transaction.monthKey) ?? []));
  const bankEntries = batch.bankUpserts ?? [];
  const bankIds = [...bankEntries.flatMap((entry) => [entry.bankTransactionId, entry.replacesBankTransactionId]), ...(batch.bankRemovals ?? [])].filter((id): id is string => typeof id === "string");
  if (bankIds.length > 0) {
    const importKeys = bankEntries.map((entry) => storedFields(fieldsOfEntry(entry)).importKey);
    const touched = await Transaction.find({
      userId: owner,
      source: "plaid",
      $or: [{ bankTransactionId: mongoose.trusted({ $in: bankIds }) }, { bankTransactionId: null, importKey: mongoose.trusted({ $in: importKeys }) }],
    })
      .select({ monthKey: 1, transferPeerId: 1 })
      .lean<Array<Pick<TransactionRecord, "monthKey" | "transferPeerId">>>();
    months.push(...touched.map((transaction) => transaction.monthKey));
    const peers = touched.flatMap((transaction) => transaction.transferPeerId ?? []);
    if (peers.length > 0) months.push(...(await monthsOf(owner, { _id: mongoose.trusted({ $in: peers }) })));
  }
  return [...new Set(months)];
}

/**
 * The one place where what is kept from the transactions follows their
 * writes, from the documents as they were before and after each write: the
 * month summaries. When every transaction was deleted at once, they are
 * counted again (nothing live, all counted as deleted). A crash before this
 * ends leaves the user's journal open, and the summaries are recounted.
 */
async function keepAggregatesInStep(userId: string, writes: LedgerWrites) {
  if (writes.everythingDeleted) {
    // Read after every write of the batch, the recount already holds the writes that followed the deletion.
    await recountMonthSummaries(userId);
    return;
  }
  await updateMonthSummaries(userId, writes.changes.flatMap((change) => (change.before ? [change.before] : [])), -1);
  await updateMonthSummaries(userId, writes.changes.flatMap((change) => (change.after ? [change.after] : [])), 1);
}

/**
 * The only writer of the user's transactions. Checks the whole batch first
 * (new and edited transactions as they would be stored, edited and cleared
 * ids the user's, no id named twice) and refuses it with the issues found, writing
 * nothing. Then adds, edits, clears, deletes and restores, in that order, and brings
 * the aggregates in step with what was written, also when a write fails
 * part-way (FerretDB has no multi-document transactions). New transactions
 * are written all or none. Then an import named by `undoImport` is undone.
 * Last come a linked bank's writes: its transactions upserted by the bank's
 * id, those it dropped removed, a disconnected bank's accounts detached.
 *
 * Deleting or restoring an id that is not the user's is no error: its
 * outcome says so. Income categories the transactions book are created.
 *
 * The whole batch holds the user's ledger (withLedgerLock): one batch of a
 * user at a time, and one cut off by a crash is recounted by the next. A
 * batch whose `submission` was written before writes nothing and answers
 * with what the first wrote (`replayed`).
 */
export function applyLedgerBatch(userId: string, batch: LedgerBatch): Promise<LedgerResult> {
  // The months of its new transactions are known before it reads anything: declared with the hold (an add is then one journal write less).
  const newMonths = (batch.added ?? []).every((entry) => isIsoDate(entry.date)) ? [...new Set((batch.added ?? []).map((entry) => monthKeyOf(entry.date)))] : [];
  return withLedgerLock(userId, () => writeBatch(userId, batch), newMonths);
}

/** The batch's new transactions as rows to insert: each transfer followed by its other side. */
function newRows(entries: LedgerEntry[]): NewRow[] {
  const rows: NewRow[] = [];
  for (const entry of entries) {
    const row = rows.length;
    if (!isTransferCategory(entry.category)) rows.push({ entry, peer: null });
    else rows.push({ entry, peer: row + 1 }, { entry: { ...entry, ...transferPeerFields(fieldsOfEntry(entry)) }, peer: row, mirror: true });
  }
  return rows;
}

async function writeBatch(userId: string, batch: LedgerBatch): Promise<LedgerResult> {
  const owner = new Types.ObjectId(userId);
  let entries = (batch.added ?? []).map(inAccount(owner));
  const bankEntries = (batch.bankUpserts ?? []).map(inAccount(owner));
  const issues: LedgerIssue[] = [...entryIssues(entries), ...bankEntryIssues(bankEntries), ...repeatedIds(batch).map((id) => ({ code: "repeated" as const, id }))];
  const userEdits = await planEdits(owner, batch.updated ?? [], issues);
  const { peerEdits, newPeers } = await planTransferSides(owner, userEdits, issues);
  const edits = [
    ...userEdits,
    ...peerEdits,
    ...(await planLinks(owner, batch.linkedTransfers ?? [], issues)),
    ...(await planUnlinks(owner, batch.unlinkedTransfers ?? [], issues)),
    ...(await planTagging(owner, batch.tagged, issues)),
  ];
  const clearing = await planClearing(owner, batch.cleared, issues);
  const retags = await planRetag(userId, owner, batch.retagged, issues);
  const scheduleMarks = await planScheduleMarks(owner, batch.scheduled, issues);
  const written = [...entries, ...bankEntries].map(fieldsOfEntry).concat(edits.map((edit) => edit.fields));
  if (issues.length > 0) return { ok: false, issues };
  issues.push(...(await unknownNewTags(userId, [...entries, ...bankEntries], edits)));
  if (issues.length > 0) return { ok: false, issues };
  // One read of the user's accounts answers both which accounts are theirs and which currency each is in.
  const reporting = await reportingFor(userId, [...written, ...newPeers.map((row) => fieldsOfEntry(row.entry)), ...entries.filter((entry) => entry.transferAccountId).map((entry) => transferPeerFields(fieldsOfEntry(entry)))]);
  issues.push(...unknownAccounts(userId, written, reporting));
  if (issues.length > 0) return { ok: false, issues };
  const newTransfers = [...entries.map(fieldsOfEntry), ...edits.filter((edit) => edit.storedPeerId === null).map((edit) => edit.fields)];
  issues.push(...crossCurrencyTransfers(newTransfers, reporting));
  if (issues.length > 0) return { ok: false, issues };
  entries = entries.map((entry) => withinOneCurrency(entry, reporting));
  for (const edit of edits) edit.fields = withinOneCurrency(edit.fields, reporting);

  const rows = newRows(entries);
  const ids = newIds(owner, rows.length, batch.submission);
  const ownRows = (stored: TransactionRecord[]) => inIdOrder(ids.filter((_, index) => !rows[index].mirror), stored);
  const submitted = batch.submission ? await storedWithIds(owner, ids) : [];
  if (rows.length > 0 && submitted.length === rows.length) {
    return { ok: true, replayed: true, added: ownRows(submitted), updated: [], deleted: [], restored: [], undone: null, bank: { inserted: [], changed: 0, removed: 0 }, cleared: 0, retagged: 0, scheduled: 0 };
  }
  const deletedIds = batch.deleted === "all" ? "all" : await withTransferPeers(owner, batch.deleted ?? []);
  const restoredIds = await withTransferPeers(owner, batch.restored ?? []);
  const peerRowIds = newIds(owner, newPeers.length, undefined);
  await ensureIncomeCategories(userId, [...entries.map(fieldsOfEntry), ...edits.map((edit) => edit.fields)]);
  const undo = await planUndo(owner, batch);
  const touched = await monthsTouched(owner, { ...batch, added: [...rows, ...newPeers].map((row) => row.entry), deleted: deletedIds, restored: restoredIds }, edits, undo);
  await declareMonths(userId, touched === "all" ? "all" : [...new Set([...touched, ...retags.map((retag) => retag.before.monthKey)])]);
  const writes: LedgerWrites = { everythingDeleted: false, changes: [] };
  try {
    const added = ownRows([...submitted, ...(await insertEntries(owner, rows, ids, writes, reporting, submitted))]);
    await insertEntries(owner, newPeers, peerRowIds, writes, reporting);
    const peerIds = new Map(newPeers.map((row, index) => [String(row.peer), peerRowIds[index]]));
    const updated = await writeEdits(edits.map((edit) => (peerIds.has(String(edit._id)) ? { ...edit, peerId: peerIds.get(String(edit._id)) } : edit)), writes, reporting);
    const cleared = await markCleared(owner, clearing);
    const deleted = deletedIds === "all" ? await deleteEverything(owner, writes) : await setDeleted(owner, deletedIds, true, writes);
    const restored = await setDeleted(owner, restoredIds, false, writes);
    const undone = batch.undoImport === undefined ? null : await removeImport(owner, undo, writes);
    const bank = await upsertBankEntries(owner, bankEntries, writes, reporting);
    bank.removed = await removeBankTransactions(owner, batch.bankRemovals ?? [], writes);
    await detachBankAccounts(owner, batch.detachedBankAccounts ?? []);
    const retagged = await writeRetag(retags, writes);
    const scheduled = await writeScheduleMarks(scheduleMarks);
    return { ok: true, replayed: false, added, updated: updated.slice(0, userEdits.length), deleted, restored, undone, bank, cleared, retagged, scheduled };
  } finally {
    await keepAggregatesInStep(userId, writes);
  }
}

/**
 * Converts the user's transactions of one month (those `also` matches too, when given) afresh into their
 * reporting currency, as one batch of the ledger: a rate they typed for the currency reported before no
 * longer applies; the month summaries follow each change. Read by equality on the month, which the
 * database answers from an index (a list of ids would make FerretDB read every transaction of the user).
 * Resolves to how many changed.
 */
function reportMonthAgain(userId: string, monthKey: string, also: Record<string, unknown> = {}) {
  return withLedgerLock(userId, async () => {
    const owner = new Types.ObjectId(userId);
    const stored = await Transaction.find({ userId: owner, monthKey, ...also }).lean();
    const sources = stored.map((transaction) => ({ amount: transaction.amount, date: transaction.date, accountId: String(transaction.accountId ?? owner) }));
    const reporting = await reportingFor(userId, sources);
    const changes: LedgerChange[] = stored.flatMap((before, index) => {
      const typed = before.reported?.currency === reporting.currency ? before.reported.rate : null;
      const reported = reportedOf({ ...sources[index], rate: typed }, reporting);
      return JSON.stringify(reported) === JSON.stringify(before.reported ?? null) ? [] : [{ before, after: { ...before, reported } }];
    });
    if (changes.length === 0) return 0;
    await declareMonths(userId, [monthKey]);
    const writes: LedgerWrites = { everythingDeleted: false, changes: [] };
    try {
      // By _id alone: the rows are the user's, read above under their ledger. With userId beside it, PostgreSQL
      // under FerretDB intersects the _id index with every one of the user's entries (25 ms a row at 100k, not 4).
      for (const slice of await inBulkWriteSlices(changes, async (slice) => {
        await Transaction.bulkWrite(slice.map(({ before, after }) => ({ updateOne: { filter: { _id: before?._id }, update: { $set: { reported: after?.reported ?? null } } } })));
        return slice;
      })) writes.changes.push(...slice);
    } finally {
      await keepAggregatesInStep(userId, writes);
    }
    return changes.length;
  });
}

/** Records that the user's totals are to be counted again in `currency` (their new reporting currency): the job then does it. */
export async function startReportingRecount(userId: string, currency: string) {
  await ReportingRecount.updateOne({ _id: userId }, { $set: { currency, done: 0, total: 0, startedAt: new Date(), finishedAt: null } }, { upsert: true });
}

/** How far the recount of the user's totals in their new reporting currency has come; null when none is under way. */
export async function reportingRecountProgress(userId: string): Promise<ReportingRecountProgress | null> {
  const recount = await ReportingRecount.findById(userId).lean<ReportingRecountRecord>();
  if (!recount || recount.finishedAt) return null;
  return { currency: recount.currency, done: recount.done ?? 0, total: recount.total ?? 0 };
}

/**
 * Counts the user's totals again in the reporting currency the last `startReportingRecount` named: every
 * transaction converted afresh, a month at a time from the newest (each its own ledger batch, so the user's
 * own writes go on meanwhile), the progress stored after each month in transactions as the month summaries
 * count them. Stops early when the currency changed again (a newer recount follows). Run again after a
 * crash, it writes only what is left.
 */
export async function recountInReportingCurrency(userId: string) {
  const recount = await ReportingRecount.findById(userId).lean<ReportingRecountRecord>();
  if (!recount || recount.finishedAt) return;
  const months = (await listMonthSummaries(userId)).sort((a, b) => b.monthKey.localeCompare(a.monthKey));
  const counted = (month: (typeof months)[number]) => (month.count ?? 0) + (month.deletedCount ?? 0);
  const current = { _id: userId, currency: recount.currency, startedAt: recount.startedAt };
  await ReportingRecount.updateOne(current, { $set: { total: months.reduce((sum, month) => sum + counted(month), 0) } });
  let done = 0;
  for (const month of months) {
    await reportMonthAgain(userId, month.monthKey);
    done += counted(month);
    const progressed = await ReportingRecount.updateOne(current, { $set: { done } });
    if (progressed.matchedCount === 0) return;
  }
  await ReportingRecount.updateOne(current, { $set: { finishedAt: new Date() } });
}

/**
 * Converts the transactions that waited for a rate, now that new rates are stored: the months whose
 * summaries count some unconverted are read, one by one. Resolves to how many transactions it converted.
 */
export async function convertWaitingAmounts() {
  const waiting = await MonthSummary.find({ unconvertedCount: mongoose.trusted({ $gt: 0 }) }).select({ userId: 1, monthKey: 1 }).lean<Array<{ userId: Types.ObjectId; monthKey: string }>>();
  let converted = 0;
  for (const { userId, monthKey } of waiting) {
    converted += await reportMonthAgain(String(userId), monthKey, { "reported.currency": mongoose.trusted({ $exists: true }), "reported.amount": null });
  }
  return converted;
}
