import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import type { ExportRow } from "./csv";
import { toCsv } from "./csv-text.server";

const coffee: ExportRow = {
  date: "2026-03-02",
  type: "expense",
  category: "Food & Dining",
  amount: 123456,
  description: 'Coffee, "large"',
  source: "manual",
  deleted: false,
  account: "Main account",
  cleared: false,
  currency: "USD",
  tags: [],
};

describe("export", () => {
  test("writes the header, plain decimal amounts and RFC 4180 quoting", () => {
    const csv = toCsv([coffee, { ...coffee, type: "income", category: "Paycheck 1", amount: 5, description: "Pay", source: "import", deleted: true, account: "Visa", cleared: true, tags: ["Lisbon trip", "Work"] }]);
    expect(csv).toBe(
      "Date,Type,Category,Amount,Description,Source,Deleted,Account,Cleared,Currency,Tags\r\n" +
        '2026-03-02,expense,Food & Dining,1234.56,"Coffee, ""large""",manual,No,Main account,No,USD,\r\n' +
        '2026-03-02,income,Paycheck 1,0.05,Pay,import,Yes,Visa,Yes,USD,"Lisbon trip, Work"\r\n',
    );
    expect(Papa.parse(csv, { header: true, skipEmptyLines: true }).data[0]).toMatchObject({ Description: 'Coffee, "large"', Amount: "1234.56" });
  });

  test("each amount is written with its currency's own decimals, and the currency named", () => {
    const csv = toCsv([{ ...coffee, amount: 1235, currency: "JPY" }, { ...coffee, amount: 1234, currency: "BHD" }], { header: false });
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.map((row) => [row[3], row[9]])).toEqual([
      ["1235", "JPY"],
      ["1.234", "BHD"],
    ]);
  });

  test("cells that start like a formula are defused with a single quote", () => {
    const csv = toCsv(
      ["=HYPERLINK(\"http://evil\")", "+1", "-2+3", "@SUM(A1)", "=1\n=2", "a=b"].map((description) => ({ ...coffee, description })),
      { header: false },
    );
    const cells = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.map((row) => row[4]);
    expect(cells).toEqual(["'=HYPERLINK(\"http://evil\")", "'+1", "'-2+3", "'@SUM(A1)", "'=1\n=2", "a=b"]);
  });

  test("batches without a header concatenate into one file", () => {
    const income = { ...coffee, type: "income" as const };
    expect(toCsv([coffee]) + toCsv([income], { header: false })).toBe(toCsv([coffee, income]));
    expect(toCsv([], { header: false })).toBe("");
    expect(toCsv([])).toBe("Date,Type,Category,Amount,Description,Source,Deleted,Account,Cleared,Currency,Tags\r\n");
  });
});
