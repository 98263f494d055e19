import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import {
  CSV_MESSAGES,
  guessMapping,
  importKey,
  mapRows,
  MAX_CSV_ROWS,
  type CsvMapping,
  type ExportRow,
  type MappedRow,
} from "./csv";
import { parseCsv, toCsv } from "./csv-text.server";

const coffee: ExportRow = {
  date: "2026-03-02",
  type: "expense",
  category: "Food & Dining",
  amount: 123456,
  description: 'Coffee, "large"',
  source: "manual",
  deleted: false,
};

function parsed(text: string) {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.error);
  return result.csv;
}

function transactions(rows: MappedRow[]) {
  return rows.flatMap((row) => (row.ok ? [row.transaction] : []));
}

function errors(rows: MappedRow[]) {
  return rows.flatMap((row) => (row.ok ? [] : [row.error]));
}

describe("export", () => {
  test("writes the header, plain decimal amounts and RFC 4180 quoting", () => {
    const csv = toCsv([coffee, { ...coffee, type: "income", category: "Paycheck 1", amount: 5, description: "Pay", source: "import", deleted: true }]);
    expect(csv).toBe(
      "Date,Type,Category,Amount,Description,Source,Deleted\r\n" +
        '2026-03-02,expense,Food & Dining,1234.56,"Coffee, ""large""",manual,No\r\n' +
        "2026-03-02,income,Paycheck 1,0.05,Pay,import,Yes\r\n",
    );
    expect(Papa.parse(csv, { header: true, skipEmptyLines: true }).data[0]).toMatchObject({ Description: 'Coffee, "large"', Amount: "1234.56" });
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
    expect(toCsv([])).toBe("Date,Type,Category,Amount,Description,Source,Deleted\r\n");
  });
});

describe("parse", () => {
  test("tolerates a byte order mark, quoted commas and empty lines; rows keep their spreadsheet row number", () => {
    const csv = parsed('\uFEFFDate,Description,Amount\r\n2026-03-01,"Rent, March",-1200.00\r\n\r\n2026-03-02,"Say ""hi""",5\r\n');
    expect(csv.headers).toEqual(["Date", "Description", "Amount"]);
    expect(csv.rows).toEqual([
      { line: 2, values: { Date: "2026-03-01", Description: "Rent, March", Amount: "-1200.00" } },
      { line: 4, values: { Date: "2026-03-02", Description: 'Say "hi"', Amount: "5" } },
    ]);
  });

  test("blank and repeated header names still name a column each", () => {
    expect(parsed("Date,,Amount,Amount\n2026-03-01,x,1,2").headers).toEqual(["Date", "Column 2", "Amount", "Amount (2)"]);
    const { values } = parsed("__proto__,constructor\na,b").rows[0];
    expect([values["__proto__"], values["constructor"]]).toEqual(["a", "b"]);
  });

  test("refuses empty, header-only, binary, too big and too long files with a clear message", () => {
    expect(parseCsv("")).toEqual({ ok: false, error: CSV_MESSAGES.empty });
    expect(parseCsv("\uFEFF \n")).toEqual({ ok: false, error: CSV_MESSAGES.empty });
    expect(parseCsv("Date,Amount\n")).toEqual({ ok: false, error: CSV_MESSAGES.noRows });
    expect(parseCsv("PK\u0003\u0004\u0000\u0000")).toEqual({ ok: false, error: CSV_MESSAGES.unreadable });
    expect(parseCsv(`Description\n${"x".repeat(5_000_001)}`)).toEqual({ ok: false, error: CSV_MESSAGES.tooBig });
    expect(parseCsv(`Amount\n${"1\n".repeat(MAX_CSV_ROWS + 1)}`)).toEqual({ ok: false, error: CSV_MESSAGES.tooManyRows });
    expect(parseCsv(`Amount\n${"1\n".repeat(MAX_CSV_ROWS)}`).ok).toBe(true);
  });
});

