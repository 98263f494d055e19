import { currencyCode } from "../currency";
import { fullYear } from "../dates";
import { statementTable, type ReadSourceResult, type SourceRow, type StatementBalance, type StatementBalances } from "./source";

export const MT940_MESSAGES = {
  unreadable: "This file could not be read as an MT940 statement. Please export it from your bank again.",
  noTransactions: "This statement holds no transactions.",
} as const;

/** One field of a message: its tag (":61:" → "61") and its text, continuation lines joined by "\n"; `line` where it starts. */
type Field = { tag: string; text: string; line: number };

/** One statement (from one ":20:" to the next): its account, its balances, its entries. */
type Statement = { account: string; opening: ParsedBalance | null; closing: ParsedBalance | null; entries: Field[]; details: Map<Field, Field> };

type ParsedBalance = StatementBalance & { currency: string | null };

/**
 * A tag opens a field at the start of a line (":61:", ":28C:"); lines that do not start with one continue the
 * field before. "{1:…}{2:…}{4:" block headers, "-}" block ends and a lone "-" between messages are no text.
 */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = rawLine.replace(/^\s*(\{[^}]*\})*\{4:/, "").trimEnd();
    if (line === "" || /^-\}?$/.test(line.trim()) || /^\{\d:/.test(line.trim())) return;
    const tagged = /^:(\d\d[A-Z]?):(.*)$/.exec(line);
    if (tagged) fields.push({ tag: tagged[1], text: tagged[2], line: index + 1 });
    else if (fields.length > 0) fields[fields.length - 1].text += `\n${line}`;
  });
  return fields;
}

/** The year of an MT940 date's two digits, by the pivot every reader uses (two digits always name one). */
const yearOf = (twoDigits: string) => fullYear(twoDigits) as number;

function isoDate(year: number, month: string, day: string) {
  return `${year}-${month}-${day}`;
}

/** An amount as MT940 writes it ("1234,56", "12,") signed by its mark, with a point: "-1234.56". */
function signedAmount(amount: string, negative: boolean) {
  const [units, decimals = ""] = amount.split(",");
  const text = decimals === "" ? units : `${units}.${decimals}`;
  return negative ? `-${text}` : text;
}

/** A balance field (":60F:", ":62F:"): "C200301EUR1234,56" — credit or debit, its date, currency and amount. */
function balanceOf(field: Field | undefined): ParsedBalance | null {
  const match = field && /^([CD])(\d\d)(\d\d)(\d\d)([A-Z]{3})([\d,]+)/.exec(field.text.trim());
  if (!match) return null;
  const [, mark, year, month, day, currency, amount] = match;
  return { date: isoDate(yearOf(year), month, day), amount: signedAmount(amount, mark === "D"), currency: currencyCode(currency) };
}

/** The messages of the file, one statement each, read in file order. */
function statementsOf(fields: Field[]): Statement[] {
  const statements: Statement[] = [];
  let current: Statement | null = null;
  let lastEntry: Field | null = null;
  for (const field of fields) {
    if (field.tag === "20" || current === null) {
      current = { account: "", opening: null, closing: null, entries: [], details: new Map() };
      statements.push(current);
      lastEntry = null;
    }
    if (field.tag === "61") {
      current.entries.push(field);
      lastEntry = field;
      continue;
    }
    // An ":86:" describes the entry it follows; after a balance it is about the whole statement.
    if (field.tag === "86" && lastEntry) current.details.set(lastEntry, field);
    if (field.tag !== "86") lastEntry = null;
    if (field.tag === "25") current.account = field.text.trim();
    if ((field.tag === "60F" || field.tag === "60M") && !current.opening) current.opening = balanceOf(field);
    if (field.tag === "62F" || field.tag === "62M") current.closing = balanceOf(field);
  }
  return statements;
}

/** Consecutive statements of the same account (a file of daily statements) as one: the first's opening balance, the last's closing. */
function byAccount(statements: Statement[]): Statement[] {
  const merged: Statement[] = [];
  for (const statement of statements) {
    const previous = merged[merged.length - 1];
    if (previous && previous.account === statement.account) {
      previous.entries.push(...statement.entries);
      for (const [entry, details] of statement.details) previous.details.set(entry, details);
      previous.closing = statement.closing ?? previous.closing;
    } else merged.push({ ...statement, entries: [...statement.entries], details: new Map(statement.details) });
  }
  return merged;
}

/**
 * A ":61:" statement line: value date YYMMDD, an optional entry (booking) date MMDD, C/D (RC/RD a reversal),
 * an optional funds code letter, the amount, the transaction type (N + three characters), the customer's
 * reference and after "//" the bank's. The booking date is the transaction's date when given; its year is
 * the value date's, one less or more where the two straddle a new year.
 */
function entryOf(field: Field) {
  const match = /^(\d\d)(\d\d)(\d\d)(\d\d\d\d)?(RC|RD|C|D)([A-Z])?([\d,]+)([NFS][A-Z0-9]{3})?([^\n]*)/.exec(field.text.trim());
  if (!match) return null;
  const [, year, month, day, booking, mark, , amount, , references] = match;
  const valueYear = yearOf(year);
  let date = isoDate(valueYear, month, day);
  if (booking) {
    const [bookingMonth, bookingDay] = [booking.slice(0, 2), booking.slice(2)];
    const straddle = Number(bookingMonth) - Number(month);
    date = isoDate(straddle > 6 ? valueYear - 1 : straddle < -6 ? valueYear + 1 : valueYear, bookingMonth, bookingDay);
  }
  const bankReference = references.split("//")[1]?.trim() ?? "";
  return { date, amount: signedAmount(amount, mark === "D" || mark === "RC"), bankReference: bankReference === "NONREF" ? "" : bankReference };
}

