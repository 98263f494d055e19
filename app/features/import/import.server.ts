import { reportingCurrencyOf } from "~/features/auth/user.server";
import { createHash } from "node:crypto";
import mongoose, { Types } from "mongoose";
import { ImportBatch, ImportDraft, ImportMapping, Transaction, type ImportBatchRecord, type ImportMappingRecord, type TransactionRecord } from "../../../models";
import { isUncategorized, type Category } from "~/features/categories/categories";
import { categoryNote, categoryOfText, type CategoryOfText } from "./category-match";
import { getCategories } from "~/features/categories/categories.server";
import { importKey } from "~/features/transactions/import-key";
import type { LedgerEntry } from "~/features/transactions/ledger";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { toObjectId } from "~/integrations/database.server";
import { transferLabel, type TransactionType } from "~/features/transactions/transactions";
import { tagNameMap } from "~/features/tags/tag-names";
import { listTags } from "~/features/tags/tags.server";
import { findColumns, headerSignature, mappingFromIndices } from "./columns";
import type { Encoding } from "./readers/encodings";
import { findDuplicates, type DuplicateOf } from "./duplicates";
import { IMPORT_MESSAGES } from "./messages";
import type { ImportPreview, ImportTransferProposal, PreviewRow, PreviewRowStatus } from "./preview";
import { isImportable, readTable, SIGN_RULES, totalsOf, type ReadingChoices, type ReadRow, type SignRule } from "./reading";
import { readBankFile } from "./readers/source.server";
import { recentlyRead } from "./recent-readings.server";
import { COLUMN_ROLES, DATE_ORDERS, DECIMAL_MARKS, statementOf, type ColumnMapping, type ColumnRole, type DateOrder, type DecimalMark, type SourceTable } from "./readers/source";
import { submittedId } from "~/utils/submission.server";
import { ACCOUNTS_MESSAGES } from "~/features/accounts/accounts";
import { accountCurrencyOf, findAccountOfFile, listAccountNames, mainAccountId, rememberAccountOfFile } from "~/features/accounts/accounts.server";
import { addAccountBesideMain, getAccountWithBalance } from "~/features/transactions/account-balances.server";
import { proposeTransferPairs } from "~/features/transactions/transfer-proposals";
import { listTransferCandidates, storedImportKeys } from "~/features/transactions/transactions.server";
import { parseAmount } from "./amounts";
import { balancesFromColumn, checkBalance, type StatedBalance } from "./balance-check";
import type { StatementBalance } from "./readers/source";
import { chooseAccount, NEW_ACCOUNT, suggestedAccountName, type ImportAccount } from "./account-choice";
import { leftOutGroups } from "./left-out";
import { fillByRules, type Ruled } from "~/features/rules/rules.server";
import { matchArrivals } from "~/features/recurring/arrivals";
import { schedulesForMatching } from "~/features/recurring/recurring.server";
import { convertRows, type ConvertedReading, type ConvertedRow } from "./conversion";
import { rateLookup } from "~/features/exchange-rates/exchange-rates.server";

/** An upload waits this long for its import. */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A user keeps at most this many uploads waiting; older ones are dropped. */
const DRAFTS_PER_USER = 5;
/** A batch still `writing` after this long was cut off (the app stopped mid-import) and is rolled back. */
const UNFINISHED_AFTER_MS = 10 * 60 * 1000;
/** Transactions per ledger batch of an undo. */
const UNDO_SLICE = 500;
/** An undo that stored no progress for this long was cut off (the app stopped) and is carried on. */
const STALLED_UNDO_MS = 10 * 60 * 1000;
const PREVIEW_ROWS = 50;
const LISTED_PROBLEMS = 100;
const LISTED_IMPORTS = 20;
const LISTED_TRANSFER_PROPOSALS = 10;
/** Stands for the account the file's rows go into while they are paired with stored transactions. */
const FILE_ACCOUNT = "file";

/** What the user chose on the preview; anything left out is decided by the file (or by what they confirmed for its shape before). */
export type ImportChoicesInput = {
  encoding?: Encoding;
  columns?: Partial<Record<ColumnRole, number | null>>;
  decimalMark?: DecimalMark;
  dateOrder?: DateOrder;
  sign?: SignRule;
  includePending?: boolean;
  /** The account the rows go into: one of the user's open accounts, or NEW_ACCOUNT. */
  account?: string;
  newAccountName?: string;
  /** The likely transfers ticked ("<row label>|<stored id>"): linked on import when the preview proposes them. */
  linkTransfers?: string[];
};

type PreviewResult = { status: "ready"; preview: ImportPreview } | { status: "unreadable"; error: string; draftId: string; fileName: string; encoding: Encoding | null } | { status: "not-found" };

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

/**
 * Stores an uploaded file for its preview when it can be read; nothing is
 * stored otherwise. A file of several accounts is stored once per account
 * (its statements in file order, each naming the next), so each gets its own
 * preview, account and balance check; the first one's id is answered.
 */
