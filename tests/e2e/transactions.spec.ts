import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The app's transaction data layer, on the connection the fixtures opened. */
async function transactions() {
  return import("~/features/transactions/transactions.server");
}

const coffee = { type: "expense" as const, amount: 450, category: "food", date: "2026-03-04", description: "Coffee" };

function row(page: Page, text: string) {
  return page.getByTestId("transaction-row").filter({ hasText: text });
}

/** A category the form's list shows (options in a hidden group are not). */
function offeredCategory(page: Page, name: string) {
  return page.getByLabel("Category").getByRole("option", { name, exact: true });
}

async function openAddForm(page: Page) {
  await page.goto("/transactions");
  await page.getByRole("link", { name: "Add Transaction" }).click();
  await expect(page.getByRole("heading", { name: "Add Transaction" })).toBeVisible();
}

test.describe("transactions", () => {
  test("adds an expense and an income; both are listed under Tracked", async ({ page, login, app }) => {
    const user = await login();
    await openAddForm(page);
    await expect(page.getByRole("radio", { name: "Expense" })).toBeChecked();
    await page.getByLabel("Amount").fill("12.50");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Date").fill("2026-03-05");
    await page.getByLabel("Description").fill("Lunch");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    await expect(row(page, "Lunch")).toContainText("Food & Dining");
    await expect(row(page, "Lunch")).toContainText("−$12.50");
    await expect(page.getByRole("region", { name: "Thursday, March 5, 2026" })).toBeVisible();

    await page.getByRole("link", { name: "Add Transaction" }).click();
    await page.getByRole("radio", { name: "Income" }).check();
    await page.getByLabel("Amount").fill("2500");
    await page.getByLabel("Category").selectOption({ label: "Paycheck 1" });
    await page.getByLabel("Date").fill("2026-03-01");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(row(page, "Paycheck 1")).toContainText("+$2,500.00");

    const stored = await app.models.Transaction.find({ userId: user.id }).sort({ date: 1 }).lean<Array<Record<string, unknown>>>();
    expect(stored).toMatchObject([
      { type: "income", amount: 250000, category: "salary", date: "2026-03-01", monthKey: "2026-03", allocations: [] },
      { type: "expense", amount: 1250, category: "food", date: "2026-03-05", description: "Lunch", descriptionLower: "lunch" },
    ]);
  });

  test("an income with 'Show expense categories' is stored as an offset", async ({ page, login, app }) => {
    const user = await login();
    await openAddForm(page);
    await page.getByRole("radio", { name: "Income" }).check();
    await page.getByRole("switch", { name: "Show expense categories" }).check();
    await page.getByLabel("Amount").fill("20");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(row(page, "Offset for Food & Dining")).toContainText("+$20.00");
    const stored = await app.models.Transaction.findOne({ userId: user.id }).lean<Record<string, unknown>>();
    expect(stored).toMatchObject({ type: "income", category: "food", amount: 2000, allocations: [{ categoryId: "food", amount: 2000 }] });

    await row(page, "Offset for Food & Dining").getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("radio", { name: "Income" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Show expense categories" })).toBeChecked();
    await expect(page.getByLabel("Category")).toHaveValue("food");
  });

  test("shows every validation message of the form and stores nothing", async ({ page, login, app }) => {
    const user = await login();
    await openAddForm(page);
    await page.getByLabel("Date").fill("");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please enter a valid amount")).toBeVisible();
    await expect(page.getByText("Please select a category")).toBeVisible();
    await expect(page.getByText("Please enter a valid date")).toBeVisible();

    await page.getByLabel("Amount").fill("12.345");
    await page.getByLabel("Category").selectOption({ label: "Housing" });
    await page.getByLabel("Date").fill("2026-03-05");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please enter a valid amount")).toBeVisible();
    await expect(page.getByText("Please select a category")).toBeHidden();

    await page.getByLabel("Amount").fill("0");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please enter a valid amount")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/transactions?tab=tracked");
  });

  test("an expense cannot be booked on an income category", async ({ page, login, app }) => {
    const user = await login();
    await openAddForm(page);
    await expect(offeredCategory(page, "Paycheck 1")).toHaveCount(0);
    // Some browsers list hidden options anyway: the choice is still refused.
    await page.getByLabel("Amount").fill("10");
    await page.getByLabel("Category").selectOption({ label: "Paycheck 1" });
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Please select a category")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);
  });

  test("edits a transaction", async ({ page, login, app }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    const created = await createTransaction(user.id, coffee);
    await page.goto("/transactions?tab=tracked");
    await row(page, "Coffee").getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit Transaction" })).toBeVisible();
    await expect(page.getByLabel("Amount")).toHaveValue("4.50");
    await expect(page.getByLabel("Date")).toHaveValue("2026-03-04");
    await page.getByLabel("Amount").fill("5.25");
    await page.getByLabel("Description").fill("Coffee beans");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    await expect(row(page, "Coffee beans")).toContainText("−$5.25");
    const stored = await app.models.Transaction.findById(created.id).lean<Record<string, unknown>>();
    expect(stored).toMatchObject({ amount: 525, description: "Coffee beans", descriptionLower: "coffee beans" });
  });

  test("deletes a transaction, finds it under Deleted and restores it", async ({ page, login, app }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    const created = await createTransaction(user.id, coffee);
    await page.goto("/transactions?tab=tracked");
    await row(page, "Coffee").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Transaction deleted successfully")).toBeVisible();
    await expect(row(page, "Coffee")).toHaveCount(0);
    expect(await app.models.Transaction.findById(created.id).lean()).toMatchObject({ deleted: true });

    await page.getByRole("link", { name: "Deleted" }).click();
    await expect(page).toHaveURL("/transactions?tab=deleted");
    await row(page, "Coffee").getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Transaction restored successfully")).toBeVisible();
    await expect(row(page, "Coffee")).toHaveCount(0);
    await page.getByRole("link", { name: "Tracked" }).click();
    await expect(row(page, "Coffee")).toBeVisible();
    expect(await app.models.Transaction.findById(created.id).lean()).toMatchObject({ deleted: false });
  });

  test("deletes two selected transactions at once", async ({ page, login, app }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    await createTransaction(user.id, coffee);
    await createTransaction(user.id, { ...coffee, description: "Bagel" });
    await createTransaction(user.id, { ...coffee, description: "Rent", category: "housing" });
    await page.goto("/transactions?tab=tracked");
    await page.getByRole("checkbox", { name: "Select Coffee" }).check();
    await page.getByRole("checkbox", { name: "Select Bagel" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page.getByText("2 transactions deleted successfully")).toBeVisible();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(row(page, "Rent")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, deleted: true })).toBe(2);
  });

  test("resets the financial data after a confirmation", async ({ page, login, app }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    await createTransaction(user.id, coffee);
    await createTransaction(user.id, { ...coffee, type: "income", category: "salary", description: "Pay" });
    await page.goto("/transactions?tab=tracked");

    await page.getByRole("link", { name: "Reset Financial Data" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reset Financial Data" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, deleted: false })).toBe(2);

    await page.getByRole("link", { name: "Reset Financial Data" }).click();
    await dialog.getByRole("button", { name: "Reset Data" }).click();
    await expect(page.getByText("Data reset successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    await expect(page.getByText("No tracked transactions yet.")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, deleted: false })).toBe(0);
    await page.getByRole("link", { name: "Deleted" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
  });

  test("New lists bank transactions without a category, with the Auto-Import promotion for free users", async ({ page, login }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    await createTransaction(
      user.id,
      { type: "expense", category: "", amount: 1999, date: "2026-03-08", description: "ACME STORE" },
      { source: "plaid", bankName: "First Bank" },
    );
    await page.goto("/transactions");
    await expect(page.getByRole("heading", { name: "Auto-Import Transactions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/subscription");
    const bankRow = row(page, "ACME STORE");
    await expect(bankRow).toContainText("Uncategorized");
    await expect(bankRow).toContainText("Bank · First Bank");

    await bankRow.getByRole("link", { name: "Categorize" }).click();
    // The list's own filter is also labelled Category: wait until the form has replaced the list.
    await expect(page.getByRole("heading", { name: "Edit Transaction" })).toBeVisible();
    await expect(page.getByLabel("Category")).toHaveValue("");
    await page.getByLabel("Category").selectOption({ label: "Utilities" });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions");
    // Nothing is left waiting for a category, so the page opens on Tracked, where it now is.
    await expect(page.getByRole("link", { name: "Tracked" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("tab-count-new")).toHaveText("0");
    await expect(row(page, "ACME STORE")).toContainText("Utilities");
  });

  test("filters, searches and loads more", async ({ page, login }) => {
    const user = await login();
    const { createTransaction } = await transactions();
    for (let day = 1; day <= 26; day += 1) {
      const date = `2026-04-${String(day).padStart(2, "0")}`;
      await createTransaction(user.id, { ...coffee, date, description: `Coffee ${day}` });
      await createTransaction(user.id, { ...coffee, date, description: `Tea (${day})` });
    }
    await createTransaction(user.id, { ...coffee, description: "March rent", category: "housing" });

    await page.goto("/transactions?tab=tracked");
    await expect(page.getByTestId("transaction-row")).toHaveCount(50);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByRole("link", { name: "Load more" })).toBeHidden();
    await expect(row(page, "March rent")).toBeVisible();

    await page.goto("/transactions?tab=tracked");
    await page.getByLabel("Search").fill("(2");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(8);
    await expect(row(page, "Tea (26)")).toBeVisible();

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    // The filter form is rebuilt when the cleared page renders (the link goes with it): fill it only then.
    await expect(page.getByRole("link", { name: "Clear" })).toBeHidden();
    await page.getByLabel("Month").fill("2026-03");
    await page.getByLabel("Category").selectOption({ label: "Housing" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(row(page, "March rent")).toBeVisible();

    await page.getByLabel("Type").selectOption({ label: "Income" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No transactions match these filters.")).toBeVisible();
  });

  test("another user's transaction is not found", async ({ page, login, createUser }) => {
    const other = await createUser();
    const { createTransaction } = await transactions();
    const theirs = await createTransaction(other.id, coffee);
    await login();
    await page.goto(`/transactions/${theirs.id}/edit`);
    await expect(page.getByText("404 - Page Not Found")).toBeVisible();
    await page.goto("/transactions/not-an-id/edit");
    await expect(page.getByText("404 - Page Not Found")).toBeVisible();
  });

  test("the form opens as a modal; Escape and the backdrop cancel it @js-only", async ({ page, login }) => {
    await login();
    await page.goto("/transactions?tab=tracked");
    await page.getByRole("link", { name: "Add Transaction" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Transaction" });
    await expect(dialog).toBeVisible();
    // The dialog takes focus on its title (decision 231).
    await expect(dialog.getByRole("heading", { name: "Add Transaction" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/transactions?tab=tracked");

    await page.getByRole("link", { name: "Add Transaction" }).click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("transaction-form-backdrop").click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/transactions?tab=tracked");
  });

  test("the category list follows the type and the offset switch; with JavaScript a hidden choice is cleared", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await openAddForm(page);
    const switchControl = page.getByRole("switch", { name: "Show expense categories" });
    await expect(offeredCategory(page, "Food & Dining")).toHaveCount(1);
    await expect(offeredCategory(page, "Paycheck 1")).toHaveCount(0);
    await expect(switchControl).toBeHidden();
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });

    await page.getByRole("radio", { name: "Income" }).check();
    await expect(offeredCategory(page, "Paycheck 1")).toHaveCount(1);
    await expect(offeredCategory(page, "Food & Dining")).toHaveCount(0);
    if (javaScriptEnabled) await expect(page.getByLabel("Category")).toHaveValue("");

    await switchControl.check();
    await expect(offeredCategory(page, "Food & Dining")).toHaveCount(1);
    await expect(offeredCategory(page, "Paycheck 1")).toHaveCount(0);
  });

  test("a type and category chosen before the page hydrates are kept and saved @js-only", async ({ page, login, app }) => {
    const user = await login();
    let startHydration: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      startHydration = resolve;
    });
    await page.route("**/build/entry.client-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/transactions/new");
    await page.getByRole("radio", { name: "Income" }).check();
    await page.getByLabel("Category").selectOption({ label: "Paycheck 1" });
    await page.getByLabel("Amount").fill("2500");
    startHydration();
    await expect(page.getByRole("dialog", { name: "Add Transaction" })).toBeVisible();
    await expect(page.getByLabel("Category")).toHaveValue("salary");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    const stored = await app.models.Transaction.findOne({ userId: user.id }).lean<Record<string, unknown>>();
    expect(stored).toMatchObject({ type: "income", category: "salary", amount: 250000 });
  });
});
