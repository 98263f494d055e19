import type { Page } from "@playwright/test";
import { expect, listedAccount, test } from "./fixtures";

function ofx(statement: "bank" | "card", accountId: string, transactions: Array<{ id: string; date: string; amount: string; name: string }>, ledgerBalance: string) {
  const [open, close, from] = statement === "bank" ? ["<BANKMSGSRSV1><STMTTRNRS><STMTRS>", "</STMTRS></STMTTRNRS></BANKMSGSRSV1>", "BANKACCTFROM"] : ["<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>", "</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>", "CCACCTFROM"];
  return [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "",
    `<OFX>${open}<CURDEF>USD<${from}>${statement === "bank" ? "<BANKID>121000248" : ""}<ACCTID>${accountId}${statement === "bank" ? "<ACCTTYPE>CHECKING" : ""}</${from}><BANKTRANLIST>`,
    ...transactions.map((transaction) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${transaction.date}<TRNAMT>${transaction.amount}<FITID>${transaction.id}<NAME>${transaction.name}</STMTTRN>`),
    `</BANKTRANLIST><LEDGERBAL><BALAMT>${ledgerBalance}<DTASOF>20260331120000[0:GMT]</LEDGERBAL>${close}</OFX>`,
  ].join("\r\n");
}

const CHECKING_FILE = ofx("bank", "000012341234", [
  { id: "C1", date: "20260301", amount: "4000.00", name: "EMPLOYER PAYROLL" },
  { id: "C2", date: "20260320", amount: "-300.00", name: "VISA CARD PAYMENT" },
], "5700.00");
const CARD_FILE = ofx("card", "4111111111111111", [
  { id: "V1", date: "20260305", amount: "-12.50", name: "CORNER CAFE" },
  { id: "V2", date: "20260322", amount: "300.00", name: "PAYMENT THANK YOU" },
], "-287.50");

async function importFile(page: Page, name: string, content: string, account: string, balanceCheck: string) {
  await page.goto("/transactions/import");
  await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  // Reading the file is the slow step of an upload.
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Import into")).toHaveValue("new");
  await expect(page.getByLabel("Name of the new account")).toHaveValue(account);
  await expect(page.getByTestId("balance-check")).toHaveText(balanceCheck);
  await page.getByRole("button", { name: "Import 2 transactions" }).click();
  await expect(page.getByText("Imported 2 transactions")).toBeVisible();
}

/**
 * Chooses "A new account" named `name` and waits for the preview of that choice: without JavaScript a changed
 * choice is previewed by "Update preview"; with it each change reloads the preview, which must land before the next.
 */
async function chooseNewAccount(page: Page, name: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Import into").selectOption({ label: "A new account" });
  if (javaScriptEnabled) await expect(page).toHaveURL(/account=new/);
  else await page.getByRole("button", { name: "Update preview" }).first().click();
  await page.getByLabel("Name of the new account").fill(name);
  if (javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`newAccountName=${name}`));
  else await page.getByRole("button", { name: "Update preview" }).first().click();
}

test.describe("imports into accounts", () => {
  test("a checking file and a card file land in their own accounts; the card payment is proposed as a transfer and, linked, leaves income and expenses", async ({ page, login, app }) => {
    // Two uploads, four pages and a link: a long walk on a busy machine.
    test.slow();
    const user = await login();
    await importFile(page, "checking.ofx", CHECKING_FILE, "Checking ••1234", "Balance check: the bank's closing balance $5,700.00 on 2026-03-31. The new account opens with $2,000.00 on 2026-03-01, so that it ends there.");
    await importFile(page, "card.qfx", CARD_FILE, "Credit card ••1111", "Balance check: the bank's closing balance −$287.50 on 2026-03-31. The new account opens with −$575.00 on 2026-03-05, so that it ends there.");

    // Each account's balance is its file's closing balance.
    await page.goto("/accounts");
    await expect(listedAccount(page, "Checking ••1234")).toContainText("$5,700.00");
    await expect(listedAccount(page, "Credit card ••1111")).toContainText("$287.50 owed");

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,300.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$312.50");

    await page.goto("/transactions?tab=new");
    const proposal = page.getByTestId("transfer-proposal");
    await expect(proposal).toHaveCount(1);
    await expect(proposal).toContainText("−$300.00 out of Checking ••1234");
    await expect(proposal).toContainText("+$300.00 into Credit card ••1111");
    await proposal.getByRole("button", { name: "Link as transfer" }).click();
    await expect(page.getByText("Linked as a transfer: neither income nor expense")).toBeVisible();
    await expect(page.getByTestId("transfer-proposal")).toHaveCount(0);
    expect(await app.models.Transaction.countDocuments({ userId: user.id, category: "__transfer" })).toBe(2);

    await page.goto("/transactions?tab=tracked");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "VISA CARD PAYMENT" })).toContainText("Transfer to Credit card ••1111");

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$12.50");
  });

  test("the next file of a card goes to the account its first file went into, unasked", async ({ page, login, app }) => {
    const user = await login();
    await importFile(page, "card.qfx", CARD_FILE, "Credit card ••1111", "Balance check: the bank's closing balance −$287.50 on 2026-03-31. The new account opens with −$575.00 on 2026-03-05, so that it ends there.");
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "card-april.qfx", mimeType: "text/plain", buffer: Buffer.from(CARD_FILE.replace(/V1/g, "V3").replace(/V2/g, "V4")) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByLabel("Import into")).toHaveValue(String((await app.models.Account.findOne({ userId: user.id, name: "Credit card ••1111" }).lean())?._id));
    await expect(page.getByText("Where you imported this account's files before")).toBeVisible();
  });

  test("a QIF file's opening balance opens the new account instead of being income", async ({ page, login, javaScriptEnabled }) => {
    await login();
    const qif = ["!Account", "NJoint Checking", "TBank", "^", "!Type:Bank", "D2026-03-01", "T5,762.36", "POpening Balance", "^", "D2026-03-02", "T-100.00", "PGrocer", "^"].join("\n");
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "joint.qif", mimeType: "text/plain", buffer: Buffer.from(qif) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByTestId("import-opening-balance")).toHaveText(
      "Transaction 1 is the file's opening balance ($5,762.36 on 2026-03-01): the new account opens with it. It is not imported as income.",
    );
    await expect(page.getByRole("row", { name: /Opening Balance/ })).toContainText("A balance, not a transaction — skipped");

    // Into the main account instead, the line is only skipped; the name field is for a new account alone.
    await page.getByLabel("Import into").selectOption({ label: "Main account" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).first().click();
    await expect(page.getByTestId("import-opening-balance")).toHaveText("Transaction 1 states a balance ($5,762.36 on 2026-03-01): it is skipped, not imported as income.");
    await expect(page.getByLabel("Name of the new account")).toBeHidden();

    await page.getByLabel("Import into").selectOption({ label: "A new account" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).first().click();
    await expect(page.getByLabel("Name of the new account")).toHaveValue("Joint Checking");
    await page.getByRole("button", { name: "Import 1 transaction" }).click();
    await expect(page.getByText("Imported 1 transaction")).toBeVisible();
    await page.goto("/accounts");
    await expect(listedAccount(page, "Joint Checking")).toContainText("$5,662.36");
  });

  test("a CSV's running-balance column proves the file: the new account opens so that it ends on the last balance", async ({ page, login, javaScriptEnabled }) => {
    await login();
    const csv = ["Date,Description,Amount,Balance", "2026-03-02,Corner Cafe,-4.50,995.50", "2026-03-05,Employer Inc,2500.00,3495.50"].join("\n");
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "checking.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByText("Balance after each row ← Balance")).toBeVisible();
    await expect(page.getByTestId("balance-check")).toHaveText("Balance check: matches the bank's closing balance $3,495.50 on 2026-03-05.");

    await chooseNewAccount(page, "Everyday", javaScriptEnabled);
    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions")).toBeVisible();
    await page.goto("/accounts");
    await expect(listedAccount(page, "Everyday")).toContainText("$3,495.50");
  });

  test("a card file's payment is proposed in the preview beside the checking account's; ticked, it is linked on import and leaves income and expenses", async ({ page, login, javaScriptEnabled }) => {
    test.slow();
    await login();
    const upload = async (name: string, lines: string[]) => {
      await page.goto("/transactions/import");
      await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
      await page.getByRole("button", { name: "Upload and preview" }).click();
      await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
    };
    await upload("checking.csv", ["Date,Description,Amount", "2026-03-01,Payroll,4000.00", "2026-03-20,VISA CARD PAYMENT,-300.00"]);
    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions")).toBeVisible();

    await upload("card.csv", ["Date,Description,Amount", "2026-03-05,Corner Cafe,-12.50", "2026-03-22,PAYMENT THANK YOU,300.00"]);
    await chooseNewAccount(page, "Visa", javaScriptEnabled);
    const proposals = page.getByRole("group", { name: "Likely transfers" });
    const pair = proposals.getByRole("checkbox", { name: "Row 3: +$300.00 PAYMENT THANK YOU on 2026-03-22, with −$300.00 VISA CARD PAYMENT in Main account on 2026-03-20" });
    await expect(pair).not.toBeChecked();
    await pair.check();
    // With JavaScript the tick reloads the preview with it; without, it rides on the Import button's post.
    if (javaScriptEnabled) await expect(page).toHaveURL(/linkTransfer=/);
    await expect(pair).toBeChecked();
    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions, linked 1 transfer")).toBeVisible();

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$12.50");
  });
});
