import { toCents } from "~/lib/money";
import { expect, test, waitForHydration } from "./fixtures";

/** The app's own data modules, on the connection the fixtures opened. */
async function dataModules() {
  return {
    budgets: await import("~/features/budgets/budgets.server"),
    transactions: await import("~/features/transactions/transactions.server"),
  };
}

test.describe("dashboard", () => {
  test("shows the empty budget state, validates the amount and sets the monthly budget", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto("/dashboard?month=2026-03");
    await expect(page).toHaveTitle("Dashboard | Ledgerly");
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
    await expect(page.getByRole("heading", { name: "March 2026" })).toBeVisible();
    await expect(page.getByText("No budget set for this month")).toBeVisible();

    await page.getByRole("link", { name: "Set Monthly Budget" }).click();
    await page.getByRole("button", { name: "Save Budget" }).click();
    await expect(page.getByLabel("Monthly budget amount")).toHaveAccessibleDescription("Please enter a budget amount");
    if (javaScriptEnabled) await expect(page.getByLabel("Monthly budget amount")).toBeFocused();
    expect(await app.models.Budget.countDocuments({ userId: user.id })).toBe(0);

    await page.getByLabel("Monthly budget amount").fill("1500");
    await page.getByRole("button", { name: "Save Budget" }).click();
    await expect(page.getByText("Budget set to $1,500.00")).toBeVisible();
    await expect(page.getByTestId("budget-amount")).toHaveText("$1,500.00");
    await expect(page.getByTestId("budget-left")).toHaveText("$1,500.00");
    await expect(page.getByRole("button", { name: "Save Budget" })).toBeHidden();
    await expect(page).toHaveURL("/dashboard?month=2026-03");
    const stored = await app.models.Budget.findById(`${user.id}:2026-03`).lean();
    expect(stored).toMatchObject({ amount: 150000, userSet: true, carriedOver: false });

    await page.getByRole("link", { name: "Edit Budget" }).click();
    await expect(page.getByLabel("Monthly budget amount")).toHaveValue("1500.00");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByLabel("Monthly budget amount")).toBeHidden();
    await expect(page.getByTestId("budget-amount")).toHaveText("$1,500.00");
  });

  test("the edit form opens from a link without JavaScript", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard?month=2026-03&editBudget=1");
    await expect(page.getByLabel("Monthly budget amount")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/dashboard?month=2026-03");
    await expect(page.getByText("No budget set for this month")).toBeVisible();
  });

  test("the budget form opens and cancels in place and rejects an amount below zero @js-only", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByRole("button", { name: "Go", exact: true })).toBeHidden();
    await page.getByRole("link", { name: "Set Monthly Budget" }).click();
    await expect(page.getByLabel("Monthly budget amount")).toBeFocused();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText("No budget set for this month")).toBeVisible();
    await expect(page).toHaveURL("/dashboard?month=2026-03");

    await page.getByRole("link", { name: "Set Monthly Budget" }).click();
    await expect(page).toHaveURL("/dashboard?month=2026-03");
    await page.getByLabel("Monthly budget amount").fill("-5");
    await page.getByRole("button", { name: "Save Budget" }).click();
    await expect(page.getByText("Please enter a valid amount")).toBeVisible();
    expect(await app.models.Budget.countDocuments({ userId: user.id })).toBe(0);
  });

  test("the next month carries the budget over", async ({ page, login, app }) => {
    const user = await login();
    const { budgets } = await dataModules();
    await budgets.setMonthBudget(user.id, "2026-03", toCents(150000));
    await page.goto("/dashboard?month=2026-03");
    await page.getByRole("link", { name: "Next month" }).click();
    await expect(page.getByRole("heading", { name: "April 2026" })).toBeVisible();
    await expect(page).toHaveURL("/dashboard?month=2026-04");
    await expect(page.getByTestId("budget-amount")).toHaveText("$1,500.00");
    await expect(page.getByText("Carried over from last month")).toBeVisible();
    const stored = await app.models.Budget.findById(`${user.id}:2026-04`).lean();
    expect(stored).toMatchObject({ amount: 150000, userSet: true, carriedOver: true });

    await page.getByRole("link", { name: "Previous month" }).click();
    await expect(page.getByRole("heading", { name: "March 2026" })).toBeVisible();
    await expect(page.getByText("Carried over from last month")).toBeHidden();
  });

  test("switches months with the picker and opens the remembered month next time", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await page.goto("/dashboard?month=2026-03&expenseView=spent");
    const go = page.getByRole("button", { name: "Go", exact: true });
    // With JavaScript the picked month loads by itself, and "Go" goes away once the page is interactive.
    if (javaScriptEnabled) await expect(go).toBeHidden();
    await page.getByLabel("Select month", { exact: true }).fill("2025-11");
    if (!javaScriptEnabled) await go.click();
    await expect(page.getByRole("heading", { name: "November 2025" })).toBeVisible();
    await expect(page).toHaveURL(/month=2025-11/);
    await expect(page).toHaveURL(/expenseView=spent/);
    await expect(page.getByLabel("Select month", { exact: true })).toHaveValue("2025-11");
    await expect(page.getByLabel("Select month", { exact: true })).toBeEnabled();

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "November 2025" })).toBeVisible();
  });

  test("shows the loading overlay and a disabled picker while another month loads @js-only", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByRole("button", { name: "Go", exact: true })).toBeHidden();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/dashboard.data?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Select month", { exact: true }).fill("2026-07");
    await expect(page.getByText("Loading month data...")).toBeVisible();
    await expect(page.getByLabel("Select month", { exact: true })).toBeDisabled();
    await expect(page.getByTestId("dashboard-skeleton")).toBeAttached();
    release();
    await expect(page.getByRole("heading", { name: "July 2026" })).toBeVisible();
    await expect(page.getByText("Loading month data...")).toBeHidden();
    await expect(page.getByLabel("Select month", { exact: true })).toBeEnabled();
    await expect(page.getByText("No budget set for this month")).toBeVisible();
  });

  test("tabs show expected, received, planned, spent and remaining from the month's transactions", async ({ page, login, app }) => {
    const user = await login();
    const { budgets, transactions } = await dataModules();
    const add = (input: Parameters<typeof transactions.createTransaction>[1]) => transactions.createTransaction(user.id, input);
    await add({ type: "income", category: "salary", amount: 300000, date: "2026-03-01" });
    await add({ type: "expense", category: "food", amount: 45025, date: "2026-03-04" });
    await add({ type: "expense", category: "housing", amount: 120000, date: "2026-03-02" });
    // A refund placed against Food & Dining: an offset, not income.
    await add({ type: "income", category: "food", amount: 3000, date: "2026-03-09", showExpenseCategories: true });
    // Another month's spending stays out of March.
    await add({ type: "expense", category: "food", amount: 99900, date: "2026-04-01" });
    await budgets.setCategoryBudget(user.id, "2026-03", "food", toCents(60000));
    await budgets.setCategoryBudget(user.id, "2026-03", "salary", toCents(320000));
    await budgets.setMonthBudget(user.id, "2026-03", toCents(150000));
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(5);

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-income")).toHaveText("$3,000.00");
    // Expenses 450.25 + 1,200.00 − 30.00 offset.
    await expect(page.getByTestId("summary-expenses")).toHaveText("$1,620.25");
    await expect(page.getByTestId("summary-balance")).toHaveText("$1,379.75");
    await expect(page.getByTestId("summary-balance")).not.toHaveClass(/text-red-600/);
    // Planned: only Food has a plan (600.00 of 1,500.00 = 40%); left 1,500.00 − 1,620.25.
    await expect(page.getByTestId("budget-planned")).toHaveText("$600.00");
    await expect(page.getByTestId("budget-percent")).toHaveText("40% allocated");
    await expect(page.getByTestId("budget-left")).toHaveText("-$120.25");

    const salary = page.getByRole("article", { name: "Paycheck 1" });
    const food = page.getByRole("article", { name: "Food & Dining" });
    const housing = page.getByRole("article", { name: "Housing" });
    const headline = (card: typeof food) => card.getByTestId("category-headline");
    await expect(headline(salary)).toHaveText("$3,200.00");
    await expect(salary).toContainText("Received $3,000.00 · To go $200.00");
    await expect(headline(food)).toHaveText("$600.00");
    await expect(food).toContainText("Spent $420.25 · Left $179.75");
    await expect(headline(housing)).toHaveText("$0.00");
    await expect(housing).toContainText("Spent $1,200.00 · Over by $1,200.00");
    // Nothing planned for Housing: its bar is full and red and reads Over, not a grey 0%.
    const housingBar = housing.getByRole("progressbar");
    await expect(housingBar).toHaveAttribute("aria-valuetext", "Over: nothing planned");
    await expect(housingBar.locator("div")).toHaveClass(/bg-red-500/);
    await expect(housing.getByText("Over", { exact: true })).toBeVisible();
    await expect(food.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "70%");
    const unplanned = page.getByRole("region", { name: /categories have no plan yet/ });
    await expect(unplanned).toContainText("Housing ($1,200.00 spent), Transportation, Utilities, Healthcare, Savings.");
    await expect(unplanned).toContainText("Spending in a category with nothing planned counts as over budget.");

    const incomeTotal = page.getByTestId("incomeView-total");
    const expenseTotal = page.getByTestId("expenseView-total");
    await expect(incomeTotal).toHaveText("$3,200.00");
    await expect(expenseTotal).toHaveText("$600.00");

    await page.getByRole("link", { name: "Received", exact: true }).click();
    await expect(page).toHaveURL("/dashboard?month=2026-03&incomeView=received");
    await expect(page.getByRole("link", { name: "Received", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(incomeTotal).toHaveText("$3,000.00");
    await expect(headline(salary)).toHaveText("$3,000.00");
    await expect(salary).toContainText("Expected $3,200.00 · To go $200.00");
    await expect(headline(food)).toHaveText("$600.00");

    await page.getByRole("link", { name: "Spent", exact: true }).click();
    await expect(page).toHaveURL("/dashboard?month=2026-03&incomeView=received&expenseView=spent");
    await expect(expenseTotal).toHaveText("$1,620.25");
    await expect(incomeTotal).toHaveText("$3,000.00");
    await expect(headline(food)).toHaveText("$420.25");
    await expect(food).toContainText("Planned $600.00 · Left $179.75");
    await expect(headline(housing)).toHaveText("$1,200.00");
    await expect(headline(salary)).toHaveText("$3,000.00");

    await page.getByRole("navigation", { name: "Income Sources view" }).getByRole("link", { name: "Remaining" }).click();
    await expect(incomeTotal).toHaveText("$200.00");
    await expect(headline(salary)).toHaveText("$200.00");
    await expect(salary).toContainText("Expected $3,200.00 · Received $3,000.00");
    await page.getByRole("navigation", { name: "Expense Categories view" }).getByRole("link", { name: "Remaining" }).click();
    // 600.00 planned − 1,620.25 spent
    await expect(expenseTotal).toHaveText("-$1,020.25");
    await expect(expenseTotal).toHaveClass(/text-red-600/);
    await expect(headline(food)).toHaveText("$179.75");
    await expect(headline(food)).not.toHaveClass(/text-red-600/);
    await expect(food).toContainText("Planned $600.00 · Spent $420.25");
    await expect(headline(housing)).toHaveText("-$1,200.00");
    await expect(headline(housing)).toHaveClass(/text-red-600/);
  });

  test("Ctrl+Shift+D opens the cache debug panel, which clears caches and databases and reloads with a cache-busting parameter @js-only", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByRole("button", { name: "Go", exact: true })).toBeHidden();
    await page.evaluate(async () => {
      await caches.open("ledgerly-test");
      await new Promise((resolve, reject) => {
        const request = indexedDB.open("ledgerly-test-db");
        request.onsuccess = () => resolve(request.result.close());
        request.onerror = () => reject(request.error);
      });
    });

    const panel = page.getByRole("dialog", { name: "Cache Debug" });
    await page.keyboard.press("Control+Shift+D");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.keyboard.press("Control+Shift+D");
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();

    await page.keyboard.press("Control+Shift+D");
    await expect(panel.getByRole("list").first()).toHaveText("ledgerly-test");
    await expect(panel).toContainText("ledgerly-test-db");
    await expect(panel).toContainText("Service workers: 0 registered");
    await panel.getByRole("button", { name: "Clear Caches and Reload" }).click();
    await expect(panel.getByRole("status")).toHaveText("Cleared. Reloading…");
    await expect(page).toHaveURL(/^[^?]*\/dashboard\?month=2026-03&_cb=\d+$/);
    await expect(page.getByRole("heading", { name: "March 2026" })).toBeVisible();
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))).not.toContain("ledgerly-test-db");
  });

  test("a negative balance is red", async ({ page, login }) => {
    const user = await login();
    const { transactions } = await dataModules();
    await transactions.createTransaction(user.id, { type: "expense", category: "food", amount: 10000, date: "2026-02-10" });
    await page.goto("/dashboard?month=2026-02");
    await expect(page.getByTestId("summary-balance")).toHaveText("-$100.00");
    await expect(page.getByTestId("summary-balance")).toHaveClass(/text-red-600/);
  });

  test("sections show their item counts; links lead to adding and resetting transactions", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard?month=2026-03");
    const income = page.locator("details", { has: page.getByRole("heading", { name: "Income Sources" }) });
    const expenses = page.locator("details", { has: page.getByRole("heading", { name: "Expense Categories" }) });
    await expect(income.getByTestId("item-count")).toHaveText("2 items");
    await expect(expenses.getByTestId("item-count")).toHaveText("6 items");
    await expect(page.getByRole("link", { name: "Add Transaction" })).toHaveAttribute(
      "href",
      `/transactions/new?redirectTo=${encodeURIComponent("/dashboard?month=2026-03")}#transaction-form-title`,
    );
    await expect(page.getByRole("link", { name: "Reset Financial Data" })).toHaveAttribute("href", "/transactions?confirm=reset#confirm-dialog");
  });

  test("View Transactions opens the sidebar on the New tab and closes it", async ({ page, login }) => {
    const user = await login();
    const { transactions } = await dataModules();
    await transactions.createTransaction(user.id, { type: "expense", category: "uncategorized", amount: 1234, date: "2026-03-03", description: "Corner shop" });
    await page.goto("/dashboard?month=2026-03&expenseView=spent");
    await page.getByRole("link", { name: "View Transactions" }).click();
    await expect(page).toHaveURL("/dashboard?month=2026-03&expenseView=spent&panel=transactions&tab=new#transactions-panel");
    const sidebar = page.getByRole("dialog", { name: "Transactions" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText("Corner shop")).toBeVisible();
    await sidebar.getByRole("link", { name: "Close transactions" }).click();
    await expect(sidebar).toBeHidden();
    await expect(page).toHaveURL("/dashboard?month=2026-03&expenseView=spent");
  });

  test("@js-only the sidebar takes focus when it opens and gives it back when Escape closes it", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard?month=2026-03");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "View Transactions" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const sidebar = page.getByRole("dialog", { name: "Transactions" });
    await expect(sidebar.getByRole("link", { name: "Close transactions" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("long names on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a 49-character category name wraps instead of widening the page", async ({ page, login }) => {
    const user = await login();
    const { createCategory } = await import("../factories");
    const name = "Veryveryverylongcategorynamewithoutanyspacesatall";
    await createCategory(user.id, { name, type: "expense" });
    const { transactions } = await dataModules();
    const month = new Date().toISOString().slice(0, 7);
    await transactions.createTransaction(user.id, { type: "expense", category: name.toLowerCase(), amount: 3500, date: `${month}-02`, description: "Lunch" });
    for (const path of ["/dashboard", "/transactions?tab=tracked", `/categories/${name.toLowerCase()}`]) {
      await page.goto(path);
      await expect(page.getByText(name, { exact: true }).filter({ visible: true }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
    }
  });
});

test("on a desktop the Add Transaction button sits in the header, covering nothing", async ({ page, login }) => {
  await login();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard");
  const add = page.getByRole("link", { name: "Add Transaction" });
  await expect(add).toBeVisible();
  expect(await add.evaluate((element) => getComputedStyle(element).position)).not.toBe("fixed");
});
