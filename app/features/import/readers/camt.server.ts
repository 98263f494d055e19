import { XMLParser } from "fast-xml-parser";
import { currencyCode } from "../currency";
import { statementTable, type ReadSourceResult, type SourceRow } from "./source";

export const CAMT_MESSAGES = {
  unreadable: "This file could not be read as CAMT.053. Please export it from your bank again.",
  noTransactions: "This statement holds no transactions.",
} as const;

/** The documents read, each with its repeated statement element: camt.053 statements, camt.052 account reports, camt.054 notifications. */
const STATEMENT_ELEMENTS = [
  ["BkToCstmrStmt", "Stmt"],
  ["BkToCstmrAcctRpt", "Rpt"],
  ["BkToCstmrDbtCdtNtfctn", "Ntfctn"],
] as const;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  // Decodes numeric character references (&#233;) as well as the XML entities.
  htmlEntities: true,
  captureMetaData: true,
});
const METADATA = XMLParser.getMetaDataSymbol() as symbol;

/**
 * Reads an ISO 20022 bank-to-customer statement (camt.053, also camt.052 and
 * camt.054): one row per entry, or per transaction of an entry whose
 * transactions each carry their own amount; cells as written.
 */
export function readCamt053(text: string): ReadSourceResult {
  // A DOCTYPE may declare entities (XXE, entity expansion); bank statements never need one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, error: CAMT_MESSAGES.unreadable };
  let document: unknown;
  try {
    document = at(parser.parse(text), "Document");
  } catch {
    return { ok: false, error: CAMT_MESSAGES.unreadable };
  }
  // The parser reads what it can of a file cut short; a statement with entries missing must not be imported.
  if (positionOf(document).endIndex === undefined) return { ok: false, error: CAMT_MESSAGES.unreadable };
  const statements = STATEMENT_ELEMENTS.flatMap(([message, statement]) => childrenOf(at(document, message), statement));
  if (statements.length === 0) return { ok: false, error: CAMT_MESSAGES.unreadable };

  const lineOf = lineFinder(text);
  const rows: SourceRow[] = [];
  for (const [index, statement] of statements.entries()) {
    for (const entry of childrenOf(statement, "Ntry").filter(isElement)) {
      const line = lineOf(positionOf(entry).startIndex ?? 0);
      for (const { cells, currency } of entryRows(entry)) {
        rows.push({ line, label: `Transaction ${rows.length + 1}`, cells, ...(statements.length > 1 ? { statement: index } : {}), ...(currency ? { currency } : {}) });
      }
    }
  }
  if (rows.length === 0) return { ok: false, error: CAMT_MESSAGES.noTransactions };

  const described = statements.map((statement) => ({
    account: {
      id: textAt(statement, "Acct", "Id", "IBAN") || textAt(statement, "Acct", "Id", "Othr", "Id") || null,
      name: textAt(statement, "Acct", "Nm") || null,
      currency: currencyCode(textAt(statement, "Acct", "Ccy") || textAt(statement, "Bal", "Amt", "@Ccy") || textAt(statement, "Ntry", "Amt", "@Ccy")),
    },
    statementBalances: { opening: balanceOf(statement, OPENING_BALANCE_CODES), closing: balanceOf(statement, ["CLBD"]) },
  }));
  const [first] = described;
  const table = statementTable("camt053", rows, { fixedDateOrder: "YMD", account: first.account, statementBalances: statements.length === 1 ? first.statementBalances : undefined, statements: described });
  return { ok: true, table };
}

/** Opening booked balance, or the closing balance of the statement before. */
const OPENING_BALANCE_CODES = ["OPBD", "PRCD"];

/** The statement's first balance of one of `codes`, signed (a debit balance is below zero); null when it states none. */
function balanceOf(statement: unknown, codes: string[]) {
  const balance = childrenOf(statement, "Bal").find((candidate) => codes.includes(textAt(candidate, "Tp", "CdOrPrtry", "Cd")));
  const amount = textAt(balance, "Amt");
  const date = textAt(balance, "Dt", "Dt") || textAt(balance, "Dt", "DtTm").slice(0, 10);
  if (!balance || !amount || !date) return null;
  return { date: date.slice(0, 10), amount: textAt(balance, "CdtDbtInd") === "DBIT" ? `-${amount}` : amount };
}

/**
 * The rows of one entry, each with the currency its amount states. An entry
 * that books several transactions (a batch) gives one row per transaction
 * when every one of them states its amount; otherwise the entry is one row,
 * described by its transaction when it has exactly one.
 */
