import { describe, expect, test } from "vitest";
import { OFX_MESSAGES, readOfx } from "./ofx";
import { STATEMENT_COLUMNS, STATEMENT_HEADERS, statementOf } from "./source";
import { rowsOf, statementReader } from "../../../../tests/statement-reader";

const { read, errorOf } = statementReader(readOfx);

const SGML_HEADER = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "SECURITY:NONE",
  "ENCODING:USASCII",
  "CHARSET:1252",
  "COMPRESSION:NONE",
  "OLDFILEUID:NONE",
  "NEWFILEUID:NONE",
  "",
].join("\r\n");

const SIGNON =
  "<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20200215120000.000[-5:EST]<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>";

// Chase writes OFX 1.02 with an aggregate or a transaction per line and no end tags on leaves.
const CHASE_SGML =
  SGML_HEADER +
  [
    `<OFX>${SIGNON}`,
    "<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO<MESSAGE>Success</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>322271627<ACCTID>000000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>",
    "<BANKTRANLIST><DTSTART>20200101120000[0:GMT]<DTEND>20200214120000[0:GMT]",
    "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20200213120000.000[-5:EST]<TRNAMT>-8.78<FITID>202002130<NAME>STARBUCKS STORE 12345<MEMO>CARD 1234</STMTTRN>",
    "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20200210<TRNAMT>1500.00<FITID>202002100<NAME>ACME CORP PAYROLL</STMTTRN>",
    "</BANKTRANLIST><LEDGERBAL><BALAMT>1234.56<DTASOF>20200214120000[0:GMT]</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
  ].join("\r\n");

describe("OFX 1.x SGML", () => {
  test("a Chase bank file gives one row per STMTTRN, with the statement's account", () => {
    const table = read(CHASE_SGML);
    expect(table).toMatchObject({
      format: "ofx",
      headers: [...STATEMENT_HEADERS],
      fixedColumns: STATEMENT_COLUMNS,
      fixedDateOrder: "YMD",
      delimiter: null,
      hasHeader: true,
      skippedAbove: [],
      account: { id: "000000123456789", name: null, currency: "USD", kind: "checking" },
    });
    expect(rowsOf(table)).toEqual([
      {
        line: 13,
        label: "Transaction 1",
        Date: "20200213",
        Amount: "-8.78",
        Direction: "",
        Payee: "STARBUCKS STORE 12345",
        Memo: "CARD 1234",
        "Bank ID": "000000123456789:202002130",
        Status: "",
      },
      {
        line: 14,
        label: "Transaction 2",
        Date: "20200210",
        Amount: "1500.00",
        Direction: "",
        Payee: "ACME CORP PAYROLL",
        Memo: "",
        "Bank ID": "000000123456789:202002100",
        Status: "",
      },
    ]);
  });

  test("a file with no line breaks at all is read the same, every row on line 1", () => {
    const oneLine = CHASE_SGML.replace(/\r\n/g, "");
    expect(rowsOf(read(oneLine)).map(({ line, label, Date, Amount }) => ({ line, label, Date, Amount }))).toEqual([
      { line: 1, label: "Transaction 1", Date: "20200213", Amount: "-8.78" },
      { line: 1, label: "Transaction 2", Date: "20200210", Amount: "1500.00" },
    ]);
  });

  test("one element per line: the row's line is where its <STMTTRN> starts; values are trimmed", () => {
    const file = [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "",
      "<OFX>",
      "<BANKMSGSRSV1><STMTTRNRS><STMTRS>",
      "<CURDEF>EUR",
      "<BANKTRANLIST>",
      "<STMTTRN>",
      "<TRNTYPE>POS",
      "<DTPOSTED>20240105",
      "<TRNAMT>  -12,50  ",
      "<FITID>A-1",
      "<NAME>Bakery",
      "</STMTTRN>",
      "</BANKTRANLIST>",
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
      "</OFX>",
    ].join("\n");
    expect(rowsOf(read(file))).toEqual([
      { line: 8, label: "Transaction 1", Date: "20240105", Amount: "-12,50", Direction: "", Payee: "Bakery", Memo: "", "Bank ID": "A-1", Status: "" },
    ]);
  });

  test("a leaf written with no value does not swallow the elements after it", () => {
    const file =
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n" +
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<NAME>\n<TRNAMT>-3.00<FITID>X9<MEMO>Parking</STMTTRN>\n" +
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    expect(rowsOf(read(file))[0]).toMatchObject({ Amount: "-3.00", Payee: "", Memo: "Parking", "Bank ID": "X9" });
  });

  test("entities are decoded: &amp; &lt; &gt; &quot; &apos; and numeric references", () => {
    const file =
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>" +
      "<STMTTRN><DTPOSTED>20240105<TRNAMT>-4.20<NAME>AT&amp;T &lt;Mobile&gt;<MEMO>&quot;Caf&#233;&quot; &apos;&#x263A;&apos;</STMTTRN>" +
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    expect(rowsOf(read(file))[0]).toMatchObject({ Payee: "AT&T <Mobile>", Memo: "\"Café\" '☺'" });
  });

  test("the date is DTPOSTED, else DTUSER, cut to its first 8 digits", () => {
    const file =
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>" +
      "<STMTTRN><DTUSER>20240101<DTPOSTED>20240103093000.000[-5:EST]<TRNAMT>1</STMTTRN>" +
      "<STMTTRN><DTUSER>20240102120000<TRNAMT>2</STMTTRN>" +
      "<STMTTRN><DTPOSTED>2024-01-04<TRNAMT>3</STMTTRN>" +
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    expect(rowsOf(read(file)).map((row) => row.Date)).toEqual(["20240103", "20240102", "2024-01-04"]);
  });

  test("the Bank ID is the FITID alone without an account id, and empty without a FITID", () => {
    const file =
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>" +
      "<STMTTRN><DTPOSTED>20240105<TRNAMT>-1<FITID>F1</STMTTRN>" +
      "<STMTTRN><DTPOSTED>20240105<TRNAMT>-2</STMTTRN>" +
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    const table = read(file);
    expect(rowsOf(table).map((row) => row["Bank ID"])).toEqual(["F1", ""]);
    expect(table.account).toEqual({ id: null, name: null, currency: null, kind: "checking" });
  });
});

