import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

function row(page: Page, text: string) {
  return page.getByTestId("transaction-row").filter({ hasText: text });
}

async function fillPart(page: Page, index: number, category: string, amount: string) {
  await page.getByLabel(`Category of part ${index}`).selectOption({ label: category });
  await page.getByLabel(`Amount of part ${index}`).fill(amount);
}

test.describe("split transactions", () => {
  test("splits one purchase across categories: rows added and removed, the parts must add up, one row that expands", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/new?redirectTo=%2Ftransactions");
    await page.getByLabel("Amount", { exact: true }).fill("100.00");
    await page.getByLabel("Date").fill("2026-03-05");
    await page.getByLabel("Description").fill("Costco run");
    await page.getByRole("button", { name: "Split across categories" }).click();
    await expect(page.getByLabel("Category of part 2")).toBeVisible();
    // What was typed before the rows changed is kept.
    await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("100.00");
    await expect(page.getByLabel("Description")).toHaveValue("Costco run");
    await expect(page.getByLabel("Category", { exact: true })).toHaveCount(0);

    await fillPart(page, 1, "Food & Dining", "60");
    await fillPart(page, 2, "Utilities", "30");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("The split amounts must add up to the amount")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);

    await page.getByRole("button", { name: "Add a category" }).click();
    await expect(page.getByLabel("Category of part 1")).toHaveValue("food");
    await fillPart(page, 3, "Healthcare", "5");
    await page.getByRole("button", { name: "Add a category" }).click();
    await fillPart(page, 4, "Housing", "5");
    await page.getByRole("button", { name: "Remove part 3" }).click();
    await expect(page.getByLabel("Category of part 4")).toHaveCount(0);
    await expect(page.getByLabel("Category of part 3")).toHaveValue("housing");
    await expect(page.getByText("Assigned 95.00 of 100.00, 5.00 left")).toBeVisible();
    await page.getByLabel("Amount of part 3").fill("10");
    await page.getByRole("button", { name: "Add Transaction" }).click();

    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    await expect(page.getByTestId("tab-count-tracked")).toHaveText("1");
    await expect(page.getByTestId("tab-count-new")).toHaveText("0");
    const split = row(page, "Costco run");
    await expect(split).toHaveCount(1);
    await expect(split).toContainText("Split");
    await expect(split).toContainText("−$100.00");
    await expect(split.getByText("Housing")).toBeHidden();
    await split.getByText("Split across 3 categories").click();
    await expect(split.getByRole("listitem").filter({ hasText: "Food & Dining" })).toContainText("$60.00");
    await expect(split.getByRole("listitem").filter({ hasText: "Utilities" })).toContainText("$30.00");
    await expect(split.getByRole("listitem").filter({ hasText: "Housing" })).toContainText("$10.00");

    expect(await app.models.Transaction.find({ userId: user.id }).lean()).toMatchObject([
      {
        type: "expense",
        amount: 10000,
        category: "__split",
        allocations: [
          { categoryId: "food", amount: 6000 },
          { categoryId: "utilities", amount: 3000 },
          { categoryId: "housing", amount: 1000 },
        ],
      },
    ]);

    // With nothing waiting for a category, the page opens on Tracked.
    await page.goto("/transactions");
    await expect(page.getByRole("link", { name: "Tracked" })).toHaveAttribute("aria-current", "page");
    await page.goto("/transactions?tab=tracked&category=utilities");
    await expect(row(page, "Costco run")).toHaveCount(1);
    await page.goto("/transactions?tab=tracked&category=healthcare");
    await expect(page.getByTestId("transaction-row")).toHaveCount(0);
  });

  test("budgets, the dashboard, a category's page and the export count each part in its category; editing keeps the parts", async ({ page, login }) => {
    const user = await login();
    const { createTransaction } = await import("~/features/transactions/transactions.server");
    await createTransaction(user.id, {
      type: "expense",
      amount: 8000,
      category: "",
      date: "2026-03-04",
      description: "Target",
      splits: [
        { category: "food", amount: 5000 },
        { category: "housing", amount: 3000 },
      ],
    });

    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$80.00");
    await expect(page.getByRole("article", { name: "Food & Dining" })).toContainText("Spent $50.00");
    await expect(page.getByRole("article", { name: "Housing" })).toContainText("Spent $30.00");

    const csv = await (await page.request.get("/resources/transactions-export")).text();
    expect(csv).toContain("2026-03-04,expense,Food & Dining,50.00,Target");
    expect(csv).toContain("2026-03-04,expense,Housing,30.00,Target");

    await page.goto("/transactions?tab=tracked");
    await row(page, "Target").getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Category of part 1")).toHaveValue("food");
    await expect(page.getByLabel("Amount of part 2")).toHaveValue("30.00");
    await page.getByLabel("Amount of part 1").fill("40");
    await page.getByLabel("Amount", { exact: true }).fill("70");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();
    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByRole("article", { name: "Food & Dining" })).toContainText("Spent $40.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$70.00");

    await page.goto("/transactions?tab=tracked");
    await row(page, "Target").getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Don't split" }).click();
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Food & Dining" });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();
    await page.goto("/dashboard?month=2026-03");
    await expect(page.getByRole("article", { name: "Food & Dining" })).toContainText("Spent $70.00");
    await expect(page.getByRole("article", { name: "Housing" })).toContainText("Spent $0.00");
  });
});
