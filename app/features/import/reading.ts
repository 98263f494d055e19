import { DESCRIPTION_MAX_LENGTH } from "~/features/transactions/transactions";
import { amountParts, detectDecimalMark, parseAmount, type MarkDetection, type ParsedAmount } from "./amounts";
import { detectDateOrder, looksLikeDate, parseDate, type DateOrderDetection } from "./dates";
import { directionOf, isBalanceLine, statusOf, type RowStatus } from "./words";
import type { ColumnMapping, DateOrder, DecimalMark, SourceRow, SourceTable } from "./readers/source";

/**
 * How a table becomes transactions, decided over whole columns and shown to
 * the user before anything is saved: the decimal mark, the order of day and
 * month, the sign convention, pending and zero rows. What the file leaves
 * open is asked, never guessed.
 */

/** Positive amounts are money in (bank accounts), or charges (card statements). */
export const SIGN_RULES = ["as-written", "charges-positive"] as const;
export type SignRule = (typeof SIGN_RULES)[number];

/** At least this share of positive amounts in one signed column looks like a card statement: the user is asked. */
const CARD_LIKE_POSITIVE_SHARE = 0.75;

/** What the user chose; undefined leaves it to the file. */
export type ReadingChoices = {
  columns: ColumnMapping;
  decimalMark?: DecimalMark;
  dateOrder?: DateOrder;
  sign?: SignRule;
  includePending: boolean;
};

/**
 * A column of unsigned amounts in which only one kind of row carries a mark ("+ £1,100.00", "250.00 CR", a
 * "CR" beside it in a direction column): the unmarked rows go the other way (a card's charges).
 */
export type MarkedSign = { unmarked: "in" | "out"; marker: string };

export type Question =
  | { kind: "decimalMark"; reason: "ambiguous" | "conflict"; example: string; counts: Record<DecimalMark, number> }
  | { kind: "dateOrder"; orders: DateOrder[]; example: string }
  | { kind: "sign"; positive: number; total: number };

export type ReadRow =
  | {
      ok: true;
      line: number;
      label: string;
      date: string;
      /** Signed, in minor units of the reading's currency: negative is money out. */
      cents: number;
      /** The amount as the file writes it (the debit or credit cell of split columns). */
      amountText: string;
      description: string;
      category: string;
      bankId: string | null;
      /** The account's balance after this row, as the file's balance column states it (signed minor units); null without one. */
      balance: number | null;
      /** "balance": the file's statement of a balance (an opening balance line), never income or an expense. */
      status: RowStatus | "balance";
      /** Whether the amount had more decimals than the currency, and rounding them changed it. */
      rounded: boolean;
    }
  | { ok: false; line: number; label: string; error: string };

export type ReadTotals = { count: number; moneyIn: number; moneyOut: number; from: string | null; to: string | null };

export type Reading = {
  /** The currency the amounts are read in: their minor units. */
  currency: string;
  columns: ColumnMapping;
  decimal: { mark: DecimalMark | null; detection: MarkDetection; chosen: boolean };
  dateOrder: { order: DateOrder | null; detection: DateOrderDetection; chosen: boolean };
  /** `marked`: the amounts carry no sign but one kind of row a mark, which decides every row (the rule then does not apply). */
  sign: { rule: SignRule; applies: boolean; chosen: boolean; marked: MarkedSign | null };
  /** What must be answered before the rows can be read. */
  questions: Question[];
  /** Column choices that cannot work (no date column, no amount). */
  problems: string[];
  rows: ReadRow[];
  /** Summary lines after the table (totals, balances, disclaimers). */
  skippedBelow: Array<{ label: string; text: string }>;
  counts: { importable: number; pending: number; declined: number; zero: number; errors: number; rounded: number; balance: number };
  /** Over the rows that will be imported (duplicates included): to check against the statement. */
  totals: ReadTotals;
};

