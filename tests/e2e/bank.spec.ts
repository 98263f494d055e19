import type { Page } from "@playwright/test";
import type * as Models from "../../models";
import { expect, LINKED_BANK, linkBank, openLink, test, waitForBankError, waitForHydration, premiumLogin, type TestUser } from "./fixtures";

/*
 * Every test links banks through the Plaid stand-in (scripts/stand-ins/plaid.mjs): without JavaScript
 * through Hosted Link (a redirect to its Link page and back), with JavaScript through its Link script in
 * the page. Each new item holds the same 12 seeded transactions, one of them pending; "new bank
 * activity" adds two, changes one, removes one and posts the pending one.
 */
const BANK = LINKED_BANK;
const SEEDED = 12;


function bankTransactionCount(app: { models: typeof Models }, user: TestUser) {
  return app.models.Transaction.countDocuments({ userId: user.id, source: "plaid" });
}

function row(page: Page, text: string) {
  return page.getByTestId("transaction-row").filter({ hasText: text });
}

test("a premium user links a bank, sees its transactions once in New with the Bank badge, categorizes one, and a webhook brings new ones", async ({
  page,
  login,
  app,
  plaidControl,
  javaScriptEnabled,
}) => {
  // A link, two syncs (each also reading the bank's accounts), a categorisation and a webhook: a long walk on two cores.
  test.slow();
  const user = await premiumLogin(login, app);
  await linkBank(page, javaScriptEnabled, app, user);
  const card = page.getByRole("article", { name: BANK });
  await expect(card).toContainText("Plaid Checking");
  await expect(card).toContainText("Active");
  await expect(card).toContainText(/Last synced/);
  await page.screenshot({ path: test.info().outputPath("bank.png"), fullPage: true });
  expect(await bankTransactionCount(app, user)).toBe(SEEDED);

  await page.goto("/transactions?tab=new");
  await expect(page.getByTestId("transaction-row")).toHaveCount(SEEDED);
  await expect(page.getByText(`Bank · ${BANK}`).first()).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toHaveCount(1);
  const payroll = row(page, "Payroll");
  await expect(payroll).toContainText("Uncategorized");
  await payroll.getByRole("link", { name: "Categorize" }).click();
  await expect(page.getByRole("heading", { name: "Edit Transaction" })).toBeVisible();
  await page.getByLabel("Category").selectOption({ label: "Paycheck 1" });
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Transaction updated successfully")).toBeVisible();
  await expect(page.getByTestId("transaction-row")).toHaveCount(SEEDED - 1);

  await page.goto("/bank");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: `Sync ${BANK}` }).click();
  await expect(page.getByText("Synced 0 new transactions")).toBeVisible();
  expect(await bankTransactionCount(app, user)).toBe(SEEDED);

  // New bank activity: the stand-in signs a SYNC_UPDATES_AVAILABLE webhook; the app queues a sync job.
  await plaidControl("/__control/advance", { client_user_id: user.id });
  await expect.poll(() => bankTransactionCount(app, user)).toBe(SEEDED + 2 - 1);
  await page.goto("/transactions?tab=new");
  await expect(row(page, "Whole Foods")).toHaveCount(1);
  await expect(page.getByText("Pending", { exact: true })).toHaveCount(0);
  await page.goto("/transactions?tab=tracked");
  await expect(row(page, "Payroll")).toContainText("Paycheck 1");

  // Webhooks repeat: nothing is imported twice.
  await plaidControl("/__control/webhook", { client_user_id: user.id, webhook_type: "TRANSACTIONS", webhook_code: "SYNC_UPDATES_AVAILABLE" });
  await page.goto("/bank");
  await page.getByRole("button", { name: "Sync All" }).click();
  await expect(page.getByText("Synced 0 new transactions")).toBeVisible();
  expect(await bankTransactionCount(app, user)).toBe(SEEDED + 1);
});

test("each account of a linked bank is one of the user's accounts, with the bank's balance (a card's as owed)", async ({ page, login, app, javaScriptEnabled }) => {
  const user = await premiumLogin(login, app);
  await linkBank(page, javaScriptEnabled, app, user);
  await page.goto("/accounts");
  const listed = (name: string) => page.getByRole("listitem", { name: `${BANK} ${name}`, exact: true });
  await expect(listed("Plaid Checking ••0000")).toContainText("$110.00");
  await expect(listed("Plaid Saving ••1111")).toContainText("$210.00");
  await expect(listed("Plaid Credit Card ••3333")).toContainText("$410.00 owed");
  await page.screenshot({ path: test.info().outputPath("bank-accounts.png"), fullPage: true });

  await listed("Plaid Credit Card ••3333").getByRole("link").first().click();
  await expect(page.getByTestId("account-balance")).toHaveText("$410.00 owed");
  await expect(page.getByTestId("register-row").filter({ hasText: "Starbucks" })).toHaveCount(1);
  await expect(page.getByTestId("register-row").filter({ hasText: "Payroll" })).toHaveCount(0);
});

