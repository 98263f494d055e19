import type { Page } from "@playwright/test";
import { Types } from "mongoose";
import { addTransaction, expect, listedAccount, nextPost, refusedByServer, seedAccount, test } from "./fixtures";

function figure(page: Page, label: string) {
  return page.getByLabel("Account totals").locator("div").filter({ hasText: label });
}

async function openAccountsFromNav(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Accounts", exact: true }).click();
  await expect(page).toHaveURL("/accounts");
  await expect(page.getByTestId("page-title")).toHaveText("Accounts");
}

test.describe("accounts", () => {
  test("a new user finds their main account, adds a credit card owing money, and duplicates or bad amounts are refused", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto("/dashboard");
    await openAccountsFromNav(page);
    await expect(listedAccount(page, "Main account")).toContainText("$0.00");
    await expect(listedAccount(page, "Main account")).toContainText("Checking · 0 transactions");

    const form = page.getByRole("region", { name: "Add account" });
    await form.getByLabel("Name").fill("Visa");
    await form.getByLabel("Type").selectOption({ label: "Credit card" });
    await expect(form.getByLabel("Count in the budget")).toBeChecked();
    await form.getByLabel("Opening balance").fill("-200.00");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByText("Account added")).toBeVisible();
    await expect(listedAccount(page, "Visa")).toContainText("$200.00 owed");
    await expect(listedAccount(page, "Visa")).toContainText("Credit card");
    await expect(figure(page, "Assets")).toContainText("$0.00");
    await expect(figure(page, "Liabilities")).toContainText("$200.00");
    await expect(figure(page, "Net")).toContainText("-$200.00");
    await expect(form.getByLabel("Name")).toHaveValue("");
    expect(await app.models.Account.findOne({ userId: user.id, name: "Visa" }).lean()).toMatchObject({ kind: "credit_card", onBudget: true, openingBalance: -20000 });

    // The name is checked against the user's accounts on the server, with or without JavaScript.
    await form.getByLabel("Name").fill("visa");
    const duplicate = nextPost(page);
    await form.getByRole("button", { name: "Add account" }).click();
    expect((await duplicate).status()).toBe(400);
    await expect(form.getByText("You already have an account with this name")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("visa");

    await form.getByLabel("Name").fill("Wallet");
    await form.getByLabel("Opening balance").fill("12.345");
    const badAmount = refusedByServer(page, javaScriptEnabled);
    await form.getByRole("button", { name: "Add account" }).click();
    if (badAmount) expect((await badAmount).status()).toBe(400);
    await expect(form.getByText("Please enter a valid amount")).toBeVisible();
    await expect(form.getByLabel("Opening balance")).toHaveValue("12.345");
    expect(await app.models.Account.countDocuments({ userId: user.id })).toBe(2);
  });

  test("a transaction added from the transaction form lands in the main account: its balance and register show it", async ({ page, login }) => {
    await login();
    for (const transaction of [
      { type: "Income", amount: "2500", category: "Paycheck 1", date: "2026-03-01", description: "March pay" },
      { type: "Expense", amount: "12.50", category: "Food & Dining", date: "2026-03-05", description: "Lunch" },
    ]) {
      await page.goto("/transactions/new");
      await page.getByRole("radio", { name: transaction.type }).check();
      await page.getByLabel("Amount").fill(transaction.amount);
      await page.getByLabel("Category").selectOption({ label: transaction.category });
      await page.getByLabel("Date").fill(transaction.date);
      await page.getByLabel("Description").fill(transaction.description);
      await page.getByRole("button", { name: "Add Transaction" }).click();
      await expect(page.getByText("Transaction added successfully")).toBeVisible();
    }

    await openAccountsFromNav(page);
    await expect(listedAccount(page, "Main account")).toContainText("$2,487.50");
    await expect(listedAccount(page, "Main account")).toContainText("2 transactions");
    await expect(figure(page, "Net")).toContainText("$2,487.50");

    await page.getByRole("link", { name: "Main account" }).click();
    await expect(page.getByRole("heading", { name: "Main account" })).toBeVisible();
    await expect(page.getByTestId("account-balance")).toHaveText("$2,487.50");
    const rows = page.getByTestId("register-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("2026-03-05");
    await expect(rows.nth(0)).toContainText("Lunch");
    await expect(rows.nth(0)).toContainText("Food & Dining");
    await expect(rows.nth(0)).toContainText("−$12.50");
    await expect(rows.nth(0).getByRole("cell").last()).toHaveText("$2,487.50");
    await expect(rows.nth(1)).toContainText("March pay");
    await expect(rows.nth(1)).toContainText("+$2,500.00");
    await expect(rows.nth(1).getByRole("cell").last()).toHaveText("$2,500.00");
  });

  test("with a second account the transaction form offers it, the list names each row's account and filters by it", async ({ page, login }) => {
    const user = await login();
    await seedAccount(user, { name: "Visa", kind: "credit_card", openingBalance: 0 });
    await page.goto("/transactions/new");
    await expect(page.getByLabel("Account")).toHaveValue(user.id);
    await page.getByLabel("Amount").fill("45.99");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Account").selectOption({ label: "Visa" });
    await page.getByLabel("Date").fill("2026-03-07");
    await page.getByLabel("Description").fill("Dinner on the card");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await addTransaction(user, { type: "expense", amount: 1000, date: "2026-03-06", description: "Cash lunch" });

    await page.goto("/transactions?tab=tracked");
    const rows = page.getByTestId("transaction-row");
    await expect(rows.filter({ hasText: "Dinner on the card" })).toContainText("Visa");
    await expect(rows.filter({ hasText: "Cash lunch" })).toContainText("Main account");
    const filters = page.getByRole("search", { name: "Filter transactions" });
    await filters.getByLabel("Account").selectOption({ label: "Visa" });
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/account=/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Dinner on the card");

    await page.goto("/accounts");
    await expect(listedAccount(page, "Visa")).toContainText("$45.99 owed");
    await expect(listedAccount(page, "Main account")).toContainText("-$10.00");
  });

  test("a card with money owed may not be closed; once it is at zero it closes and reopens", async ({ page, login, app }) => {
    const user = await login();
    const card = await seedAccount(user, { name: "Visa", kind: "credit_card", openingBalance: -20000 });
    await page.goto("/accounts");
    await page.getByRole("link", { name: "Visa" }).click();
    await expect(page).toHaveURL(`/accounts/${card.id}`);
    await expect(page.getByTestId("account-balance")).toHaveText("$200.00 owed");
    await expect(page.getByText("No transactions in this account yet.")).toBeVisible();

    const refused = nextPost(page);
    await page.getByRole("button", { name: "Close account" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "Bring the balance to zero before closing this account: move what is left to another account first",
    );
    expect(await app.models.Account.findById(card.id).lean()).toMatchObject({ closed: false });

    const edit = page.getByRole("region", { name: "Edit account" });
    await expect(edit.getByLabel("Opening balance")).toHaveValue("-200.00");
    await edit.getByLabel("Opening balance").fill("0");
    await edit.getByRole("button", { name: "Save account" }).click();
    await expect(page.getByText("Account saved")).toBeVisible();
    await expect(page.getByTestId("account-balance")).toHaveText("$0.00");

    await page.getByRole("button", { name: "Close account" }).click();
    await expect(page.getByText("Account closed")).toBeVisible();
    await expect(page).toHaveURL("/accounts");
    const closed = page.getByRole("region", { name: "Closed accounts" });
    await expect(closed.getByRole("listitem", { name: "Visa" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your accounts" }).getByRole("listitem", { name: "Visa" })).toHaveCount(0);

    await closed.getByRole("button", { name: "Reopen Visa" }).click();
    await expect(page.getByText("Account reopened")).toBeVisible();
    await expect(page.getByRole("region", { name: "Closed accounts" })).toBeHidden();
    await expect(listedAccount(page, "Visa")).toContainText("$0.00");
  });

  test("an existing user's transactions move into their main account: the dashboard's figures stay, the balance is their sum", async ({ page, login, app }) => {
    const user = await login();
    // Rows as the layout before accounts stored them: no account, written straight to the collection.
    const owner = new Types.ObjectId(user.id);
    const base = { userId: owner, source: "manual", allocations: [], deleted: false, bankName: null, importKey: null, editedAt: null, pending: false, createdAt: new Date(), updatedAt: new Date() };
    await app.models.Transaction.collection.insertMany([
      { ...base, type: "income", amount: 400000, category: "salary", date: "2026-03-01", monthKey: "2026-03", description: "March pay", descriptionLower: "march pay" },
      { ...base, type: "expense", amount: 12345, category: "food", date: "2026-03-04", monthKey: "2026-03", description: "Groceries", descriptionLower: "groceries" },
      { ...base, type: "expense", amount: 70000, category: "housing", date: "2026-03-05", monthKey: "2026-03", description: "Old rent", descriptionLower: "old rent", deleted: true },
    ]);
    const { recountLedger } = await import("~/features/transactions/ledger-journal.server");
    await recountLedger(user.id);

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$123.45");

    // What a start of the app runs for each user of the layout before.
    const { moveUserIntoMainAccount } = await import("~/features/transactions/accounts-migration.server");
    expect(await moveUserIntoMainAccount(user.id)).toBe(3);
    expect(await app.models.Transaction.countDocuments({ userId: user.id, accountId: owner })).toBe(3);

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$4,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$123.45");
    await openAccountsFromNav(page);
    // 4,000.00 − 123.45: the deleted rent moves nothing.
    await expect(listedAccount(page, "Main account")).toContainText("$3,876.55");
    await expect(listedAccount(page, "Main account")).toContainText("2 transactions");
    await page.getByRole("link", { name: "Main account" }).click();
    await expect(page.getByTestId("register-row")).toHaveCount(2);
    await expect(page.getByTestId("register-row").nth(0).getByRole("cell").last()).toHaveText("$3,876.55");
  });

  test("another user's account answers 404", async ({ page, login, createUser }) => {
    const owner = await createUser();
    const theirs = await seedAccount(owner, { name: "Holiday fund", kind: "checking", openingBalance: 500000 });
    await login();
    const response = await page.goto(`/accounts/${theirs.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
    await expect(page.getByText("Holiday fund")).toBeHidden();
  });
});
