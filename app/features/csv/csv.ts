import { format, isValid, parse as parseDate } from "date-fns";
import { parseAmountToCents } from "~/lib/money";
import { DESCRIPTION_MAX_LENGTH } from "~/features/transactions/transactions";

export const MAX_CSV_BYTES = 5_000_000;
export const MAX_CSV_ROWS = 20_000;

export const CSV_MESSAGES = {
  empty: "The file is empty.",
  tooBig: "The file is larger than 5 MB. Please split it into smaller files.",
  tooManyRows: "The file has more than 20,000 rows. Please split it into smaller files.",
  noRows: "The file has a header row but no transactions.",
  unreadable: "The file could not be read as CSV. Please export it from your bank again.",
} as const;

export const EXPORT_COLUMNS = ["Date", "Type", "Category", "Amount", "Description", "Source", "Deleted"] as const;

export type ExportRow = {
  date: string;
  type: "income" | "expense";
  /** The category's name, as people read it. */
  category: string;
  amount: number;
  description: string;
  source: string;
  deleted: boolean;
};

/** One data row of an uploaded file; `line` is its row number as a spreadsheet shows it (header = 1). */
export type CsvRow = { line: number; values: Record<string, string> };
export type ParsedCsv = { headers: string[]; rows: CsvRow[] };
export type ParseCsvResult = { ok: true; csv: ParsedCsv } | { ok: false; error: string };

export const DATE_FORMATS = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const DATE_FORMAT_RULES: Record<DateFormat, { shape: RegExp; pattern: string }> = {
  "YYYY-MM-DD": { shape: /^\d{4}-\d{1,2}-\d{1,2}$/, pattern: "yyyy-M-d" },
  "MM/DD/YYYY": { shape: /^\d{1,2}\/\d{1,2}\/\d{4}$/, pattern: "M/d/yyyy" },
  "DD/MM/YYYY": { shape: /^\d{1,2}\/\d{1,2}\/\d{4}$/, pattern: "d/M/yyyy" },
};

/**
 * Which CSV column holds what. The amount is either one signed `amount`
 * column (negative = expense; `flipSign` for banks that write expenses as
 * positive numbers) or separate `debit` (expense) and `credit` (income) columns.
 */
export type CsvMapping = {
  date: string;
  description: string;
  amount?: string;
  debit?: string;
  credit?: string;
  type?: string;
  category?: string;
  dateFormat: DateFormat;
  flipSign?: boolean;
};

/** A row ready to become a transaction; `category` is the text of the category column (resolved on the server). */
export type MappedTransaction = {
  line: number;
  date: string;
  type: "income" | "expense";
  amount: number;
  description: string;
  category: string;
};

export type MappedRow = { ok: true; transaction: MappedTransaction } | { ok: false; line: number; error: string };

/** "2024-03-05" from a bank's date text in the chosen format; a time after the date is ignored. */
export function parseBankDate(text: string, dateFormat: DateFormat) {
  const value = text.trim().split(/[ T]/)[0];
  const rule = DATE_FORMAT_RULES[dateFormat];
  if (!rule.shape.test(value)) return null;
  const date = parseDate(value, rule.pattern, new Date(2000, 0, 1));
  if (!isValid(date)) return null;
  return format(date, "yyyy-MM-dd");
}

/**
 * Signed cents of a bank's amount text: "-1,234.56", "$12.00", "(12.00)" and
 * "12.00-" are all understood; null when it is not an amount.
 */