export async function saveUpload(userId: string, file: { fileName: string; bytes: Uint8Array }, now = new Date()) {
  const read = readBankFile(file.bytes);
  if (!read.ok) return { ok: false as const, error: read.error };
  const statementCount = read.table.statements?.length ?? 1;
  const upload = { userId: owner(userId), fileName: file.fileName.slice(0, 200), bytes: Buffer.from(file.bytes), expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_MS), statementCount };
  let nextDraftId: Types.ObjectId | null = null;
  for (let statement = statementCount - 1; statement >= 0; statement--) {
    const draft: { _id: Types.ObjectId } = await ImportDraft.create({ ...upload, statement: statementCount > 1 ? statement : null, nextDraftId });
    nextDraftId = draft._id;
  }
  const older = await ImportDraft.find({ userId: owner(userId) }).sort({ createdAt: -1, _id: -1 }).skip(DRAFTS_PER_USER + statementCount - 1).select({ _id: 1 }).lean();
  if (older.length > 0) await ImportDraft.deleteMany({ userId: owner(userId), _id: mongoose.trusted({ $in: older.map((draft) => draft._id) }) });
  return { ok: true as const, draftId: String(nextDraftId) };
}

function mappingId(userId: string, table: SourceTable) {
  return `${userId}:${createHash("sha256").update(headerSignature(table)).digest("hex").slice(0, 32)}`;
}

/** The id of the user's category a row's category text names (see `categoryOfText`), else "". */
function categoryIdOf(categories: Category[], text: string, type: TransactionType) {
  const found = categoryOfText(categories, text, type);
  return found.kind === "matched" ? found.category.id : "";
}

type ReadableRow = Extract<ConvertedRow, { ok: true }>;
type Importable = ReadableRow & { type: TransactionType; amount: number; importKey: string };
/** A new row as the user's rules fill it in: `description`, `category` (an id), tags, a transfer or a split theirs, `importKey` still the file's. */
type RuledRow = Ruled<Importable & { accountId: string; category: string }> & {
  /** The due date of the user's recurring bill or paycheck it meets, and the bill's name. */
  scheduleMark?: { scheduleId: string; scheduleDate: string; name: string } | null;
};

function keyed(row: ReadableRow): Importable {
  const type: TransactionType = row.cents < 0 ? "expense" : "income";
  const amount = Math.abs(row.cents);
  return { ...row, type, amount, importKey: importKey({ date: row.date, amount, type, description: row.description }) };
}

