import { describe, expect, test } from "vitest";
import { readCsvTable } from "./csv-table.server";
import { IMPORT_MESSAGES } from "../messages";

function table(text: string) {
  const read = readCsvTable(text);
  if (!read.ok) throw new Error(read.error);
  return read.table;
}

describe("reading a CSV table", () => {
  test.each([
    [",", "Date,Description,Amount\n2020-03-01,Rent,-750.00\n2020-03-02,Pay,2500.00"],
    [";", "Datum;Omschrijving;Bedrag\n01-03-2020;Huur;-750,00\n02-03-2020;Salaris;2.500,00"],
    ["\t", "Date\tDescription\tAmount\n2020-03-01\tRent\t-750.00\n2020-03-02\tPay\t2500.00"],
    ["|", "Date|Description|Amount\n2020-03-01|Rent|-750.00\n2020-03-02|Pay|2500.00"],
  ])("finds the %j delimiter", (delimiter, text) => {
    expect(table(text)).toMatchObject({ delimiter, hasHeader: true, headers: [expect.any(String), expect.any(String), expect.any(String)] });
  });

  test("skips the lines above the table and keeps each row's line number, quoted line breaks included", () => {
    const text = [
      '"Kontonummer:";"DE12 1203 0000 0012 3456 78";',
      "",
      '"Von:";"01.02.2018";',
      '"Buchungstag";"Verwendungszweck";"Betrag (EUR)";',
      '"02.02.2018";"Miete\nFebruar";"-750,00";',
      '"03.02.2018";"Gehalt";"2.500,00";',
    ].join("\n");
    const read = table(text);
    expect(read.skippedAbove).toEqual(["Kontonummer: DE12 1203 0000 0012 3456 78", "Von: 01.02.2018"]);
    expect(read.headers).toEqual(["Buchungstag", "Verwendungszweck", "Betrag (EUR)", "Column 4"]);
    expect(read.rows.map((row) => [row.label, row.cells[1]])).toEqual([
      ["Row 5", "Miete\nFebruar"],
      ["Row 7", "Gehalt"],
    ]);
  });

  test("a file without a header row starts at its first transaction", () => {
    const read = table('"06/19/2020","-12.50","*","","COFFEE SHOP"\n"06/20/2020","1500.00","*","","PAYROLL"');
    expect(read).toMatchObject({ hasHeader: false, headers: ["Column 1", "Column 2", "Column 3", "Column 4", "Column 5"] });
    expect(read.rows[0].cells).toEqual(["06/19/2020", "-12.50", "*", "", "COFFEE SHOP"]);
  });

  test("reads any line ending", () => {
    for (const ending of ["\n", "\r\n", "\r", "\r\r\n"]) {
      const read = table(["Date,Description,Amount", "2020-03-01,Rent,-750.00", "2020-03-02,Pay,2500.00"].join(ending));
      expect(read.rows.map((row) => [row.line, row.cells[1]])).toEqual([
        [2, "Rent"],
        [3, "Pay"],
      ]);
    }
  });

  test("blank and repeated header names still name a column each", () => {
    expect(table("Date,,Amount,Amount,__proto__\n2020-03-01,x,1.00,2,a").headers).toEqual(["Date", "Column 2", "Amount", "Amount (2)", "__proto__"]);
  });

  test("refuses empty, binary, tableless and too long files with a reason", () => {
    expect(readCsvTable("")).toEqual({ ok: false, error: IMPORT_MESSAGES.empty });
    expect(readCsvTable(" \n\n")).toEqual({ ok: false, error: IMPORT_MESSAGES.empty });
    expect(readCsvTable("PK\u0003\u0004\u0000\u0000")).toEqual({ ok: false, error: IMPORT_MESSAGES.unreadable });
    expect(readCsvTable("just some words\nand more words")).toEqual({ ok: false, error: IMPORT_MESSAGES.noTable });
    expect(readCsvTable("Date,Description,Amount\n")).toEqual({ ok: false, error: IMPORT_MESSAGES.noRows });
    expect(readCsvTable('Date,Description,Amount\n2020-03-01,"unterminated,1.00\n')).toEqual({ ok: false, error: IMPORT_MESSAGES.unreadable });
    expect(readCsvTable(`Date,Amount\n${"2020-03-01,1.00\n".repeat(20_001)}`)).toEqual({ ok: false, error: IMPORT_MESSAGES.tooManyRows });
    expect(readCsvTable(`Date,Amount\n${"2020-03-01,1.00\n".repeat(20_000)}`).ok).toBe(true);
  });
});
