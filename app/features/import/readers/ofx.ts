import type { AccountKind } from "~/features/accounts/accounts";
import { currencyCode } from "../currency";
import { statementTable, type ReadSourceResult, type SourceRow } from "./source";

export const OFX_MESSAGES = {
  unreadable: "This file could not be read as OFX. Please export it from your bank again.",
  noTransactions: "This OFX file holds no transactions.",
  investment: "Investment statements cannot be imported; export your bank or card account instead.",
} as const;

/** An OFX element: a leaf holds `text`, an aggregate holds `children`. `line` is where its start tag is. */
type OfxElement = { name: string; line: number; text: string; children: OfxElement[] };

type Token =
  | { kind: "start"; name: string; line: number; selfClosing: boolean }
  | { kind: "end"; name: string }
  | { kind: "text"; text: string };

const STATEMENTS = new Set(["STMTRS", "CCSTMTRS"]);
const INVESTMENT_MESSAGE_SETS = new Set(["INVSTMTMSGSRSV1"]);
const OFX_ROOT = new Set(["OFX"]);

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)[^<>]*?(\/?)>/y;

/**
 * Reads an OFX file (OFX 1.x SGML, OFX 2.x XML, or Quicken's QFX): one row
 * per STMTTRN of its bank and credit card statements, cells as written.
 */
export function readOfx(text: string): ReadSourceResult {
  const [ofx] = findAll(buildTree(tokenize(text)), OFX_ROOT);
  if (!ofx) return { ok: false, error: OFX_MESSAGES.unreadable };

  const statements = findAll(ofx, STATEMENTS);
  if (statements.length === 0 && findAll(ofx, INVESTMENT_MESSAGE_SETS).length > 0) {
    return { ok: false, error: OFX_MESSAGES.investment };
  }

  const rows: SourceRow[] = [];
  for (const [index, statement] of statements.entries()) {
    const accountId = accountIdOf(statement);
    for (const transaction of childrenNamed(child(statement, "BANKTRANLIST"), "STMTTRN")) {
      // A CURRENCY aggregate says the amount is in that currency; ORIGCURRENCY that it was converted into the statement's.
      const currency = currencyCode(leafText(transaction, "CURRENCY", "CURSYM"));
      rows.push({
        line: transaction.line,
        label: `Transaction ${rows.length + 1}`,
        cells: transactionCells(transaction, accountId),
        ...(statements.length > 1 ? { statement: index } : {}),
        ...(currency ? { currency } : {}),
      });
    }
  }
  if (rows.length === 0) return { ok: false, error: OFX_MESSAGES.noTransactions };

  const described = statements.map((statement) => ({
    account: { id: accountIdOf(statement) || null, name: null, currency: currencyCode(leafText(statement, "CURDEF")), kind: accountKindOf(statement) },
    statementBalances: { opening: null, closing: ledgerBalanceOf(statement) },
  }));
  const [first] = described;
  const table = statementTable("ofx", rows, { fixedDateOrder: "YMD", account: first.account, statementBalances: statements.length === 1 ? first.statementBalances : undefined, statements: described });
  return { ok: true, table };
}

/** The statement's ledger balance and the day it was so (DTASOF: "20200229120000[0:GMT]"); null when it states none. */
function ledgerBalanceOf(statement: OfxElement) {
  const amount = leafText(statement, "LEDGERBAL", "BALAMT");
  const day = /^(\d{4})(\d{2})(\d{2})/.exec(leafText(statement, "LEDGERBAL", "DTASOF"));
  return amount && day ? { date: `${day[1]}-${day[2]}-${day[3]}`, amount } : null;
}

/** OFX account types as Ledgerly's kinds: a card statement is a credit card; a bank statement's ACCTTYPE says the rest. */
const BANK_ACCOUNT_KINDS: Record<string, AccountKind> = { CHECKING: "checking", SAVINGS: "savings", MONEYMRKT: "savings", CREDITLINE: "credit_card", CD: "savings" };

function accountKindOf(statement: OfxElement): AccountKind {
  if (statement.name === "CCSTMTRS") return "credit_card";
  return BANK_ACCOUNT_KINDS[leafText(statement, "BANKACCTFROM", "ACCTTYPE").toUpperCase()] ?? "checking";
}

function accountIdOf(statement: OfxElement) {
  return leafText(statement, "BANKACCTFROM", "ACCTID") || leafText(statement, "CCACCTFROM", "ACCTID");
}

function transactionCells(transaction: OfxElement, accountId: string) {
  const posted = leafText(transaction, "DTPOSTED") || leafText(transaction, "DTUSER");
  // "20200213120000.000[-5:EST]": the day is the first 8 digits; anything else is left for the import to refuse.
  const date = /^\d{8}/.exec(posted)?.[0] ?? posted;
  const fitId = leafText(transaction, "FITID");
  const bankId = fitId && accountId ? `${accountId}:${fitId}` : fitId;
  const payee = leafText(transaction, "NAME") || leafText(transaction, "PAYEE", "NAME");
  return [date, leafText(transaction, "TRNAMT"), "", payee, leafText(transaction, "MEMO"), bankId, ""];
}