/** The import keys and bank ids of the user's live transactions in the given months (equality reads, one per month). */
function rememberedChoice<T extends string>(value: unknown, allowed: readonly T[]) {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

type Built = { preview: ImportPreview; newRows: RuledRow[]; signature: { id: string; signature: string }; nextDraftId: Types.ObjectId | null };

/** The first amount cell that has a decimal or thousands mark (else the first amount at all). */
function firstAmountText(table: SourceTable, columns: ColumnMapping) {
  const cells = [columns.amount, columns.debit, columns.credit].flatMap((column) => (column === null ? [] : table.rows.map((row) => row.cells[column]?.trim() ?? ""))).filter(Boolean);
  return cells.find((cell) => /[.,]/.test(cell)) ?? cells[0] ?? null;
}

type Remembered = Pick<ImportMappingRecord, "columns" | "decimalMark" | "dateOrder" | "sign" | "accountId">;

/**
 * Reads the table with the user's choices: the columns they chose, else those
 * they confirmed for this file shape before, else those found. Remembered
 * answers fill only the questions this file leaves open.
 */
function readWithChoices(table: SourceTable, input: ImportChoicesInput, remembered: Remembered | null, currency: string) {
  const finding = findColumns(table);
  const rememberedColumns = remembered && !table.fixedColumns ? mappingFromIndices(table, remembered.columns ?? {}) : null;
  const choices: ReadingChoices = {
    columns: table.fixedColumns ?? (input.columns ? mappingFromIndices(table, input.columns) : (rememberedColumns ?? finding.mapping)),
    decimalMark: input.decimalMark,
    dateOrder: input.dateOrder,
    sign: input.sign,
    includePending: input.includePending ?? false,
  };
  const foundBy = input.columns || rememberedColumns ? {} : finding.foundBy;
  const reading = readTable(table, choices, currency);
  if (!remembered || reading.questions.length === 0) return { choices, reading, foundBy };
  for (const question of reading.questions) {
    if (question.kind === "decimalMark") choices.decimalMark ??= rememberedChoice(remembered.decimalMark, DECIMAL_MARKS);
    if (question.kind === "dateOrder") choices.dateOrder ??= rememberedChoice(remembered.dateOrder, DATE_ORDERS);
    if (question.kind === "sign") choices.sign ??= rememberedChoice(remembered.sign, SIGN_RULES);
  }
  return { choices, reading: readTable(table, choices, currency), foundBy };
}

function previewRow(
  row: ConvertedRow | RuledRow,
  duplicateOf: DuplicateOf,
  includePending: boolean,
  categoryName: (row: Importable | RuledRow) => string,
  tagName: (tagId: string) => string,
  fileCategory: CategoryOfText | undefined,
): PreviewRow {
  if (!row.ok) return { label: row.label, status: "error", date: null, description: "", category: "", categoryNote: null, tags: [], type: null, amount: null, amountText: "", rounded: false, fileAmount: null, error: row.error, duplicateOf: null, ruleNames: [], meets: null };
  const withKey = "importKey" in row ? row : keyed(row);
  const status: PreviewRowStatus =
    row.status === "balance" ? "balance" : row.status === "declined" ? "declined" : row.status === "pending" && !includePending ? "pending" : row.cents === 0 ? "zero" : duplicateOf ? "duplicate" : "new";
  const category = status === "new" ? categoryName(withKey) : "";
  return {
    label: row.label,
    status,
    date: row.date,
    description: row.description,
    category,
    categoryNote: status === "new" && !category && fileCategory ? categoryNote(fileCategory) : null,
    tags: "tagIds" in row ? row.tagIds.map(tagName) : [],
    type: withKey.type,
    amount: withKey.amount,
    amountText: row.amountText,
    rounded: row.rounded,
    fileAmount: row.fileAmount ?? null,
    error: null,
    duplicateOf,
    ruleNames: "ruleNames" in row ? row.ruleNames : [],
    meets: "scheduleMark" in row && row.scheduleMark ? { name: row.scheduleMark.name, dueDate: row.scheduleMark.scheduleDate } : null,
  };
}

/**
 * The new rows against the user's recurring bills and paychecks: a row that meets a due date carries the mark
 * (written with it), and a row that repeats a payment the user recorded by hand for that due date is the same
 * payment again, left out as a duplicate (by label).
 */
async function withScheduleMarks(userId: string, rows: RuledRow[], currency: string) {
  const schedules = rows.length > 0 ? await schedulesForMatching(userId) : [];
  if (schedules.length === 0) return { rows, paidByHand: new Set<string>() };
  const arrivals = matchArrivals(schedules, rows.map((row) => ({ date: row.date, amount: row.amount, currency, type: row.type, accountId: row.accountId, description: row.description })));
  const nameOf = new Map(schedules.map(({ schedule }) => [schedule.id, schedule.name]));
  const paidByHand = new Set(rows.flatMap((row, index) => (arrivals[index]?.kind === "recorded" ? [row.label] : [])));
  const marked = rows.flatMap((row, index): RuledRow[] => {
    const arrival = arrivals[index];
    if (arrival?.kind === "recorded") return [];
    return [arrival ? { ...row, scheduleMark: { scheduleId: arrival.scheduleId, scheduleDate: arrival.dueDate, name: nameOf.get(arrival.scheduleId) ?? "" } } : row];
  });
  return { rows: marked, paidByHand };
}

/** What a preview row shows as its category: a category's name, the account of a rule's transfer, or a rule's split's categories. */
function ruledCategoryName(categories: Category[], accountNames: ReadonlyMap<string, string>) {
  const nameOf = new Map(categories.map((category) => [category.id, category.name]));
  return (row: Importable | RuledRow) => {
    if ("transferAccountId" in row && row.transferAccountId) return transferLabel(row.type, accountNames.get(row.transferAccountId) ?? "another account");
    if ("allocations" in row && row.allocations.length > 0) return `Split: ${row.allocations.map((part) => nameOf.get(part.categoryId) ?? part.categoryId).join(", ")}`;
    const found = categoryOfText(categories, row.category, row.type);
    return found.kind === "matched" ? found.category.name : "";
  };
}

/**
 * The category names of the file that choose none of the user's categories for the new rows they stand on
 * (unless a rule gave the row one): each with how many rows, by the reason, in the order the file names them.
 */
function unmatchedCategories(rows: RuledRow[], fileCategories: ReadonlyMap<string, CategoryOfText>): ImportPreview["unmatchedCategories"] {
  const named = new Map<string, ImportPreview["unmatchedCategories"][number]>();
  for (const row of rows) {
    const found = fileCategories.get(row.label);
    if (row.category || !found || (found.kind !== "unknown" && found.kind !== "other-type")) continue;
    const key = `${found.kind}:${found.text.toLowerCase()}`;
    const entry = named.get(key) ?? { name: found.text, reason: found.kind, rows: 0 };
    entry.rows += 1;
    named.set(key, entry);
  }
  return [...named.values()];
}

type NotPreviewed = Exclude<PreviewResult, { status: "ready" }>;

/** A statement's balance in minor units of `currency` (the statement formats write a point and a sign); null when it states none or it cannot be read. */
function statedBalance(balance: StatementBalance | null | undefined, currency: string): StatedBalance | null {
  const parsed = balance ? parseAmount(balance.amount, "point", currency) : null;
  return balance && parsed?.ok ? { date: balance.date, cents: parsed.cents } : null;
}

/**
 * The account the preview proposes for the file (see `chooseAccount`), and
 * the currency its amounts are read in: the one the file states, else the
 * chosen account's (a new account's is the reporting currency). What is
 * remembered comes from the account the file's own account id went into
 * before, or for a file that names none, from its shape's last import.
 */
async function importAccount(userId: string, table: SourceTable, fileName: string, input: ImportChoicesInput, remembered: Remembered | null) {
  const [accounts, reportingCurrency] = await Promise.all([listAccountNames(userId), reportingCurrencyOf(userId)]);
  const open = accounts.filter((account) => !account.closed).map(({ id, name, currency }) => ({ id, name, currency }));
  const fileCurrency = table.account?.currency ?? null;
  const fileAccountId = table.account?.id ?? null;
  const rememberedAccount = fileAccountId ? await findAccountOfFile(userId, fileAccountId) : remembered?.accountId ? String(remembered.accountId) : null;
  const { chosen, how, conflict, converted } = chooseAccount({
    options: open,
    asked: input.account,
    remembered: rememberedAccount,
    fileNamesAccount: Boolean(fileAccountId || table.account?.name),
    mainAccountId: mainAccountId(userId),
    fileCurrency,
  });
  const account: ImportAccount = {
    options: open.filter((option) => fileCurrency === null || option.currency === fileCurrency),
    convertOptions: fileCurrency === null ? [] : open.filter((option) => option.currency !== fileCurrency),
    chosen,
    converted,
    how,
    conflict,
    newName: input.newAccountName ?? suggestedAccountName(table.account, fileName),
    newKind: table.account?.kind ?? "checking",
  };
  const chosenCurrency = accounts.find((candidate) => candidate.id === chosen)?.currency;
  const currency = fileCurrency ?? chosenCurrency ?? reportingCurrency;
  return { account, currency, accountCurrency: chosenCurrency ?? currency };
}

/** The rows read in the file's currency converted into the account's at each row's day (see `convertRows`). */
async function convertedReading(rows: ReadRow[], from: string, to: string): Promise<ConvertedReading> {
  const dates = [...new Set(rows.flatMap((row) => (row.ok ? [row.date] : [])))];
  const rateOn = await rateLookup(dates.map((date) => ({ date, from, to })));
  return convertRows(rows, from, to, (date) => rateOn(date, from, to));
}

/**
 * Rows of the file that look like the other side of a transaction waiting for a category in another
 * account (a card's "PAYMENT THANK YOU" and the checking account's card payment): the same pairing as the
 * New tab's proposals, each pair with one row of the file and one stored transaction. Proposed only.
 */
async function importTransferProposals(userId: string, rows: Importable[], into: { accountId: string; currency: string }, accountNames: Map<string, string>, ticked: string[]): Promise<ImportTransferProposal[]> {
  if (rows.length === 0) return [];
  const [candidates, accounts] = await Promise.all([listTransferCandidates(userId), listAccountNames(userId)]);
  const waiting = candidates.filter((item) => item.accountId !== into.accountId);
  const currencyOfAccount = new Map(accounts.map((account) => [account.id, account.currency]));
  currencyOfAccount.set(FILE_ACCOUNT, into.currency);
  const amounts = new Set(waiting.map((item) => item.amount));
  const fromFile = rows
    .filter((row) => amounts.has(row.amount))
    .map((row) => ({ id: row.label, type: row.type, amount: row.amount, date: row.date, description: row.description, accountId: FILE_ACCOUNT }));
  if (fromFile.length === 0) return [];
  return proposeTransferPairs([...fromFile, ...waiting], currencyOfAccount)
    .filter((pair) => (pair.out.accountId === FILE_ACCOUNT) !== (pair.in.accountId === FILE_ACCOUNT))
    .slice(0, LISTED_TRANSFER_PROPOSALS)
    .map((pair) => {
      const [row, stored] = pair.out.accountId === FILE_ACCOUNT ? [pair.out, pair.in] : [pair.in, pair.out];
      const value = `${row.id}|${stored.id}`;
      return {
        value,
        chosen: ticked.includes(value),
        row: { label: row.id, date: row.date, type: row.type, amount: row.amount, description: row.description },
        stored: { id: stored.id, date: stored.date, type: stored.type, amount: stored.amount, description: stored.description, accountName: accountNames.get(stored.accountId) ?? "another account" },
      };
    });
}

/** Links the ticked likely transfers once the file's rows are written, one pair at a time; how many were linked. A pair refused is left as it was. */
async function linkTickedTransfers(userId: string, proposals: ImportTransferProposal[], newRows: Importable[], written: Array<{ _id: Types.ObjectId; date: string; amount: number }>) {
  const writtenByLabel = new Map(newRows.map((row, index) => [row.label, written[index]]));
  let linked = 0;
  for (const proposal of proposals.filter((candidate) => candidate.chosen)) {
    const row = writtenByLabel.get(proposal.row.label);
    if (!row || row.date !== proposal.row.date || row.amount !== proposal.row.amount) continue;
    const result = await applyLedgerBatch(userId, { linkedTransfers: [[String(row._id), proposal.stored.id]] });
    if (result.ok) linked += 1;
  }
  return linked;
}

async function buildPreview(userId: string, draftId: string, input: ImportChoicesInput): Promise<NotPreviewed | { status: "built"; built: Built }> {
  const id = toObjectId(draftId);
  const draft = id ? await ImportDraft.findOne({ _id: id, userId: owner(userId) }).lean() : null;
  if (!draft) return { status: "not-found" };
  const read = recentlyRead(`${draftId} ${input.encoding ?? ""}`, () => {
    const file = readBankFile(draft.bytes.buffer, input.encoding);
    return file.ok ? { ...file, table: draft.statement === null || draft.statement === undefined ? file.table : statementOf(file.table, draft.statement) } : file;
  });
  if (!read.ok) return { status: "unreadable", error: read.error, draftId, fileName: draft.fileName, encoding: input.encoding ?? null };
  const { decoded, table } = read;

  const signature = { id: mappingId(userId, table), signature: headerSignature(table) };
  const remembered = await ImportMapping.findOne({ _id: signature.id, userId: owner(userId) }).lean();
  const { account, currency, accountCurrency } = await importAccount(userId, table, draft.fileName, input, remembered);
  const readingKey = JSON.stringify([input.encoding, input.columns, input.decimalMark, input.dateOrder, input.sign, input.includePending, remembered && [remembered.columns, remembered.decimalMark, remembered.dateOrder, remembered.sign], currency]);
  const { choices, reading, foundBy } = recentlyRead(`${draftId} ${readingKey}`, () => readWithChoices(table, input, remembered, currency));
  const { columns, includePending } = choices;
  const converted = account.converted && reading.problems.length === 0 && reading.questions.length === 0 ? await convertedReading(reading.rows, currency, accountCurrency) : null;
  const rows: ConvertedRow[] = converted?.rows ?? reading.rows;
  const conversion = account.converted ? { from: currency, to: accountCurrency, missingDays: converted?.missingDays ?? [] } : null;

  const importable = rows.filter((row) => isImportable(row, includePending)).map(keyed);
  const stored = await storedImportKeys(userId, { importKeys: importable.map((row) => row.importKey), bankIds: importable.flatMap((row) => (row.bankId === null ? [] : [row.bankId])) });
  const duplicates = findDuplicates(importable, stored);
  const duplicateByLabel = new Map(importable.map((row, index) => [row.label, duplicates[index]]));
  const categories = importable.length > 0 ? await getCategories(userId) : [];
  const fileCategories = new Map(importable.map((row) => [row.label, categoryOfText(categories, row.category, row.type)]));
  const fresh = importable.filter((_, index) => duplicates[index] === null).map((row) => ({ ...row, accountId: account.chosen, category: categoryIdOf(categories, row.category, row.type) }));
  const scheduled = await withScheduleMarks(userId, await fillByRules(userId, fresh, () => accountCurrency, categories), accountCurrency);
  const newRows = scheduled.rows;
  for (const label of scheduled.paidByHand) duplicateByLabel.set(label, "recorded-payment");
  const ruledByLabel = new Map(newRows.filter((row) => row.ruleNames.length > 0 || row.scheduleMark).map((row) => [row.label, row]));
  const accountNames = new Map(account.options.map(({ id, name }) => [id, name]));
  const categoryName = ruledCategoryName(categories, accountNames);
  const tagNames = tagNameMap(newRows.some((row) => row.tagIds.length > 0) ? await listTags(userId) : []);

  const transferProposals = await importTransferProposals(userId, newRows, { accountId: account.chosen, currency: accountCurrency }, accountNames, input.linkTransfers ?? []);
  const balanceLine = rows.find((row) => row.ok && row.status === "balance");
  const openingBalance = balanceLine?.ok ? { label: balanceLine.label, date: balanceLine.date, cents: balanceLine.cents } : null;

  const previewRows = rows.map((row) =>
    previewRow(ruledByLabel.get(row.label) ?? row, duplicateByLabel.get(row.label) ?? null, includePending, categoryName, (tagId) => tagNames.get(tagId) ?? "", fileCategories.get(row.label)),
  );
  const { rows: _allRows, ...readingSummary } = reading;
  if (converted) readingSummary.totals = totalsOf(importable);
  const newTotals = totalsOf(newRows.map((row) => ({ date: row.date, cents: row.cents })));
  const chosenAccount = account.chosen === NEW_ACCOUNT ? null : await getAccountWithBalance(userId, account.chosen);
  const columnBalances = table.statementBalances ? null : balancesFromColumn(importable);
  const statementOpening = statedBalance(table.statementBalances?.opening, currency) ?? columnBalances?.opening ?? null;
  // A statement's balances are in the file's currency: converted amounts cannot be checked against them.
  const balanceCheck = conversion ? null : checkBalance({
    opening: statementOpening,
    closing: statedBalance(table.statementBalances?.closing, currency) ?? columnBalances?.closing ?? null,
    owedAsPositive: columnBalances?.owedAsPositive,
    fileNet: reading.totals.moneyIn - reading.totals.moneyOut,
    newNet: newTotals.moneyIn - newTotals.moneyOut,
    accountBalance: chosenAccount?.balance ?? null,
    kind: chosenAccount?.kind ?? account.newKind,
    firstDate: reading.totals.from,
  });
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        decoded.encoding,
        currency,
        columns,
        reading.decimal.mark,
        reading.dateOrder.order,
        reading.sign.rule,
        includePending,
        reading.counts,
        reading.totals,
        newRows.length,
        // What each new row is written with: a category added, renamed or removed since the preview shows the preview again.
        createHash("sha256").update(JSON.stringify(newRows.map((row) => [row.label, row.description, row.category, row.tagIds, row.transferAccountId, row.allocations]))).digest("hex"),
        newRows.flatMap((row) => (row.scheduleMark ? [[row.label, row.scheduleMark.scheduleId, row.scheduleMark.scheduleDate]] : [])),
        newTotals,
        account.chosen,
        conversion,
        account.chosen === NEW_ACCOUNT ? account.newName : null,
      ]),
    )
    .digest("hex")
    .slice(0, 32);

  const preview: ImportPreview = {
    draftId,
    fileName: draft.fileName,
    format: table.format,
    encoding: { value: decoded.encoding, label: decoded.label, detected: decoded.detected },
    table: { headers: table.headers, delimiter: table.delimiter, hasHeader: table.hasHeader, account: table.account, skippedAbove: table.skippedAbove, rowCount: table.rows.length },
    columnsFixed: table.fixedColumns !== null,
    foundBy,
    remembered: Boolean(remembered) && !input.columns,
    columnsChosen: Boolean(input.columns),
    reading: readingSummary,
    includePending,
    newCount: newRows.length,
    duplicateCount: importable.length - newRows.length,
    newTotals,
    unmatchedCategories: unmatchedCategories(newRows, fileCategories),
    rows: previewRows.slice(0, PREVIEW_ROWS),
    rawRows: reading.rows.length === 0 ? table.rows.slice(0, 10).map((row) => ({ label: row.label, cells: row.cells })) : [],
    leftOut: leftOutGroups(previewRows),
    examples: {
      date: columns.date === null ? null : (table.rows.map((row) => row.cells[columns.date ?? 0]).find((cell) => cell?.trim()) ?? null),
      amount: firstAmountText(table, columns),
    },
    roundedRows: importable.filter((row) => row.rounded).slice(0, LISTED_PROBLEMS).map((row) => ({ label: row.label, text: row.amountText, cents: row.fileAmount?.cents ?? row.cents })),
    part: draft.statement === null || draft.statement === undefined ? null : { index: draft.statement, count: draft.statementCount ?? 1 },
    account,
    conversion,
    openingBalance,
    statementOpening,
    balanceCheck,
    transferProposals,
    fingerprint,
  };
  return { status: "built", built: { preview, newRows, signature, nextDraftId: draft.nextDraftId ?? null } };
}

