import AxeBuilder from "@axe-core/playwright";
import type * as Models from "../../models";
import { toCents } from "~/lib/money";
import { addTransaction, expect, nextPost, premiumLogin, test, type TestUser } from "./fixtures";

/*
 * With no model configured (every test), insights come from the rules engine.
 * Hand-computed figures: Food & Dining spends $640.00 this month against a
 * $400.00 budget → "Food & Dining is $240.00 over budget"; $300.00 last month
 * → up $340.00. Debts: Store card $5,000.00 at 24.99% ($150.00 minimum) and
 * Car loan $2,000.00 at 5% ($100.00 minimum); avalanche pays the Store card first.
 */

function monthKey(date: Date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}
const MONTH = monthKey(new Date());
const LAST_MONTH = monthKey(new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1));


async function spendingUser(login: () => Promise<TestUser>, app: { models: typeof Models }) {
  const user = await premiumLogin(login, app);
  const groceries = await addTransaction(user, { type: "expense", amount: toCents(64000), date: `${MONTH}-03`, description: "Groceries" });
  await addTransaction(user, { type: "expense", amount: toCents(30000), date: `${LAST_MONTH}-03`, description: "Market" });
  await addTransaction(user, { type: "income", category: "salary", amount: toCents(300000), date: `${MONTH}-01`, description: "Pay" });
  const { setCategoryBudget } = await import("~/features/budgets/budgets.server");
  await setCategoryBudget(user.id, MONTH, "food", toCents(40000));
  return { user, groceries };
}


