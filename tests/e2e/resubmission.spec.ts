import type { Page } from "@playwright/test";
import { expect, premiumLogin, test } from "./fixtures";

/** The one-time key the page rendered into `form` (hidden, so it is sent with or without JavaScript). */
async function renderedKey(page: Page, form: ReturnType<Page["locator"]>) {
  const key = await form.locator('input[name="submissionKey"]').getAttribute("value");
  expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  return key!;
}

test.describe("a form sent again writes once", () => {
  test("Add Transaction sent a second time (Send again after an outage) is answered as the first and listed once", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/new");
    const form = page.locator("form.transaction-form");
    const key = await renderedKey(page, form);
    await page.getByLabel("Amount").fill("23.45");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Date").fill("2026-03-06");
    await page.getByLabel("Description").fill("Sent again");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");

    const again = await page.request.post("/transactions/new", {
      form: { type: "expense", amount: "23.45", category: "food", date: "2026-03-06", description: "Sent again", redirectTo: "/transactions", submissionKey: key },
      headers: { Origin: app.state.appUrl },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("/transactions?tab=tracked");

    await page.reload();
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Sent again" })).toHaveCount(1);
    expect(await app.models.Transaction.countDocuments({ userId: user.id, description: "Sent again" })).toBe(1);

    // A new visit to the form is a new key: the same purchase typed again is a second transaction.
    await page.goto("/transactions/new");
    expect(await renderedKey(page, page.locator("form.transaction-form"))).not.toBe(key);
  });

  test("a debt payment sent twice is recorded once, and the second is not refused as more than is owed", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    const { addDebt } = await import("~/features/debts/debts.server");
    const added = await addDebt(user.id, { name: "Visa", type: "credit_card", totalAmount: 50000, currentBalance: 30000, aprBasisPoints: 1200, minimumPayment: 2500, dueDate: null, priority: "medium", description: "" } as Parameters<typeof addDebt>[1]);
    if (!added.ok) throw new Error(added.message);
    const debt = added.debt;
    await page.goto(`/debt-management?pay=${debt.id}`);
    const form = page.getByRole("form", { name: "Pay Visa" });
    const key = await renderedKey(page, form);
    await form.getByLabel("Payment Amount").fill("300");
    const date = await form.getByLabel("Payment Date").inputValue();
    await form.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment added successfully")).toBeVisible();

    const again = await page.request.post("/debt-management?index", {
      form: { intent: "pay", debtId: debt.id, amount: "300", date, submissionKey: key },
      headers: { Origin: app.state.appUrl },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe(`/debt-management?history=${debt.id}#debt-${debt.id}-history`);
    await page.reload();
    await expect(page.getByRole("region", { name: "Payment History of Visa" }).getByRole("listitem")).toHaveCount(1);
    expect(await app.models.Transaction.countDocuments({ userId: user.id, source: "debt" })).toBe(1);
  });
});
