import type { Page } from "@playwright/test";
import { toCents } from "~/lib/money";
import { expect, test, type TestUser } from "./fixtures";

/**
 * A checking account opened with $500.00 on October 1st, through the app's features on the fixtures'
 * connection: pay and groceries in October (on its October statement), a coffee in November (not).
 */
async function seedChecking(user: TestUser) {
  const { addAccountBesideMain } = await import("~/features/transactions/account-balances.server");
  const { applyLedgerBatch } = await import("~/features/transactions/ledger.server");
  const change = await addAccountBesideMain(user.id, { name: "Checking", kind: "checking", onBudget: true, openingBalance: toCents(50000), openingDate: "2026-10-01" }, "2026-11-27");
  if (!change.ok) throw new Error(change.message);
  const accountId = change.account.id;
  const written = await applyLedgerBatch(user.id, {
    added: [
      { type: "income", amount: 120000, category: "salary", date: "2026-10-01", description: "October pay", source: "manual", accountId },
      { type: "expense", amount: 4550, category: "food", date: "2026-10-12", description: "Groceries", source: "manual", accountId },
      { type: "expense", amount: 450, category: "food", date: "2026-11-03", description: "Coffee", source: "manual", accountId },
    ],
  });
  if (!written.ok) throw new Error("transactions not written");
  return accountId;
}

async function checkStatement(page: Page, statementDate: string, statementBalance: string) {
  const form = page.getByRole("region", { name: "Statement", exact: true });
  await form.getByLabel("Statement date").fill(statementDate);
  await form.getByLabel("Statement balance").fill(statementBalance);
  await form.getByRole("button", { name: "Check statement" }).click();
}

function checked(page: Page, statementDate: string) {
  return page.getByRole("region", { name: `Statement of ${statementDate}` });
}

function history(page: Page) {
  return page.getByRole("region", { name: "Reconciliations" }).getByTestId("reconciliation-row");
}

