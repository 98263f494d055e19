import { readFileSync } from "node:fs";
import path from "node:path";
import { addTransaction, expect, listedAccount, test } from "./fixtures";

const EURO_CAMT = readFileSync(path.resolve(import.meta.dirname, "../fixtures/bank-exports/de-camt053.xml"));

test.describe("imports keep the file's currency", () => {
  test("a euro CAMT statement imported by a dollar user: euro amounts in the preview, a new euro account after", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "girokonto.xml", mimeType: "application/xml", buffer: EURO_CAMT });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    // Reading the file is the slow step of an upload.
    await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible({ timeout: 20_000 });

    // The dollar main account is not offered: only a new account in the file's currency.
    const account = page.getByLabel("Import into");
    await expect(account).toHaveValue("new");
    await expect(account.locator("option")).toHaveText(["A new account in EUR", "Main account, converted into USD"]);
    await expect(page.getByLabel("Name of the new account")).toHaveValue("Checking ••3000");
    await expect(page.getByTestId("import-currency")).toHaveText(
      "This file is in EUR: it goes into an account in EUR. Your totals count these amounts in USD, at the European Central Bank's rate of each day.",
    );

    await expect(page.getByTestId("import-money-in")).toHaveText("€2,475.00");
    await expect(page.getByTestId("import-money-out")).toHaveText("€913.68");
    await expect(page.getByRole("row", { name: /Hausverwaltung Schmidt GmbH/ })).toContainText("−€750.00");
    await expect(page.getByTestId("balance-check")).toHaveText("Balance check: matches the bank's closing balance €2,795.88 on 2020-02-29.");

    await page.getByRole("button", { name: "Import 8 transactions" }).click();
    await expect(page.getByText("Imported 8 transactions")).toBeVisible();
    expect(await app.models.Account.findOne({ userId: user.id, name: "Checking ••3000" }).lean()).toMatchObject({ currency: "EUR", openingBalance: 123456 });

    await page.goto("/accounts");
    await expect(listedAccount(page, "Checking ••3000")).toContainText("€2,795.88");

    // On one dashboard with a dollar expense: the euro rows wait outside the totals until a rate converts them
    // (the recorded reference rates end in 2017); the rate the user got on one counts it.
    await addTransaction(user, { type: "expense", amount: 1000, date: "2020-02-15", description: "Dollar lunch" });
    await page.goto("/dashboard?month=2020-02");
    await expect(page.getByTestId("summary-expenses")).toContainText("$10.00");
    await expect(page.getByText(/transactions in another currency are not in these totals yet/)).toBeVisible();

    await page.goto("/transactions?tab=new");
    const rent = page.getByTestId("transaction-row").filter({ hasText: "Hausverwaltung Schmidt GmbH" });
    await expect(rent).toContainText("No exchange rate yet");
    await rent.getByRole("link", { name: "Categorize" }).click();
    // The list's own filter is also labelled Category: wait until the form has replaced the list.
    await expect(page.getByRole("heading", { name: "Edit Transaction" })).toBeVisible();
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Exchange rate (optional)").fill("1.1");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated")).toBeVisible();
    await page.goto("/dashboard?month=2020-02");
    // €750.00 × 1.1 = $825.00, beside the $10.00.
    await expect(page.getByTestId("summary-expenses")).toContainText("$835.00");
  });

  test("the dollar main account asked for a euro file is not used: the preview says why, and the import goes into a new euro account", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "girokonto.xml", mimeType: "application/xml", buffer: EURO_CAMT });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible({ timeout: 20_000 });

    await page.goto(`${page.url()}?account=${user.id}`);
    await expect(page.getByTestId("import-currency-conflict")).toHaveText(
      "This file is in EUR, and Main account is in USD. Import into an account in EUR, or into a new EUR account.",
    );
    await expect(page.getByLabel("Import into")).toHaveValue("new");
    await page.getByRole("button", { name: "Import 8 transactions" }).click();
    await expect(page.getByText("Imported 8 transactions")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, accountId: user.id })).toBe(0);
  });

  test("a euro file converted into the dollar main account at each day's rate: both amounts in the preview and the list, dollars in the totals", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    const csv = ["Date,Description,Amount,Currency", "2017-01-05,Boulangerie,-12.34,EUR", "2017-01-07,Refund from Lyon,100.00,EUR"].join("\n");
    await page.goto("/transactions/import");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "euros.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByLabel("Import into")).toHaveValue("new");

    await page.getByLabel("Import into").selectOption({ label: "Main account, converted into USD" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).first().click();
    await expect(page.getByTestId("import-conversion")).toHaveText(
      "Each amount is converted from EUR to USD at the European Central Bank's rate of its day (of the nearest earlier day when the bank published none). Each transaction keeps its amount in EUR.",
    );
    await expect(page.getByTestId("import-currency")).toHaveText("This file is in EUR: its amounts are converted into USD, the account's currency.");
    await expect(page.getByLabel("Name of the new account")).toBeHidden();
    // €12.34 × 1.0501 = $12.96; €100.00 on a Saturday at Friday's 1.0589 = $105.89.
    await expect(page.getByRole("row", { name: /Boulangerie/ })).toContainText("−$12.96€12.34 · rate of 2017-01-05");
    await expect(page.getByRole("row", { name: /Refund from Lyon/ })).toContainText("+$105.89€100.00 · rate of 2017-01-06");
    await expect(page.getByTestId("import-money-out")).toHaveText("$12.96");
    await page.screenshot({ path: test.info().outputPath("import-converted.png"), fullPage: true });

    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions")).toBeVisible();
    expect(await app.models.Transaction.find({ userId: user.id, accountId: user.id }).sort({ date: 1 }).lean()).toMatchObject([
      { amount: 1296, fileAmount: { amount: 1234, currency: "EUR", rateDay: "2017-01-05" } },
      { amount: 10589, fileAmount: { amount: 10000, currency: "EUR", rateDay: "2017-01-06" } },
    ]);

    await page.goto("/transactions?tab=new");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Refund from Lyon" })).toContainText("Imported as €100.00 · rate of 2017-01-06");
    await page.goto("/dashboard?month=2017-01");
    await expect(page.getByTestId("summary-expenses")).toContainText("$12.96");
    await expect(page.getByText(/in another currency are not in these totals yet/)).toHaveCount(0);
  });
});
