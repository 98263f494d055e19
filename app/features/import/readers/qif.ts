import type { AccountKind } from "~/features/accounts/accounts";
import { statementTable, type ReadSourceResult, type SourceRow } from "./source";

export const QIF_MESSAGES = {
  unreadable: "This file could not be read as QIF. Please export it from your bank again.",
  noTransactions: "This QIF file holds no transactions.",
  investment: "Investment QIF files cannot be imported; export your bank or card account instead.",
} as const;

/** The QIF account types that list transactions, as Ledgerly's kinds of account. */
const TRANSACTION_TYPES = new Map<string, AccountKind>([
  ["bank", "checking"],
  ["ccard", "credit_card"],
  ["cash", "cash"],
  ["oth a", "other"],
  ["oth l", "loan"],
]);

/** The part of the file a line belongs to: an account record, a list of transactions, or another list (categories, classes, investments…). */
type Section = "none" | "account" | "transactions" | "investments" | "other";

/** One entry: the line of its first field, and the first value of each field letter. */
type Entry = { line: number; fields: Map<string, string> };

/**
 * A QIF date as written, without text a bank ran on after it ("03/25/099Share Withdrawal" → "03/25/099");
 * a field that does not start like a date is kept whole, for the preview to name.
 */
function qifDate(field: string) {
  return /^\s*\d{1,2}\s*[/.-]\s*\d{1,2}\s*['/.-]\s*\d{2,4}/.exec(field)?.[0] ?? field;
}

/**
 * Reads a QIF file: one row per entry of its bank, card, cash and other asset
 * or liability accounts, cells as written.
 */
export function readQif(text: string): ReadSourceResult {
  let section: Section = "none";
  let hasTypeLine = false;
  let hasInvestments = false;
  let accountName = "";
  let fileAccountName: string | null = null;
  let listKind: AccountKind | null = null;
  let fileAccountKind: AccountKind | null = null;
  let entry: Entry | null = null;
  const entries: Entry[] = [];

  const finishEntry = (closed: boolean) => {
    const finished = entry;
    entry = null;
    if (!finished) return;
    // An entry the file forgot to close with "^" still counts when it looks like a transaction.
    if (closed || ["D", "T", "U"].some((letter) => finished.fields.has(letter))) {
      if (entries.length === 0) {
        fileAccountName = accountName || null;
        fileAccountKind = listKind;
      }
      entries.push(finished);
    }
  };

  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = rawLine.trim(); // trim() also drops a byte order mark
    if (line === "") return;
    if (line.startsWith("!")) {
      const header = line.toLowerCase();
      const type = /^!type:(.*)$/.exec(header)?.[1].trim();
      if (type === undefined && !header.startsWith("!account")) return; // !Option:AutoSwitch, !Clear:AutoSwitch
      finishEntry(false);
      if (type === undefined) {
        section = "account";
        accountName = "";
        return;
      }
      hasTypeLine = true;
      listKind = TRANSACTION_TYPES.get(type) ?? null;
      section = listKind ? "transactions" : type === "invst" ? "investments" : "other";
      hasInvestments ||= section === "investments";
      return;
    }
    if (section === "account") {
      // A list of accounts (AutoSwitch) names several: the last named before the transactions is theirs.
      if (line.startsWith("N")) accountName = line.slice(1).trim();
      return;
    }
    if (section !== "transactions") return;
    if (line.startsWith("^")) {
      finishEntry(true);
      return;
    }
    entry ??= { line: index + 1, fields: new Map() };
    const letter = line[0];
    if (!entry.fields.has(letter)) entry.fields.set(letter, line.slice(1).trim());
  });
  finishEntry(false);

  if (!hasTypeLine) return { ok: false, error: QIF_MESSAGES.unreadable };
  if (entries.length === 0) return { ok: false, error: hasInvestments ? QIF_MESSAGES.investment : QIF_MESSAGES.noTransactions };

  const rows: SourceRow[] = entries.map(({ line, fields }, index) => {
    const field = (letter: string) => fields.get(letter) ?? "";
    return { line, label: `Transaction ${index + 1}`, cells: [qifDate(field("D")), field("T") || field("U"), "", field("P"), field("M"), "", ""] };
  });
  const account = { id: null, name: fileAccountName, currency: null, kind: fileAccountKind };
  return { ok: true, table: statementTable("qif", rows, { fixedDateOrder: null, account }) };
}
