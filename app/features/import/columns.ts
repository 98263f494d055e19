import { amountParts } from "./amounts";
import { looksLikeDate } from "./dates";
import { directionOf, statusOf } from "./words";
import { COLUMN_ROLES, NO_COLUMNS, type ColumnMapping, type ColumnRole, type SourceTable } from "./readers/source";

/**
 * Which column holds what, found without help: header names in English,
 * German, Dutch, French and Spanish first, then the shape of the values
 * (dates, amounts, direction words, statuses, unique ids, free text).
 * Header names are compared normalised: lower case, no accents, punctuation
 * as spaces, a trailing currency ("Betrag (EUR)", "Withdrawals (SGD)",
 * "Gutschrift in CHF") dropped.
 */
const HEADER_WORDS: Record<ColumnRole, string[]> = {
  // Earlier names win over later ones: the booking date over the date a card was charged or a value date.
  date: [
    "transaction date", "date", "booking date", "booked date", "started date", "trans date", "posted transactions date", "datum",
    "buchungstag", "buchungsdatum", "transaktionsdatum", "boekdatum", "transactiedatum", "boekingsdatum", "date operation",
    "date de l operation", "date d operation", "date d execution", "date comptable", "fecha", "fecha operacion", "fecha de operacion",
    "fecha contable", "data", "posting date", "post date", "posted date", "date posted",
  ],
  payee: [
    "payee", "merchant", "counterparty", "counter party", "partner name", "payee name", "payer name", "beneficiary", "recipient",
    "beguenstigter zahlungspflichtiger", "begunstigter zahlungspflichtiger", "auftraggeber begunstigter", "begunstigter auftraggeber",
    "auftraggeber zahlungsempfanger", "empfanger zahlungspflichtiger", "zahlungsempfanger", "empfanger", "auftraggeber",
    "naam omschrijving", "naam tegenpartij", "tegenpartij", "nom de la contrepartie", "contrepartie", "beneficiaire", "tiers",
    "beneficiario", "ordenante", "name", "naam",
  ],
  memo: [
    "description", "description1", "details", "memo", "narrative", "transaction details", "transaction description", "notes", "note",
    "payment reference", "verwendungszweck", "vorgang verwendungszweck", "omschrijving", "omschrijving 1", "mededelingen", "libelle",
    "libelle operation", "communication", "concepto", "descripcion", "movimiento", "avisierungstext", "transaction ref1", "reference",
  ],
  amount: ["amount", "transaction amount", "betrag", "umsatz", "bedrag", "transactiebedrag", "montant", "importe", "monto", "cantidad", "value"],
  debit: [
    "debit", "debits", "debit amount", "withdrawal", "withdrawals", "withdrawal amount", "money out", "paid out", "out", "soll",
    "lastschrift", "belastung", "ausgang", "ausgaben", "debet", "uitgaven", "montant debit", "cargo", "cargos", "retiros",
  ],
  credit: [
    "credit", "credits", "credit amount", "deposit", "deposits", "deposit amount", "money in", "paid in", "in", "haben", "gutschrift",
    "eingang", "einnahmen", "inkomsten", "montant credit", "abono", "abonos", "ingresos",
  ],
  direction: [
    "af bij", "bij af", "debit credit", "credit debit", "debit credit indicator", "credit debit indicator", "cr dr", "dr cr", "s h",
    "soll haben", "direction", "sens", "d c", "indicator",
  ],
  fee: ["fee", "fees", "gebuhr", "gebuhren", "frais", "comision"],
  status: ["status", "state", "transaction status", "statut", "estado", "buchungsstatus"],
  reference: [
    "transaction id", "transactionid", "id", "transaktions id", "transferwise id", "volgnr", "unique id", "fitid",
    "numero de sequence", "numero de transaction",
  ],
  category: ["category", "kategorie", "categorie", "categoria"],
  balance: ["balance", "running balance", "running bal", "account balance", "saldo", "saldo na trn", "kontostand", "solde"],
};

