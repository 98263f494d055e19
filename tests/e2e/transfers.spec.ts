import type { Page } from "@playwright/test";
import { addTransaction, expect, listedAccount, refusedByServer, seedAccount, test, type TestUser } from "./fixtures";

function seedCard(user: TestUser) {
  return seedAccount(user, { name: "Visa", kind: "credit_card", openingBalance: -20000, openingDate: "2026-03-01" });
}

async function fillTransfer(page: Page, { amount, choice, description }: { amount: string; choice: string; description: string }) {
  await page.goto("/transactions/new");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Category").selectOption({ label: choice });
  await page.getByLabel("Date").fill("2026-03-10");
  await page.getByLabel("Description").fill(description);
}

test.describe("transfers between accounts", () => {
  test("paying the card from the main account is a transfer: both balances move, the month's income and expenses do not", async ({ page, login, app }) => {
    const user = await login();
    const card = await seedCard(user);
    await addTransaction(user, { type: "income", category: "salary", amount: 400000, date: "2026-03-01", description: "March pay" });
    await addTransaction(user, { type: "expense", amount: 4599, date: "2026-03-04", description: "Dinner" });

    await fillTransfer(page, { amount: "200", choice: "Transfer to Visa", description: "Card payment" });
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/transactions\?tab=tracked/);
    const rows = page.getByTestId("transaction-row");
    await expect(rows.filter({ hasText: "Transfer to Visa" })).toContainText("Main account");
    await expect(rows.filter({ hasText: "Transfer to Visa" })).toContainText("−$200.00");
    await expect(rows.filter({ hasText: "Transfer from Main account" })).toContainText("Visa");
    await expect(rows.filter({ hasText: "Transfer from Main account" })).toContainText("+$200.00");
    const stored = await app.models.Transaction.find({ userId: user.id, category: "__transfer" }).sort({ type: 1 }).lean();
    expect(stored.map((side) => [side.type, side.amount, String(side.accountId), String(side.transferAccountId)])).toEqual([
      ["expense", 20000, user.id, card.id],
      ["income", 20000, card.id, user.id],
    ]);

    await page.goto("/accounts");
    await expect(listedAccount(page, "Main account")).toContainText("$3,754.01");
    await expect(listedAccount(page, "Visa")).toContainText("$0.00");
    await page.getByRole("link", { name: "Visa" }).click();
    const register = page.getByTestId("register-row");
    await expect(register.filter({ hasText: "Card payment" })).toContainText("Transfer from Main account");
    await expect(register.filter({ hasText: "Card payment" }).getByRole("cell").last()).toHaveText("$0.00");

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$45.99");
  });

  test("a transfer into the account it leaves is refused with a message and nothing is written", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await seedCard(user);
    await fillTransfer(page, { amount: "50", choice: "Transfer to Main account", description: "Nowhere" });
    const refused = refusedByServer(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Add Transaction" }).click();
    if (refused) expect((await refused).status()).toBe(400);
    await expect(page.getByText("A transfer moves money between two different accounts: choose another account")).toBeVisible();
    await expect(page.getByLabel("Amount")).toHaveValue("50");
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);

    await page.getByLabel("Account").selectOption({ label: "Visa" });
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, category: "__transfer" })).toBe(2);
  });

  test("editing a transfer into an expense leaves its other side waiting for a category in the New tab", async ({ page, login }) => {
    const user = await login();
    await seedCard(user);
    await fillTransfer(page, { amount: "75", choice: "Transfer to Visa", description: "Payment" });
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();

    await page.getByTestId("transaction-row").filter({ hasText: "Transfer to Visa" }).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Category")).toHaveValue(/^transfer-to:/);
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();

    await page.goto("/transactions?tab=new");
    const waiting = page.getByTestId("transaction-row");
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText("Uncategorized");
    await expect(waiting).toContainText("Visa");
    await expect(waiting).toContainText("+$75.00");
  });
});