test("a bank whose login expired shows 'Sync Error', reconnects, and disconnecting keeps its transactions", async ({ page, login, app, plaidControl, javaScriptEnabled }) => {
  const user = await premiumLogin(login, app);
  await linkBank(page, javaScriptEnabled, app, user);
  await plaidControl("/__control/login-required", { client_user_id: user.id });
  await waitForBankError(app, user);
  await page.reload();
  const card = page.getByRole("article", { name: BANK });
  await expect(card.getByText("Sync Error")).toBeVisible();
  await expect(card.getByText("The login details for this account have changed. Please reconnect.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("bank-error.png"), fullPage: true });

  const reconnect = card.getByRole("button", { name: `Reconnect ${BANK}` });
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await expect(reconnect).toBeEnabled();
    await reconnect.click();
    await page.frameLocator('iframe[title="Plaid Link"]').getByRole("button", { name: "Continue" }).click();
  } else {
    await reconnect.click();
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page.getByText("Bank account reconnected successfully")).toBeVisible();
  await expect(card.getByText("Sync Error")).toBeHidden();
  // The bank's webhook may start one more sync after the reconnect: without JavaScript the page shows it until it is loaded again.
  await expect(async () => {
    if (!javaScriptEnabled) await page.reload();
    await expect(card).toContainText("Active", { timeout: 2_000 });
  }).toPass();

  const disconnect = card.getByRole("button", { name: `Disconnect ${BANK}` });
  if (javaScriptEnabled) {
    await waitForHydration(page);
    const dialog = page.getByRole("alertdialog", { name: "Disconnect Bank Account" });
    // Focus goes into the confirmation and, when it is cancelled, back to the button that opened it.
    await disconnect.click();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(disconnect).toBeFocused();
    await disconnect.click();
    await dialog.getByRole("button", { name: "Disconnect" }).click();
  } else {
    // Without JavaScript, Disconnect opens the page's confirmation: Cancel leaves the bank linked.
    await disconnect.click();
    const dialog = page.getByRole("alertdialog", { name: "Disconnect Bank Account" });
    await expect(page).toHaveURL(/\/bank\?disconnect=[0-9a-f]{24}#confirm-dialog$/);
    await expect(dialog).toBeFocused();
    await expect(dialog).toContainText(`Disconnect ${BANK}? Its imported transactions stay in your ledger; new ones stop arriving.`);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/bank");
    await expect(dialog).toHaveCount(0);
    expect(await app.models.BankConnection.countDocuments({ userId: user.id })).toBe(1);
    await disconnect.click();
    await dialog.getByRole("button", { name: "Disconnect" }).click();
  }
  await expect(page.getByText("Bank account disconnected successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: BANK })).toHaveCount(0);
  await expect(page.getByText("No bank accounts connected yet.")).toBeVisible();
  expect(await app.models.BankConnection.countDocuments({ userId: user.id })).toBe(0);
  expect(await bankTransactionCount(app, user)).toBe(SEEDED);
});

test("cancelling the link shows nothing alarming", async ({ page, login, app, javaScriptEnabled }) => {
  await premiumLogin(login, app);
  const link = await openLink(page, javaScriptEnabled);
  await link.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/bank");
  await expect(page.locator('iframe[title="Plaid Link"]')).toHaveCount(0);
  await expect(page.getByText("No bank accounts connected yet.")).toBeVisible();
  await expect(page.getByText("Bank connection encountered an issue. Please try again.")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a free user sees 'Premium Required' on the bank page and the Auto-Import promotion in New", async ({ page, login }) => {
  await login();
  await page.goto("/bank");
  await expect(page.getByRole("button", { name: "Premium Required" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/manage-subscription");
  await expect(page.getByRole("button", { name: "Connect Bank Account" })).toHaveCount(0);
  await page.goto("/transactions?tab=new");
  await expect(page.getByRole("heading", { name: "Auto-Import Transactions" })).toBeVisible();
});

test("an error notice replaces the success before it and stays until it is dismissed", async ({ page, login, app, plaidControl, javaScriptEnabled }) => {
  const user = await premiumLogin(login, app);
  await linkBank(page, javaScriptEnabled, app, user);

  await plaidControl("/__control/fail", { path: "/transactions/sync", error_code: "INTERNAL_SERVER_ERROR", client_user_id: user.id });
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: `Sync ${BANK}` }).click();
  const notice = page.getByTestId("notice");
  await expect(notice.getByRole("status")).toHaveText("Failed to sync transactions");
  await expect(page.getByText("Bank account connected successfully!")).toHaveCount(0);
  // Well past the 2 s a notice stayed before (decision 226).
  await page.waitForTimeout(3_000);
  await expect(notice.getByRole("status")).toHaveText("Failed to sync transactions");
  await notice.getByText("Dismiss").click();
  await expect(notice.getByRole("status")).toBeHidden();
});