/** Memo-like columns that name a kind of booking rather than describe it: used only when nothing better is there. */
const WEAK_MEMO_WORDS = ["buchungstext", "umsatzart", "mutatiesoort", "transaction type", "type"];

/** Columns never taken for an amount, whatever they hold. */
const NEVER_AMOUNT_WORDS = ["balance", "running balance", "running bal", "saldo", "saldo na trn", "kontostand", "solde", "total fees", "original amount", "local amount", "exchange rate", "koers"];

const CURRENCY_SUFFIX = /\s(?:in\s)?(?:eur|euro|euros|usd|gbp|chf|sgd|sek|nok|dkk|pln|czk|huf|aud|cad|nzd)$/;

function normaliseHeader(header: string) {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(CURRENCY_SUFFIX, "")
    .trim();
}

type Column = {
  index: number;
  name: string;
  cells: string[];
  filled: number;
  distinct: number;
};

function columnsOf(table: SourceTable): Column[] {
  return table.headers.map((header, index) => {
    const cells = table.rows.map((row) => row.cells[index] ?? "");
    const nonEmpty = cells.filter((cell) => cell.trim() !== "");
    return { index, name: normaliseHeader(header), cells, filled: nonEmpty.length, distinct: new Set(nonEmpty).size };
  });
}

/** Cells a value shape is checked on: what a column holds shows in a thousand of its cells, even of a 20,000-row file. */
const SHAPE_SAMPLE = 1000;

/** The share of the column's filled cells (an evenly spread sample of a long column) that pass `test`. */
function share(column: Column, test: (cell: string) => boolean) {
  const nonEmpty = column.cells.filter((cell) => cell.trim() !== "");
  const step = Math.max(1, Math.floor(nonEmpty.length / SHAPE_SAMPLE));
  const sample = nonEmpty.filter((_, index) => index % step === 0);
  return sample.length === 0 ? 0 : sample.filter(test).length / sample.length;
}

const isDate = (cell: string) => looksLikeDate(cell);
const isAmount = (cell: string) => /\d/.test(cell) && amountParts(cell) !== null && !looksLikeDate(cell);
const isDirectionWord = (cell: string) => directionOf(cell) !== null;
const isStatusWord = (cell: string) => statusOf(cell) !== null;
const isText = (cell: string) => /\p{L}/u.test(cell) && !looksLikeDate(cell) && amountParts(cell) === null;

/** The same value on every row says nothing about a transaction (the account holder's name, the currency). */
function isConstant(column: Column, rows: number) {
  return rows > 2 && column.distinct <= 1;
}

/** Whether the values fit the role: the name alone never makes a column of words into amounts. */
function valuesFit(role: ColumnRole, column: Column, rows: number) {
  switch (role) {
    case "date":
      return share(column, isDate) >= 0.5;
    case "amount":
    case "debit":
    case "credit":
    case "fee":
    case "balance":
      return column.filled === 0 || share(column, isAmount) >= 0.8;
    case "direction":
      return share(column, isDirectionWord) >= 0.5;
    case "status":
      return share(column, isStatusWord) >= 0.5;
    case "reference":
      return column.filled >= rows * 0.8 && column.distinct === column.filled;
    case "payee":
    case "memo":
      return column.filled > 0 && !isConstant(column, rows) && share(column, isDate) < 0.5 && share(column, isAmount) < 0.5;
    case "category":
      return share(column, isText) >= 0.5;
  }
}

export type ColumnFinding = { mapping: ColumnMapping; foundBy: Partial<Record<ColumnRole, "name" | "values">> };