function entryRows(entry: unknown): Array<{ cells: string[]; currency: string | null }> {
  const date = entryDate(entry);
  const direction = textAt(entry, "CdtDbtInd");
  const status = textAt(entry, "Sts") || textAt(entry, "Sts", "Cd") || textAt(entry, "Sts", "Prtry");
  const reference = textAt(entry, "AcctSvcrRef") || textAt(entry, "NtryRef");
  const entryInfo = textAt(entry, "AddtlNtryInf");
  const transactions = childrenOf(entry, "NtryDtls").flatMap((details) => childrenOf(details, "TxDtls"));

  if (transactions.length > 1 && transactions.every((transaction) => textOf(transactionAmount(transaction)) !== "")) {
    return transactions.map((transaction, index) => {
      const amount = transactionAmount(transaction);
      const transactionDirection = textAt(transaction, "CdtDbtInd") || direction;
      const transactionReference = textAt(transaction, "Refs", "AcctSvcrRef") || (reference && `${reference}/${index + 1}`);
      return {
        cells: [date, textOf(amount), transactionDirection, counterparty(transaction, transactionDirection), remittance(transaction) || entryInfo, transactionReference, status],
        currency: currencyOf(amount),
      };
    });
  }
  const [onlyTransaction] = transactions.length === 1 ? transactions : [];
  const amount = at(entry, "Amt");
  return [{ cells: [date, textOf(amount), direction, counterparty(onlyTransaction, direction), remittance(onlyTransaction) || entryInfo, reference, status], currency: currencyOf(amount) }];
}

/** The currency an `Amt` element states in its `Ccy` attribute. */
function currencyOf(amount: unknown) {
  return currencyCode(textAt(amount, "@Ccy"));
}

function entryDate(entry: unknown) {
  for (const dateElement of ["BookgDt", "ValDt"]) {
    const day = textAt(entry, dateElement, "Dt") || textAt(entry, dateElement, "DtTm").slice(0, 10);
    if (day) return day;
  }
  return "";
}

/** A transaction's own `Amt` element: its amount, or its amount in the account's currency. */
function transactionAmount(transaction: unknown) {
  return textAt(transaction, "Amt") ? at(transaction, "Amt") : at(transaction, "AmtDtls", "TxAmt", "Amt");
}

/** Who paid us (a credit) or whom we paid (a debit). */
function counterparty(transaction: unknown, direction: string) {
  const party = direction === "CRDT" ? "Dbtr" : "Cdtr";
  return textAt(transaction, "RltdPties", party, "Nm") || textAt(transaction, "RltdPties", party, "Pty", "Nm");
}

function remittance(transaction: unknown) {
  const unstructured = childrenOf(at(transaction, "RmtInf"), "Ustrd")
    .map(textOf)
    .filter((line) => line !== "");
  return unstructured.length > 0 ? unstructured.join(" ") : textAt(transaction, "AddtlTxInf");
}

function isElement(node: unknown): node is Record<string, unknown> {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}

/** The children named `name`: fast-xml-parser makes one child an object and several an array. */
function childrenOf(node: unknown, name: string): unknown[] {
  if (!isElement(node) || !Object.hasOwn(node, name)) return [];
  const children = node[name];
  return Array.isArray(children) ? children : [children];
}

/** The first element at `path` below `node`. */
function at(node: unknown, ...path: string[]) {
  return path.reduce<unknown>((current, name) => childrenOf(current, name)[0], node);
}

/** An element's trimmed text (an element with attributes keeps it under "#text"); "" when it has none. */
function textOf(node: unknown) {
  const text = isElement(node) ? node["#text"] : node;
  return typeof text === "string" ? text.trim() : "";
}

function textAt(node: unknown, ...path: string[]) {
  return textOf(at(node, ...path));
}

/** Where the parser found an element's start tag, and its end tag when it found one (offsets into the text). */
function positionOf(node: unknown): { startIndex?: number; endIndex?: number } {
  const metadata: unknown = isElement(node) ? Reflect.get(node, METADATA) : undefined;
  if (!isElement(metadata)) return {};
  const offset = (key: string) => (typeof metadata[key] === "number" ? metadata[key] : undefined);
  return { startIndex: offset("startIndex"), endIndex: offset("endIndex") };
}

/** The 1-based line (CRLF, LF or CR line breaks) of an offset into `text`. */
function lineFinder(text: string) {
  const lineStarts = [0];
  for (const lineBreak of text.matchAll(/\r\n|\r|\n/g)) lineStarts.push(lineBreak.index + lineBreak[0].length);
  return (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
