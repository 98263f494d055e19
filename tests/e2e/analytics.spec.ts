import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The app's transaction data layer, on the connection the fixtures opened. */
async function transactions() {
  return import("~/features/transactions/transactions.server");
}

/**
 * March 2026: income $3,000.00; expenses housing $1,200.00, food $600.00, savings $300.00 = $2,100.00;
 * balance $900.00; savings rate 300 / 3000 = 10.0%. Shares: housing 1200/2100 = 57.1%, food 600/2100 =
 * 28.6%, savings 300/2100 = 14.3%.
 * February 2026: income $2,800.00; expenses housing $1,200.00, food $500.00 = $1,700.00; balance $1,100.00;
 * savings rate 0.0%. So March: income up $200.00 (200/2800 = 7.1%), expenses up $400.00 (400/1700 = 23.5%),
 * balance down $200.00 (200/1100 = 18.2%), savings rate up 10.0 pts.
 */
async function seedTwoMonths(userId: string) {
  const { createTransaction } = await transactions();
  const rows = [
    { type: "income" as const, amount: 300000, category: "salary", date: "2026-03-01", description: "March pay" },
    { type: "expense" as const, amount: 120000, category: "housing", date: "2026-03-02", description: "Rent" },
    { type: "expense" as const, amount: 60000, category: "food", date: "2026-03-05", description: "Groceries" },
    { type: "expense" as const, amount: 30000, category: "savings", date: "2026-03-06", description: "To savings" },
    { type: "income" as const, amount: 280000, category: "salary", date: "2026-02-01", description: "February pay" },
    { type: "expense" as const, amount: 120000, category: "housing", date: "2026-02-02", description: "Rent" },
    { type: "expense" as const, amount: 50000, category: "food", date: "2026-02-05", description: "Groceries" },
  ];
  for (const row of rows) await createTransaction(userId, row);
}

function tableRows(page: Page, testId: string) {
  return page.getByTestId(testId).getByRole("row");
}