/** The best column for each role; each column serves one role. */
export function findColumns(table: SourceTable): ColumnFinding {
  const rows = table.rows.length;
  const columns = columnsOf(table);
  const mapping: ColumnMapping = { ...NO_COLUMNS };
  const foundBy: ColumnFinding["foundBy"] = {};
  const taken = new Set<number>();
  const assign = (role: ColumnRole, column: Column | undefined, by: "name" | "values") => {
    if (!column || mapping[role] !== null) return;
    mapping[role] = column.index;
    foundBy[role] = by;
    taken.add(column.index);
  };
  const free = () => columns.filter((column) => !taken.has(column.index));
  const byName = (role: ColumnRole, words = HEADER_WORDS[role]) =>
    free()
      .filter((column) => words.includes(column.name) && valuesFit(role, column, rows))
      .sort((a, b) => words.indexOf(a.name) - words.indexOf(b.name) || a.index - b.index);
  // Among several payee or memo columns the one filled on the most rows describes the most transactions (ties: the likelier name).
  const mostFilled = (candidates: Column[]) => [...candidates].sort((a, b) => b.filled - a.filled)[0];

  for (const role of ["date", "reference", "status", "direction", "fee", "category", "balance"] as const) assign(role, byName(role)[0], "name");
  const amounts = byName("amount").filter((column) => column.filled >= rows * 0.5);
  const debit = byName("debit")[0];
  const credit = byName("credit")[0];
  if (amounts.length > 0) assign("amount", amounts[0], "name");
  else if (debit || credit) {
    assign("debit", debit, "name");
    assign("credit", credit, "name");
  }

  // What the names did not find, the values may: headerless files, unknown languages, unnamed direction columns.
  const candidates = () => free().filter((column) => !NEVER_AMOUNT_WORDS.includes(column.name) && column.filled > 0);
  if (mapping.date === null) assign("date", candidates().find((column) => share(column, isDate) >= 0.9), "values");
  if (mapping.status === null) assign("status", candidates().find((column) => share(column, isStatusWord) >= 0.9), "values");
  if (mapping.direction === null) assign("direction", candidates().find((column) => share(column, isDirectionWord) >= 0.95), "values");

  assign("payee", mostFilled(byName("payee")), "name");
  assign("memo", mostFilled(byName("memo")) ?? mostFilled(byName("memo", WEAK_MEMO_WORDS)), "name");

  if (mapping.amount === null && mapping.debit === null && mapping.credit === null) {
    const numeric = candidates().filter((column) => share(column, isAmount) >= 0.9);
    const signed = (column: Column) => column.cells.some((cell) => amountParts(cell)?.negative);
    const decimals = (column: Column) => column.cells.some((cell) => /[.,]\d{1,4}\s*-?\)?$/.test(cell.trim()));
    assign("amount", numeric.find(signed) ?? numeric.find(decimals) ?? numeric[0], "values");
  }
  if (mapping.payee === null && mapping.memo === null) {
    const texts = candidates().filter((column) => valuesFit("memo", column, rows) && share(column, isText) >= 0.8);
    const averageLength = (column: Column) => column.cells.reduce((sum, cell) => sum + cell.length, 0) / Math.max(1, column.filled);
    assign("memo", [...texts].sort((a, b) => averageLength(b) - averageLength(a))[0], "values");
  }
  return { mapping, foundBy };
}

/** A mapping from form values: each role a column index of the table or none. */
export function mappingFromIndices(table: SourceTable, indices: Partial<Record<ColumnRole, number | null>>): ColumnMapping {
  const mapping: ColumnMapping = { ...NO_COLUMNS };
  for (const role of COLUMN_ROLES) {
    const index = indices[role];
    mapping[role] = typeof index === "number" && Number.isInteger(index) && index >= 0 && index < table.headers.length ? index : null;
  }
  return mapping;
}

/**
 * What a remembered mapping is kept under: the file's format, delimiter and
 * header names, so a later export of the same account maps the same way.
 */
export function headerSignature(table: SourceTable) {
  return [table.format, table.delimiter ?? "", table.hasHeader ? table.headers.map(normaliseHeader).join("|") : `${table.headers.length} columns`].join("/");
}
