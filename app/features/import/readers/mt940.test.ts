import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { MT940_MESSAGES, readMt940 } from "./mt940";
import { detectFormat } from "./source";
import { rowsOf, statementReader } from "../../../../tests/statement-reader";

const { read, errorOf } = statementReader(readMt940);
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../../../tests/fixtures/bank-exports", name), "utf8");
const lines = (...fileLines: string[]) => fileLines.join("\n");

describe("MT940 statements", () => {
  test("the files of German and Dutch banks are told from CSV by their fields", () => {
    for (const name of ["de-mt940-sparkasse.sta", "nl-mt940-ing.940", "nl-mt940-abnamro.sta"]) expect(detectFormat(fixture(name)), name).toBe("mt940");
    expect(detectFormat("Date,Amount\n2020-01-01,:20:\n")).toBe("csv");
  });

  test("daily statements of one account are one: the first day's opening balance, the last day's closing, the currency of the balances", () => {
    const table = read(fixture("de-mt940-sparkasse.sta"));
    expect(table).toMatchObject({
      format: "mt940",
      fixedDateOrder: "YMD",
      account: { id: "50010517/0123456789", name: null, currency: "EUR" },
      statementBalances: { opening: { date: "2020-03-02", amount: "1500.00" }, closing: { date: "2020-03-06", amount: "3047.64" } },
    });
    expect(table.statements).toBeUndefined();
    expect(rowsOf(table)[0]).toEqual({
      line: 5,
      label: "Transaction 1",
      Date: "2020-03-02",
      Amount: "-850.00",
      Direction: "",
      Payee: "Hausverwaltung Schmidt GmbH",
      Memo: "Miete Maerz 2020 Wohnung 3",
      "Bank ID": "",
      Status: "",
    });
  });

  test("a booking date in January of a value date in December is in the new year; a reversed debit is money in; the IBAN loses its currency", () => {
    const table = read(fixture("nl-mt940-ing.940"));
    expect(table.account).toEqual({ id: "NL69INGB0123456789", name: null, currency: "EUR" });
    expect(rowsOf(table).map(({ Date, Amount, Payee, Memo, "Bank ID": bankId }) => [Date, Amount, Payee, Memo, bankId])).toEqual([
      ["2020-01-02", "-45.60", "Eneco Services", "Termijnbedrag januari", "00000000001001"],
      ["2020-01-06", "2450.00", "ACME Nederland B.V.", "Salaris januari 2020", "00000000001002"],
      ["2020-01-08", "45.60", "Eneco Services", "Storno termijnbedrag januari", "00000000001003"],
    ]);
  });

  test("a reversed credit is money out; without :86: the line's own details describe it; a line it cannot read keeps its text for the preview to name", () => {
    const file = lines(":20:X", ":25:123456", ":60F:D200101USD10,", ":61:200102RC5,25NTRFNONREF", "REFUND REVERSED", ":61:garbled", ":62F:D200102USD15,25", ":86:About the whole statement");
    const table = read(file);
    expect(table.statementBalances).toEqual({ opening: { date: "2020-01-01", amount: "-10" }, closing: { date: "2020-01-02", amount: "-15.25" } });
    expect(rowsOf(table).map(({ Date, Amount, Memo }) => [Date, Amount, Memo])).toEqual([
      ["2020-01-02", "-5.25", "REFUND REVERSED"],
      ["garbled", "", ""],
    ]);
  });

  test("Polish banks' :86: fields are separated by a tilde: the title from ~20–~25 (split anywhere), the other party from ~32–~33", () => {
    const file = lines(
      ":20:MT940",
      ":25:/PL61109010140000071219812874",
      ":60F:C240301PLN1000,00",
      ":61:2403040304DN123,45S073NONREF//24030412345",
      ":86:073~00VE02~20ZAKUP PRZY UZYCIU KARTY BIEDRONKA 12~2134 KRAKOW~30109010140~310000071219812874",
      "~32JERONIMO MARTINS POLSKA~33 S.A.~38PL61109010140000071219812874",
      ":62F:C240304PLN876,55",
    );
    const [row] = rowsOf(read(file));
    expect([row.Date, row.Amount, row.Payee, row.Memo, row["Bank ID"]]).toEqual(["2024-03-04", "-123.45", "JERONIMO MARTINS POLSKA S.A.", "ZAKUP PRZY UZYCIU KARTY BIEDRONKA 1234 KRAKOW", "24030412345"]);
  });

  test("statements of two accounts stay two", () => {
    const file = lines(":20:A", ":25:111", ":60F:C200101EUR1,00", ":61:200102C1,00NTRFNONREF", ":62F:C200102EUR2,00", "-", ":20:B", ":25:222", ":60F:C200101CHF5,00", ":61:200103D2,00NTRFNONREF", ":62F:C200103CHF3,00", "-");
    const table = read(file);
    expect(table.statements?.map(({ account }) => account)).toEqual([
      { id: "111", name: null, currency: "EUR" },
      { id: "222", name: null, currency: "CHF" },
    ]);
    expect(table.rows.map((row) => row.statement)).toEqual([0, 1]);
  });

  test("a file without statement lines, or without entries, is refused with a reason", () => {
    expect(errorOf(lines(":20:X", ":25:1"))).toBe(MT940_MESSAGES.unreadable);
    expect(errorOf(lines(":20:X", ":25:1", ":60F:C200101EUR1,00", ":62F:C200101EUR1,00"))).toBe(MT940_MESSAGES.noTransactions);
  });
});