/** The preview of an upload read with the user's choices; nothing is written. Another user's upload is not found. */
export async function previewImport(userId: string, draftId: string, input: ImportChoicesInput): Promise<PreviewResult> {
  const result = await buildPreview(userId, draftId, input);
  return result.status === "built" ? { status: "ready", preview: result.built.preview } : result;
}

type ConfirmResult =
  /** `nextDraftId`: the upload of the file's next account, when the file holds several and it is still there. */
  | { status: "imported"; batchId: string; imported: number; duplicates: number; linked: number; nextDraftId: string | null; /** How many it wrote without a category (the New tab's). */ uncategorized: number }
  /** The preview changed since the user saw it (other choices, or transactions added meanwhile): shown again, nothing written. */
  | { status: "changed"; preview: ImportPreview }
  /** Questions are open or nothing is new: shown again, nothing written. */
  | { status: "refused"; preview: ImportPreview; reason: string }
  | { status: "failed"; preview: ImportPreview }
  | NotPreviewed;

/**
 * What a new account opens with: the file's opening balance line, else the
 * statement's opening balance, else the balance that makes it end on the
 * statement's closing balance; null when the file says nothing (it opens at zero).
 */
export function newAccountOpening(preview: Pick<ImportPreview, "openingBalance" | "statementOpening" | "balanceCheck">): StatedBalance | null {
  if (preview.openingBalance) return { date: preview.openingBalance.date, cents: preview.openingBalance.cents };
  if (preview.statementOpening) return preview.statementOpening;
  return preview.balanceCheck?.kind === "opens-new-account" ? preview.balanceCheck.opening : null;
}

