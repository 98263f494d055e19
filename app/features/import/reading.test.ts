import { describe, expect, test } from "vitest";
import { findColumns } from "./columns";
import { findDuplicates } from "./duplicates";
import { isImportable, readTable, type ReadingChoices } from "./reading";
import { NO_COLUMNS, type ColumnMapping, type SourceTable } from "./readers/source";
import { directionOf, statusOf } from "./words";

/** A CSV-like table from a header and rows of cells. */
function tableOf(headers: string[], rows: string[][], extra: Partial<SourceTable> = {}): SourceTable {
  return {
    format: "csv",
    headers,
    rows: rows.map((cells, index) => ({ line: index + 2, label: `Row ${index + 2}`, cells })),
    skippedAbove: [],
    delimiter: ",",
    hasHeader: true,
    fixedColumns: null,
    fixedDateOrder: null,
    account: null,
    ...extra,
  };
}

function choices(table: SourceTable, overrides: Partial<ReadingChoices> = {}): ReadingChoices {
  return { columns: findColumns(table).mapping, includePending: false, ...overrides };
}

function imported(table: SourceTable, overrides: Partial<ReadingChoices> = {}) {
  const reading = readTable(table, choices(table, overrides), "USD");
  return reading.rows.filter((row) => isImportable(row, overrides.includePending ?? false)).map((row) => [row.date, row.cents, row.description]);
}

describe("direction and status words", () => {
  test.each([
    ["Af", "out"],
    ["Bij", "in"],
    ["S", "out"],
    ["H", "in"],
    ["DBIT", "out"],
    ["CRDT", "in"],
    ["DR", "out"],
    ["Cr.", "in"],
    ["Débit", "out"],
    ["Crédit", "in"],
    ["Lastschrift", "out"],
    ["Gutschrift", "in"],
    ["POS", null],
  ] as const)("%s is %s", (word, direction) => {
    expect(directionOf(word)).toBe(direction);
  });

  test.each([
    ["PENDING", "pending"],
    ["Umsatz vorgemerkt", "pending"],
    ["In behandeling", "pending"],
    ["PDNG", "pending"],
    ["COMPLETED", "settled"],
    ["Umsatz gebucht", "settled"],
    ["Accepté", "settled"],
    ["BOOK", "settled"],
    ["REVERTED", "declined"],
    ["Refusé", "declined"],
    ["DECLINED", "declined"],
    ["", null],
    ["Card payment", null],
  ] as const)("%s is %s", (word, status) => {
    expect(statusOf(word)).toBe(status);
  });
});

