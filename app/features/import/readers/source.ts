import type { AccountKind } from "~/features/accounts/accounts";

/**
 * What every reader of a bank file hands the import: the file as a table of
 * text cells, whatever its format. CSV keeps the bank's own columns; OFX/QFX,
 * QIF, CAMT.053 and MT940 are read into the fixed columns below, with the roles
 * their format fixes.
 */
export type SourceFormat = "csv" | "ofx" | "qif" | "camt053" | "mt940";

export const FORMAT_LABELS: Record<SourceFormat, string> = {
  csv: "CSV",
  ofx: "OFX / QFX",
  qif: "QIF",
  camt053: "CAMT.053",
  mt940: "MT940",
};

/** One entry of the file: `line` is where it starts in the file (1-based), `label` how the preview names it ("Row 7", "Transaction 3"). */
export type SourceRow = {
  line: number;
  label: string;
  cells: string[];
  /** Its statement in a file of several accounts (an index into `statements`). */
  statement?: number;
  /** The currency of its amount, where the file states one for the row (OFX CURRENCY, CAMT Ccy). */
  currency?: string;
};

/** Which column (index into `headers`) holds what; null when the file has no such column. */
export type ColumnMapping = {
  date: number | null;
  /** The payee, merchant or counterparty: the transaction's description when filled. */
  payee: number | null;
  /** Free text (memo, purpose, details): the description when the payee cell is empty or there is no payee column. */
  memo: number | null;
  /** One signed amount. */
  amount: number | null;
  /** Money out (expenses), when the file splits amounts into two columns. */
  debit: number | null;
  /** Money in (income), when the file splits amounts into two columns. */
  credit: number | null;
  /** Words that say which way the money went ("Af"/"Bij", "S"/"H", "DBIT"/"CRDT", "DR"/"CR"…). */
  direction: number | null;
  /** A fee charged on top of the amount (Revolut's "Fee"). */
  fee: number | null;
  /** Settled, pending, declined… */
  status: number | null;
  /** The bank's own id of the transaction (FITID, an entry reference, a transaction id column). */
  reference: number | null;
  /** A category name, matched to the user's categories. */
  category: number | null;
  /** The account's balance after each row (a running balance): read to check the file against the bank, never imported. */
  balance: number | null;
};

export const COLUMN_ROLES = ["date", "payee", "memo", "amount", "debit", "credit", "direction", "fee", "status", "reference", "category", "balance"] as const satisfies ReadonlyArray<keyof ColumnMapping>;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

export const NO_COLUMNS: ColumnMapping = {
  date: null,
  payee: null,
  memo: null,
  amount: null,
  debit: null,
  credit: null,
  direction: null,
  fee: null,
  status: null,
  reference: null,
  category: null,
  balance: null,
};

/** The order of day, month and year in a date. */
export const DATE_ORDERS = ["YMD", "DMY", "MDY"] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** Which character separates the decimals: "1,234.56" (point) or "1.234,56" (comma). */
export const DECIMAL_MARKS = ["point", "comma"] as const;
export type DecimalMark = (typeof DECIMAL_MARKS)[number];

/** A file read into a table. */
export type SourceTable = {
  format: SourceFormat;
  headers: string[];
  rows: SourceRow[];
  /** CSV: the lines above the table that were skipped (account name, IBAN, period…), as text. */
  skippedAbove: string[];
  /** CSV: the field delimiter found. */
  delimiter: string | null;
  /** CSV: whether the first row of the table named the columns (false: the columns are "Column 1", "Column 2"…). */
  hasHeader: boolean;
  /** OFX, QIF, CAMT: the roles the format fixes; the columns are not guessed or asked. */
  fixedColumns: ColumnMapping | null;
  /** OFX and CAMT fix the date order (YYYYMMDD, ISO dates); QIF does not. */
  fixedDateOrder: DateOrder | null;
  /** A file of several accounts (OFX statements, CAMT `Stmt`s): what each one says of its account, in file order. */
  statements?: Array<{ account: NonNullable<SourceTable["account"]>; statementBalances: StatementBalances }>;
  /** The balances a one-account statement states (OFX LEDGERBAL, CAMT OPBD/CLBD), amounts as the format writes them (a point, a sign). */
  statementBalances?: StatementBalances;
  /** What the file says of its account, when it says anything: its id (OFX ACCTID, an IBAN), name, currency (an ISO 4217 code), and what kind of account it reads as. */
  account: { id: string | null; name: string | null; currency: string | null; kind?: AccountKind | null } | null;
};

/** A balance a statement states: on `date` (YYYY-MM-DD) the account held `amount`. */
export type StatementBalance = { date: string; amount: string };
export type StatementBalances = { opening: StatementBalance | null; closing: StatementBalance | null };

export type ReadSourceResult = { ok: true; table: SourceTable } | { ok: false; error: string };

/** The fixed columns of OFX, QIF and CAMT tables, in this order. */
export const STATEMENT_HEADERS = ["Date", "Amount", "Direction", "Payee", "Memo", "Bank ID", "Status"] as const;

export const STATEMENT_COLUMNS: ColumnMapping = {
  ...NO_COLUMNS,
  date: 0,
  amount: 1,
  direction: 2,
  payee: 3,
  memo: 4,
  reference: 5,
  status: 6,
};

/** One statement of a file of several accounts: its rows, its account and its balances, as if it were a file of its own. */
export function statementOf(table: SourceTable, index: number): SourceTable {
  const statement = table.statements?.[index];
  if (!statement) return table;
  const { statements: _all, ...rest } = table;
  return { ...rest, rows: table.rows.filter((row) => row.statement === index), account: statement.account, statementBalances: statement.statementBalances };
}

/** The format of a file's text, from its content (the file name is no proof): OFX/QFX, QIF, XML (CAMT), SWIFT MT940, else CSV. */
export function detectFormat(text: string): SourceFormat {
  const head = text.slice(0, 8192).trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || /^<OFX>/i.test(head)) return "ofx";
  if (/^!(Type|Account|Option)\b/i.test(head)) return "qif";
  if (/^<(\?xml|Document\b|[\w-]+:Document\b)/i.test(head)) return "camt053";
  // A statement's first fields: its reference (":20:") and account (":25:"), after a SWIFT block header or not.
  if (/^(\{[^}]*\})*(\{4:)?:20:/m.test(head) && /^:25:/m.test(head) && /^:(60[FM]|61):/m.test(head)) return "mt940";
  return "csv";
}

/** The table of a statement format (OFX, QIF, CAMT): its fixed columns, the rows read, what it says of its account. */
export function statementTable(
  format: Exclude<SourceFormat, "csv">,
  rows: SourceRow[],
  {
    fixedDateOrder,
    account,
    statementBalances,
    statements,
  }: { fixedDateOrder: DateOrder | null; account: SourceTable["account"]; statementBalances?: StatementBalances; statements?: SourceTable["statements"] },
): SourceTable {
  return {
    format,
    headers: [...STATEMENT_HEADERS],
    rows,
    skippedAbove: [],
    delimiter: null,
    hasHeader: true,
    fixedColumns: STATEMENT_COLUMNS,
    fixedDateOrder,
    account,
    ...(statementBalances ? { statementBalances } : {}),
    ...(statements && statements.length > 1 ? { statements } : {}),
  };
}