/**
 * The account the import writes into, and its currency: the one chosen, or
 * the new account named on the preview, made now in the preview's currency
 * (its id follows from the import's one-time key, so the same import sent
 * again makes no second account), opening as `newAccountOpening` says.
 */
async function importTarget(
  userId: string,
  preview: ImportPreview,
  submissionKey: string | null,
): Promise<{ ok: true; accountId: string; currency: string } | { ok: false; reason: string }> {
  const { account, newTotals, reading } = preview;
  if (account.chosen !== NEW_ACCOUNT) return { ok: true, accountId: account.chosen, currency: (await accountCurrencyOf(userId, account.chosen)) ?? reading.currency };
  const name = account.newName.trim();
  if (!name) return { ok: false, reason: IMPORT_MESSAGES.nameNewAccount };
  const opening = newAccountOpening(preview) ?? { date: newTotals.from as string, cents: 0 };
  const added = await addAccountBesideMain(
    userId,
    { name, kind: account.newKind, onBudget: true, openingBalance: opening.cents, openingDate: opening.date, currency: reading.currency },
    opening.date,
    submissionKey,
  );
  if (!added.ok) return { ok: false, reason: added.message === ACCOUNTS_MESSAGES.nameTaken ? IMPORT_MESSAGES.accountNameTaken : added.message };
  return { ok: true, accountId: added.account.id, currency: added.account.currency };
}

