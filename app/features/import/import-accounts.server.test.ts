import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { Account, Transaction } from "../../../models";
import { listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { createUser, previewBankFile, uniqueEmail, uploadBankFile } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { NEW_ACCOUNT } from "./account-choice";
import { confirmImport, type ImportChoicesInput } from "./import.server";
import { IMPORT_MESSAGES } from "./messages";

useTestDatabase();

const CARD_OFX = (fitIds: string[]) =>
  [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "",
    "<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM><BANKTRANLIST>",
    ...fitIds.map((fitId, index) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026030${index + 1}<TRNAMT>-12.50<FITID>${fitId}<NAME>Coffee ${fitId}</STMTTRN>`),
    "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>",
  ].join("\r\n");

const QIF_WITH_OPENING_BALANCE = [
  "!Account",
  "NEveryday Checking",
  "TBank",
  "^",
  "!Type:Bank",
  "D03/01/2026",
  "T5,762.36",
  "POpening Balance",
  "L[Everyday Checking]",
  "^",
  "D03/02/2026",
  "T-100.00",
  "PGrocer",
  "^",
  "D03/05/2026",
  "T2,000.00",
  "PEmployer",
  "^",
].join("\n");

const PLAIN_CSV = ["Date,Description,Amount", "2026-03-02,Corner Cafe,-4.50", "2026-03-03,Employer Inc,2500.00"].join("\n");

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/bank-exports");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

async function newUser() {
  return createUser({ email: uniqueEmail("import-accounts") });
}


async function imported(userId: string, draftId: string, choices: ImportChoicesInput = {}) {
  const preview = await previewBankFile(userId, draftId, choices);
  return confirmImport(userId, draftId, choices, preview.fingerprint, `key-${draftId}`);
}

async function balances(userId: string) {
  const { accounts } = await listAccountsWithBalances(userId, "2026-03-31");
  return Object.fromEntries(accounts.map((account) => [account.name, account.balance]));
}

describe("an import lands in an account", () => {
  test("a card file proposes a new credit card named from its number; its rows land there, and the next file of that card goes there unasked", async () => {
    const userId = await newUser();
    const draftId = await uploadBankFile(userId, CARD_OFX(["A1", "A2"]), "card.ofx");
    const preview = await previewBankFile(userId, draftId);
    expect(preview.account).toMatchObject({ chosen: NEW_ACCOUNT, how: "proposed", newName: "Credit card ••1111", newKind: "credit_card" });
    expect(preview.account.options.map((option) => option.name)).toEqual(["Main account"]);

    expect(await imported(userId, draftId)).toMatchObject({ status: "imported", imported: 2 });
    const card = await Account.findOne({ userId, name: "Credit card ••1111" }).lean();
    expect(card).toMatchObject({ kind: "credit_card", openingBalance: 0, openingDate: "2026-03-01", fileAccountIds: ["4111111111111111"] });
    expect((await Transaction.find({ userId }).lean()).map((transaction) => String(transaction.accountId))).toEqual([String(card?._id), String(card?._id)]);
    expect(await balances(userId)).toEqual({ "Main account": 0, "Credit card ••1111": -2500 });

    const next = await previewBankFile(userId, await uploadBankFile(userId, CARD_OFX(["A3"]), "card-april.ofx"));
    expect(next.account).toMatchObject({ chosen: String(card?._id), how: "remembered" });
  });

  test("a QIF opening balance line opens the new account with it and is never income; into an existing account it is skipped", async () => {
    const userId = await newUser();
    const draftId = await uploadBankFile(userId, QIF_WITH_OPENING_BALANCE, "checking.qif");
    const usDates = { dateOrder: "MDY" } as const;
    const preview = await previewBankFile(userId, draftId, usDates);
    expect(preview.rows.map((row) => [row.label, row.status])).toEqual([
      ["Transaction 1", "balance"],
      ["Transaction 2", "new"],
      ["Transaction 3", "new"],
    ]);
    expect(preview.openingBalance).toEqual({ label: "Transaction 1", date: "2026-03-01", cents: 576236 });
    expect(preview.account).toMatchObject({ chosen: NEW_ACCOUNT, newName: "Everyday Checking", newKind: "checking" });
    expect(preview.newCount).toBe(2);

    expect(await imported(userId, draftId, usDates)).toMatchObject({ status: "imported", imported: 2 });
    expect(await Account.findOne({ userId, name: "Everyday Checking" }).lean()).toMatchObject({ openingBalance: 576236, openingDate: "2026-03-01" });
    expect(await balances(userId)).toMatchObject({ "Everyday Checking": 576236 - 10000 + 200000 });
    expect((await getMonthTotals(userId, "2026-03")).income).toBe(200000);

    const intoMain = await previewBankFile(userId, await uploadBankFile(userId, QIF_WITH_OPENING_BALANCE.replace("NEveryday Checking", "NOld Checking"), "old.qif"), { ...usDates, account: userId });
    expect(intoMain.account).toMatchObject({ chosen: userId, how: "chosen" });
    expect(intoMain.rows[0].status).toBe("balance");
  });

  test("a file that names no account goes to the main account unless another is chosen, and its shape remembers the choice", async () => {
    const userId = await newUser();
    const savings = await addAccountBesideMain(userId, { name: "Savings", kind: "savings", onBudget: true, openingBalance: 0, openingDate: "2026-01-01" }, "2026-03-01");
    if (!savings.ok) throw new Error(savings.message);
    const first = await uploadBankFile(userId, PLAIN_CSV, "export.csv");
    expect((await previewBankFile(userId, first)).account).toMatchObject({ chosen: userId, how: "proposed" });
    expect(await imported(userId, first, { account: savings.account.id })).toMatchObject({ status: "imported", imported: 2 });
    expect(await balances(userId)).toEqual({ "Main account": 0, Savings: 249550 });

    const second = await uploadBankFile(userId, PLAIN_CSV.replace("Corner Cafe", "Bakery"), "export-2.csv");
    expect((await previewBankFile(userId, second)).account).toMatchObject({ chosen: savings.account.id, how: "remembered" });
  });

  test("a new account named like an existing one, without a name, or another user's account: refused or not offered, nothing written", async () => {
    const userId = await newUser();
    const stranger = await newUser();
    const theirs = await addAccountBesideMain(stranger, { name: "Theirs", kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2026-01-01" }, "2026-03-01");
    if (!theirs.ok) throw new Error(theirs.message);
    const draftId = await uploadBankFile(userId, PLAIN_CSV, "export.csv");

    expect(await imported(userId, draftId, { account: NEW_ACCOUNT, newAccountName: "main ACCOUNT" })).toMatchObject({ status: "refused", reason: IMPORT_MESSAGES.accountNameTaken });
    expect(await imported(userId, draftId, { account: NEW_ACCOUNT, newAccountName: "" })).toMatchObject({ status: "refused", reason: IMPORT_MESSAGES.nameNewAccount });
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const forged = await previewBankFile(userId, draftId, { account: theirs.account.id });
    expect(forged.account).toMatchObject({ chosen: userId, how: "proposed" });
    expect(await imported(userId, draftId, { account: theirs.account.id })).toMatchObject({ status: "imported" });
    expect(await Transaction.countDocuments({ accountId: theirs.account.id })).toBe(0);
    expect(await Account.countDocuments({ userId })).toBe(1);
  });
});

describe("balances that prove the import", () => {
  test("a CAMT statement's rows take its opening balance to its closing one: the new account opens with the first and ends on the second", async () => {
    const userId = await newUser();
    const draftId = await uploadBankFile(userId, fixture("de-camt053.xml"), "camt.xml");
    const preview = await previewBankFile(userId, draftId);
    expect(preview.statementOpening).toEqual({ date: "2020-02-01", cents: 123456 });
    expect(preview.balanceCheck).toEqual({ kind: "matches", closing: { date: "2020-02-29", cents: 279588 }, owedAsPositive: false });
    expect(await imported(userId, draftId)).toMatchObject({ status: "imported" });
    const { accounts } = await listAccountsWithBalances(userId, "2020-03-01");
    expect(accounts.find((account) => account.id !== userId)).toMatchObject({ openingBalance: 123456, openingDate: "2020-02-01", balance: 279588 });
  });

  test("an OFX ledger balance opens a new account so that it ends there; the next file with a row missing names the difference", async () => {
    const userId = await newUser();
    const ofx = fixture("us-chase-checking.ofx");
    const draftId = await uploadBankFile(userId, ofx, "chase.ofx");
    const preview = await previewBankFile(userId, draftId);
    expect(preview.balanceCheck).toMatchObject({ kind: "opens-new-account", closing: { date: "2020-02-29", cents: 404686 } });
    expect(await imported(userId, draftId)).toMatchObject({ status: "imported" });
    const account = (await listAccountsWithBalances(userId, "2020-03-01")).accounts.find((candidate) => candidate.id !== userId);
    expect(account?.balance).toBe(404686);

    // The same statement again, its balance raised by 10.00 as if the bank had a row this file lacks.
    const raised = ofx.replace(/<BALAMT>4046.86/, "<BALAMT>4056.86");
    const again = await previewBankFile(userId, await uploadBankFile(userId, raised, "chase-again.ofx"));
    expect(again.account).toMatchObject({ chosen: account?.id, how: "remembered" });
    expect(again.balanceCheck).toEqual({ kind: "differs", closing: { date: "2020-02-29", cents: 405686 }, expected: 404686, difference: 1000 });
  });
});

describe("likely transfers in the preview", () => {
  const CHECKING = ["Date,Description,Amount", "2026-03-01,Payroll,4000.00", "2026-03-20,VISA CARD PAYMENT,-300.00"].join("\n");
  const CARD = ["Date,Description,Amount", "2026-03-05,Corner Cafe,-12.50", "2026-03-22,PAYMENT THANK YOU,300.00"].join("\n");
  const intoCard = { account: NEW_ACCOUNT, newAccountName: "Visa" };

  /** A user whose checking file went into the main account; the card file uploaded next. */
  async function checkingThenCard() {
    const userId = await newUser();
    expect(await imported(userId, await uploadBankFile(userId, CHECKING, "checking.csv"))).toMatchObject({ status: "imported" });
    const payment = await Transaction.findOne({ userId, description: "VISA CARD PAYMENT" }).lean();
    return { userId, paymentId: String(payment?._id), cardDraft: await uploadBankFile(userId, CARD, "card.csv") };
  }

  test("the card's payment is proposed with the checking account's; ticked, the import links them and the month counts neither", async () => {
    const { userId, paymentId, cardDraft } = await checkingThenCard();
    const preview = await previewBankFile(userId, cardDraft, intoCard);
    expect(preview.transferProposals).toEqual([
      {
        value: `Row 3|${paymentId}`,
        chosen: false,
        row: { label: "Row 3", date: "2026-03-22", type: "income", amount: 30000, description: "PAYMENT THANK YOU" },
        stored: { id: paymentId, date: "2026-03-20", type: "expense", amount: 30000, description: "VISA CARD PAYMENT", accountName: "Main account" },
      },
    ]);

    const ticked = { ...intoCard, linkTransfers: [`Row 3|${paymentId}`] };
    expect((await previewBankFile(userId, cardDraft, ticked)).transferProposals[0].chosen).toBe(true);
    expect(await imported(userId, cardDraft, ticked)).toMatchObject({ status: "imported", imported: 2, linked: 1 });
    const received = await Transaction.findOne({ userId, description: "PAYMENT THANK YOU" }).lean();
    const payment = await Transaction.findById(paymentId).lean();
    expect(received).toMatchObject({ category: "__transfer", transferPeerId: payment?._id });
    expect(payment).toMatchObject({ category: "__transfer", transferPeerId: received?._id });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 400000, expense: 1250 });
  });

  test("unticked, or a pair the preview does not propose, nothing is linked", async () => {
    const { userId, paymentId, cardDraft } = await checkingThenCard();
    expect(await imported(userId, cardDraft, { ...intoCard, linkTransfers: [`Row 2|${paymentId}`] })).toMatchObject({ status: "imported", imported: 2, linked: 0 });
    expect(await Transaction.countDocuments({ userId, category: "__transfer" })).toBe(0);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 430000, expense: 31250 });
  });
});

describe("a CSV's running-balance column proves the import", () => {
  test("Wise's newest-first balances open the new account so that it ends on the last one; a file with a row cut out names the difference", async () => {
    const userId = await newUser();
    const csv = fixture("wise.csv");
    const draftId = await uploadBankFile(userId, csv, "wise.csv");
    const choices = { account: NEW_ACCOUNT, newAccountName: "Wise EUR" };
    const preview = await previewBankFile(userId, draftId, choices);
    expect(preview.statementOpening).toEqual({ date: "2020-08-11", cents: 98765 });
    expect(preview.balanceCheck).toEqual({ kind: "matches", closing: { date: "2020-08-28", cents: 189104 }, owedAsPositive: false });
    expect(await imported(userId, draftId, choices)).toMatchObject({ status: "imported" });
    expect((await balances(userId))["Wise EUR"]).toBe(189104);

    const cut = csv
      .split("\n")
      .filter((line) => !line.startsWith("CARD-123456790,"))
      .join("\n");
    const again = await previewBankFile(userId, await uploadBankFile(userId, cut, "wise-cut.csv"));
    expect(again.balanceCheck).toMatchObject({ kind: "differs", closing: { cents: 189104 }, difference: -4560 });
  });
});

describe("a file of several accounts", () => {
  test("each statement is an upload of its own: its own account, rows and balance check; importing one leads to the next", async () => {
    const userId = await newUser();
    const statement = (message: string, from: string, accountId: string, fitId: string, amount: string, balance: string) =>
      `<${message}><STMTTRNRS><STMTRS><CURDEF>USD<${from}><ACCTID>${accountId}</${from}><BANKTRANLIST><STMTTRN><DTPOSTED>20260305<TRNAMT>${amount}<FITID>${fitId}<NAME>Shop ${fitId}</STMTTRN></BANKTRANLIST>` +
      `<LEDGERBAL><BALAMT>${balance}<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS></${message}>`;
    const file = `<OFX>${statement("BANKMSGSRSV1", "BANKACCTFROM", "11112222", "A", "-10.00", "90.00")}${statement("BANKMSGSRSV1", "BANKACCTFROM", "33334444", "B", "25.00", "25.00")}</OFX>`;
    const firstId = await uploadBankFile(userId, file, "two-accounts.ofx");
    const first = await previewBankFile(userId, firstId);
    expect(first.part).toEqual({ index: 0, count: 2 });
    expect(first.rows.map((row) => row.description)).toEqual(["Shop A"]);
    expect(first.account).toMatchObject({ chosen: NEW_ACCOUNT, newName: "Checking ••2222" });
    expect(first.balanceCheck).toMatchObject({ kind: "opens-new-account", opening: { cents: 10000 } });

    const done = await imported(userId, firstId);
    if (done.status !== "imported" || !done.nextDraftId) throw new Error(`expected the next account's upload, got ${JSON.stringify(done)}`);
    const second = await previewBankFile(userId, done.nextDraftId);
    expect(second.part).toEqual({ index: 1, count: 2 });
    expect(second.rows.map((row) => row.description)).toEqual(["Shop B"]);
    expect(second.account).toMatchObject({ chosen: NEW_ACCOUNT, newName: "Checking ••4444" });
    expect(await imported(userId, done.nextDraftId)).toMatchObject({ status: "imported", nextDraftId: null });
    expect(await balances(userId)).toEqual({ "Main account": 0, "Checking ••2222": 9000, "Checking ••4444": 2500 });
  });
});
