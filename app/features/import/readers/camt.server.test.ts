import { describe, expect, test } from "vitest";
import { CAMT_MESSAGES, readCamt053 } from "./camt.server";
import { STATEMENT_COLUMNS, STATEMENT_HEADERS } from "./source";
import { rowsOf, statementReader } from "../../../../tests/statement-reader";

const { read, errorOf } = statementReader(readCamt053);

/** The 1-based numbers of the lines of `text` that contain `needle`. */
function linesContaining(text: string, needle: string) {
  return text.split(/\r\n|\r|\n/).flatMap((line, index) => (line.includes(needle) ? [index + 1] : []));
}

/** A camt.053 document around `statements`, in the given version. */
function camt053(statements: string, version = "02") {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>053D2024030100001</MsgId><CreDtTm>2024-03-01T06:00:00</CreDtTm></GrpHdr>
${statements}
  </BkToCstmrStmt>
</Document>
`;
}

const GIRO_ACCOUNT = `<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Nm>Girokonto</Nm></Acct>`;

const BOOKED_AND_PENDING = camt053(`    <Stmt>
      <Id>0352C5320240301</Id>
      ${GIRO_ACCOUNT}
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-27</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="EUR">1234.56</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2024-02-28</Dt></BookgDt>
        <ValDt><Dt>2024-02-29</Dt></ValDt>
        <AcctSvcrRef>2024022800001</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>NSTO+153</Cd></Prtry></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <RltdPties><Dbtr><Nm>ACME GmbH</Nm></Dbtr><Cdtr><Nm>Max Mustermann</Nm></Cdtr></RltdPties>
            <RmtInf><Ustrd>Gehalt Februar</Ustrd><Ustrd>2024</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>LOHN GEHALT</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">49.90</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>PDNG</Sts>
        <BookgDt><Dt>2024-02-29</Dt></BookgDt>
        <NtryRef>P-17</NtryRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>Max Mustermann</Nm></Dbtr><Cdtr><Nm>Strom &amp; Gas M&#252;nchen</Nm></Cdtr></RltdPties>
          <AddtlTxInf>Abschlag M&#xE4;rz</AddtlTxInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>`);

describe("camt.053 entries", () => {
  test("booked and pending entries: one row each, cells as written, the counterparty by direction", () => {
    const table = read(BOOKED_AND_PENDING);
    expect(table).toMatchObject({
      format: "camt053",
      headers: [...STATEMENT_HEADERS],
      fixedColumns: STATEMENT_COLUMNS,
      fixedDateOrder: "YMD",
      delimiter: null,
      hasHeader: true,
      skippedAbove: [],
      account: { id: "DE89370400440532013000", name: "Girokonto", currency: "EUR" },
    });
    const [bookedLine, pendingLine] = linesContaining(BOOKED_AND_PENDING, "<Ntry>");
    expect(rowsOf(table)).toEqual([
      {
        line: bookedLine,
        label: "Transaction 1",
        Date: "2024-02-28",
        Amount: "1234.56",
        Direction: "CRDT",
        Payee: "ACME GmbH",
        Memo: "Gehalt Februar 2024",
        "Bank ID": "2024022800001",
        Status: "BOOK",
      },
      {
        line: pendingLine,
        label: "Transaction 2",
        Date: "2024-02-29",
        Amount: "49.90",
        Direction: "DBIT",
        Payee: "Strom & Gas München",
        Memo: "Abschlag März",
        "Bank ID": "P-17",
        Status: "PDNG",
      },
    ]);
  });

  test("an entry without details is described by its AddtlNtryInf; the value date stands in for a missing booking date", () => {
    const file = camt053(`<Stmt>${GIRO_ACCOUNT}
      <Ntry><Amt Ccy="EUR">4.95</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><ValDt><Dt>2024-02-29</Dt></ValDt><AddtlNtryInf>Kontoführung</AddtlNtryInf></Ntry>
    </Stmt>`);
    expect(rowsOf(read(file))[0]).toMatchObject({ Date: "2024-02-29", Amount: "4.95", Payee: "", Memo: "Kontoführung", "Bank ID": "" });
  });

  const BATCH = camt053(`<Stmt>${GIRO_ACCOUNT}
      <Ntry>
        <Amt Ccy="EUR">300.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
        <AcctSvcrRef>B-77</AcctSvcrRef>
        <NtryDtls>
          <Btch><NbOfTxs>3</NbOfTxs><TtlAmt Ccy="EUR">300.00</TtlAmt></Btch>
          <TxDtls>
            <AmtDtls><TxAmt><Amt Ccy="EUR">150.00</Amt></TxAmt></AmtDtls>
            <RltdPties><Cdtr><Nm>Anna Schmidt</Nm></Cdtr></RltdPties>
            <RmtInf><Ustrd>Miete März</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>B-77-B</AcctSvcrRef></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">100.00</Amt></TxAmt></AmtDtls>
            <RltdPties><Cdtr><Nm>Hausverwaltung Nord</Nm></Cdtr></RltdPties>
          </TxDtls>
          <TxDtls>
            <Amt Ccy="EUR">50.00</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Nm>Rückläufer Bank</Nm></Dbtr><Cdtr><Nm>Not this one</Nm></Cdtr></RltdPties>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>SAMMLER 3 POSTEN</AddtlNtryInf>
      </Ntry>
    </Stmt>`);

  test("a batch whose transactions each state an amount gives one row per transaction", () => {
    const [entryLine] = linesContaining(BATCH, "<Ntry>");
    expect(rowsOf(read(BATCH))).toEqual([
      {
        line: entryLine,
        label: "Transaction 1",
        Date: "2024-03-01",
        Amount: "150.00",
        Direction: "DBIT",
        Payee: "Anna Schmidt",
        Memo: "Miete März",
        "Bank ID": "B-77/1",
        Status: "BOOK",
      },
      {
        line: entryLine,
        label: "Transaction 2",
        Date: "2024-03-01",
        Amount: "100.00",
        Direction: "DBIT",
        Payee: "Hausverwaltung Nord",
        Memo: "SAMMLER 3 POSTEN",
        "Bank ID": "B-77-B",
        Status: "BOOK",
      },
      {
        line: entryLine,
        label: "Transaction 3",
        Date: "2024-03-01",
        Amount: "50.00",
        Direction: "CRDT",
        Payee: "Rückläufer Bank",
        Memo: "SAMMLER 3 POSTEN",
        "Bank ID": "B-77/3",
        Status: "BOOK",
      },
    ]);
  });

  test("a batch where some transaction has no amount of its own stays one row with the entry's amount", () => {
    const file = BATCH.replace("<Amt Ccy=\"EUR\">50.00</Amt>", "");
    expect(rowsOf(read(file))).toEqual([
      {
        line: linesContaining(file, "<Ntry>")[0],
        label: "Transaction 1",
        Date: "2024-03-01",
        Amount: "300.00",
        Direction: "DBIT",
        Payee: "",
        Memo: "SAMMLER 3 POSTEN",
        "Bank ID": "B-77",
        Status: "BOOK",
      },
    ]);
  });

  test("camt.053.001.08: status code, party names under Pty, date-times cut to the day, account by Othr/Id", () => {
    const file = camt053(
      `<Stmt>
      <Acct><Id><Othr><Id>CH-123456789</Id></Othr></Id></Acct>
      <Ntry>
        <NtryRef>R1</NtryRef>
        <Amt Ccy="CHF">25.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>2024-03-05T10:15:00+01:00</DtTm></BookgDt>
        <NtryDtls><TxDtls>
          <Amt Ccy="CHF">25.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
          <RltdPties><Cdtr><Pty><Nm>Migros Zürich</Nm></Pty></Cdtr></RltdPties>
          <RmtInf><Ustrd>Einkauf</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="CHF">2500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>INFO</Cd></Sts>
        <ValDt><DtTm>2024-03-06T00:00:00</DtTm></ValDt>
        <AcctSvcrRef>S-2</AcctSvcrRef>
        <NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Arbeitgeber AG</Nm></Pty></Dbtr></RltdPties></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>`,
      "08",
    );
    const table = read(file);
    expect(table.account).toEqual({ id: "CH-123456789", name: null, currency: "CHF" });
    const [firstLine, secondLine] = linesContaining(file, "<Ntry>");
    expect(rowsOf(table).map(({ line, label, ...cells }) => ({ line, ...cells }))).toEqual([
      { line: firstLine, Date: "2024-03-05", Amount: "25.00", Direction: "DBIT", Payee: "Migros Zürich", Memo: "Einkauf", "Bank ID": "R1", Status: "BOOK" },
      { line: secondLine, Date: "2024-03-06", Amount: "2500.00", Direction: "CRDT", Payee: "Arbeitgeber AG", Memo: "", "Bank ID": "S-2", Status: "INFO" },
    ]);
  });

  test("namespace prefixes are ignored; each row's line is where its <ns2:Ntry> starts, CRLF or not", () => {
    const file = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">',
      "<ns2:BkToCstmrStmt><ns2:Stmt>",
      "<ns2:Acct><ns2:Id><ns2:IBAN>NL91ABNA0417164300</ns2:IBAN></ns2:Id></ns2:Acct>",
      "<!-- <ns2:Ntry> in a comment is not an entry -->",
      '<ns2:Ntry><ns2:Amt Ccy="EUR">12.00</ns2:Amt><ns2:CdtDbtInd>DBIT</ns2:CdtDbtInd><ns2:Sts>BOOK</ns2:Sts><ns2:BookgDt><ns2:Dt>2024-01-02</ns2:Dt></ns2:BookgDt></ns2:Ntry>',
      "",
      '<ns2:Ntry><ns2:Amt Ccy="EUR">3.50</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:Sts>BOOK</ns2:Sts><ns2:BookgDt><ns2:Dt>2024-01-03</ns2:Dt></ns2:BookgDt></ns2:Ntry>',
      "</ns2:Stmt></ns2:BkToCstmrStmt></ns2:Document>",
    ];
    for (const lineBreak of ["\n", "\r\n"]) {
      const table = read(file.join(lineBreak));
      expect(table.account).toEqual({ id: "NL91ABNA0417164300", name: null, currency: "EUR" });
      expect(rowsOf(table).map(({ line, Amount, Direction }) => ({ line, Amount, Direction }))).toEqual([
        { line: 6, Amount: "12.00", Direction: "DBIT" },
        { line: 8, Amount: "3.50", Direction: "CRDT" },
      ]);
    }
  });

  test("several statements: rows are numbered through the file, the account is the first statement's", () => {
    const entry = (amount: string) =>
      `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt></Ntry>`;
    const file = camt053(
      `<Stmt>${GIRO_ACCOUNT}${entry("1.00")}</Stmt>
       <Stmt><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${entry("2.00")}</Stmt>`,
    );
    const table = read(file);
    expect(rowsOf(table).map(({ line, label, Amount }) => ({ line, label, Amount }))).toEqual([
      { line: 5, label: "Transaction 1", Amount: "1.00" },
      { line: 6, label: "Transaction 2", Amount: "2.00" },
    ]);
    expect(table.account?.id).toBe("DE89370400440532013000");
  });
});