test.describe("reconcile", () => {
  test("a statement that matches: no difference, the transactions up to its date listed; finishing clears them and records it", async ({ page, login, app }) => {
    const user = await login();
    const accountId = await seedChecking(user);
    await page.goto(`/accounts/${accountId}`);
    await page.getByRole("link", { name: "Reconcile", exact: true }).click();
    await expect(page).toHaveURL(`/accounts/${accountId}/reconcile`);
    await expect(page.getByRole("heading", { name: "Reconcile Checking" })).toBeVisible();
    await expect(page.getByText("No reconciliations yet.")).toBeVisible();

    await checkStatement(page, "2026-10-31", "1654.50");
    await expect(page).toHaveURL(/statementDate=2026-10-31/);
    const statement = checked(page, "2026-10-31");
    await expect(statement.getByText("Matches the statement")).toBeVisible();
    await expect(statement.getByRole("definition").first()).toHaveText("$1,654.50");
    await expect(statement.getByRole("definition").last()).toHaveText("$1,654.50");
    await expect(statement.getByRole("heading", { name: "Transactions to clear (2)" })).toBeVisible();
    const rows = statement.getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("Groceries");
    await expect(rows.nth(1)).toContainText("−$45.50");
    await expect(rows.nth(2)).toContainText("October pay");
    await expect(rows.nth(2)).toContainText("+$1,200.00");
    await expect(statement.getByText("Coffee")).toBeHidden();
    await expect(statement.getByRole("button", { name: /Add an adjustment/ })).toBeHidden();

    await statement.getByRole("button", { name: "Finish reconciliation" }).click();
    await expect(page.getByText("Reconciled: 2 transactions marked cleared")).toBeVisible();
    await expect(page).toHaveURL(`/accounts/${accountId}/reconcile`);
    await expect(history(page)).toHaveCount(1);
    await expect(history(page).first()).toContainText("2026-10-31");
    await expect(history(page).first()).toContainText("$1,654.50");
    await expect(history(page).first()).toContainText("Matched, 2 transactions cleared");
    expect(await app.models.Transaction.countDocuments({ userId: user.id, cleared: true })).toBe(2);

    await page.getByRole("link", { name: "Back to Checking" }).click();
    await expect(page.getByText("Reconciled up to 2026-10-31")).toBeVisible();
    const register = page.getByTestId("register-row");
    await expect(register.filter({ hasText: "Coffee" }).getByRole("img", { name: "Cleared" })).toHaveCount(0);
    await expect(register.filter({ hasText: "Groceries" }).getByRole("img", { name: "Cleared" })).toBeVisible();
    await expect(register.filter({ hasText: "October pay" }).getByRole("img", { name: "Cleared" })).toBeVisible();
  });

  test("a statement that does not match: the difference shows; kept with it nothing is cleared, with an adjustment it is reconciled", async ({ page, login, app }) => {
    const user = await login();
    const accountId = await seedChecking(user);
    await page.goto(`/accounts/${accountId}/reconcile`);
    await checkStatement(page, "2026-10-31", "1650.00");
    const statement = checked(page, "2026-10-31");
    await expect(statement.getByText("Difference: $4.50")).toBeVisible();
    await expect(statement.getByRole("button", { name: "Finish reconciliation" })).toBeHidden();

    await statement.getByRole("button", { name: "Save with the difference" }).click();
    await expect(page.getByText("Statement saved with its difference: nothing was marked cleared")).toBeVisible();
    await expect(history(page).first()).toContainText("Difference of $4.50, nothing cleared");
    expect(await app.models.Transaction.countDocuments({ userId: user.id, cleared: true })).toBe(0);

    await checkStatement(page, "2026-10-31", "1650.00");
    await checked(page, "2026-10-31").getByRole("button", { name: "Add an adjustment of −$4.50 and finish" }).click();
    await expect(page.getByText("Reconciled with an adjustment of −$4.50: 3 transactions marked cleared")).toBeVisible();
    await expect(history(page)).toHaveCount(2);
    await expect(history(page).first()).toContainText("Matched with an adjustment of −$4.50, 3 transactions cleared");
    await expect(page.getByRole("region", { name: "Reconcile Checking" })).toContainText("$1,645.50");

    await page.goto(`/accounts/${accountId}`);
    const adjustment = page.getByTestId("register-row").filter({ hasText: "Reconciliation adjustment" });
    await expect(adjustment).toContainText("2026-10-31");
    await expect(adjustment).toContainText("−$4.50");
    await expect(adjustment.getByRole("img", { name: "Cleared" })).toBeVisible();
  });

  test("a statement balance that is no amount or a date before the account opened is refused under its field; nothing is written", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    const accountId = await seedChecking(user);
    await page.goto(`/accounts/${accountId}/reconcile`);
    // Without JavaScript the form's GET is answered by the page itself, 400; with it the schema refuses in the browser first.
    const refusedPage = () => (javaScriptEnabled ? null : page.waitForResponse((response) => response.url().includes("/reconcile?")));

    const badAmount = refusedPage();
    await checkStatement(page, "2026-10-31", "1,654.50");
    if (badAmount) expect((await badAmount).status()).toBe(400);
    await expect(page.getByText("Please enter the statement balance as an amount, such as 1250.00")).toBeVisible();
    await expect(page.getByLabel("Statement balance")).toHaveValue("1,654.50");

    const tooEarly = refusedPage();
    await checkStatement(page, "2026-09-30", "500.00");
    if (tooEarly) expect((await tooEarly).status()).toBe(400);
    await expect(page.getByText("The statement date can't be before the account's opening date, 2026-10-01")).toBeVisible();
    await expect(page.getByLabel("Statement date")).toHaveValue("2026-09-30");
    await expect(page.getByRole("button", { name: "Finish reconciliation" })).toBeHidden();
    expect(await app.models.Reconciliation.countDocuments({ userId: user.id })).toBe(0);
  });

  test("another user's account has no reconcile page", async ({ page, login, createUser }) => {
    const owner = await createUser();
    const accountId = await seedChecking(owner);
    await login();
    const response = await page.goto(`/accounts/${accountId}/reconcile?statementDate=2026-10-31&statementBalance=1654.50`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Checking")).toBeHidden();
  });
});