test.describe("analytics", () => {
  test("a free user sees the locked screen with the way to subscribe", async ({ page, login }) => {
    await login();
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
    await expect(page.getByText("Subscribe to unlock detailed financial analytics and insights to optimize your financial journey")).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe Now" })).toHaveAttribute("href", "/manage-subscription");
  });

  test("a change against a tiny or empty month says more than 10× or new, not an exploding percentage (decision 221)", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    const { createTransaction } = await transactions();
    await createTransaction(user.id, { type: "expense", amount: 125, category: "food", date: "2026-02-10", description: "Gum" });
    await createTransaction(user.id, { type: "expense", amount: 652399, category: "housing", date: "2026-03-02", description: "Rent and deposit" });
    await createTransaction(user.id, { type: "income", amount: 300000, category: "salary", date: "2026-03-01", description: "March pay" });
    await page.goto("/analytics?month=2026-03");
    // 6,522.74 / 1.25 would be 521819.2%.
    await expect(page.getByTestId("compare-expenses")).toContainText("Up $6,522.74 (more than 10×) from February 2026");
    await expect(page.getByTestId("compare-income")).toContainText("Up $3,000.00 (new) from February 2026");
    await expect(page.getByTestId("compare-expenses")).not.toContainText("%");
  });

  test("the month against the previous one, the expense pie and the income vs expenses bar", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await seedTwoMonths(user.id);
    await page.goto("/analytics?month=2026-03");

    await expect(page.getByRole("heading", { name: "March 2026 compared with February 2026" })).toBeVisible();
    await expect(page.getByTestId("compare-income")).toContainText("$3,000.00");
    await expect(page.getByTestId("compare-income")).toContainText("Up $200.00 (7.1%) from February 2026");
    await expect(page.getByTestId("compare-expenses")).toContainText("$2,100.00");
    await expect(page.getByTestId("compare-expenses")).toContainText("Up $400.00 (23.5%) from February 2026");
    await expect(page.getByTestId("compare-balance")).toContainText("$900.00");
    await expect(page.getByTestId("compare-balance")).toContainText("Down $200.00 (18.2%) from February 2026");
    await expect(page.getByTestId("compare-savings-rate")).toContainText("10.0%");
    // February saved nothing.
    await expect(page.getByTestId("compare-savings-rate")).toContainText("Up 10.0 pts (new) from February 2026");

    const pie = page.getByTestId("expense-pie");
    // The chart is an image without JavaScript and a group of focusable data points with it; its name is the same.
    await expect(pie.locator("svg").first()).toHaveAccessibleName(/Expense distribution, March 2026/);
    await expect(pie.locator("svg path")).toHaveCount(3);
    await expect(pie.locator("svg desc")).toHaveText(/Expenses of \$2,100\.00 across 3 categories\. Largest: Housing \$1,200\.00 \(57\.1%\)/);
    await pie.getByText("Show data table").click();
    await expect(tableRows(page, "expense-pie").filter({ hasText: "Housing" })).toContainText(["$1,200.00", "57.1%"].join(""));
    await expect(tableRows(page, "expense-pie").filter({ hasText: "Food & Dining" })).toContainText("$600.0028.6%");
    await expect(tableRows(page, "expense-pie").filter({ hasText: "Savings" })).toContainText("$300.0014.3%");

    await expect(page.getByTestId("income-expense-bar").locator("svg").first()).toHaveAccessibleName(/Income vs expenses, March 2026/);
    await expect(page.getByTestId("income-expense-bar").locator("svg desc")).toContainText("$3,000.00");
    await expect(page.getByTestId("income-expense-bar").locator("svg desc")).toContainText("$2,100.00");
  });

  test("the six-month trend and a month switch", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await seedTwoMonths(user.id);
    await page.goto("/analytics?month=2026-03");
    await page.getByRole("link", { name: "Trends" }).click();
    await expect(page).toHaveURL(/tab=trends/);
    const trend = page.getByTestId("trend-line");
    await expect(trend.locator("svg").first()).toHaveAccessibleName(/^Income and expenses, Oct 2025 to Mar 2026/);
    await expect(trend.locator("svg text").filter({ hasText: "Mar 2026" })).toHaveCount(1);
    await trend.getByText("Show data table").click();
    const rows = tableRows(page, "trend-line");
    // A header row and six months, October 2025 to March 2026.
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: "Feb 2026" })).toContainText("$2,800.00");
    await expect(rows.filter({ hasText: "Mar 2026" })).toContainText("$3,000.00");
    await expect(rows.filter({ hasText: "Mar 2026" })).toContainText("$2,100.00");

    await page.getByLabel("Month", { exact: true }).fill("2026-02");
    await page.getByRole("form", { name: "Choose month" }).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/month=2026-02/);
    await expect(page.getByRole("heading", { name: "February 2026 compared with January 2026" })).toBeVisible();
    await expect(page.getByTestId("compare-income")).toContainText("$2,800.00");
  });

  test("empty months say so", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await page.goto("/analytics?month=2026-03");
    await expect(page.getByText("No transaction data available")).toBeVisible();
    await expect(page.getByText("No income or expense data available")).toBeVisible();
  });

  // Tooltips and focusable data points are what JavaScript adds to the same server-drawn chart.
  test("after hydration a slice takes keyboard focus and a bar shows its tooltip on hover @js-only", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await seedTwoMonths(user.id);
    await page.goto("/analytics?month=2026-03");
    const housing = page.getByTestId("expense-pie").getByRole("img", { name: "Housing: $1,200.00 (57.1%)" });
    await housing.focus();
    await expect(housing).toBeFocused();
    await expect(page.getByTestId("expense-pie").getByTestId("chart-tooltip")).toHaveText("Housing: $1,200.00 (57.1%)");
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("expense-pie").getByTestId("chart-tooltip")).toHaveText("Food & Dining: $600.00 (28.6%)");
    await page.getByTestId("income-expense-bar").getByRole("img", { name: /^Income: \$3,000\.00$/ }).hover();
    await expect(page.getByTestId("income-expense-bar").getByTestId("chart-tooltip")).toHaveText("Income: $3,000.00");
  });

  // axe runs inside the page, which needs the page's scripts on; the HTML it checks is the same server render.
  test("axe finds no serious or critical violation on /analytics @js-only", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await seedTwoMonths(user.id);
    for (const path of ["/analytics?month=2026-03", "/analytics?month=2026-03&tab=trends", "/analytics?month=2026-03&tab=savings"]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), path).toEqual([]);
    }
  });
});