describe("mapping", () => {
  const signed: CsvMapping = { date: "Date", description: "Description", amount: "Amount", dateFormat: "YYYY-MM-DD" };

  test("each date format reads into YYYY-MM-DD", () => {
    const csv = parsed("Date,Description,Amount\n03/04/2026,A,1\n3/4/2026 10:15,B,1\n2026-3-4,C,1");
    expect(transactions(mapRows(csv.rows.slice(0, 2), { ...signed, dateFormat: "MM/DD/YYYY" })).map((row) => row.date)).toEqual([
      "2026-03-04",
      "2026-03-04",
    ]);
    expect(transactions(mapRows(csv.rows.slice(0, 2), { ...signed, dateFormat: "DD/MM/YYYY" })).map((row) => row.date)).toEqual([
      "2026-04-03",
      "2026-04-03",
    ]);
    expect(transactions(mapRows(csv.rows.slice(2), signed)).map((row) => row.date)).toEqual(["2026-03-04"]);
  });

  test("a signed amount: negative is an expense, positive is income; flip sign swaps them", () => {
    const csv = parsed('Date,Description,Amount\n2026-03-01,Groceries,"-1,234.50"\n2026-03-02,Salary,$2500\n2026-03-03,Fee,(3.00)');
    expect(transactions(mapRows(csv.rows, signed)).map(({ type, amount }) => [type, amount])).toEqual([
      ["expense", 123450],
      ["income", 250000],
      ["expense", 300],
    ]);
    expect(transactions(mapRows(csv.rows, { ...signed, flipSign: true })).map(({ type }) => type)).toEqual(["income", "expense", "income"]);
  });

  test("debit and credit columns", () => {
    const csv = parsed("Posting Date,Payee,Debit,Credit\n2026-03-01,Shop,12.00,\n2026-03-02,Employer,,900\n2026-03-03,Odd,0,4");
    const mapping: CsvMapping = { date: "Posting Date", description: "Payee", debit: "Debit", credit: "Credit", dateFormat: "YYYY-MM-DD" };
    expect(transactions(mapRows(csv.rows, mapping)).map(({ type, amount, description }) => [type, amount, description])).toEqual([
      ["expense", 1200, "Shop"],
      ["income", 90000, "Employer"],
      ["income", 400, "Odd"],
    ]);
  });

  test("a type column with a known word decides the type; the category text is kept", () => {
    const csv = parsed("Date,Description,Amount,Type,Category\n2026-03-01,Refund,25,expense,Food\n2026-03-02,Bonus,-5,Credit,\n2026-03-03,Card,-7,POS,");
    const rows = transactions(mapRows(csv.rows, { ...signed, type: "Type", category: "Category" }));
    expect(rows.map(({ type, amount, category }) => [type, amount, category])).toEqual([
      ["expense", 2500, "Food"],
      ["income", 500, ""],
      ["expense", 700, ""],
    ]);
  });

  test("unreadable rows are reported with their row number and reason, never as transactions", () => {
    const csv = parsed(
      "Date,Description,Amount\n2026-03-01,Fine,1\n31/31/2024,Bad date,1\n,No date,1\n2026-03-04,No amount,\n2026-03-05,Bad amount,12.345\n\n2026-03-07,Zero,0",
    );
    const rows = mapRows(csv.rows, signed);
    expect(transactions(rows).map((row) => row.line)).toEqual([2]);
    expect(errors(rows)).toEqual([
      'Row 3: invalid date "31/31/2024"',
      "Row 4: missing date",
      "Row 5: missing amount",
      'Row 6: invalid amount "12.345"',
      "Row 8: amount is zero",
    ]);
    const split = parsed("Date,Description,Debit,Credit\n2026-03-01,Both,1,2\n2026-03-02,Neither,,");
    expect(errors(mapRows(split.rows, { date: "Date", description: "Description", debit: "Debit", credit: "Credit", dateFormat: "YYYY-MM-DD" }))).toEqual([
      "Row 2: both debit and credit are filled in",
      "Row 3: missing amount",
    ]);
    expect(errors(mapRows(parsed("Date,Description,Amount\n2026-02-30,X,1").rows, signed))).toEqual(['Row 2: invalid date "2026-02-30"']);
  });

  test("guesses the columns and the date format from the header names and the first dates", () => {
    expect(guessMapping(parsed("Posting Date,Payee,Memo,Debit,Credit,Type\n31/03/2026,A,B,1,,DEBIT"))).toEqual({
      date: "Posting Date",
      description: "Payee",
      amount: undefined,
      debit: "Debit",
      credit: "Credit",
      type: "Type",
      category: undefined,
      dateFormat: "DD/MM/YYYY",
      flipSign: false,
    });
    expect(guessMapping(parsed("date,memo,amount,category\n2026-03-01,A,1,Food"))).toMatchObject({
      date: "date",
      description: "memo",
      amount: "amount",
      debit: undefined,
      category: "category",
      dateFormat: "YYYY-MM-DD",
    });
    expect(guessMapping(parsed("Date,Description,Amount\n03/04/2026,A,1")).dateFormat).toBe("MM/DD/YYYY");
    expect(guessMapping(parsed("Date,Description,Amount\n2026-03-01,A,1\n31/31/2026,B,1\n2026-03-04,C,1")).dateFormat).toBe("YYYY-MM-DD");
  });
});

describe("import key", () => {
  test("is stable across spacing and case of the description, and differs on any other field", () => {
    const base = { date: "2026-03-01", amount: 1250, type: "expense" as const, description: "Coffee  Shop " };
    expect(importKey(base)).toBe("2026-03-01|1250|expense|coffee shop");
    expect(importKey({ ...base, description: " COFFEE shop" })).toBe(importKey(base));
    expect(new Set([base, { ...base, date: "2026-03-02" }, { ...base, amount: 1251 }, { ...base, type: "income" as const }].map(importKey)).size).toBe(4);
  });

  test("a mapped bank row and the same transaction typed by hand share a key", () => {
    const [row] = transactions(
      mapRows(parsed("Date,Description,Amount\n03/01/2026,  Coffee   Shop,-12.50").rows, {
        date: "Date",
        description: "Description",
        amount: "Amount",
        dateFormat: "MM/DD/YYYY",
      }),
    );
    expect(importKey(row)).toBe(importKey({ date: "2026-03-01", amount: 1250, type: "expense", description: "coffee shop" }));
  });
});