describe("columns found without help", () => {
  const columnsOf = (headers: string[], rows: string[][]) => {
    const { mapping } = findColumns(tableOf(headers, rows));
    return Object.fromEntries(Object.entries(mapping).flatMap(([role, index]) => (index === null ? [] : [[role, headers[index]]])));
  };

  test("German, Dutch, French and Spanish headers", () => {
    expect(columnsOf(["Buchungstag", "Valuta", "Verwendungszweck", "Betrag (EUR)", "Saldo"], [["02.03.2020", "03.03.2020", "REWE", "-8,78", "100,00"]])).toEqual({
      date: "Buchungstag",
      memo: "Verwendungszweck",
      amount: "Betrag (EUR)",
      // The running balance is found to check the file against, never as an amount.
      balance: "Saldo",
    });
    expect(columnsOf(["Datum", "Naam / Omschrijving", "Af Bij", "Bedrag (EUR)"], [["20200213", "Albert Heijn", "Af", "8,78"]])).toEqual({
      date: "Datum",
      payee: "Naam / Omschrijving",
      direction: "Af Bij",
      amount: "Bedrag (EUR)",
    });
    expect(columnsOf(["Date", "Libellé", "Montant(EUROS)"], [["24/08/2020", "CARREFOUR", "-12,50"]])).toEqual({ date: "Date", memo: "Libellé", amount: "Montant(EUROS)" });
    expect(columnsOf(["Fecha Operación", "Fecha Valor", "Concepto", "Importe", "Saldo"], [["24/08/2020", "25/08/2020", "MERCADONA", "-750,00", "1.000,00"]])).toEqual({
      date: "Fecha Operación",
      memo: "Concepto",
      amount: "Importe",
      balance: "Saldo",
    });
  });

  test("debit and credit columns when there is no signed amount; an empty amount column does not count", () => {
    expect(columnsOf(["Buchungstag", "Betrag", "Soll", "Haben"], [["02.03.2020", "", "-45,99", ""], ["03.03.2020", "", "", "1.500,00"]])).toEqual({
      date: "Buchungstag",
      debit: "Soll",
      credit: "Haben",
    });
  });

  test("an unnamed column of direction words, a status column and a unique id column are found by their values", () => {
    const rows = [
      ["01.03.2020", "8,78", "S", "tx-1", "Umsatz gebucht", "Bäcker"],
      ["02.03.2020", "1.500,00", "H", "tx-2", "Umsatz vorgemerkt", "Arbeitgeber"],
    ];
    expect(columnsOf(["Datum", "Umsatz", "Column 3", "Transaction ID", "Info", "Empfänger"], rows)).toEqual({
      date: "Datum",
      amount: "Umsatz",
      direction: "Column 3",
      reference: "Transaction ID",
      status: "Info",
      payee: "Empfänger",
    });
  });

  test("the same payee on every row is the account holder, not a payee; an id column with repeats is no id", () => {
    const rows = [
      ["01/03/2020", "Jan Peeters", "Delhaize", "1", "-8,78"],
      ["02/03/2020", "Jan Peeters", "Colruyt", "1", "-5,00"],
      ["03/03/2020", "Jan Peeters", "Proximus", "2", "-30,00"],
    ];
    expect(columnsOf(["Datum", "Naam", "Naam tegenpartij", "ID", "Bedrag"], rows)).toEqual({ date: "Datum", payee: "Naam tegenpartij", amount: "Bedrag" });
  });

  test("Buchungstext describes only when nothing better does", () => {
    const rows = [["01.03.2020", "KARTENZAHLUNG", "Bäckerei", "-7,50"]];
    expect(columnsOf(["Buchungstag", "Buchungstext", "Verwendungszweck", "Betrag"], rows)).toMatchObject({ memo: "Verwendungszweck" });
    expect(columnsOf(["Buchungstag", "Buchungstext", "Betrag"], rows.map(([date, kind, , amount]) => [date, kind, amount]))).toMatchObject({ memo: "Buchungstext" });
  });

  test("a file without a header: date, signed amount and the longest text by their values; balances never", () => {
    const rows = [
      ["123456789", "EUR", "20200213", "1234,56", "1225,78", "20200213", "-8,78", "BEA NR:XXX ALBERT HEIJN 1234"],
      ["123456789", "EUR", "20200214", "1225,78", "1725,78", "20200214", "500,00", "SEPA OVERBOEKING SALARIS"],
    ];
    const headers = rows[0].map((_, index) => `Column ${index + 1}`);
    expect(columnsOf(headers, rows)).toEqual({ date: "Column 3", amount: "Column 7", memo: "Column 8" });
  });
});