/** The choices of this import remembered for the next file of the same shape, and its account for the next file of the same account. */
async function rememberChoices(userId: string, built: Built, accountId: string) {
  const { preview, signature } = built;
  if (preview.table.account?.id) await rememberAccountOfFile(userId, accountId, preview.table.account.id);
  const columns = preview.columnsFixed
    ? {}
    : Object.fromEntries(COLUMN_ROLES.flatMap((role) => (preview.reading.columns[role] === null ? [] : [[role, preview.reading.columns[role]]])));
  await ImportMapping.updateOne(
    { _id: signature.id },
    {
      $set: {
        userId: owner(userId),
        signature: signature.signature,
        columns,
        decimalMark: preview.reading.decimal.mark,
        dateOrder: preview.reading.dateOrder.order,
        sign: preview.reading.sign.applies ? preview.reading.sign.rule : null,
        accountId: new Types.ObjectId(accountId),
      },
    },
    { upsert: true },
  );
}

/**
 * Imports exactly what the preview named by `fingerprint` showed: the new
 * rows, in one ledger batch (all or none), recorded as one import that can
 * be undone. The choices are remembered for the next file of the same shape.
 */
export function confirmImport(userId: string, draftId: string, input: ImportChoicesInput, fingerprint: string, submissionKey: string | null = null): Promise<ConfirmResult> {
  // Held from the first read to the last write, so the same Import clicked twice waits for the first and finds it done.
  return withLedgerLock(userId, () => writeImport(userId, draftId, input, fingerprint, submissionKey));
}

/**
 * The import a submission wrote before, when it did: answered as it was
 * then. One cut off while writing (or that failed) is undone and forgotten,
 * so the submission imports afresh.
 */
async function earlierImport(userId: string, batchId: Types.ObjectId): Promise<ConfirmResult | null> {
  const earlier = await ImportBatch.findOne({ _id: batchId, userId: owner(userId) }).select({ status: 1, counts: 1 }).lean();
  if (!earlier) return null;
  if (earlier.status === "done" || earlier.status === "undone") {
    const uncategorized = await Transaction.countDocuments({ userId: owner(userId), importBatchId: batchId, category: "" });
    return { status: "imported", batchId: batchId.toString(), imported: earlier.counts?.imported ?? 0, duplicates: earlier.counts?.duplicates ?? 0, linked: 0, nextDraftId: null, uncategorized };
  }
  await applyLedgerBatch(userId, { undoImport: batchId.toString() });
  await ImportBatch.deleteOne({ _id: batchId, userId: owner(userId) });
  return null;
}

