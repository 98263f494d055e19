import { describe, expect, test } from "vitest";
import { findColumns } from "./columns";
import { currencyCode, headerCurrency, tableCurrency } from "./currency";
import { isImportable, readTable } from "./reading";
import { readBankFile } from "./readers/source.server";

function tableOf(text: string) {
  const read = readBankFile(new TextEncoder().encode(text));
  if (!read.ok) throw new Error(read.error);
  return read.table;
}

/** The file read in the currency it states (else `currency`): each row's amount, or its error. */
function amountsOf(text: string, currency = "USD") {
  const table = tableOf(text);
  const reading = readTable(table, { columns: table.fixedColumns ?? findColumns(table).mapping, includePending: false }, table.account?.currency ?? currency);
  return reading.rows.map((row) => (isImportable(row, false) ? row.cents : row.ok ? "skipped" : row.error));
}

const rows = (cells: string[][]) => cells.map((row) => ({ cells: row }));

describe("the currency a CSV states", () => {
  test("a code is an ISO 4217 code in capitals", () => {
    expect(currencyCode("EUR")).toBe("EUR");
    expect(currencyCode(" JPY ")).toBe("JPY");
    expect(currencyCode("eur")).toBeNull();
    expect(currencyCode("POS")).toBeNull();
  });

  test.each([
    ["Betrag (EUR)", "EUR"],
    ["Withdrawals (SGD)", "SGD"],
    ["Gutschrift in CHF", "CHF"],
    ["Montant(EUROS)", "EUR"],
    ["Amount (in gbp)", "GBP"],
    ["Amount", null],
    ["Category all", null],
    ["Kontonummer", null],
  ])("the column name %j states %s", (header, currency) => {
    expect(headerCurrency(header)).toBe(currency);
  });

  test("a column of one code on every row states it, under any name; a column of several states none", () => {
    expect(tableCurrency(["Date", "Betrag", "Währung"], rows([["01.03.2024", "-1,00", "EUR"], ["02.03.2024", "2,00", "EUR"]]))).toBe("EUR");
    expect(tableCurrency(["Date", "Amount", "Local currency"], rows([["2024-03-01", "-1.00", "GBP"], ["2024-03-02", "2.00", "EUR"]]))).toBeNull();
    // An original-currency column filled on a few rows says nothing of the amounts.
    expect(tableCurrency(["Date", "Amount", "Original currency"], rows([["2024-03-01", "-1.00", ""], ["2024-03-02", "2.00", ""], ["2024-03-03", "-3.00", "USD"]]))).toBeNull();
  });

  test("the amounts may state it with a code or a sign that names one currency; $ and ¥ name several", () => {
    expect(tableCurrency(["Date", "Amount"], rows([["2024-03-01", "-€12.50"], ["2024-03-02", "€1,200.00"]]))).toBe("EUR");
    expect(tableCurrency(["Date", "Amount"], rows([["2024-03-01", "-12,50 PLN"], ["2024-03-02", "(3,00 PLN)"]]))).toBe("PLN");
    expect(tableCurrency(["Date", "Amount"], rows([["2024-03-01", "-$12.50"], ["2024-03-02", "$1,200.00"]]))).toBeNull();
    expect(tableCurrency(["Date", "Amount"], rows([["2024-03-01", "¥1,280"]]))).toBeNull();
  });

  test("a file that states two currencies states none", () => {
    expect(tableCurrency(["Date", "Amount (EUR)", "Currency"], rows([["2024-03-01", "-1.00", "GBP"]]))).toBeNull();
  });
});

describe("each reader reports the file's currency", () => {
  test("a yen CSV: its amounts are whole yen", () => {
    const csv = ["Date,Description,Amount (JPY)", '2024-04-01,Ichiran Ramen,"-1,280"', '2024-04-25,Salary,"350,000"', "2024-04-26,Suica,-500"].join("\n");
    expect(tableOf(csv).account).toEqual({ id: null, name: null, currency: "JPY" });
    expect(amountsOf(csv)).toEqual([-1280, 350000, -500]);
  });

  test("a yen CSV with decimals in an amount: it is rounded half to even to whole yen", () => {
    const csv = ["Date,Description,Amount,Currency", "2024-04-01,Ramen,-1280,JPY", "2024-04-02,Coffee,-450.50,JPY", "2024-04-03,Gum,-120,JPY"].join("\n");
    expect(amountsOf(csv)).toEqual([-1280, -450, -120]);
  });

  test("a dinar CSV: its amounts are fils", () => {
    const csv = ["Date;Description;Amount;Currency", "2024-04-01;Grocer;-1,234;KWD", "2024-04-02;Salary;850,500;KWD", "2024-04-03;Bus;-0,250;KWD"].join("\n");
    expect(amountsOf(csv)).toEqual([-1234, 850500, -250]);
  });

  test("a euro CAMT.053: the statement's Ccy, each entry's amount in euro cents; an entry in another currency is refused", () => {
    const entry = (amount: string, currency: string, direction: string, reference: string) =>
      `<Ntry><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-0${reference}</Dt></BookgDt><AcctSvcrRef>R${reference}</AcctSvcrRef></Ntry>`;
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
${entry("12.50", "EUR", "DBIT", "1")}
${entry("2500.00", "EUR", "CRDT", "2")}
${entry("20.00", "USD", "DBIT", "3")}
</Stmt></BkToCstmrStmt></Document>`;
    expect(tableOf(camt).account?.currency).toBe("EUR");
    expect(amountsOf(camt)).toEqual([-1250, 250000, "Transaction 3: the amount is in USD, not EUR"]);
  });

  test("an OFX's CURDEF; a transaction whose CURRENCY is another is refused, one converted from ORIGCURRENCY is read", () => {
    const ofx = [
      "OFXHEADER:100",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>123</BANKACCTFROM><BANKTRANLIST>",
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-8.78<FITID>1<NAME>Bakery</STMTTRN>",
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240302<TRNAMT>-20.00<FITID>2<NAME>London cab<CURRENCY><CURRATE>1.17<CURSYM>GBP</CURRENCY></STMTTRN>",
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240303<TRNAMT>-23.40<FITID>3<NAME>London pub<ORIGCURRENCY><CURRATE>1.17<CURSYM>GBP</ORIGCURRENCY></STMTTRN>",
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\r\n");
    expect(tableOf(ofx).account?.currency).toBe("EUR");
    expect(amountsOf(ofx)).toEqual([-878, "Transaction 2: the amount is in GBP, not EUR", -2340]);
  });

  test("a QIF states none: its amounts are read in the currency of the account they go into", () => {
    const qif = ["!Type:Bank", "D2024-03-01", "T-1280", "PRamen", "^"].join("\n");
    expect(tableOf(qif).account?.currency).toBeNull();
    expect(amountsOf(qif, "JPY")).toEqual([-1280]);
  });
});
