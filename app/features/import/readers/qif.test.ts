import { describe, expect, test } from "vitest";
import { QIF_MESSAGES, readQif } from "./qif";
import { STATEMENT_COLUMNS, STATEMENT_HEADERS } from "./source";
import { rowsOf, statementReader } from "../../../../tests/statement-reader";

const { read, errorOf } = statementReader(readQif);

const lines = (...fileLines: string[]) => fileLines.join("\n");

describe("QIF transactions", () => {
  test("a bank file: one row per entry, dates and amounts as written, from the line of its first field", () => {
    const file = lines(
      "!Type:Bank",
      "D6/19'20",
      "T-1,234.56",
      "PACME HARDWARE",
      "MNew drill",
      "N1042",
      "LHome:Tools",
      "CX",
      "^",
      "D 6/20/20",
      "U500.00",
      "T500.00",
      "PEmployer Inc",
      "^",
    );
    const table = read(file);
    expect(table).toMatchObject({
      format: "qif",
      headers: [...STATEMENT_HEADERS],
      fixedColumns: STATEMENT_COLUMNS,
      fixedDateOrder: null,
      delimiter: null,
      hasHeader: true,
      skippedAbove: [],
      account: { id: null, name: null, currency: null, kind: "checking" },
    });
    expect(rowsOf(table)).toEqual([
      { line: 2, label: "Transaction 1", Date: "6/19'20", Amount: "-1,234.56", Direction: "", Payee: "ACME HARDWARE", Memo: "New drill", "Bank ID": "", Status: "" },
      { line: 10, label: "Transaction 2", Date: "6/20/20", Amount: "500.00", Direction: "", Payee: "Employer Inc", Memo: "", "Bank ID": "", Status: "" },
    ]);
  });

  test("a credit card file with day-first dates; the type line is case-insensitive", () => {
    const file = lines("!type:ccard", "D19/06/2020", "T-45.00", "PTESCO STORES", "^", "D21/06/2020", "T120.00", "PPAYMENT RECEIVED", "^");
    expect(rowsOf(read(file)).map(({ Date, Amount, Payee }) => ({ Date, Amount, Payee }))).toEqual([
      { Date: "19/06/2020", Amount: "-45.00", Payee: "TESCO STORES" },
      { Date: "21/06/2020", Amount: "120.00", Payee: "PAYMENT RECEIVED" },
    ]);
  });

  test("text a bank ran on after the date is left out of the date; a field that is no date stays whole", () => {
    const file = lines("!Type:Bank", "D03/25/099Share Withdrawal", "T-99.99", "^", "D3/25'99 ", "T-1.00", "^", "DLast Tuesday", "T-2.00", "^");
    expect(rowsOf(read(file)).map(({ Date }) => Date)).toEqual(["03/25/099", "3/25'99", "Last Tuesday"]);
  });

  test("cash and other asset and liability accounts are read too", () => {
    for (const type of ["Cash", "Oth A", "Oth L"]) {
      expect(rowsOf(read(lines(`!Type:${type}`, "D01/02/2021", "T-5.00", "^")))[0]).toMatchObject({ Date: "01/02/2021", Amount: "-5.00" });
    }
  });

  test("U is the amount only when T is missing", () => {
    expect(rowsOf(read(lines("!Type:Bank", "D1/2/21", "U-7.50", "PKiosk", "^")))[0].Amount).toBe("-7.50");
  });

  test("split lines are ignored: the entry's total T is its amount", () => {
    const file = lines(
      "!Type:Bank",
      "D3/1/21",
      "T-100.00",
      "PSUPERMARKET",
      "SGroceries",
      "EFood",
      "$-80.00",
      "SHousehold",
      "ESoap",
      "$-20.00",
      "^",
    );
    expect(rowsOf(read(file))).toEqual([
      { line: 2, label: "Transaction 1", Date: "3/1/21", Amount: "-100.00", Direction: "", Payee: "SUPERMARKET", Memo: "", "Bank ID": "", Status: "" },
    ]);
  });

  test("address lines and unknown field letters are ignored", () => {
    const file = lines("!Type:Bank", "D3/1/21", "T-9.99", "PBook Shop", "A1 Main St", "ASpringfield", "Zsomething new", "^");
    expect(rowsOf(read(file))[0]).toMatchObject({ Amount: "-9.99", Payee: "Book Shop", Memo: "" });
  });

  test("the account name comes from the !Account block before the transactions", () => {
    const file = lines(
      "!Option:AutoSwitch",
      "!Account",
      "NSavings",
      "TBank",
      "^",
      "NVisa",
      "TCCard",
      "^",
      "!Clear:AutoSwitch",
      "!Account",
      "NEveryday Checking",
      "TBank",
      "DChecking at First Bank",
      "^",
      "!Type:Bank",
      "D01/15/2021",
      "T-12.00",
      "^",
    );
    const table = read(file);
    expect(table.account).toEqual({ id: null, name: "Everyday Checking", currency: null, kind: "checking" });
    expect(rowsOf(table)[0]).toMatchObject({ line: 16, Date: "01/15/2021", Amount: "-12.00" });
  });

  test("CRLF and CR line breaks count lines the same way", () => {
    const fileLines = ["!Type:Bank", "D01/15/2021", "T-12.00", "^", "", "D01/16/2021", "T-3.00", "^"];
    for (const lineBreak of ["\r\n", "\r"]) {
      expect(rowsOf(read(fileLines.join(lineBreak))).map(({ line, Date }) => ({ line, Date }))).toEqual([
        { line: 2, Date: "01/15/2021" },
        { line: 6, Date: "01/16/2021" },
      ]);
    }
  });

  test("a last entry without its closing ^ counts when it has a date or an amount", () => {
    expect(rowsOf(read(lines("!Type:Bank", "D01/15/2021", "T-12.00", "^", "D01/16/2021", "T-3.00", ""))).map((row) => row.label)).toEqual([
      "Transaction 1",
      "Transaction 2",
    ]);
    expect(rowsOf(read(lines("!Type:Bank", "D01/15/2021", "T-12.00", "^", "MJust a stray memo"))).length).toBe(1);
  });

  test("entries of category and class lists are not transactions", () => {
    const file = lines("!Type:Cat", "NGroceries", "DFood", "E", "^", "!Type:Bank", "D01/15/2021", "T-12.00", "^");
    expect(rowsOf(read(file)).map(({ line, Amount }) => ({ line, Amount }))).toEqual([{ line: 7, Amount: "-12.00" }]);
  });
});