/** Start tags, end tags and the text between them; comments, declarations and processing instructions are skipped. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const lineAt = lineCounter(text);
  let pendingText = "";
  let position = 0;

  const flushText = () => {
    if (pendingText.trim() !== "") tokens.push({ kind: "text", text: pendingText });
    pendingText = "";
  };
  const skipPast = (terminator: string, from: number) => {
    const end = text.indexOf(terminator, from);
    position = end === -1 ? text.length : end + terminator.length;
  };

  while (position < text.length) {
    const open = text.indexOf("<", position);
    if (open === -1) {
      pendingText += text.slice(position);
      break;
    }
    pendingText += text.slice(position, open);
    if (text.startsWith("<!--", open)) {
      skipPast("-->", open + 4);
    } else if (text.startsWith("<?", open) || text.startsWith("<!", open)) {
      skipPast(">", open + 2);
    } else {
      TAG.lastIndex = open;
      const tag = TAG.exec(text);
      if (!tag) {
        // A "<" that starts no tag is part of the text.
        pendingText += "<";
        position = open + 1;
        continue;
      }
      flushText();
      const [, slash, name, selfClosing] = tag;
      tokens.push(
        slash
          ? { kind: "end", name: name.toUpperCase() }
          : { kind: "start", name: name.toUpperCase(), line: lineAt(open), selfClosing: selfClosing === "/" },
      );
      position = TAG.lastIndex;
    }
  }
  flushText();
  return tokens;
}

/**
 * The element tree of the tokens. A start tag followed by text is a leaf (its
 * end tag optional, as in SGML); followed by another tag it opens an aggregate,
 * which an end tag of the same name closes.
 */
function buildTree(tokens: Token[]): OfxElement {
  const root: OfxElement = { name: "", line: 0, text: "", children: [] };
  const open = new OpenAggregates(root);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.kind === "text") continue; // outside any leaf: the SGML header, stray text
    if (token.kind === "end") {
      open.close(token.name);
      continue;
    }
    const element: OfxElement = { name: token.name, line: token.line, text: "", children: [] };
    open.innermost.children.push(element);
    if (token.selfClosing) continue;
    const next = tokens[index + 1];
    if (next?.kind === "text") {
      element.text = decodeEntities(next.text.trim());
      index += isEndOf(tokens[index + 2], token.name) ? 2 : 1;
    } else if (isEndOf(next, token.name)) {
      index += 1;
    } else {
      open.open(element);
    }
  }
  return root;
}

function isEndOf(token: Token | undefined, name: string) {
  return token?.kind === "end" && token.name === name;
}

/** The aggregates open at a point of the file, innermost last. */
class OpenAggregates {
  private readonly stack: OfxElement[];
  // How many of each name are open: an end tag that matches none is ignored without searching the stack.
  private readonly counts = new Map<string, number>();

  constructor(root: OfxElement) {
    this.stack = [root];
  }

  get innermost() {
    return this.stack[this.stack.length - 1];
  }

  open(element: OfxElement) {
    this.stack.push(element);
    this.counts.set(element.name, (this.counts.get(element.name) ?? 0) + 1);
  }

  /** Closes the innermost open element named `name` and all opened inside it. */
  close(name: string) {
    if (!this.counts.get(name)) return;
    let matching = this.stack.length - 1;
    while (this.stack[matching].name !== name) matching--;
    const closing = this.stack[matching];
    // SGML aggregates always have an end tag, so one closed by an outer end tag was an empty leaf
    // (`<MEMO>` with no value): what seemed to be inside it follows it in the element being closed.
    for (const emptyLeaf of this.stack.slice(matching + 1)) {
      for (const child of emptyLeaf.children) closing.children.push(child);
      emptyLeaf.children = [];
    }
    for (const closed of this.stack.splice(matching)) this.counts.set(closed.name, (this.counts.get(closed.name) ?? 1) - 1);
  }
}

/** The elements with one of `names` below `element`, in file order; matches are not searched further. */
function findAll(element: OfxElement, names: ReadonlySet<string>) {
  const found: OfxElement[] = [];
  const pending = [...element.children].reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (names.has(next.name)) found.push(next);
    else for (let index = next.children.length - 1; index >= 0; index--) pending.push(next.children[index]);
  }
  return found;
}

function child(element: OfxElement | undefined, name: string) {
  return element?.children.find((candidate) => candidate.name === name);
}

function childrenNamed(element: OfxElement | undefined, name: string) {
  return element?.children.filter((candidate) => candidate.name === name) ?? [];
}

/** The text of the leaf at `path` below `element`; "" when there is none. */
function leafText(element: OfxElement, ...path: string[]) {
  let current: OfxElement | undefined = element;
  for (const name of path) current = child(current, name);
  return current?.text ?? "";
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string) {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()];
    const codePoint = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? "", 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
  });
}

/** The 1-based line of each offset into `text` (CRLF, LF or CR line breaks), for offsets asked in ascending order. */
function lineCounter(text: string) {
  let line = 1;
  let position = 0;
  return (offset: number) => {
    for (; position < offset; position++) {
      const character = text[position];
      if (character === "\n" || (character === "\r" && text[position + 1] !== "\n")) line++;
    }
    return line;
  };
}