async function writeImport(userId: string, draftId: string, input: ImportChoicesInput, fingerprint: string, submissionKey: string | null): Promise<ConfirmResult> {
  const batchId = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, "import") : undefined);
  const sentBefore = submissionKey ? await earlierImport(userId, batchId) : null;
  if (sentBefore) return sentBefore;
  const result = await buildPreview(userId, draftId, input);
  if (result.status !== "built") return result;
  const { built } = result;
  const { preview, newRows } = built;
  const { conflict } = preview.account;
  if (conflict?.asked) return { status: "refused", preview, reason: IMPORT_MESSAGES.currencyConflict(preview.reading.currency, conflict.name, conflict.currency) };
  if (preview.fingerprint !== fingerprint) return { status: "changed", preview };
  if (preview.reading.questions.length > 0) return { status: "refused", preview, reason: IMPORT_MESSAGES.answerQuestions };
  if (preview.reading.problems.length > 0) return { status: "refused", preview, reason: preview.reading.problems[0] };
  const missingRate = preview.conversion?.missingDays[0];
  if (missingRate) return { status: "refused", preview, reason: IMPORT_MESSAGES.noRateToConvert(preview.conversion!.from, preview.conversion!.to, missingRate) };
  if (newRows.length === 0) return { status: "refused", preview, reason: preview.duplicateCount > 0 ? IMPORT_MESSAGES.allDuplicates : IMPORT_MESSAGES.nothingReadable };
  const target = await importTarget(userId, preview, submissionKey);
  if (!target.ok) return { status: "refused", preview, reason: target.reason };

  const { counts } = preview.reading;
  const batch = await ImportBatch.create({
    _id: batchId,
    userId: owner(userId),
    fileName: preview.fileName,
    format: preview.format,
    currency: target.currency,
    status: "writing",
    counts: { imported: 0, duplicates: preview.duplicateCount, pending: counts.pending, declined: counts.declined, zero: counts.zero, unreadable: counts.errors },
    moneyIn: preview.newTotals.moneyIn,
    moneyOut: preview.newTotals.moneyOut,
    from: preview.newTotals.from,
    to: preview.newTotals.to,
  });
  const entries = newRows.map(
    (row): LedgerEntry => ({
      type: row.type,
      amount: row.amount,
      // A rule's transfer or split names its own marker category.
      // The category the preview showed: the file's (read as a category of the user's), a rule's, or a rule's transfer or split marker.
      category: row.category,
      transferAccountId: row.transferAccountId,
      allocations: row.allocations,
      tagIds: row.tagIds,
      date: row.date,
      description: row.description,
      importKey: row.ruleNames.length > 0 ? row.importKey : null,
      source: "import",
      accountId: target.accountId,
      importBatchId: batch._id.toString(),
      bankTransactionId: row.bankId,
      fileAmount: row.fileAmount ? { amount: Math.abs(row.fileAmount.cents), currency: row.fileAmount.currency, rateDay: row.fileAmount.rateDay } : null,
      scheduleId: row.scheduleMark?.scheduleId ?? null,
      scheduleDate: row.scheduleMark?.scheduleDate ?? null,
    }),
  );
  let written: TransactionRecord[];
  try {
    const result = await applyLedgerBatch(userId, { added: entries });
    if (!result.ok) throw new Error(`the ledger refused the import: ${JSON.stringify(result.issues.slice(0, 3))}`);
    written = result.added;
    await ImportBatch.updateOne({ _id: batch._id }, { $set: { status: "done", "counts.imported": written.length } });
  } catch (error) {
    console.error("import failed", error);
    await ImportBatch.updateOne({ _id: batch._id }, { $set: { status: "failed" } });
    return { status: "failed", preview };
  }
  const linked = await linkTickedTransfers(userId, preview.transferProposals, newRows, written);
  await rememberChoices(userId, built, target.accountId);
  await ImportDraft.deleteOne({ _id: new Types.ObjectId(draftId), userId: owner(userId) });
  const next = built.nextDraftId ? await ImportDraft.exists({ _id: built.nextDraftId, userId: owner(userId) }) : null;
  const uncategorized = written.filter((transaction) => isUncategorized(transaction.category)).length;
  return { status: "imported", batchId: batch._id.toString(), imported: newRows.length, duplicates: preview.duplicateCount, linked, nextDraftId: next ? String(next._id) : null, uncategorized };
}

const LISTED_IMPORT_FIELDS = { fileName: 1, format: 1, currency: 1, status: 1, counts: 1, moneyIn: 1, moneyOut: 1, from: 1, to: 1, createdAt: 1, undoneAt: 1, removed: 1, undoTotal: 1, kept: 1 } as const;
type ListedImport = Pick<ImportBatchRecord, "_id" | keyof typeof LISTED_IMPORT_FIELDS>;

/** The user's latest imports, newest first (imports that failed left nothing and are not listed). */
export function listImports(userId: string) {
  return ImportBatch.find({ userId: owner(userId), status: mongoose.trusted({ $in: ["done", "undoing", "undone"] }) })
    .sort({ createdAt: -1 })
    .limit(LISTED_IMPORTS)
    .select(LISTED_IMPORT_FIELDS)
    .lean<ListedImport[]>();
}