describe("what cannot be imported", () => {
  test("a file without a !Type line is not QIF", () => {
    expect(errorOf("")).toBe(QIF_MESSAGES.unreadable);
    expect(errorOf(lines("D01/15/2021", "T-12.00", "^"))).toBe(QIF_MESSAGES.unreadable);
    expect(errorOf("Date,Amount\n2021-01-15,-12.00")).toBe(QIF_MESSAGES.unreadable);
  });

  test("an investment account is refused", () => {
    expect(errorOf(lines("!Type:Invst", "D01/15/2021", "NBuy", "YACME", "I10.00", "Q5", "T50.00", "^"))).toBe(QIF_MESSAGES.investment);
  });

  test("an investment account next to a bank account is ignored", () => {
    const file = lines("!Type:Invst", "D01/15/2021", "NBuy", "T50.00", "^", "!Type:Bank", "D01/16/2021", "T-3.00", "^");
    expect(rowsOf(read(file)).map((row) => row.Amount)).toEqual(["-3.00"]);
  });

  test("a file that holds no transactions", () => {
    expect(errorOf(lines("!Type:Bank", ""))).toBe(QIF_MESSAGES.noTransactions);
    expect(errorOf(lines("!Type:Cat", "NGroceries", "^"))).toBe(QIF_MESSAGES.noTransactions);
  });

  test("garbage and empty text never throws", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = "!^DTUPMNLCASE$Type:Bank\n\r \t0123456789/'-.,";
    const samples = [
      "",
      "\n",
      "^",
      "!",
      "!Type:",
      "\uFEFF!Type:Bank\n^\n^",
      ...Array.from({ length: 200 }, () => Array.from({ length: 300 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("")),
    ];
    for (const sample of samples) {
      expect(() => readQif(sample)).not.toThrow();
    }
  });
});