/** The SEPA parts of a German purpose ("EREF+…SVWZ+Miete März"): what follows SVWZ+ when it is there, the whole text otherwise. */
function germanPurpose(purpose: string) {
  const sepa = /SVWZ\+(.*?)(?=(?:EREF|KREF|MREF|CRED|ABWA|ABWE|IBAN|BIC|DEBT|COAM|OAMT|SVWZ)\+|$)/.exec(purpose);
  return (sepa ? sepa[1] : purpose).trim();
}

/**
 * Who and what an ":86:" field names: German structured fields ("?00" booking text, "?20"–"?29" and
 * "?60"–"?63" the purpose, "?32"–"?33" the other party's name, any separator after the three-digit
 * code: Polish banks write "~"), Dutch ones ("/NAME/", "/REMI/", Rabobank's "/CNTP/iban/bic/name/"), or free text as the memo.
 */
function detailsOf(text: string): { payee: string; memo: string } {
  const flat = text.replace(/\n/g, "");
  const german = /^\d{3}(\D)/.exec(flat);
  if (german && flat.includes(`${german[1]}2`)) {
    const separator = german[1];
    const parts = new Map<string, string>();
    for (const part of flat.slice(3).split(separator).slice(1)) parts.set(part.slice(0, 2), (parts.get(part.slice(0, 2)) ?? "") + part.slice(2));
    const joined = (codes: string[]) => codes.map((code) => parts.get(code) ?? "").join("");
    const purpose = joined(["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"]);
    return { payee: joined(["32", "33"]).trim(), memo: germanPurpose(purpose) || (parts.get("00") ?? "").trim() };
  }
  if (/^\/[A-Z]{2,4}\//.test(flat)) {
    const values = new Map<string, string>();
    const keyed = /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|CNTP|ORDP|BENM|ADDR|ISDT|PURP|RTRN|ULTC|ULTD|SVCL|FX)\//g;
    const keys = [...flat.matchAll(keyed)];
    keys.forEach((key, index) => values.set(key[1], flat.slice((key.index ?? 0) + key[0].length, keys[index + 1]?.index ?? flat.length)));
    const counterparty = values.get("CNTP")?.split("/")[2] ?? "";
    const remittance = (values.get("REMI") ?? "").replace(/^\/?USTD\/\//, "").replace(/\/+$/, "");
    return { payee: (values.get("NAME") ?? counterparty).replace(/\/+$/, "").trim(), memo: remittance.trim() };
  }
  return { payee: "", memo: text.replace(/\s*\n\s*/g, " ").trim() };
}

/** The account ":25:" names: a bank code and number ("50010517/0123456789") or an IBAN, without the currency some banks add to it ("NL69INGB0123456789EUR"). */
function accountIdOf(account: string, currency: string | null) {
  const iban = currency && account.endsWith(currency) ? account.slice(0, -3) : "";
  return (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) ? iban : account) || null;
}

function balances(statement: Statement): StatementBalances {
  const strip = (balance: ParsedBalance | null) => (balance ? { date: balance.date, amount: balance.amount } : null);
  return { opening: strip(statement.opening), closing: strip(statement.closing) };
}

/**
 * Reads a SWIFT MT940 statement (and the entries of an MT942): one row per ":61:" line, described by the
 * ":86:" field after it; the account from ":25:", the currency and balances from ":60F:"/":62F:". Daily
 * statements of one account are one statement; several accounts are several.
 */
export function readMt940(text: string): ReadSourceResult {
  const fields = fieldsOf(text);
  if (!fields.some((field) => field.tag === "61" || field.tag === "60F" || field.tag === "60M")) return { ok: false, error: MT940_MESSAGES.unreadable };
  const statements = byAccount(statementsOf(fields));
  const rows: SourceRow[] = [];
  for (const [index, statement] of statements.entries()) {
    for (const field of statement.entries) {
      const entry = entryOf(field);
      const details = detailsOf(statement.details.get(field)?.text ?? field.text.split("\n").slice(1).join(" "));
      const cells = entry ? [entry.date, entry.amount, "", details.payee, details.memo, entry.bankReference, ""] : [field.text.split("\n")[0], "", "", "", "", "", ""];
      rows.push({ line: field.line, label: `Transaction ${rows.length + 1}`, cells, ...(statements.length > 1 ? { statement: index } : {}) });
    }
  }
  if (rows.length === 0) return { ok: false, error: MT940_MESSAGES.noTransactions };

  const described = statements.map((statement) => {
    const currency = statement.opening?.currency ?? statement.closing?.currency ?? null;
    return { account: { id: accountIdOf(statement.account, currency), name: null, currency }, statementBalances: balances(statement) };
  });
  const [first] = described;
  const table = statementTable("mt940", rows, { fixedDateOrder: "YMD", account: first.account, statementBalances: statements.length === 1 ? first.statementBalances : undefined, statements: described });
  return { ok: true, table };
}