describe("camt.052 and camt.054", () => {
  const entry = `<Ntry><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2024-04-01</Dt></BookgDt><AcctSvcrRef>X1</AcctSvcrRef></Ntry>`;

  test("an intraday account report (camt.052) is read like a statement", () => {
    const file = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt><GrpHdr/><Rpt>${GIRO_ACCOUNT}${entry}</Rpt></BkToCstmrAcctRpt></Document>`;
    expect(rowsOf(read(file))).toEqual([
      { line: 1, label: "Transaction 1", Date: "2024-04-01", Amount: "7.00", Direction: "DBIT", Payee: "", Memo: "", "Bank ID": "X1", Status: "PDNG" },
    ]);
  });

  test("a debit/credit notification (camt.054) is read like a statement", () => {
    const file = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr/><Ntfctn>${GIRO_ACCOUNT}${entry}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(rowsOf(read(file)).map((row) => row["Bank ID"])).toEqual(["X1"]);
  });
});

describe("what cannot be imported", () => {
  test("text that is not XML, or XML that is no bank-to-customer statement", () => {
    expect(errorOf("Date;Amount\n01.03.2024;-12,00")).toBe(CAMT_MESSAGES.unreadable);
    expect(errorOf("OFXHEADER:100\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>")).toBe(CAMT_MESSAGES.unreadable);
    expect(errorOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>')).toBe(CAMT_MESSAGES.unreadable);
    expect(errorOf(camt053(""))).toBe(CAMT_MESSAGES.unreadable);
  });

  test("a statement without entries holds no transactions", () => {
    expect(errorOf(camt053(`<Stmt>${GIRO_ACCOUNT}<Bal><Amt Ccy="EUR">1.00</Amt></Bal></Stmt>`))).toBe(CAMT_MESSAGES.noTransactions);
  });

  test("a file cut short is refused rather than imported in part", () => {
    const cutShort = BOOKED_AND_PENDING.slice(0, BOOKED_AND_PENDING.indexOf("<Sts>PDNG</Sts>"));
    expect(errorOf(cutShort)).toBe(CAMT_MESSAGES.unreadable);
  });

  test("a DOCTYPE is refused, so no entity is ever expanded", () => {
    const withEntity = BOOKED_AND_PENDING.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    ).replace("LOHN GEHALT", "&secret;");
    expect(errorOf(withEntity)).toBe(CAMT_MESSAGES.unreadable);
  });

  test("garbage, empty and truncated text never throws", () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = "<>/!?-&#;:=\"' DocumentBkToCstmrStmtNtryAmt\n\r0123456789";
    const samples = [
      "",
      "<",
      "<Document",
      "<Document><BkToCstmrStmt><Stmt><Ntry>",
      "<Document><BkToCstmrStmt><Stmt><Ntry/><Ntry></Ntry></Stmt></BkToCstmrStmt></Document>",
      "<a>".repeat(10_000),
      BOOKED_AND_PENDING.slice(0, BOOKED_AND_PENDING.length / 2),
      ...Array.from({ length: 200 }, () => Array.from({ length: 300 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("")),
    ];
    for (const sample of samples) {
      expect(() => readCamt053(sample)).not.toThrow();
      expect(readCamt053(sample).ok).toBe(false);
    }
  });
});