const MAPPING_PROBLEMS = {
  noDate: "Choose the column that holds the date",
  noAmount: "Choose the amount column, or the debit and credit columns",
  amountAndSplit: "Choose either an amount column or debit and credit columns, not both",
} as const;

function cellOf(row: SourceRow, column: number | null) {
  return column === null ? "" : (row.cells[column] ?? "").trim();
}

function columnCells(table: SourceTable, ...columns: Array<number | null>) {
  return columns.flatMap((column) => (column === null ? [] : table.rows.map((row) => cellOf(row, column))));
}

function mappingProblems(columns: ColumnMapping) {
  const problems: string[] = [];
  if (columns.date === null) problems.push(MAPPING_PROBLEMS.noDate);
  const split = columns.debit !== null || columns.credit !== null;
  if (columns.amount !== null && split) problems.push(MAPPING_PROBLEMS.amountAndSplit);
  if (columns.amount === null && !split) problems.push(MAPPING_PROBLEMS.noAmount);
  return problems;
}

/** Summary lines after a table are few; more rows without a date than this are rows with errors. */
const MAX_FOOTER_ROWS = 10;

/** Rows at the end whose date cell is no date: totals, closing balances, disclaimers. */
function footerStart(table: SourceTable, dateColumn: number) {
  let start = table.rows.length;
  while (start > 0 && !looksLikeDate(cellOf(table.rows[start - 1], dateColumn))) start -= 1;
  return start === 0 || table.rows.length - start > MAX_FOOTER_ROWS ? table.rows.length : start;
}

/** How a row's cells are read: the decimal mark, the sign rule (or the file's marks) and the currency. */
type NumberFormat = { mark: DecimalMark | null; sign: SignRule; marked: MarkedSign | null; currency: string };

type RowAmount = { ok: true; cents: number; rounded: boolean; text: string } | { ok: false; error: string };

/** The signed amount of one row and the cell it was read from, or why it has none. */
function rowAmount(row: SourceRow, columns: ColumnMapping, { mark, sign, marked, currency }: NumberFormat): RowAmount {
  const read = (column: number | null): (ParsedAmount & { text: string }) | null => {
    const text = cellOf(row, column);
    return text === "" ? null : { ...parseAmount(text, mark, currency), text };
  };
  if (columns.amount === null) {
    const debit = read(columns.debit);
    const credit = read(columns.credit);
    if (debit && !debit.ok) return debit;
    if (credit && !credit.ok) return credit;
    const out = debit?.ok && debit.cents !== 0 ? debit : null;
    const inward = credit?.ok && credit.cents !== 0 ? credit : null;
    if (out && inward) return { ok: false, error: "both the debit and the credit column are filled in" };
    // The column says the direction; a sign some banks write as well ("-500.00" in a credit column) changes nothing.
    if (out) return { ...out, cents: -Math.abs(out.cents) };
    if (inward) return { ...inward, cents: Math.abs(inward.cents) };
    return debit ?? credit ?? { ok: false, error: "no amount" };
  }
  const amount = read(columns.amount);
  if (!amount) return { ok: false, error: "no amount" };
  if (!amount.ok) return amount;
  const fee = read(columns.fee);
  if (fee && !fee.ok) return fee;
  const cents = amount.cents - Math.abs(fee?.ok ? fee.cents : 0);
  const rounded = amount.rounded || Boolean(fee?.ok && fee.rounded);
  const text = amount.text;
  const directionText = cellOf(row, columns.direction);
  const direction = directionText === "" ? null : directionOf(directionText);
  if (directionText !== "" && direction === null) return { ok: false, error: `direction "${directionText}" is neither money in nor money out` };
  if (direction === "out") return { ok: true, cents: -Math.abs(cents), rounded, text };
  if (direction === "in") {
    return cents < 0 ? { ok: false, error: `the amount is negative but "${directionText}" says money in` } : { ok: true, cents, rounded, text };
  }
  if (marked) return { ok: true, cents: amountParts(text)?.marker || marked.unmarked === "in" ? cents : -cents, rounded, text };
  return { ok: true, cents: sign === "charges-positive" ? -cents : cents, rounded, text };
}