describe("reading rows", () => {
  test("a mostly positive signed column reads like a card statement: the user is asked, and the answer flips the signs", () => {
    const table = tableOf(["Date", "Description", "Amount"], [["2020-03-01", "AMAZON", "45.20"], ["2020-03-02", "UBER", "12.00"], ["2020-03-03", "STARBUCKS", "5.40"], ["2020-03-04", "PAYMENT THANK YOU", "-500.00"]]);
    expect(readTable(table, choices(table), "USD").questions).toEqual([{ kind: "sign", positive: 3, total: 4 }]);
    expect(readTable(table, choices(table), "USD").rows).toEqual([]);
    expect(imported(table, { sign: "charges-positive" })).toEqual([
      ["2020-03-01", -4520, "AMAZON"],
      ["2020-03-02", -1200, "UBER"],
      ["2020-03-03", -540, "STARBUCKS"],
      ["2020-03-04", 50000, "PAYMENT THANK YOU"],
    ]);
    expect(imported(table, { sign: "as-written" })[0]).toEqual(["2020-03-01", 4520, "AMAZON"]);
  });

  test("unsigned amounts with a mark on one kind of row only: the marked rows go one way, the others the other; nothing is asked", () => {
    const plus = tableOf(["Date", "Description", "Amount"], [["2024-03-28", "TESCO", "£18.89"], ["2024-03-18", "PAYMENT RECEIVED", "+ £1,100.00"], ["2024-03-15", "NETFLIX", "£10.99"]]);
    expect(readTable(plus, choices(plus), "GBP").questions).toEqual([]);
    expect(readTable(plus, choices(plus), "GBP").sign.marked).toEqual({ unmarked: "out", marker: "“+”" });
    expect(imported(plus).map((row) => row[1])).toEqual([-1889, 110000, -1099]);

    const suffix = tableOf(["Date", "Description", "Amount"], [["2024-03-28", "TESCO", "18.89"], ["2024-03-18", "PAYMENT", "1,100.00 CR"], ["2024-03-15", "NETFLIX", "10.99"]]);
    expect(imported(suffix).map((row) => row[1])).toEqual([-1889, 110000, -1099]);

    const debits = tableOf(["Date", "Description", "Amount"], [["2024-03-28", "SALARY", "2,000.00"], ["2024-03-18", "RENT", "900.00 DR"], ["2024-03-15", "INTEREST", "1.10"]]);
    expect(readTable(debits, choices(debits), "GBP").sign.marked).toEqual({ unmarked: "in", marker: "“DR”" });
    expect(imported(debits).map((row) => row[1])).toEqual([200000, -90000, 110]);

    const column = tableOf(["Date", "Description", "Amount", ""], [["2024-03-28", "TESCO", "£18.89", ""], ["2024-03-18", "PAYMENT", "£1,100.00", "CR"], ["2024-03-15", "NETFLIX", "£10.99", ""]]);
    expect(imported(column).map((row) => row[1])).toEqual([-1889, 110000, -1099]);
  });

  test("marks of both kinds, or a minus anywhere, leave the signs as written (and a mostly positive column asks)", () => {
    const both = tableOf(["Date", "Description", "Amount"], [["2024-03-28", "A", "18.89 DR"], ["2024-03-18", "B", "1,100.00 CR"], ["2024-03-15", "C", "10.99"]]);
    expect(readTable(both, choices(both), "GBP").sign.marked).toBeNull();
    const signed = tableOf(["Date", "Description", "Amount"], [["2024-03-28", "A", "+8.00"], ["2024-03-18", "B", "-4.00"], ["2024-03-15", "C", "10.99"]]);
    expect(readTable(signed, choices(signed), "GBP").sign.marked).toBeNull();
    expect(imported(signed).map((row) => row[1])).toEqual([800, -400, 1099]);
  });

  test("a direction word sets the sign of an unsigned amount; a negative amount said to be money in is an error", () => {
    const table = tableOf(["Datum", "Omschrijving", "Af Bij", "Bedrag"], [["20200213", "Albert Heijn", "Af", "8,78"], ["20200214", "Salaris", "Bij", "2.500,00"], ["20200215", "Odd", "Bij", "-1,00"], ["20200216", "Unknown", "Xx", "1,00"]]);
    const reading = readTable(table, choices(table), "USD");
    expect(reading.rows.map((row) => (row.ok ? row.cents : row.error))).toEqual([
      -878,
      250000,
      'Row 4: the amount is negative but "Bij" says money in',
      'Row 5: direction "Xx" is neither money in nor money out',
    ]);
  });

  test("debit and credit columns: the column says the direction whatever sign it writes; both filled is an error", () => {
    const table = tableOf(["Date", "Description", "Debit", "Credit"], [["2020-03-01", "Shop", "12.00", ""], ["2020-03-02", "Payment", "", "-500.00"], ["2020-03-03", "Both", "1.00", "2.00"], ["2020-03-04", "Neither", "", ""]]);
    expect(readTable(table, choices(table), "USD").rows.map((row) => (row.ok ? row.cents : row.error))).toEqual([-1200, 50000, "Row 4: both the debit and the credit column are filled in", "Row 5: no amount"]);
  });

  test("a fee is charged on top of the amount", () => {
    const table = tableOf(["Started Date", "Description", "Amount", "Fee"], [["2018-02-26 17:43:35", "Exchange", "-10.00", "0.50"], ["2018-02-27 09:00:00", "Top-up", "100.00", "0.00"]]);
    expect(imported(table)).toEqual([
      ["2018-02-26", -1050, "Exchange"],
      ["2018-02-27", 10000, "Top-up"],
    ]);
  });

  test("pending rows are skipped unless the user includes them; declined and zero rows always are; summary lines below are no errors", () => {
    const table = tableOf(
      ["Date", "Description", "Amount", "State"],
      [["2020-03-01", "A", "-1.00", "COMPLETED"], ["2020-03-02", "B", "-2.00", "PENDING"], ["2020-03-03", "C", "-3.00", "REVERTED"], ["2020-03-04", "D", "0.00", "COMPLETED"], ["Total", "", "-6.00", ""]],
    );
    const reading = readTable(table, choices(table), "USD");
    expect(reading.counts).toEqual({ importable: 1, pending: 1, declined: 1, zero: 1, errors: 0, rounded: 0, balance: 0 });
    expect(reading.skippedBelow).toEqual([{ label: "Row 6", text: "Total -6.00" }]);
    expect(reading.totals).toEqual({ count: 1, moneyIn: 0, moneyOut: 100, from: "2020-03-01", to: "2020-03-01" });
    expect(imported(table, { includePending: true }).map(([, cents]) => cents)).toEqual([-100, -200]);
  });

  test("an answer the user gives is applied; a value that does not fit it is an error on its row", () => {
    const table = tableOf(["Date", "Description", "Amount"], [["02/03/2018", "A", "1,234"], ["03/03/2018", "B", "-2,500"], ["04/03/2018", "C", "1,234.50"]]);
    const open = readTable(table, choices(table), "USD");
    expect(open.questions.map((question) => question.kind)).toEqual(["dateOrder"]);
    const answered = readTable(table, choices(table, { dateOrder: "DMY", decimalMark: "comma" }), "USD");
    expect(answered.rows.map((row) => (row.ok ? [row.date, row.cents] : row.error))).toEqual([
      ["2018-03-02", 123],
      ["2018-03-03", -250],
      'Row 4: amount "1,234.50" does not fit the number format',
    ]);
    expect(answered.counts.rounded).toBe(1);
  });

  test("when no date of the column can be read, every row is an error that names its date as written", () => {
    const table = tableOf(["Date", "Description", "Amount"], [["2017-13-01", "A", "-1.00"], ["yesterday", "B", "-2.00"], ["", "C", "-3.00"]]);
    // The column the user chose (or the format fixes, as QIF's): no value in it reads as a date.
    const reading = readTable(table, { columns: { ...NO_COLUMNS, date: 0, memo: 1, amount: 2 }, includePending: false }, "USD");
    expect(reading.rows.map((row) => (row.ok ? row.date : row.error))).toEqual(['Row 2: invalid date "2017-13-01"', 'Row 3: invalid date "yesterday"', "Row 4: no date"]);
    expect(reading.counts).toMatchObject({ importable: 0, errors: 3 });
  });

  test("without a date or an amount column nothing is read", () => {
    const table = tableOf(["Date", "Description", "Amount"], [["2020-03-01", "A", "-1.00"]]);
    const none: ColumnMapping = { ...NO_COLUMNS, memo: 1 };
    expect(readTable(table, { columns: none, includePending: false }, "USD").problems).toEqual([
      "Choose the column that holds the date",
      "Choose the amount column, or the debit and credit columns",
    ]);
    expect(readTable(table, { columns: { ...none, date: 0, amount: 2, debit: 2 }, includePending: false }, "USD").problems).toEqual([
      "Choose either an amount column or debit and credit columns, not both",
    ]);
  });
});