test("a premium user generates insights that quote their figures and link to the transactions they rest on", async ({ page, login, app }) => {
  const { groceries } = await spendingUser(login, app);
  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: "Smart Financial Insights" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready for AI Insights" })).toBeVisible();

  const posted = nextPost(page);
  await page.getByRole("button", { name: "Generate AI Insights" }).click();
  await posted;
  await expect(page.getByText(/AI insights refreshed successfully at \d{1,2}:\d{2} (AM|PM) UTC!/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Personalized Insights", level: 3 })).toBeVisible();
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Smart Financial Recommendations" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tips for Financial Success" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Spending Patterns" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your Spending Analysis" }).getByRole("heading", { name: "Food & Dining" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Understanding Your Patterns" })).toBeVisible();
  await expect(page.getByText("Computed locally by Ledgerly's rules engine from your own data (no AI model is configured)")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("insights.png"), fullPage: true });

  const overBudget = page.getByTestId("insight-card").filter({ has: page.getByRole("heading", { name: "Food & Dining is $240.00 over budget" }) });
  await expect(overBudget).toBeVisible();
  await expect(overBudget.getByText("Potential savings $240.00")).toBeVisible();
  await overBudget.getByRole("link", { name: /Groceries · \$640\.00/ }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${groceries.id}/edit`));
  await expect(page.getByLabel("Description")).toHaveValue("Groceries");

  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: "Ready for AI Insights" })).toHaveCount(0);
  const refreshed = nextPost(page);
  await page.getByRole("button", { name: "Refresh Insights" }).click();
  await refreshed;
  await expect(page.getByText(/AI insights refreshed successfully at/)).toBeVisible();
});

test("the analytics Insights tab embeds the panel and its refresh comes back to the tab", async ({ page, login, app }) => {
  await spendingUser(login, app);
  await page.goto(`/analytics?month=${MONTH}`);
  await page.getByRole("navigation", { name: "Analytics sections" }).getByRole("link", { name: "Insights" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?month=${MONTH}&tab=insights`));
  const posted = nextPost(page);
  await page.getByRole("button", { name: "Generate AI Insights" }).click();
  await posted;
  await expect(page).toHaveURL(new RegExp(`/analytics\\?month=${MONTH}&tab=insights`));
  await expect(page.getByRole("heading", { name: "Food & Dining is $240.00 over budget" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh Insights" })).toBeVisible();
});

test("debt strategies are generated on demand from the user's debts, and the tab without debts shows its empty state", async ({ page, login, app }) => {
  const user = await premiumLogin(login, app);
  await page.goto("/debt-management/strategies");
  await expect(page.getByText(/No debts yet/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate AI Strategies" })).toHaveCount(0);

  const { addDebt } = await import("~/features/debts/debts.server");
  const debt = { totalAmount: toCents(500000), dueDate: null, priority: "medium" as const, description: "" };
  await addDebt(user.id, { ...debt, name: "Store card", type: "credit_card", currentBalance: toCents(500000), aprBasisPoints: 2499, minimumPayment: toCents(15000) });
  await addDebt(user.id, { ...debt, name: "Car loan", type: "car_loan", totalAmount: toCents(200000), currentBalance: toCents(200000), aprBasisPoints: 500, minimumPayment: toCents(10000) });
  await page.goto("/debt-management/strategies");
  const posted = nextPost(page);
  await page.getByRole("button", { name: "Generate AI Strategies" }).click();
  await posted;
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeVisible();
  const cards = page.getByTestId("strategy-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByRole("link", { name: "Store card" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /Store card costs \$\d+\.\d{2} a month in interest/ })).toBeVisible();
});

test("on a phone, long insight texts are cut with an ellipsis", async ({ page, login, app }) => {
  await spendingUser(login, app);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/insights");
  const posted = nextPost(page);
  await page.getByRole("button", { name: "Generate AI Insights" }).click();
  await posted;
  const cut = page.getByTestId("insight-card").locator("[data-truncated]").first();
  await expect(cut).toBeVisible();
  const shortText = await cut.innerText();
  expect(shortText).toMatch(/\.\.\.$/);
  expect(shortText.length).toBeLessThanOrEqual(103);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(cut).toBeHidden();
});

test("turning AI off in the profile says so on the insights page", async ({ page, login, app }) => {
  await spendingUser(login, app);
  await page.goto("/profile");
  const posted = nextPost(page);
  await page.getByRole("button", { name: "Turn AI insights off" }).click();
  await posted;
  await expect(page.getByText("AI insights turned off: insights are computed on Ledgerly's server only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn AI insights on" })).toBeVisible();
  await page.goto("/insights");
  const generated = nextPost(page);
  await page.getByRole("button", { name: "Generate AI Insights" }).click();
  await generated;
  await expect(page.getByText(/AI is turned off in your/)).toBeVisible();
});

// axe runs inside the page, which needs the page's scripts on; the HTML it checks is the same server render.
test("axe finds no serious or critical violation on the insights screens @js-only", async ({ page, login, app }) => {
  const { user } = await spendingUser(login, app);
  const { generateSpendingInsights, generateDebtStrategies } = await import("~/features/insights/insights.server");
  const { addDebt } = await import("~/features/debts/debts.server");
  await addDebt(user.id, {
    name: "Store card",
    type: "credit_card",
    totalAmount: toCents(500000),
    currentBalance: toCents(500000),
    aprBasisPoints: 2499,
    minimumPayment: toCents(15000),
    dueDate: null,
    priority: "medium",
    description: "",
  });
  await generateSpendingInsights(user.id, MONTH);
  await generateDebtStrategies(user.id, MONTH);
  for (const path of ["/insights", `/analytics?month=${MONTH}&tab=insights`, "/debt-management/strategies"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), path).toEqual([]);
  }
});

/** Stores the month's insights as a refresh with a model would leave them: the rules engine's, waiting for the model's answer. */
async function waitingForModel(app: { models: typeof Models }, user: TestUser) {
  const { generateSpendingInsights } = await import("~/features/insights/insights.server");
  const { result } = await generateSpendingInsights(user.id, MONTH);
  await app.models.InsightResult.updateOne({ userId: user.id }, { $set: { modelPendingSince: new Date(result.generatedAt) } });
}

test("while the AI version is prepared, the rules engine's insights show at once with a calm note, replaced when the model's answer arrives", async ({ page, login, app, javaScriptEnabled }) => {
  const { user } = await spendingUser(login, app);
  await waitingForModel(app, user);
  await page.goto(`/insights?month=${MONTH}`);
  const status = page.getByTestId("insights-panel").getByRole("status");
  await expect(status).toHaveText(/^The AI version of these insights is being prepared and will take their place here when it is ready\./);
  await expect(page.getByRole("heading", { name: "Food & Dining is $240.00 over budget" })).toBeVisible();
  await expect(page.getByText("Updating...")).toHaveCount(0);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

  // The job stores the model's answer.
  await app.models.InsightResult.updateOne(
    { userId: user.id },
    { $set: { source: "model", modelPendingSince: null, "items.insights": [{ title: "Model insight: Food & Dining", description: "From the model.", recommendation: "Cook at home.", potentialSavings: null, confidence: 0.8, difficulty: "easy", citations: [] }] } },
  );
  // With JavaScript the page loads it by itself; without, 'Check again' does.
  if (!javaScriptEnabled) await status.getByRole("link", { name: "Check again" }).click();
  await expect(page.getByRole("heading", { name: "Model insight: Food & Dining" })).toBeVisible();
  await expect(status).toHaveText("Generated by an AI model, checked against your data");
  await expect(page.getByText(/being prepared/)).toHaveCount(0);
});

test("a model that failed is announced once: one message in one live region, above the rules engine's insights", async ({ page, login, app }) => {
  const { user } = await spendingUser(login, app);
  await waitingForModel(app, user);
  const notice = { title: "AI Service Unavailable", description: "The AI service could not be reached. Please check your connection and try again. Meanwhile, the insights below were computed on this server from your own data." };
  await app.models.InsightResult.updateOne({ userId: user.id }, { $set: { notice, modelPendingSince: null } });
  await page.goto(`/insights?month=${MONTH}`);
  const panel = page.getByTestId("insights-panel");
  await expect(panel.getByRole("heading", { name: "AI Service Unavailable" })).toBeVisible();
  await expect(page.locator('[role="status"], [role="alert"], [aria-live]').filter({ hasText: /AI Service|refresh insights/ })).toHaveCount(1);
  await expect(panel.locator('[role="status"], [role="alert"], [aria-live]')).toHaveCount(1);
  await expect(page.getByText(/Unable to refresh insights|Failed to refresh insights/)).toHaveCount(0);
  await expect(page.getByText("AI Service Unavailable")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Food & Dining is $240.00 over budget" })).toBeVisible();
});