function describe(row: SourceRow, columns: ColumnMapping) {
  const text = cellOf(row, columns.payee) || cellOf(row, columns.memo);
  return text.replace(/\s+/g, " ").slice(0, DESCRIPTION_MAX_LENGTH);
}

function readRow(row: SourceRow, columns: ColumnMapping, order: DateOrder, format: NumberFormat): ReadRow {
  const fail = (error: string): ReadRow => ({ ok: false, line: row.line, label: row.label, error: `${row.label}: ${error}` });
  const dateText = cellOf(row, columns.date);
  if (dateText === "") return fail("no date");
  const date = parseDate(dateText, order);
  if (!date) return fail(`invalid date "${dateText}"`);
  if (row.currency && row.currency !== format.currency) return fail(`the amount is in ${row.currency}, not ${format.currency}`);
  const amount = rowAmount(row, columns, format);
  if (!amount.ok) return fail(amount.error);
  const reference = cellOf(row, columns.reference);
  const description = describe(row, columns);
  const balanceText = cellOf(row, columns.balance);
  const balance = balanceText === "" ? null : parseAmount(balanceText, format.mark, format.currency);
  return {
    ok: true,
    line: row.line,
    label: row.label,
    date,
    cents: amount.cents,
    amountText: amount.text,
    description,
    category: cellOf(row, columns.category),
    bankId: reference === "" ? null : reference,
    balance: balance?.ok ? balance.cents : null,
    status: isBalanceLine(description) ? "balance" : columns.status === null ? "settled" : (statusOf(cellOf(row, columns.status)) ?? "settled"),
    rounded: amount.rounded,
  };
}

/** Whether the row is imported: settled (or pending, when the user includes them) and not zero. */
export function isImportable(row: ReadRow, includePending: boolean): row is Extract<ReadRow, { ok: true }> {
  return row.ok && row.cents !== 0 && (row.status === "settled" || (row.status === "pending" && includePending));
}

export function totalsOf(rows: Array<{ date: string; cents: number }>): ReadTotals {
  const totals: ReadTotals = { count: rows.length, moneyIn: 0, moneyOut: 0, from: null, to: null };
  for (const { date, cents } of rows) {
    if (cents > 0) totals.moneyIn += cents;
    else totals.moneyOut -= cents;
    if (totals.from === null || date < totals.from) totals.from = date;
    if (totals.to === null || date > totals.to) totals.to = date;
  }
  return totals;
}

/**
 * Whether the amounts carry no sign of their own but one kind of row a mark: a "+" or "CR" on the amount, or
 * a direction column filled on those rows alone. Null when any amount is negative, or marks of both kinds or
 * none are written.
 */
export function markedSign(columns: ColumnMapping, rows: SourceRow[]): MarkedSign | null {
  if (columns.amount === null) return null;
  const marks = { in: new Set<string>(), out: new Set<string>() };
  let unmarked = 0;
  for (const row of rows) {
    const parts = amountParts(cellOf(row, columns.amount));
    if (!parts || !/[1-9]/.test(parts.core)) continue;
    if (parts.marker === "-") return null;
    const directionText = cellOf(row, columns.direction);
    const direction = directionText === "" ? null : directionOf(directionText);
    if (direction) marks[direction].add(directionText);
    else if (parts.marker) marks[parts.marker === "DR" ? "out" : "in"].add(parts.marker);
    else unmarked += 1;
  }
  if (unmarked === 0 || (marks.in.size > 0) === (marks.out.size > 0)) return null;
  const [side, written] = marks.in.size > 0 ? (["in", marks.in] as const) : (["out", marks.out] as const);
  return { unmarked: side === "in" ? "out" : "in", marker: [...written].map((text) => `“${text}”`).join(" or ") };
}

