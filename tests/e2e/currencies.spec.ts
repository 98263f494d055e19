import type { Page } from "@playwright/test";
import { expect, listedAccount, test } from "./fixtures";

/** Adds an account from the accounts page's form, in `currency`. */
async function addAccount(page: Page, name: string, currency: string, openingBalance = "") {
  await page.goto("/accounts");
  const form = page.getByRole("region", { name: "Add account" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Currency").selectOption(currency);
  await form.getByLabel("Opening balance").fill(openingBalance);
  await form.getByLabel("Opening date").fill("2017-01-02");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByText("Account added")).toBeVisible();
}

/** Adds an expense from the transaction form, in the account named. */
async function addExpense(page: Page, input: { account: string; amount: string; date: string; description: string; rate?: string }) {
  await page.goto("/transactions/new");
  await page.getByLabel("Account", { exact: true }).selectOption({ label: input.account });
  await page.getByLabel(/^Amount \(/).fill(input.amount);
  await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
  await page.getByLabel("Date").fill(input.date);
  await page.getByLabel("Description").fill(input.description);
  if (input.rate) await page.getByLabel("Exchange rate (optional)").fill(input.rate);
  await page.getByRole("button", { name: "Add Transaction" }).click();
  await expect(page.getByText("Transaction added successfully")).toBeVisible();
}

test.describe("money in several currencies", () => {
  test("a euro account and the dollar main account on one dashboard: euros count at the European Central Bank's rate of their day", async ({ page, login, app }) => {
    const user = await login();
    // The reference rates the app fetched at start (the stand-in serves the ECB's recorded file of 2016-12-05 to 2017-03-03).
    await expect.poll(() => app.models.ExchangeRate.countDocuments({}), { timeout: 20_000 }).toBeGreaterThan(60);
    await addAccount(page, "Euro account", "EUR");
    await expect(listedAccount(page, "Euro account")).toContainText("€0.00");
    await expect(listedAccount(page, "Euro account")).toContainText("EUR");

    // €50.00 on 2017-03-03, when a euro bought 1.0565 dollars: $52.825 → $52.83. And $10.00 from the main account.
    await addExpense(page, { account: "Euro account (EUR)", amount: "50.00", date: "2017-03-03", description: "Berlin groceries" });
    await addExpense(page, { account: "Main account (USD)", amount: "10.00", date: "2017-03-03", description: "Coffee" });
    const stored = await app.models.Transaction.findOne({ userId: user.id, description: "Berlin groceries" }).lean();
    expect(stored).toMatchObject({ amount: 5000, reported: { amount: 5283, currency: "USD", rateDay: "2017-03-03" } });

    await page.goto("/dashboard?month=2017-03");
    await expect(page.getByTestId("summary-expenses")).toContainText("$62.83");

    await page.goto("/transactions?tab=all");
    const euroRow = page.getByTestId("transaction-row").filter({ hasText: "Berlin groceries" });
    await expect(euroRow).toContainText("−€50.00");
    await expect(euroRow).toContainText("≈ $52.83");

    // The register keeps euros; the accounts page says what no rate of today converts yet, rather than guessing.
    await page.goto("/accounts");
    await expect(listedAccount(page, "Euro account")).toContainText("-€50.00");
    await expect(listedAccount(page, "Euro account")).toContainText("No EUR → USD rate yet");
    await expect(page.getByText("Not counted until an exchange rate into USD is known: Euro account.")).toBeVisible();
    await page.getByRole("link", { name: "Euro account" }).click();
    await expect(page.getByTestId("account-balance")).toHaveText("-€50.00");

    // Counted in euros instead: the job converts every transaction again ($10.00 ÷ 1.0565 = €9.4652… → €9.47); the euros count as they are.
    await page.goto("/profile");
    await page.getByLabel("Display currency").selectOption("EUR");
    await page.getByRole("button", { name: "Update Currency" }).click();
    await expect(page.getByText("Currency updated to EUR: your totals are being counted again in it")).toBeVisible();
    await expect.poll(async () => (await app.models.ReportingRecount.findById(user.id).lean())?.finishedAt ?? null, { timeout: 30_000 }).not.toBeNull();
    await page.goto("/dashboard?month=2017-03");
    await expect(page.getByText("Your totals are being counted again")).toBeHidden();
    await expect(page.getByTestId("summary-expenses")).toContainText("€59.47");
  });

  test("yen without decimals and dinars with three, typed, stored and summed exactly; the rate the user got counts", async ({ page, login, app }) => {
    const user = await login();
    await expect.poll(() => app.models.ExchangeRate.countDocuments({}), { timeout: 20_000 }).toBeGreaterThan(60);
    await addAccount(page, "Tokyo card", "JPY", "0");
    await addAccount(page, "Manama cash", "BHD", "10.5");
    await expect(listedAccount(page, "Manama cash")).toContainText("BHD 10.500");

    await addExpense(page, { account: "Tokyo card (JPY)", amount: "1200", date: "2030-05-02", description: "Ramen", rate: "0.0068" });
    await addExpense(page, { account: "Tokyo card (JPY)", amount: "35", date: "2030-05-03", description: "Gum", rate: "0.0068" });
    await addExpense(page, { account: "Manama cash (BHD)", amount: "1.234", date: "2030-05-04", description: "Tea", rate: "2.6596" });

    // A Saturday's amount counts at Friday's reference rate, and the list says so.
    await addExpense(page, { account: "Tokyo card (JPY)", amount: "1000", date: "2017-03-04", description: "Saturday sushi" });
    await page.goto("/transactions?tab=all");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Saturday sushi" })).toContainText("≈ $8.74 · rate of 2017-03-03");

    // A yen amount with decimals is refused, never rounded.
    await page.goto("/transactions/new");
    await page.getByLabel("Account", { exact: true }).selectOption({ label: "Tokyo card (JPY)" });
    await page.getByLabel(/^Amount \(/).fill("12.50");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Date").fill("2030-05-05");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please enter a valid amount")).toBeVisible();

    const amounts = (await app.models.Transaction.find({ userId: user.id }).sort({ date: 1 }).lean()).map((row) => [row.amount, row.reported?.amount]);
    // ¥1,000 × 1.0565 ÷ 120.83 = $8.7437… → $8.74 (the ECB's rates of Friday 2017-03-03); ¥1,200 × 0.0068 = $8.16; ¥35 × 0.0068 = $0.238 → $0.24; BHD 1.234 × 2.6596 = $3.2819… → $3.28.
    expect(amounts).toEqual([
      [1000, 874],
      [1200, 816],
      [35, 24],
      [1234, 328],
    ]);

    await page.goto("/accounts");
    await expect(listedAccount(page, "Tokyo card")).toContainText("-¥2,235");
    await expect(listedAccount(page, "Manama cash")).toContainText("BHD 9.266");
    await page.goto("/dashboard?month=2030-05");
    await expect(page.getByTestId("summary-expenses")).toContainText("$11.68");
  });

  test("a transfer from dollars to euros records what left and what arrived, and is neither income nor expense", async ({ page, login, app }) => {
    const user = await login();
    await addAccount(page, "Euro account", "EUR");
    await page.goto("/transactions/new");
    await page.getByLabel("Account", { exact: true }).selectOption({ label: "Main account (USD)" });
    await page.getByLabel(/^Amount \(USD\)/).fill("105.00");
    await page.getByLabel("Category").selectOption({ label: "Transfer to Euro account" });
    await page.getByLabel("Date").fill("2017-03-03");

    // Without what arrived, it is refused: one amount cannot be both sides.
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please enter the amount in the other account's currency")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);

    await page.getByLabel(/^Amount in the other account/).fill("100.00");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();

    await page.goto("/accounts");
    await expect(listedAccount(page, "Main account")).toContainText("-$105.00");
    await expect(listedAccount(page, "Euro account")).toContainText("€100.00");
    await page.goto("/dashboard?month=2017-03");
    await expect(page.getByTestId("summary-expenses")).toContainText("$0.00");
    await expect(page.getByTestId("summary-income")).toContainText("$0.00");
  });
});