describe("duplicates", () => {
  const key = (description: string) => `2020-03-01|31|expense|${description}`;

  test("counted as a multiset: three identical fees with one stored import two", () => {
    const fees = [0, 1, 2].map(() => ({ importKey: key("fee"), bankId: null }));
    expect(findDuplicates(fees, [{ importKey: key("fee"), bankTransactionId: null }])).toEqual(["same-details", null, null]);
    expect(findDuplicates(fees, [])).toEqual([null, null, null]);
  });

  test("a bank id matches its own id only; a stored transaction without an id matches by its details", () => {
    const rows = [
      { importKey: key("a"), bankId: "FIT-1" },
      { importKey: key("b"), bankId: "FIT-2" },
      { importKey: key("c"), bankId: "FIT-3" },
      { importKey: key("c"), bankId: "FIT-3" },
    ];
    const stored = [
      { importKey: key("a"), bankTransactionId: "FIT-1" },
      { importKey: key("b"), bankTransactionId: "FIT-9" },
      { importKey: key("c"), bankTransactionId: null },
    ];
    expect(findDuplicates(rows, stored)).toEqual(["bank-id", null, "same-details", "repeated-bank-id"]);
  });

  test("a row without an id matches a stored transaction that has one", () => {
    expect(findDuplicates([{ importKey: key("a"), bankId: null }], [{ importKey: key("a"), bankTransactionId: "FIT-1" }])).toEqual(["same-details"]);
  });
});
