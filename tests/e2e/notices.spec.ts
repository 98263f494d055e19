import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/* The notice after an action sits in the page, one at a time, shown once, covering nothing (decision 226). */

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

async function setBudget(page: Page, amount: string) {
  await page.getByLabel("Monthly budget amount").fill(amount);
  await page.getByRole("button", { name: "Save Budget" }).click();
}

for (const viewport of [
  { name: "a desktop", width: 1280, height: 900 },
  { name: "a phone", width: 390, height: 844 },
]) {
  test(`on ${viewport.name}, two actions in a row leave one notice, at the top of the page, over none of the dashboard's figures`, async ({ page, login }) => {
    await login();
    await page.setViewportSize(viewport);
    await page.goto("/dashboard?month=2026-03&editBudget=1");
    await setBudget(page, "1500");
    const notices = page.getByRole("status").filter({ hasText: /Budget set to/ });
    await expect(notices).toHaveText("Budget set to $1,500.00");

    await page.getByRole("link", { name: "Edit Budget" }).click();
    await setBudget(page, "2000");
    await expect(page.getByTestId("budget-amount")).toHaveText("$2,000.00");
    await expect(notices).toHaveCount(1);
    await expect(notices).toHaveText("Budget set to $2,000.00");
    await expect(page.getByText("Budget set to $1,500.00")).toHaveCount(0);

    const notice = await boxOf(notices);
    const summaryCards = await boxOf(page.locator("dl").filter({ has: page.getByTestId("summary-income") }));
    expect(notice.y + notice.height, "the notice comes before the summary cards").toBeLessThanOrEqual(summaryCards.y);
    const figures = [
      page.getByTestId("summary-income"),
      page.getByTestId("summary-expenses"),
      page.getByTestId("summary-balance"),
      page.locator("dl").filter({ has: page.getByTestId("summary-income") }),
      page.getByRole("region", { name: "Next 14 days" }),
      page.getByRole("region", { name: "Budget Settings" }),
      page.getByTestId("budget-amount"),
      page.getByTestId("budget-left"),
    ];
    for (const figure of figures) {
      expect(overlaps(notice, await boxOf(figure)), `the notice covers ${figure}`).toBe(false);
    }
  });
}

test("a notice is shown once: the next page has none, and coming back shows none either", async ({ page, login, javaScriptEnabled }) => {
  await login();
  await page.goto("/dashboard?month=2026-03&editBudget=1");
  await setBudget(page, "1500");
  await expect(page.getByRole("status").filter({ hasText: "Budget set to $1,500.00" })).toBeVisible();

  await page.getByRole("navigation").getByRole("link", { name: "Transactions" }).first().click();
  await expect(page).toHaveURL(/\/transactions/);
  await expect(page.getByText("Budget set to $1,500.00")).toHaveCount(0);
  // Without JavaScript the browser's back button shows the page it kept, as it was.
  if (!javaScriptEnabled) return;
  await page.goBack();
  await expect(page.getByTestId("budget-amount")).toHaveText("$1,500.00");
  await expect(page.getByText("Budget set to $1,500.00")).toHaveCount(0);
});