/** A signed amount column that is mostly positive reads like a card statement, where charges are positive. */
function signQuestion(columns: ColumnMapping, rows: SourceRow[]): Question | null {
  if (columns.amount === null || columns.direction !== null) return null;
  const positives = rows.flatMap((row) => {
    const parts = amountParts(cellOf(row, columns.amount));
    return parts && /[1-9]/.test(parts.core) ? [!parts.negative] : [];
  });
  const positive = positives.filter(Boolean).length;
  return positives.length > 0 && positive / positives.length >= CARD_LIKE_POSITIVE_SHARE ? { kind: "sign", positive, total: positives.length } : null;
}

/**
 * Reads the table with the user's choices, the file deciding what they
 * leave open, its amounts in minor units of `currency`. With a question
 * unanswered or the columns unusable, no row is read: the preview asks first.
 */
export function readTable(table: SourceTable, choices: ReadingChoices, currency: string): Reading {
  const { columns } = choices;
  const problems = mappingProblems(columns);
  const footer = columns.date === null ? table.rows.length : footerStart(table, columns.date);
  const body = table.rows.slice(0, footer);
  const bodyTable = { ...table, rows: body };

  const decimalDetection = detectDecimalMark(columnCells(bodyTable, columns.amount, columns.debit, columns.credit, columns.fee), currency);
  const dateDetection: DateOrderDetection = table.fixedDateOrder
    ? { status: "decided", order: table.fixedDateOrder }
    : detectDateOrder(columnCells(bodyTable, columns.date).filter(looksLikeDate));
  const mark = choices.decimalMark ?? (decimalDetection.status === "decided" ? decimalDetection.mark : null);
  const order = choices.dateOrder ?? (dateDetection.status === "decided" || dateDetection.status === "partial" ? dateDetection.order : null);
  const marked = markedSign(columns, body);
  const signAsked = marked ? null : signQuestion(columns, body);

  const questions: Question[] = [];
  if (choices.dateOrder === undefined && dateDetection.status === "ask") questions.push({ kind: "dateOrder", orders: dateDetection.orders, example: dateDetection.example });
  if (choices.decimalMark === undefined && decimalDetection.status === "ask") {
    questions.push({ kind: "decimalMark", reason: decimalDetection.reason, example: decimalDetection.example, counts: decimalDetection.counts });
  }
  if (choices.sign === undefined && signAsked) questions.push(signAsked);

  const sign = choices.sign ?? "as-written";
  const reading: Reading = {
    currency,
    columns,
    decimal: { mark, detection: decimalDetection, chosen: choices.decimalMark !== undefined },
    dateOrder: { order, detection: dateDetection, chosen: choices.dateOrder !== undefined },
    sign: { rule: sign, applies: columns.amount !== null && columns.direction === null && !marked, chosen: choices.sign !== undefined, marked },
    questions,
    problems,
    rows: [],
    skippedBelow: table.rows.slice(footer).map((row) => ({ label: row.label, text: row.cells.filter(Boolean).join(" ") })),
    counts: { importable: 0, pending: 0, declined: 0, zero: 0, errors: 0, rounded: 0, balance: 0 },
    totals: totalsOf([]),
  };
  if (questions.length > 0 || problems.length > 0) return reading;

  // No cell of the date column reads as a date in any order: each row is then an error naming its text.
  reading.rows = body.map((row) => readRow(row, columns, order ?? "YMD", { mark, sign, marked, currency }));
  const importable: Array<{ date: string; cents: number }> = [];
  for (const row of reading.rows) {
    if (!row.ok) reading.counts.errors += 1;
    else if (row.status === "balance") reading.counts.balance += 1;
    else if (row.status === "declined") reading.counts.declined += 1;
    else if (row.status === "pending" && !choices.includePending) reading.counts.pending += 1;
    else if (row.cents === 0) reading.counts.zero += 1;
    else {
      importable.push(row);
      if (row.rounded) reading.counts.rounded += 1;
    }
  }
  reading.counts.importable = importable.length;
  reading.totals = totalsOf(importable);
  return reading;
}