type UndoStart =
  /** `started`: marked to be undone now; `undoing`: an undo of it was under way already. The job does the removing either way. */
  | { status: "started" | "undoing"; fileName: string }
  | { status: "already-undone" }
  | { status: "not-found" };

/** What of an import's transactions an undo removes: those not edited since (one stored without `editedAt` counts as edited). */
const notEditedSince = () => ({ editedAt: mongoose.trusted({ $type: "null" as const }) });

/**
 * Marks the user's import to be undone, at once: `continueImportUndo` (a job) then removes its transactions.
 * What it had and how many of them go are counted now, for the progress. Sent again while the undo is under
 * way, nothing changes. Another user's import is not found.
 */
export async function startUndoImport(userId: string, batchId: string): Promise<UndoStart> {
  const id = toObjectId(batchId);
  const batch = id ? await ImportBatch.findOne({ _id: id, userId: owner(userId) }).select({ status: 1, fileName: 1 }).lean() : null;
  if (!id || !batch || !["done", "undoing", "undone"].includes(batch.status)) return { status: "not-found" };
  if (batch.status === "undone") return { status: "already-undone" };
  const fileName = batch.fileName ?? "";
  if (batch.status === "undoing") return { status: "undoing", fileName };
  const [undoFrom, undoTotal] = await Promise.all([
    Transaction.countDocuments({ userId: owner(userId), importBatchId: id }),
    Transaction.countDocuments({ userId: owner(userId), importBatchId: id, ...notEditedSince() }),
  ]);
  const marked = await ImportBatch.updateOne({ _id: id, status: "done" }, { $set: { status: "undoing", undoFrom, undoTotal, removed: 0, kept: [], undoneAt: null } });
  return { status: marked.matchedCount === 1 ? "started" : "undoing", fileName };
}

/**
 * The job of an undo: removes the import's transactions not edited since, through the ledger, UNDO_SLICE at a
 * time (each batch holds the user's ledger for a moment, so their own writes go on meanwhile), the progress
 * stored after each; then records the import undone with what it kept. Run again (a repeated submit, a job
 * restarted after a crash) it carries on where it stopped: what is gone is not removed again, and what it
 * removed is counted from what is left of the import.
 */
export async function continueImportUndo(batchId: string, now = () => new Date()) {
  const id = toObjectId(batchId);
  const batch = id ? await ImportBatch.findById(id).select({ userId: 1, status: 1, undoFrom: 1 }).lean() : null;
  if (!batch || batch.status !== "undoing") return;
  const userId = String(batch.userId);
  const undoing = { _id: batch._id, status: "undoing" as const };
  const ofTheImport = { userId: batch.userId, importBatchId: batch._id };
  const removedSoFar = async () => Math.max(0, (batch.undoFrom ?? 0) - (await Transaction.countDocuments(ofTheImport)));
  await ImportBatch.updateOne(undoing, { $set: { removed: await removedSoFar() } });
  for (let removed = UNDO_SLICE; removed === UNDO_SLICE; ) {
    const result = await applyLedgerBatch(userId, { undoImport: batchId, undoImportLimit: UNDO_SLICE });
    if (!result.ok || !result.undone) throw new Error(`undoing import ${batchId} was refused`);
    removed = result.undone.removed;
    if (removed > 0) await ImportBatch.updateOne(undoing, { $inc: { removed } });
  }
  const kept = await Transaction.find(ofTheImport).sort({ date: 1, _id: 1 }).select({ _id: 0, date: 1, description: 1, amount: 1, type: 1 }).lean();
  await ImportBatch.updateOne(undoing, { $set: { status: "undone", undoneAt: now(), removed: await removedSoFar(), kept } });
}

/** Undos the app stopped in the middle of (no progress for a while): carried on, so an undo always ends. */
export async function continueStalledUndos(now = new Date()) {
  const stalled = await ImportBatch.find({ status: "undoing", updatedAt: mongoose.trusted({ $lt: new Date(now.getTime() - STALLED_UNDO_MS) }) })
    .select({ _id: 1 })
    .lean();
  for (const batch of stalled) await continueImportUndo(String(batch._id));
  return stalled.length;
}

/** Uploads nobody imported within a day. */
export async function removeExpiredUploads(now = new Date()) {
  const { deletedCount } = await ImportDraft.deleteMany({ expiresAt: mongoose.trusted({ $lt: now }) });
  return deletedCount;
}

/** Imports cut off while writing (the app stopped mid-import): what they wrote is removed, so an import is all or nothing. */
export async function rollBackUnfinishedImports(now = new Date()) {
  const unfinished = await ImportBatch.find({ status: "writing", createdAt: mongoose.trusted({ $lt: new Date(now.getTime() - UNFINISHED_AFTER_MS) }) })
    .select({ userId: 1 })
    .lean();
  let rolledBack = 0;
  for (const batch of unfinished) {
    const userId = batch.userId.toString();
    // Holding the user's ledger, an import still writing has finished: only one still marked writing was cut off.
    await withLedgerLock(userId, async () => {
      const current = await ImportBatch.findOne({ _id: batch._id, status: "writing" }).select({ _id: 1 }).lean();
      if (!current) return;
      await applyLedgerBatch(userId, { undoImport: batch._id.toString() });
      await ImportBatch.updateOne({ _id: batch._id }, { $set: { status: "failed" } });
      rolledBack += 1;
    });
  }
  return rolledBack;
}

