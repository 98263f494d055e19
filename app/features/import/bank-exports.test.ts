import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { balancesFromColumn, checkBalance } from "./balance-check";
import { findColumns } from "./columns";
import { ENCODINGS } from "./readers/encodings";
import { isImportable, readTable, type ReadingChoices, type SignRule } from "./reading";
import { readBankFile } from "./readers/source.server";
import type { DateOrder, DecimalMark, SourceFormat } from "./readers/source";

/**
 * Every file of the bank export corpus (tests/fixtures/bank-exports), read
 * with no help but the answers its expectations give, states the expected
 * currency and yields exactly the expected transactions, skips and errors.
 */
type Expected = {
  about: string;
  format: SourceFormat;
  currency: string | null;
  encoding: string;
  delimiter: string | null;
  hasHeader: boolean;
  decimalMark: DecimalMark | null;
  dateOrder: DateOrder;
  ask: Array<"dateOrder" | "decimalMark" | "sign">;
  answers: { dateOrder?: DateOrder; decimalMark?: DecimalMark; sign?: SignRule };
  skippedAbove: number;
  skippedBelow: number;
  skipped: { pending: number; declined: number; zero: number };
  errors: Array<{ label: string; contains: "date" | "amount" }>;
  rounded: number;
  transactions: Array<{ date: string; amount: number; description: string; bankId: string | null }>;
  totals: { count: number; moneyIn: number; moneyOut: number; from: string; to: string };
  balanceCheck?: { kind: "matches" | "differs"; closing: number; difference?: number };
};

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/bank-exports");
const files = readdirSync(FIXTURES).filter((name) => !name.endsWith(".json") && !name.endsWith(".md"));

describe.each(files)("%s", (name) => {
  const expected: Expected = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.expected.json`), "utf8"));
  const read = readBankFile(new Uint8Array(readFileSync(path.join(FIXTURES, name))));
  if (!read.ok) throw new Error(`${name}: ${read.error}`);
  const { table, decoded } = read;
  const columns = table.fixedColumns ?? findColumns(table).mapping;
  const unanswered: ReadingChoices = { columns, includePending: false };
  const answered: ReadingChoices = { ...unanswered, ...expected.answers };
  // A file that states no currency is read as a dollar user's main account reads it.
  const currency = expected.currency ?? "USD";
  const reading = readTable(table, answered, currency);

  test(`is read as ${expected.about}`, () => {
    expect(table.format).toBe(expected.format);
    expect(table.account?.currency ?? null).toBe(expected.currency);
    expect(decoded.label).toBe(expected.encoding === "Windows-1252" ? ENCODINGS["windows-1252"] : expected.encoding);
    expect(table.delimiter).toBe(expected.delimiter);
    expect(table.hasHeader).toBe(expected.hasHeader);
    expect(table.skippedAbove).toHaveLength(expected.skippedAbove);
  });

  test("asks exactly what the file leaves open", () => {
    expect(readTable(table, unanswered, currency).questions.map((question) => question.kind)).toEqual(expected.ask);
    expect(reading.questions).toEqual([]);
    expect(reading.problems).toEqual([]);
  });

  test("decides the number format and the order of dates", () => {
    expect(reading.decimal.mark).toBe(expected.decimalMark);
    expect(reading.dateOrder.order).toBe(expected.dateOrder);
  });

  test("reads every transaction with its date, signed amount, description and bank id", () => {
    const transactions = reading.rows
      .filter((row) => isImportable(row, false))
      .map((row) => ({ date: row.date, amount: row.cents, description: row.description, bankId: row.bankId }));
    expect(transactions).toEqual(expected.transactions);
    expect(reading.totals).toEqual(expected.totals);
  });

  test(`${expected.balanceCheck ? "checks the rows against its running balance" : "has no running balance to check"}`, () => {
    const stated = balancesFromColumn(reading.rows.filter((row) => isImportable(row, false)));
    if (!expected.balanceCheck) {
      expect(columns.balance === null || stated === null).toBe(true);
      return;
    }
    const check = checkBalance({
      opening: stated?.opening ?? null,
      closing: stated?.closing ?? null,
      fileNet: reading.totals.moneyIn - reading.totals.moneyOut,
      newNet: 0,
      accountBalance: null,
      kind: "checking",
      firstDate: null,
      owedAsPositive: stated?.owedAsPositive,
    });
    const { kind, closing, difference } = expected.balanceCheck;
    expect(check).toMatchObject({ kind, closing: { cents: closing }, ...(difference === undefined ? {} : { difference }) });
  });

  test("skips pending, declined, zero and summary rows and reports unreadable ones", () => {
    const { pending, declined, zero, rounded } = reading.counts;
    expect({ pending, declined, zero }).toEqual(expected.skipped);
    expect(rounded).toBe(expected.rounded);
    expect(reading.skippedBelow).toHaveLength(expected.skippedBelow);
    const errors = reading.rows.flatMap((row) => (row.ok ? [] : [row]));
    expect(errors.map((row) => row.label)).toEqual(expected.errors.map((error) => error.label));
    errors.forEach((row, index) => expect(row.error).toContain(expected.errors[index].contains));
  });
});