export function parseSignedCents(text: string) {
  let value = text.trim().replace(/[\s,$€£¥₹]/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith("-") || value.endsWith("-")) {
    negative = !negative;
    value = value.startsWith("-") ? value.slice(1) : value.slice(0, -1);
  } else if (value.startsWith("+")) {
    value = value.slice(1);
  }
  const cents = parseAmountToCents(value);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

const TYPE_WORDS: Record<string, "income" | "expense"> = {
  income: "income",
  credit: "income",
  cr: "income",
  deposit: "income",
  expense: "expense",
  debit: "expense",
  dr: "expense",
  withdrawal: "expense",
};

function typeFromWord(text: string) {
  return TYPE_WORDS[text.trim().toLowerCase()];
}

type AmountResult = { ok: true; type: "income" | "expense"; cents: number } | { ok: false; error: string };

function readAmount(values: Record<string, string>, mapping: CsvMapping): AmountResult {
  if (mapping.amount) {
    const text = values[mapping.amount] ?? "";
    if (!text) return { ok: false, error: "missing amount" };
    const signed = parseSignedCents(text);
    if (signed === null) return { ok: false, error: `invalid amount "${text}"` };
    const effective = mapping.flipSign ? -signed : signed;
    return { ok: true, type: effective < 0 ? "expense" : "income", cents: Math.abs(signed) };
  }
  const sides = [
    { type: "expense" as const, text: mapping.debit ? (values[mapping.debit] ?? "") : "" },
    { type: "income" as const, text: mapping.credit ? (values[mapping.credit] ?? "") : "" },
  ];
  const found: Array<{ type: "income" | "expense"; cents: number }> = [];
  for (const side of sides) {
    if (!side.text) continue;
    const signed = parseSignedCents(side.text);
    if (signed === null) return { ok: false, error: `invalid amount "${side.text}"` };
    if (signed !== 0) found.push({ type: side.type, cents: Math.abs(signed) });
  }
  if (found.length === 0) return { ok: false, error: "missing amount" };
  if (found.length > 1) return { ok: false, error: "both debit and credit are filled in" };
  return { ok: true, ...found[0] };
}

function mapRow({ line, values }: CsvRow, mapping: CsvMapping): MappedRow {
  const fail = (reason: string): MappedRow => ({ ok: false, line, error: `Row ${line}: ${reason}` });
  const dateText = values[mapping.date] ?? "";
  if (!dateText) return fail("missing date");
  const date = parseBankDate(dateText, mapping.dateFormat);
  if (!date) return fail(`invalid date "${dateText}"`);
  const amount = readAmount(values, mapping);
  if (!amount.ok) return fail(amount.error);
  if (amount.cents === 0) return fail("amount is zero");
  const statedType = mapping.type ? typeFromWord(values[mapping.type] ?? "") : undefined;
  return {
    ok: true,
    transaction: {
      line,
      date,
      type: statedType ?? amount.type,
      amount: amount.cents,
      description: (values[mapping.description] ?? "").replace(/\s+/g, " ").slice(0, DESCRIPTION_MAX_LENGTH),
      category: mapping.category ? (values[mapping.category] ?? "") : "",
    },
  };
}

/**
 * Turns CSV rows into transactions. A row that cannot be read is reported with
 * its row number and reason ('Row 7: invalid date "31/31/2024"') and is never
 * imported. A type column with a recognised word (income/expense,
 * credit/debit, deposit/withdrawal) overrides the amount's sign.
 */
export function mapRows(rows: CsvRow[], mapping: CsvMapping): MappedRow[] {
  return rows.map((row) => mapRow(row, mapping));
}

const HEADER_GUESSES: Record<"date" | "description" | "amount" | "debit" | "credit" | "type" | "category", string[]> = {
  date: ["date", "posting date", "posted date", "transaction date", "trans. date", "value date"],
  description: ["description", "payee", "memo", "details", "narrative", "name"],
  amount: ["amount", "transaction amount"],
  debit: ["debit", "debits", "withdrawal", "withdrawals", "money out", "paid out"],
  credit: ["credit", "credits", "deposit", "deposits", "money in", "paid in"],
  type: ["type", "transaction type"],
  category: ["category"],
};

function guessColumn(headers: string[], candidates: string[]) {
  const byName = new Map(headers.map((header) => [header.toLowerCase(), header]));
  for (const candidate of candidates) {
    const header = byName.get(candidate);
    if (header) return header;
  }
  return undefined;
}

/** The date format most of the sample dates read in; on a tie the earlier of ISO, month-first, day-first. */
export function guessDateFormat(samples: string[]): DateFormat {
  const readable = (dateFormat: DateFormat) => samples.filter((sample) => parseBankDate(sample, dateFormat)).length;
  return DATE_FORMATS.reduce((best, dateFormat) => (readable(dateFormat) > readable(best) ? dateFormat : best));
}

/** A first mapping from the header names a bank is likely to use ("Posting Date", "Payee", "Debit"...). */
export function guessMapping(csv: ParsedCsv): CsvMapping {
  const { headers, rows } = csv;
  const date = guessColumn(headers, HEADER_GUESSES.date) ?? headers.find((header) => /date/i.test(header)) ?? "";
  const amount = guessColumn(headers, HEADER_GUESSES.amount);
  return {
    date,
    description: guessColumn(headers, HEADER_GUESSES.description) ?? "",
    amount,
    debit: amount ? undefined : guessColumn(headers, HEADER_GUESSES.debit),
    credit: amount ? undefined : guessColumn(headers, HEADER_GUESSES.credit),
    type: guessColumn(headers, HEADER_GUESSES.type),
    category: guessColumn(headers, HEADER_GUESSES.category),
    dateFormat: guessDateFormat(date ? rows.slice(0, 20).map((row) => row.values[date] ?? "") : []),
    flipSign: false,
  };
}

export type ImportKeyFields = { date: string; amount: number; type: "income" | "expense"; description: string };

/**
 * The key that finds the same bank row again: date | amount in cents | type |
 * description lower-cased with runs of spaces collapsed.
 */
export function importKey({ date, amount, type, description }: ImportKeyFields) {
  const normalised = description.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return `${date}|${amount}|${type}|${normalised}`;
}

/** The same key for a transaction written by hand, so a later import of its bank row is seen as a duplicate. */