describe("OFX 2.x XML and QFX", () => {
  test("a credit card statement in OFX 2 XML: CCACCTFROM account, PAYEE/NAME, empty leaves with end tags", () => {
    const file = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20240301</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <CREDITCARDMSGSRSV1>
    <CCSTMTTRNRS>
      <TRNUID>0</TRNUID>
      <CCSTMTRS>
        <CURDEF>CAD</CURDEF>
        <CCACCTFROM><ACCTID>4111111111111111</ACCTID></CCACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20240201</DTSTART><DTEND>20240229</DTEND>
          <!-- a purchase -->
          <STMTTRN>
            <TRNTYPE>DEBIT</TRNTYPE>
            <DTPOSTED>20240215000000.000[-5:EST]</DTPOSTED>
            <TRNAMT>-54.99</TRNAMT>
            <FITID>2024021501</FITID>
            <NAME>AMAZON.CA</NAME>
            <MEMO></MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>CREDIT</TRNTYPE>
            <DTUSER>20240220</DTUSER>
            <TRNAMT>200.00</TRNAMT>
            <FITID>2024022001</FITID>
            <PAYEE><NAME>PAYMENT - THANK YOU</NAME><ADDR1>PO BOX 1</ADDR1></PAYEE>
            <MEMO>Online banking</MEMO>
          </STMTTRN>
        </BANKTRANLIST>
      </CCSTMTRS>
    </CCSTMTTRNRS>
  </CREDITCARDMSGSRSV1>
</OFX>
`;
    const table = read(file);
    expect(table.account).toEqual({ id: "4111111111111111", name: null, currency: "CAD", kind: "credit_card" });
    expect(rowsOf(table)).toEqual([
      {
        line: 14,
        label: "Transaction 1",
        Date: "20240215",
        Amount: "-54.99",
        Direction: "",
        Payee: "AMAZON.CA",
        Memo: "",
        "Bank ID": "4111111111111111:2024021501",
        Status: "",
      },
      {
        line: 22,
        label: "Transaction 2",
        Date: "20240220",
        Amount: "200.00",
        Direction: "",
        Payee: "PAYMENT - THANK YOU",
        Memo: "Online banking",
        "Bank ID": "4111111111111111:2024022001",
        Status: "",
      },
    ]);
  });

  test("a QFX file with INTU.BID and other dotted tags is read like OFX", () => {
    const file =
      SGML_HEADER +
      "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240301<LANGUAGE>ENG" +
      "<FI><ORG>WF<FID>3000</FI><INTU.BID>3000<INTU.USERID>jdoe</SONRS></SIGNONMSGSRSV1>\r\n" +
      "<BANKMSGSRSV1><STMTTRNRS><TRNUID>0<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>121000248<ACCTID>9876543210<ACCTTYPE>SAVINGS</BANKACCTFROM>" +
      "<BANKTRANLIST><STMTTRN><TRNTYPE>INT<DTPOSTED>20240229<TRNAMT>0.42<FITID>INT0229<NAME>INTEREST PAYMENT</STMTTRN></BANKTRANLIST>" +
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    const table = read(file);
    expect(table.account).toEqual({ id: "9876543210", name: null, currency: "USD", kind: "savings" });
    expect(rowsOf(table)).toEqual([
      { line: 11, label: "Transaction 1", Date: "20240229", Amount: "0.42", Direction: "", Payee: "INTEREST PAYMENT", Memo: "", "Bank ID": "9876543210:INT0229", Status: "" },
    ]);
  });

  test("several statements: rows are numbered through the file and each Bank ID carries its own account", () => {
    const statement = (account: string, currency: string, fitId: string, amount: string) =>
      `<STMTTRNRS><STMTRS><CURDEF>${currency}<BANKACCTFROM><ACCTID>${account}</BANKACCTFROM>` +
      `<BANKTRANLIST><STMTTRN><DTPOSTED>20240105<TRNAMT>${amount}<FITID>${fitId}<NAME>Shop</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>\n`;
    const file = `<OFX><BANKMSGSRSV1>\n${statement("111", "USD", "A", "-1.00")}${statement("222", "EUR", "B", "-2.00")}</BANKMSGSRSV1></OFX>`;
    const table = read(file);
    expect(rowsOf(table).map(({ line, label, Amount, "Bank ID": bankId }) => ({ line, label, Amount, bankId }))).toEqual([
      { line: 2, label: "Transaction 1", Amount: "-1.00", bankId: "111:A" },
      { line: 3, label: "Transaction 2", Amount: "-2.00", bankId: "222:B" },
    ]);
    expect(table.account).toEqual({ id: "111", name: null, currency: "USD", kind: "checking" });
    expect(table.rows.map((row) => row.statement)).toEqual([0, 1]);
    expect(table.statements?.map((described) => described.account.id)).toEqual(["111", "222"]);
    expect(statementOf(table, 1)).toMatchObject({ account: { id: "222", currency: "EUR" }, rows: [{ label: "Transaction 2" }] });
  });
});

describe("what cannot be imported", () => {
  test("a file with no <OFX> element is not OFX", () => {
    expect(errorOf("Date,Amount,Description\n2024-01-05,-3.00,Coffee\n")).toBe(OFX_MESSAGES.unreadable);
    expect(errorOf(SGML_HEADER)).toBe(OFX_MESSAGES.unreadable);
    expect(errorOf("<html><body>Session expired</body></html>")).toBe(OFX_MESSAGES.unreadable);
  });

  test("an OFX file whose statements hold no transactions", () => {
    expect(errorOf(`${SGML_HEADER}<OFX>${SIGNON}</OFX>`)).toBe(OFX_MESSAGES.noTransactions);
    expect(
      errorOf("<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><DTSTART>20240101</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"),
    ).toBe(OFX_MESSAGES.noTransactions);
  });

  const INVESTMENT =
    "<INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240101<CURDEF>USD<INVACCTFROM><BROKERID>x.com<ACCTID>55</INVACCTFROM>" +
    "<INVTRANLIST><BUYSTOCK><INVBUY><INVTRAN><FITID>1<DTTRADE>20240102</INVTRAN><TOTAL>-100</INVBUY></BUYSTOCK></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>";

  test("an investment statement is refused", () => {
    expect(errorOf(`<OFX>${SIGNON}${INVESTMENT}</OFX>`)).toBe(OFX_MESSAGES.investment);
  });

  test("an investment statement next to a bank statement is ignored", () => {
    const bank =
      "<BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>" +
      "<STMTTRN><DTPOSTED>20240105<TRNAMT>-1.00<FITID>F</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>";
    expect(rowsOf(read(`<OFX>${INVESTMENT}${bank}</OFX>`)).map((row) => row["Bank ID"])).toEqual(["1:F"]);
  });

  test("garbage, empty and truncated text never throws", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = "<>/!?-&#;:.OFXSTMTRNAME \n\r\t0123456789x";
    const samples = [
      "",
      "<",
      "<OFX",
      "</OFX>",
      "<OFX></OFX>",
      "<OFX><STMTRS><BANKTRANLIST><STMTTRN>",
      "<OFX><!--",
      "<OFX><?",
      "<OFX><STMTRS><BANKTRANLIST><STMTTRN><NAME>&#99999999;&#x110000;&#0;</STMTTRN>",
      "<A>".repeat(100_000) + "<OFX>",
      `<OFX>${"<A>".repeat(50_000)}${"</B>".repeat(50_000)}</OFX>`,
      `<OFX>${"<A><B>x".repeat(50_000)}</OFX>`,
      CHASE_SGML.slice(0, CHASE_SGML.length / 2),
      ...Array.from({ length: 200 }, () => Array.from({ length: 300 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("")),
    ];
    for (const sample of samples) {
      expect(() => readOfx(sample)).not.toThrow();
    }
    expect(rowsOf(read("<OFX><STMTRS><BANKTRANLIST><STMTTRN><NAME>&#99999999;</STMTTRN>"))[0].Payee).toBe("&#99999999;");
  });
});
