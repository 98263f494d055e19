import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { toCents } from "~/lib/money";
import { addTransaction, declineNextCheckout, expect, linkBank, premiumLogin, test as base, waitForBankError, waitForHydration, waitForIdleTracking, waitForShortcuts, type TestUser } from "./fixtures";

/*
 * axe-core reads every page of the route table, then every state a page can be in (each dialog open,
 * each form showing its errors, each tab, empty pages and pages full of data), in both projects: no serious
 * or critical violation. Public pages are read signed out, the app's pages signed in as a premium user with
 * data. The rules are axe's defaults plus `label-content-name-mismatch` (WCAG 2.5.3, experimental in axe,
 * so off by default): a control's name holds the text it shows.
 *
 * With JavaScript off, axe cannot run in the page: Playwright can still evaluate there, but axe schedules
 * its work with timers, which never fire while scripts are disabled (analyze() hangs). So the page's DOM
 * as the browser built it without scripts (the server's HTML plus what the visitor did, e.g. an opened
 * <details>) is copied, its <script> elements removed and its <noscript> contents unwrapped, and served
 * at the same URL to a page of a JavaScript-enabled context, where axe reads it with the same styles.
 */

type Found = string[];

/** axe's default rules and the experimental label-content-name-mismatch (WCAG 2.5.3). */
function audit(page: Page) {
  return new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } });
}

function serious(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"], where: string): Found {
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${where}: ${violation.id} [${violation.impact}] (${violation.nodes.length}) ${violation.nodes.map((node) => node.html.slice(0, 120)).join(" | ")}`);
}

/** The DOM of a page whose scripts never ran, as markup a scripting browser renders the same way. */
function staticMarkup() {
  const root = document.documentElement.cloneNode(true) as HTMLElement;
  root.querySelectorAll("script").forEach((script) => script.remove());
  root.querySelectorAll("noscript").forEach((noscript) => noscript.replaceWith(...Array.from(noscript.childNodes)));
  return `<!DOCTYPE html>${root.outerHTML}`;
}

/**
 * `violationsNow(where)`: the serious and critical violations of the test's page as it is now
 * (`where` names it in the report); `expectNone()` asserts there are none. A JavaScript-off test reads its
 * copies in one JavaScript-enabled context of the same browser, closed when the test ends.
 */
const test = base.extend<{ axe: { violationsNow: (where?: string) => Promise<Found>; expectNone: (where?: string) => Promise<void> } }>({
  axe: async ({ page, browser, javaScriptEnabled }, use) => {
    let copies = null as BrowserContext | null;
    const here = () => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    };
    const withoutScripts = async (where: string) => {
      const markup = await page.evaluate(staticMarkup);
      const target = new URL(page.url());
      copies ??= await browser.newContext({ javaScriptEnabled: true });
      const copy = await copies.newPage();
      try {
        const viewport = page.viewportSize();
        if (viewport) await copy.setViewportSize(viewport);
        await copy.route(
          (url) => url.pathname === target.pathname && url.search === target.search,
          (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: markup }),
        );
        await copy.goto(target.href);
        return serious((await audit(copy).analyze()).violations, where);
      } finally {
        await copy.close();
      }
    };
    const violationsNow = async (where = here()) =>
      javaScriptEnabled ? serious((await audit(page).analyze()).violations, where) : withoutScripts(where);
    await use({ violationsNow, expectNone: async (where) => expect(await violationsNow(where)).toEqual([]) });
    await copies?.close();
  },
});

/* ---------------------------------------------------------------- the route table */

/** A route file is either a page here or named below with why it is not one, so a new page cannot be missed. */
const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

const NOT_PAGES: Record<string, string> = {
  _app: "layout",
  _marketing: "layout",
  "_app.debt-management": "layout of the tabs (its index is the page)",
  "auth.google": "redirects to Google",
  "auth.google.callback": "Google's return, redirects",
  "bank.link-complete": "Hosted Link's return, redirects",
  healthz: "JSON",
  logout: "action only",
  "login_.two-factor": "reached only mid sign-in (auth.spec reads it)",
  "payment-success": "Stripe's return, redirects without a session id (its states are in the walks below)",
  "_app.transactions_.import_.$draftId": "needs an uploaded file (a state below)",
  "resources.account-export": "a zip",
  "resources.bank-link-token": "JSON",
  "resources.categories": "action only",
  "resources.session-keepalive": "action only",
  "resources.transactions-export": "a CSV",
  "webhooks.plaid": "webhook",
  "webhooks.stripe": "webhook",
};
/** The URL path of a flat-route file: "_app.transactions_.$transactionId.edit" → "/transactions/$transactionId/edit". */
function pathOf(route: string) {
  const segments = route
    .split(".")
    .filter((segment) => !segment.startsWith("_") || segment === "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .filter((segment) => segment !== "_index");
  return `/${segments.join("/")}`.replace(/^\/\$$/, "/no-such-page");
}

const routes = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => file.replace(/\.tsx?$/, ""))
  .filter((route) => !(route in NOT_PAGES));

async function visit(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled) await waitForHydration(page);
}

test.describe("the route table", () => {
  for (const route of routes) {
    const signedIn = route.startsWith("_app");
    test(`${route}: ${pathOf(route)}, ${signedIn ? "signed in as a premium user with data" : "signed out"}`, async ({ page, login, createUser, app, javaScriptEnabled, axe }) => {
      let url = pathOf(route);
      if (url.includes("$token")) {
        const { unsubscribeToken } = await import("~/features/recurring/reminders.server");
        const owner = await createUser();
        const bill = await seedBill(owner);
        url = url.replace("$token", unsubscribeToken(owner.id, bill.id));
      }
      if (signedIn) {
        const user = await premiumLogin(login, app);
        const today = new Date().toISOString().slice(0, 10);
        const transaction = await addTransaction(user, { type: "expense", amount: 1250, date: today, description: "Lunch" });
        // The main account is stored on the first visit of /accounts; its id is the user's.
        const { getOrCreateAccounts } = await import("~/features/accounts/accounts.server");
        await getOrCreateAccounts(user.id, today);
        const ids: Record<string, string> = { $categoryId: "food", $transactionId: transaction.id, $accountId: user.id };
        if (url.includes("$scheduleId")) ids.$scheduleId = (await seedBill(user)).id;
        if (url.includes("$ruleId") || url.includes("$runId")) {
          const rule = await seedRule(user);
          ids.$ruleId = rule.id;
          const { startRuleRun } = await import("~/features/rules/rule-runs.server");
          const run = await startRuleRun(user.id, { ruleId: rule.id }, "preview");
          if (run.ok) ids.$runId = run.runId;
        }
        url = url.replace(/\$\w+/g, (param) => ids[param]);
      }
      await visit(page, url, javaScriptEnabled);
      await axe.expectNone(url);
    });
  }
});

/* ---------------------------------------------------------------- every state */

const TODAY = new Date().toISOString().slice(0, 10);
const MONTH = TODAY.slice(0, 7);
const CSV = ["Posting Date,Payee,Debit,Credit", "03/02/2026,Corner Cafe,4.50,", "03/05/2026,Employer Inc,,2500.00", "03/17/2026,Bank fee,0.31,"].join("\n");

/** Clicks `submit` and waits until a field of the page says it is invalid. */
async function submitInvalid(page: Page, submit: Locator) {
  await submit.click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
}

async function seedBill(user: TestUser) {
  const { addSchedule } = await import("~/features/recurring/recurring.server");
  const { mainAccountId } = await import("~/features/accounts/accounts.server");
  const added = await addSchedule(user.id, { name: "Rent", type: "expense", accountId: mainAccountId(user.id), currency: "USD", amount: 100000, frequency: "monthly", nextDate: TODAY, category: "housing", remind: true, remindDaysBefore: 3 });
  if (!added.ok) throw new Error(added.reason);
  return added.schedule;
}

async function seedRule(user: TestUser) {
  const { addRule } = await import("~/features/rules/rules.server");
  const added = await addRule(user.id, {
    name: "Coffee",
    match: "all",
    conditions: [{ field: "description", operator: "contains", text: "cafe" }],
    actions: [{ kind: "set-category", categoryId: "food" }, { kind: "add-tags", tagNames: ["Treats"] }],
  });
  if (!added.ok) throw new Error(added.reason);
  return added.rule;
}

async function seedDebt(user: TestUser) {
  const { addDebt } = await import("~/features/debts/debts.server");
  const added = await addDebt(user.id, {
    name: "Store card",
    type: "credit_card",
    totalAmount: toCents(500000),
    currentBalance: toCents(420000),
    aprBasisPoints: 2499,
    minimumPayment: toCents(15000),
    dueDate: null,
    priority: "high",
    description: "",
  });
  if (!added.ok) throw new Error(added.message);
  return added.debt;
}

async function seedGoal(user: TestUser) {
  const { addSavingsGoal } = await import("~/features/savings/savings.server");
  const added = await addSavingsGoal(user.id, { name: "Emergency Fund", target: toCents(500000), deadline: "2030-01-01" });
  if (!added.ok) throw new Error(`the savings goal was refused: ${added.reason}`);
  return added.goal;
}

async function uploadStatement(page: Page, file: { name: string; text: string; mimeType?: string }) {
  await page.goto("/transactions/import");
  await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: file.name, mimeType: file.mimeType ?? "text/plain", buffer: Buffer.from(file.text) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
}

type Context = {
  page: Page;
  /** Null for a visitor's state. */
  user: TestUser | null;
  javaScriptEnabled: boolean;
  /** Asserts no serious violation on the way, where a state passes through others. */
  expectNone: () => Promise<void>;
};

type State = {
  name: string;
  /** Signed out (a visitor), or signed in as a premium user with a transaction (the default). */
  visitor?: boolean;
  jsOnly?: boolean;
  reach: (context: Context) => Promise<void>;
};

const STATES: State[] = [
  {
    name: "login with errors",
    visitor: true,
    async reach({ page }) {
      await page.goto("/login");
      await page.getByLabel("Email").fill("not-an-email");
      await submitInvalid(page, page.getByRole("button", { name: "Sign in", exact: true }));
    },
  },
  {
    name: "sign-up with errors",
    visitor: true,
    async reach({ page }) {
      await page.goto("/signup");
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("abc");
      await page.getByLabel("Confirm Password").fill("abd");
      await submitInvalid(page, page.getByRole("button", { name: "Create Account" }));
    },
  },
  {
    name: "forgot password with errors",
    visitor: true,
    async reach({ page }) {
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill("not-an-email");
      await submitInvalid(page, page.getByRole("button", { name: "Send Reset Email" }));
    },
  },
  {
    name: "contact form with errors",
    visitor: true,
    async reach({ page }) {
      await page.goto("/contact");
      await page.getByLabel("Email").fill("not-an-email");
      await submitInvalid(page, page.getByRole("button", { name: "Send Message" }));
    },
  },
  {
    name: "dashboard: monthly budget form with its error",
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}&editBudget=1`);
      await page.getByLabel("Monthly budget amount").fill("-5");
      await submitInvalid(page, page.getByRole("button", { name: "Save Budget" }));
    },
  },
  {
    name: "dashboard: Add Category refused",
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}`);
      const form = page.getByRole("form", { name: "Add Category" });
      await form.getByLabel("Category name").fill("Housing");
      await submitInvalid(page, form.getByRole("button", { name: "Add Category" }));
    },
  },
  {
    name: "dashboard: a category rename refused",
    async reach({ page, javaScriptEnabled }) {
      await page.goto(`/dashboard?month=${MONTH}`);
      const food = page.getByRole("list", { name: "Expense categories" }).getByRole("article", { name: "Food & Dining" });
      if (javaScriptEnabled) {
        await waitForHydration(page);
        await food.getByRole("button", { name: "Rename Food & Dining" }).click();
        await food.getByLabel("Category name").fill("<b></b>");
        await food.getByLabel("Category name").press("Enter");
        await expect(food.getByLabel("Category name")).toHaveAttribute("aria-invalid", "true");
      } else {
        await food.getByText("Edit", { exact: true }).click();
        await food.getByLabel("Name", { exact: true }).fill("<b></b>");
        await submitInvalid(page, food.getByRole("button", { name: "Save name" }));
      }
    },
  },
  {
    name: "dashboard: the inline amount edit open",
    jsOnly: true,
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Edit planned amount of Food & Dining" }).click();
      await expect(page.getByRole("textbox", { name: "Planned amount" })).toBeFocused();
    },
  },
  {
    name: "dashboard: the category delete confirmation",
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}&confirmDelete=food`);
      await expect(page.getByRole("alertdialog", { name: "Delete Category" })).toBeVisible();
    },
  },
  {
    name: "dashboard: the transactions sidebar",
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}&panel=transactions&tab=tracked`);
      await expect(page.getByRole("dialog", { name: "Transactions" })).toBeVisible();
    },
  },
  {
    name: "dashboard on a phone: the menu open",
    async reach({ page }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/dashboard?month=${MONTH}`);
      await page.getByLabel("Open menu").click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
    },
  },
  {
    name: "transactions: the reset confirmation",
    async reach({ page }) {
      await page.goto("/transactions?confirm=reset");
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  {
    name: "transactions: the new-transaction form with its errors",
    async reach({ page, javaScriptEnabled }) {
      await page.goto("/transactions/new");
      if (javaScriptEnabled) await waitForHydration(page);
      await submitInvalid(page, page.getByRole("button", { name: "Add Transaction" }));
    },
  },
  {
    name: "transactions: a split purchase with its errors",
    async reach({ page, javaScriptEnabled }) {
      await page.goto("/transactions/new");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Amount", { exact: true }).fill("100");
      await page.getByRole("button", { name: "Split across categories" }).click();
      await page.getByLabel("Category of part 1").selectOption({ label: "Food & Dining" });
      await page.getByLabel("Amount of part 1").fill("60");
      await page.getByLabel("Amount of part 2").fill("50");
      await submitInvalid(page, page.getByRole("button", { name: "Add Transaction" }));
    },
  },
  {
    name: "transactions: the edit form with its errors",
    async reach({ page, user, javaScriptEnabled }) {
      const transaction = await addTransaction(user!, { type: "expense", amount: 990, date: TODAY, description: "Taxi" });
      await page.goto(`/transactions/${transaction.id}/edit`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Amount").fill("");
      await submitInvalid(page, page.getByRole("button", { name: "Update" }));
    },
  },
  {
    name: "import: a file that is refused",
    async reach({ page }) {
      await uploadStatement(page, { name: "statement.pdf", text: "%PDF-1.7\n1 0 obj\n", mimeType: "application/pdf" });
      await expect(page.getByText("This file does not hold a table of transactions.", { exact: false })).toBeVisible();
    },
  },
  {
    name: "import: the preview of an uploaded file",
    async reach({ page }) {
      await uploadStatement(page, { name: "bank.csv", text: CSV });
      await expect(page.getByRole("heading", { name: "The file", exact: true })).toBeVisible();
    },
  },
  {
    name: "import: the undo confirmation",
    async reach({ page }) {
      await uploadStatement(page, { name: "bank.csv", text: CSV });
      await page.getByRole("button", { name: /^Import \d+ transactions$/ }).click();
      await expect(page.getByText(/^Imported \d+ transactions/)).toBeVisible();
      await page.goto("/transactions/import");
      await page.getByTestId("past-import").first().getByRole("link", { name: "Undo import" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  {
    name: "profile: the password form with its errors",
    async reach({ page }) {
      await page.goto("/profile");
      await page.getByLabel("Current Password").fill("wrong");
      await page.getByLabel("New Password", { exact: true }).fill("abc");
      await page.getByLabel("Confirm New Password").fill("abd");
      await submitInvalid(page, page.getByRole("button", { name: "Change Password" }));
    },
  },
  {
    name: "profile: the display name refused",
    async reach({ page }) {
      await page.goto("/profile");
      await page.getByLabel("Display name").fill("   ");
      await submitInvalid(page, page.getByRole("button", { name: "Save", exact: true }));
    },
  },
  {
    name: "profile: the sign-out-everywhere confirmation",
    async reach({ page }) {
      await page.goto("/profile?confirm=sign-out-everywhere");
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  {
    name: "profile: two-factor setup with a wrong code",
    async reach({ page }) {
      await page.goto("/profile/security");
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      await page.getByLabel("6-digit code from your app").fill("000000");
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    },
  },
  {
    name: "profile: two-factor on, then moving it to a new app without a current code",
    async reach({ page, user, expectNone }) {
      const { confirmTwoFactorSetup, startTwoFactorSetup } = await import("~/features/auth/two-factor.server");
      const { TOTP, Secret } = await import("otpauth");
      const { secret } = await startTwoFactorSetup(user!.id, user!.email);
      await confirmTwoFactorSetup(user!.id, new TOTP({ secret: Secret.fromBase32(secret) }).generate());
      await page.goto("/profile/security");
      await expect(page.getByRole("form", { name: "Turn off two-factor sign-in" })).toBeVisible();
      await expectNone();
      await page.getByRole("button", { name: "Move to a new authenticator app" }).click();
      const replace = page.getByRole("form", { name: "Replace authenticator app" });
      await replace.getByLabel("6-digit code from the new entry").fill("000000");
      await submitInvalid(page, replace.getByRole("button", { name: "Replace authenticator app" }));
    },
  },
  {
    name: "profile: deleting the account with a wrong password",
    async reach({ page }) {
      await page.goto("/profile/data");
      await page.getByLabel("Your password").fill("not my password");
      await submitInvalid(page, page.getByRole("button", { name: "Delete my account and all my data" }));
    },
  },
  {
    name: "manage subscription: the cancel confirmation",
    async reach({ page }) {
      await page.goto("/manage-subscription?confirm=cancel");
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  {
    name: "manage subscription: cancelled at period end (Resume), and a plan change scheduled",
    async reach({ page, user, expectNone }) {
      const { User } = await import("../../models");
      const periodEnd = new Date(Date.now() + 20 * 24 * 3600 * 1000);
      const subscription = { status: "active", interval: "month", subscriptionId: "sub_a11y", currentPeriodEnd: periodEnd };
      await User.updateOne({ _id: user!.id }, { $set: { subscription: { ...subscription, cancelAtPeriodEnd: true } } });
      await page.goto("/manage-subscription");
      await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
      await expectNone();
      await User.updateOne({ _id: user!.id }, { $set: { subscription: { ...subscription, scheduledChange: { interval: "year", priceId: "price_annual", effectiveAt: periodEnd } } } });
      await page.goto("/manage-subscription");
      await expect(page.getByText("Changes to Annual on", { exact: false })).toBeVisible();
    },
  },
  {
    name: "debts: the new-debt form with its errors",
    async reach({ page }) {
      await page.goto("/debt-management?add=1");
      await page.getByLabel("Interest Rate (APR %)").fill("150");
      await submitInvalid(page, page.getByRole("button", { name: "Add Debt" }));
    },
  },
  {
    name: "debts: the edit form, the payment form with its error, the history",
    async reach({ page, user, expectNone }) {
      const debt = await seedDebt(user!);
      await page.goto(`/debt-management?edit=${debt.id}`);
      await expect(page.getByRole("form", { name: "Edit Debt" })).toBeVisible();
      await expectNone();
      await page.goto(`/debt-management?history=${debt.id}`);
      await expect(page.getByRole("region", { name: "Payment History of Store card" })).toBeVisible();
      await expectNone();
      await page.goto(`/debt-management?pay=${debt.id}`);
      await submitInvalid(page, page.getByRole("button", { name: "Record Payment" }));
    },
  },
  {
    name: "debts: a debt linked to its card, its edit form and its Pay panel with Pay from",
    async reach({ page, user, expectNone }) {
      const { addAccount } = await import("~/features/accounts/accounts.server");
      for (const [name, kind] of [["Visa", "credit_card"], ["Savings", "savings"]] as const) {
        await addAccount(user!.id, { name, kind, onBudget: true, openingBalance: 0, openingDate: TODAY });
      }
      const debt = await seedDebt(user!);
      await page.goto(`/debt-management?edit=${debt.id}`);
      await page.getByLabel("Account", { exact: true }).selectOption({ label: "Visa (Credit card)" });
      await page.getByRole("button", { name: "Update Debt" }).click();
      await expect(page.getByText("Linked to Visa")).toBeVisible();
      await expectNone();
      await page.goto(`/debt-management?pay=${debt.id}`);
      await expect(page.getByLabel("Pay from")).toBeVisible();
    },
  },
  {
    name: "debts: the delete confirmation",
    async reach({ page, user }) {
      const debt = await seedDebt(user!);
      await page.goto(`/debt-management?delete=${debt.id}`);
      await expect(page.getByRole("alertdialog", { name: "Delete Debt" })).toBeVisible();
    },
  },
  {
    name: "debts: the calculator and the strategies with an invalid extra payment",
    async reach({ page, user, expectNone }) {
      await seedDebt(user!);
      await page.goto("/debt-management/calculator?extra=abc");
      await expect(page.getByLabel("Extra monthly payment")).toHaveAttribute("aria-invalid", "true");
      await expectNone();
      await page.goto("/debt-management/strategies?extra=abc");
      await expect(page.getByLabel("Extra monthly payment")).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "money picture: a typed amount asked about beside the accounts, the income and the assets forms with their errors",
    async reach({ page, user, expectNone }) {
      const { saveAssets } = await import("~/features/net-worth/net-worth.server");
      await saveAssets(user!.id, [{ key: "cash", name: "Cash & Checking", amount: toCents(300000) }]);
      await page.goto("/debt-management/money-picture");
      await expect(page.getByTestId("asset-question-cash")).toBeVisible();
      await page.getByRole("textbox", { name: "Monthly income" }).fill("abc");
      await submitInvalid(page, page.getByRole("button", { name: "Update Income" }));
      await expectNone();
      await page.goto("/debt-management/money-picture?edit=assets");
      await page.getByLabel("New asset name").fill("   ");
      await submitInvalid(page, page.getByRole("button", { name: "Add Asset" }));
    },
  },
  {
    name: "savings: the goal forms with their errors and the delete confirmation",
    async reach({ page, user, expectNone }) {
      const goal = await seedGoal(user!);
      await page.goto("/savings?goal=new");
      await submitInvalid(page, page.getByRole("form", { name: "New Goal" }).getByRole("button", { name: "Save" }));
      await expectNone();
      await page.goto(`/savings?goal=${goal.id}`);
      await page.getByRole("form", { name: "Edit Goal" }).getByLabel("Target Amount").fill("0");
      await submitInvalid(page, page.getByRole("form", { name: "Edit Goal" }).getByRole("button", { name: "Update" }));
      await expectNone();
      await page.goto(`/savings?deleteGoal=${goal.id}`);
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  {
    name: "savings: the initial savings and the withdrawal forms with their errors",
    async reach({ page, expectNone }) {
      await page.goto("/savings?initial=edit");
      await page.getByRole("textbox", { name: "Initial Savings" }).fill("abc");
      await submitInvalid(page, page.locator("#initial-savings").getByRole("button", { name: "Save" }));
      await expectNone();
      await page.goto("/savings?withdraw=new");
      await submitInvalid(page, page.getByRole("form", { name: "Record Withdrawal" }).getByRole("button", { name: "Save" }));
    },
  },
  {
    name: "accounts: the add form with its errors",
    async reach({ page }) {
      await page.goto("/accounts");
      await page.getByLabel("Opening balance").fill("12.345");
      await submitInvalid(page, page.getByRole("button", { name: "Add account" }));
    },
  },
  {
    name: "accounts: a close refused, the edit form with its errors, a closed account",
    async reach({ page, user, expectNone }) {
      const { addAccount, setAccountClosed } = await import("~/features/accounts/accounts.server");
      const opened = { onBudget: true, openingDate: TODAY } as const;
      const card = await addAccount(user!.id, { ...opened, name: "Visa", kind: "credit_card", openingBalance: toCents(-20000) });
      const old = await addAccount(user!.id, { ...opened, name: "Old savings", kind: "savings", openingBalance: toCents(0) });
      if (!card.ok || !old.ok) throw new Error("accounts not added");
      await setAccountClosed(user!.id, old.account.id, true);
      await page.goto(`/accounts/${card.account.id}`);
      await page.getByRole("button", { name: "Close account" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNone();
      await page.getByRole("region", { name: "Edit account" }).getByLabel("Name").fill("");
      await submitInvalid(page, page.getByRole("button", { name: "Save account" }));
      await expectNone();
      await page.goto("/accounts");
      await expect(page.getByRole("region", { name: "Closed accounts" })).toBeVisible();
    },
  },
  {
    name: "accounts: a statement that does not match, the reconciliations, the statement form with its errors",
    async reach({ page, user, expectNone }) {
      // The main account holds the day's lunch: -$12.50.
      const { getOrCreateAccounts } = await import("~/features/accounts/accounts.server");
      await getOrCreateAccounts(user!.id, TODAY);
      await page.goto(`/accounts/${user!.id}/reconcile`);
      const form = page.getByRole("region", { name: "Statement", exact: true });
      await form.getByLabel("Statement date").fill(TODAY);
      await form.getByLabel("Statement balance").fill("-10.00");
      await form.getByRole("button", { name: "Check statement" }).click();
      await expect(page.getByText("Difference: $2.50")).toBeVisible();
      await expectNone();
      await page.getByRole("button", { name: "Save with the difference" }).click();
      await expect(page.getByRole("region", { name: "Reconciliations" }).getByRole("row")).toHaveCount(2);
      await expectNone();
      await form.getByLabel("Statement date").fill(TODAY);
      await form.getByLabel("Statement balance").fill("12.345");
      await submitInvalid(page, form.getByRole("button", { name: "Check statement" }));
    },
  },
  {
    name: "analytics: the trends, savings and insights tabs",
    async reach({ page, user, expectNone }) {
      await seedGoal(user!);
      for (const tab of ["trends", "savings"]) {
        await page.goto(`/analytics?month=${MONTH}&tab=${tab}`);
        await expectNone();
      }
      await page.goto(`/analytics?month=${MONTH}&tab=insights`);
    },
  },
  {
    name: "insights: generated",
    async reach({ page, user }) {
      const { generateSpendingInsights } = await import("~/features/insights/insights.server");
      await generateSpendingInsights(user!.id, MONTH);
      await page.goto(`/insights?month=${MONTH}`);
    },
  },
  {
    name: "the session-expiry dialog",
    jsOnly: true,
    async reach({ page }) {
      await page.clock.install();
      await page.goto(`/dashboard?month=${MONTH}`);
      await waitForIdleTracking(page);
      await page.clock.fastForward("28:00");
      await expect(page.getByRole("alertdialog", { name: "Session Expiring" })).toBeVisible();
    },
  },
  {
    name: "the cache debug panel",
    jsOnly: true,
    async reach({ page }) {
      await page.goto(`/dashboard?month=${MONTH}`);
      await waitForShortcuts(page);
      await page.keyboard.press("Control+Shift+D");
      await expect(page.getByRole("dialog", { name: "Cache Debug" })).toBeVisible();
    },
  },
];

test.describe("every state", () => {
  for (const state of STATES) {
    test(`${state.name}${state.jsOnly ? " @js-only" : ""}`, async ({ page, login, app, javaScriptEnabled, axe }) => {
      // Several pages and axe runs; without JavaScript each run also loads a copy of the page.
      test.slow();
      const user = state.visitor ? null : await premiumLogin(login, app);
      if (user) await addTransaction(user, { type: "expense", amount: 1250, date: TODAY, description: "Lunch" });
      await state.reach({ page, user, javaScriptEnabled, expectNone: axe.expectNone });
      await axe.expectNone();
    });
  }

  test("reset password with errors", async ({ page, createUser, readEmail, axe }) => {
    const user = await createUser();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    const link = (await readEmail(user.email)).text.match(/http\S+reset-password\S+/)?.[0];
    await page.goto(link!);
    await page.getByLabel("New Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm New Password").fill("abd");
    await submitInvalid(page, page.getByRole("button", { name: "Reset Password" }));
    await axe.expectNone();
  });

  test("the checkout error dialog", async ({ page, login, stripeControl, javaScriptEnabled, axe }) => {
    const user = await login();
    await page.goto("/subscription");
    if (javaScriptEnabled) await waitForHydration(page);
    await declineNextCheckout(stripeControl, user);
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByRole("alertdialog", { name: "Payment Processing Error" })).toBeVisible();
    await axe.expectNone();
  });
});


test("bank: a linked bank in error, and its disconnect confirmation", async ({ page, login, app, plaidControl, javaScriptEnabled, axe }) => {
  const user = await premiumLogin(login, app);
  await linkBank(page, javaScriptEnabled, app, user);
  await plaidControl("/__control/login-required", { client_user_id: user.id });
  await waitForBankError(app, user);
  // A sync queued before the error (the link's first) may still run and fail again: the page shows "Syncing" until it ends.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Sync Error")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await axe.expectNone();
  // With JavaScript the confirmation opens in place; without it the page is loaded asking.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: /^Disconnect / }).click();
  await expect(page.getByRole("alertdialog", { name: "Disconnect Bank Account" })).toBeVisible();
  await axe.expectNone();
});

/* ---------------------------------------------------------------- walks through the app */

type Seeded = {
  transactionId: string;
  deletedId: string;
  cardId: string;
  closedId: string;
  ruleId: string;
  runId: string;
  tagId: string;
  billId: string;
  debtId: string;
  goalId: string;
};

/** A premium user's money as a user of some months has it: accounts (one closed), transactions of each kind, tags, a rule and its preview, bills, a debt, a goal with a withdrawal, assets, a budget, insights. */
async function seedEverything(user: TestUser): Promise<Seeded> {
  const { getOrCreateAccounts, addAccount, setAccountClosed } = await import("~/features/accounts/accounts.server");
  await getOrCreateAccounts(user.id, TODAY);
  const opened = { onBudget: true, openingDate: TODAY } as const;
  const card = await addAccount(user.id, { ...opened, name: "Visa", kind: "credit_card", openingBalance: toCents(-20000) });
  const savingsAccount = await addAccount(user.id, { ...opened, name: "Rainy day", kind: "savings", openingBalance: toCents(150000) });
  const closed = await addAccount(user.id, { ...opened, name: "Old savings", kind: "savings", openingBalance: toCents(0) });
  if (!card.ok || !savingsAccount.ok || !closed.ok) throw new Error("accounts not added");
  await setAccountClosed(user.id, closed.account.id, true);

  const lunch = await addTransaction(user, { type: "expense", amount: 1250, date: TODAY, description: "Lunch" });
  await addTransaction(user, { type: "income", amount: 320000, date: TODAY, description: "Salary", category: "paycheck1" });
  await addTransaction(user, { type: "expense", amount: 899, date: TODAY, description: "Corner shop", category: "uncategorized" });
  await addTransaction(user, { type: "expense", amount: 4500, date: TODAY, description: "Cafe Nero", category: "food" });
  const deleted = await addTransaction(user, { type: "expense", amount: 990, date: TODAY, description: "Taxi", deleted: true });
  const { tagTransactions } = await import("~/features/transactions/tagging.server");
  await tagTransactions(user.id, [lunch.id], { addNames: ["Work"], removeTagIds: [] });

  const rule = await seedRule(user);
  const { startRuleRun } = await import("~/features/rules/rule-runs.server");
  const run = await startRuleRun(user.id, { ruleId: rule.id }, "preview");
  if (!run.ok) throw new Error("the rule run did not start");
  const bill = await seedBill(user);
  const { addSchedule } = await import("~/features/recurring/recurring.server");
  const { mainAccountId } = await import("~/features/accounts/accounts.server");
  await addSchedule(user.id, { name: "Pay day", type: "income", accountId: mainAccountId(user.id), currency: "USD", amount: 320000, frequency: "monthly", nextDate: TODAY, category: "paycheck1", remind: false, remindDaysBefore: 3 });

  const debt = await seedDebt(user);
  const { addSavingsGoal, recordWithdrawal, setInitialSavings } = await import("~/features/savings/savings.server");
  await setInitialSavings(user.id, toCents(100000));
  const goal = await addSavingsGoal(user.id, { name: "Emergency Fund", target: toCents(500000), deadline: "2030-01-01", accountId: savingsAccount.account.id });
  if (!goal.ok) throw new Error(`the savings goal was refused: ${goal.reason}`);
  await recordWithdrawal(user.id, { amount: toCents(2000), date: TODAY, reason: "Dentist" });
  const { saveAssets } = await import("~/features/net-worth/net-worth.server");
  await saveAssets(user.id, [{ key: "cash", name: "Cash & Checking", amount: toCents(300000) }]);
  const { setMonthBudget } = await import("~/features/budgets/budgets.server");
  await setMonthBudget(user.id, MONTH, toCents(250000));
  const { generateSpendingInsights } = await import("~/features/insights/insights.server");
  await generateSpendingInsights(user.id, MONTH);
  const { Tag } = await import("../../models");
  const tag = await Tag.findOne({ userId: user.id, name: "Work" }).lean<{ _id: unknown }>();

  return {
    transactionId: lunch.id,
    deletedId: deleted.id,
    cardId: card.account.id,
    closedId: closed.account.id,
    ruleId: rule.id,
    runId: run.runId,
    tagId: String(tag?._id),
    billId: bill.id,
    debtId: debt.id,
    goalId: goal.goal.id,
  };
}

type Walk = {
  name: string;
  /** A premium user with everything seeded (the default), a premium user without data, a free user, or a visitor. */
  who?: "premium-with-data" | "premium-empty" | "free" | "visitor";
  urls: (seeded: Seeded | null, user: TestUser | null) => string[] | Promise<string[]>;
};

const WALKS: Walk[] = [
  {
    name: "the dashboard full of data: each tab of the income and expense cards, the budget form, the sidebar's tabs",
    urls: () => [
      `/dashboard?month=${MONTH}`,
      ...(["received", "remaining"] as const).map((view) => `/dashboard?month=${MONTH}&incomeView=${view}`),
      ...(["spent", "remaining"] as const).map((view) => `/dashboard?month=${MONTH}&expenseView=${view}`),
      `/dashboard?month=${MONTH}&editBudget=1`,
      ...(["new", "deleted"] as const).map((tab) => `/dashboard?month=${MONTH}&panel=transactions&tab=${tab}`),
      "/categories/food?range=all",
    ],
  },
  {
    name: "transactions full of data: each tab, filtered, the forms, rules with a rule, its edit page and its preview, tags with a tag and its delete confirmation",
    urls: (seeded) => {
      const { transactionId, deletedId, ruleId, runId, tagId } = seeded!;
      return [
        "/transactions?tab=new",
        "/transactions?tab=tracked",
        "/transactions?tab=deleted",
        "/transactions?tab=tracked&category=food&q=lunch",
        `/transactions/${transactionId}/edit`,
        `/transactions/${deletedId}/edit`,
        "/transactions/rules",
        `/transactions/rules?delete=${ruleId}`,
        `/transactions/rules/${ruleId}`,
        `/transactions/rules/runs/${runId}`,
        "/transactions/tags",
        `/transactions/tags?delete=${tagId}`,
      ];
    },
  },
  {
    name: "accounts full of data: the list with a closed account, a card's register, a closed account's page, reconcile",
    urls: (seeded, user) => ["/accounts", `/accounts/${seeded!.cardId}`, `/accounts/${seeded!.closedId}`, `/accounts/${user!.id}/reconcile`, `/accounts/${seeded!.cardId}/reconcile`],
  },
  {
    name: "savings, analytics and insights full of data: every panel and every tab",
    urls: (seeded) => [
      "/savings",
      "/savings?goal=new",
      `/savings?goal=${seeded!.goalId}`,
      `/savings?deleteGoal=${seeded!.goalId}`,
      "/savings?initial=edit",
      "/savings?withdraw=new",
      ...["overview", "trends", "savings", "insights"].map((tab) => `/analytics?month=${MONTH}&tab=${tab}`),
      `/analytics?month=${MONTH}&tab=savings&goal=new`,
      `/insights?month=${MONTH}`,
    ],
  },
  {
    name: "debts and recurring full of data: the debt pages and panels, the bills with reminders, the calendar and the forecast",
    urls: (seeded) => {
      const { debtId, billId } = seeded!;
      return [
        "/debt-management",
        "/debt-management?add=1",
        `/debt-management?edit=${debtId}`,
        `/debt-management?pay=${debtId}`,
        `/debt-management?history=${debtId}`,
        `/debt-management?delete=${debtId}`,
        "/debt-management/calculator?extra=100",
        "/debt-management/strategies?extra=100",
        "/debt-management/money-picture",
        "/debt-management/money-picture?edit=assets",
        "/recurring",
        `/recurring/${billId}`,
        "/recurring/calendar",
        "/recurring/forecast",
      ];
    },
  },
  {
    name: "the account pages: profile and its confirmation, security, your data, the subscription pages, the diagnostics, a pending payment",
    urls: () => [
      "/profile",
      "/profile?confirm=sign-out-everywhere",
      "/profile/security",
      "/profile/data",
      "/manage-subscription",
      "/manage-subscription?billing=year",
      "/manage-subscription?confirm=cancel",
      "/subscription",
      "/auth-debug",
      "/payment-success?session_id=cs_a11y",
    ],
  },
  {
    name: "every page of a premium user without data (the empty states)",
    who: "premium-empty",
    urls: (_seeded, user) => [
      `/dashboard?month=${MONTH}`,
      `/dashboard?month=${MONTH}&panel=transactions&tab=new`,
      "/transactions?tab=new",
      "/transactions?tab=tracked",
      "/transactions?tab=deleted",
      "/transactions/rules",
      "/transactions/tags",
      "/transactions/import",
      "/accounts",
      `/accounts/${user!.id}`,
      "/savings",
      ...["overview", "trends", "savings", "insights"].map((tab) => `/analytics?month=${MONTH}&tab=${tab}`),
      `/insights?month=${MONTH}`,
      "/debt-management",
      "/debt-management/calculator",
      "/debt-management/strategies",
      "/debt-management/money-picture",
      "/recurring",
      "/recurring/calendar",
      "/recurring/forecast",
      "/bank",
    ],
  },
  {
    name: "a free user: the locked premium pages, the plans, the upgrade",
    who: "free",
    urls: () => ["/analytics", "/savings", "/insights", "/bank", "/debt-management", "/manage-subscription", "/subscription", "/transactions?tab=new", "/payment-success?session_id=cs_a11y"],
  },
  {
    name: "a visitor: the payment pages and the public pages",
    who: "visitor",
    urls: () => ["/payment-success?session_id=cs_a11y", "/", "/features", "/subscription", "/pricing", "/faq", "/about", "/contact?sent=1", "/privacy", "/terms", "/accessibility", "/login", "/signup", "/forgot-password"],
  },
];

test.describe("walks through the app", () => {
  for (const walk of WALKS) {
    test(walk.name, async ({ page, login, app, javaScriptEnabled, axe }) => {
      const who = walk.who ?? "premium-with-data";
      const user = who === "visitor" ? null : who === "free" ? await login() : await premiumLogin(login, app);
      const seeded = who === "premium-with-data" ? await seedEverything(user!) : null;
      const urls = await walk.urls(seeded, user);
      // Each page is loaded and read by axe (without JavaScript, copied first): a walk takes its pages' time.
      test.setTimeout(60_000 + urls.length * 20_000);
      const found: Found = [];
      for (const url of urls) {
        await visit(page, url, javaScriptEnabled);
        found.push(...(await axe.violationsNow(url)));
      }
      expect(found).toEqual([]);
    });
  }
});

/* ---------------------------------------------------------------- the statement */

test("the accessibility statement, linked in the footer of the public and the app pages: the standard, the status, what was tested and how, what does not work, how to report", async ({ page, login }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
  await expect(page).toHaveURL("/accessibility");
  await expect(page).toHaveTitle("Accessibility Statement | Ledgerly");
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility Statement" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("Web Content Accessibility Guidelines (WCAG) 2.2 at level AA");
  await expect(main).toContainText("Partially conformant.");
  await expect(main).toContainText("once with JavaScript on and once with it off");
  // The versions it names are the ones this suite runs.
  const { readFileSync } = await import("node:fs");
  const versionOf = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../node_modules/${name}/package.json`), "utf8")).version.split(".").slice(0, 2).join(".");
  await expect(main).toContainText(`axe-core ${versionOf("axe-core")} (through @axe-core/playwright ${versionOf("@axe-core/playwright")})`);
  await expect(main).toContainText("label-content-name-mismatch");
  await expect(main).toContainText("Not done yet: tests with screen readers");
  await expect(main).toContainText("Show data table");
  await expect(main).toContainText(/Last updated: \w+ \d{1,2}, \d{4}/);
  await main.getByRole("link", { name: "contact page" }).click();
  await expect(page).toHaveURL("/contact");

  await login();
  await page.goto("/dashboard");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" })).toHaveAttribute("href", "/accessibility");
});

/* ---------------------------------------------------------------- focus in panels, with and without JavaScript */

test.describe("a link or a button that opens a panel moves focus into it", () => {
  test("Add Transaction: the dialog's title (with JavaScript a modal, without it a page aimed at its title)", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await visit(page, `/dashboard?month=${MONTH}`, javaScriptEnabled);
    await page.getByRole("link", { name: "Add Transaction" }).filter({ visible: true }).click();
    await expect(page.getByRole("heading", { name: "Add Transaction" })).toBeFocused();
    if (!javaScriptEnabled) await expect(page).toHaveURL(`/transactions/new?redirectTo=${encodeURIComponent(`/dashboard?month=${MONTH}`)}#transaction-form-title`);
  });

  test("the monthly budget: its amount field, and back to the link when Cancel closes it", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await visit(page, `/dashboard?month=${MONTH}`, javaScriptEnabled);
    const opener = page.getByRole("link", { name: "Set Monthly Budget" });
    await opener.click();
    await expect(page.getByRole("spinbutton", { name: "Monthly budget amount" })).toBeFocused();
    await page.getByRole("link", { name: "Cancel" }).click();
    if (javaScriptEnabled) await expect(opener).toBeFocused();
    else await expect(opener).toBeVisible();
  });

  test("a savings goal's edit panel (where the amount saved is raised): the form, and back to the goal's Edit link", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await premiumLogin(login, app);
    await seedGoal(user);
    await visit(page, "/savings", javaScriptEnabled);
    const opener = page.getByRole("link", { name: "Edit Emergency Fund" });
    await opener.click();
    const form = page.getByRole("form", { name: "Edit Goal" });
    await expect(form).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Goal Name")).toBeFocused();
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    if (javaScriptEnabled) await expect(opener).toBeFocused();
  });

  test("a rule's edit page: its title", async ({ page, login, javaScriptEnabled }) => {
    const user = await login();
    await seedRule(user);
    await visit(page, "/transactions/rules", javaScriptEnabled);
    await page.getByRole("link", { name: "Edit Coffee" }).click();
    await expect(page.getByRole("heading", { name: "Edit rule: Coffee" })).toBeFocused();
  });

  test("a confirmation a link opens: the rule's delete (its Cancel with JavaScript, the dialog without), and back to Delete", async ({ page, login, javaScriptEnabled }) => {
    const user = await login();
    await seedRule(user);
    await visit(page, "/transactions/rules", javaScriptEnabled);
    const opener = page.getByRole("link", { name: "Delete Coffee" });
    await opener.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Rule" });
    await expect(javaScriptEnabled ? dialog.getByRole("link", { name: "Cancel" }) : dialog).toBeFocused();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    if (javaScriptEnabled) await expect(opener).toBeFocused();
  });

  test("the profile: Delete my account lands on the delete section's title; Sign out of all devices on its confirmation", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await visit(page, "/profile", javaScriptEnabled);
    await page.getByRole("link", { name: "Sign out of all devices" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out of all devices?" });
    await expect(javaScriptEnabled ? dialog.getByRole("link", { name: "Cancel" }) : dialog).toBeFocused();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/profile/data#delete-account");
    await expect(page.getByRole("heading", { name: "Delete my account" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Your password")).toBeFocused();
  });

  test("starting two-factor setup lands on the setup's title", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await visit(page, "/profile/security", javaScriptEnabled);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeFocused();
  });

  test("the dashboard's transactions panel (its Close link with JavaScript, the panel without)", async ({ page, login, javaScriptEnabled }) => {
    await login();
    await visit(page, `/dashboard?month=${MONTH}`, javaScriptEnabled);
    await page.getByRole("link", { name: "View Transactions" }).click();
    const panel = page.getByRole("dialog", { name: "Transactions" });
    await expect(javaScriptEnabled ? panel.getByRole("link", { name: "Close transactions" }) : panel).toBeFocused();
  });
});

/* ---------------------------------------------------------------- focus in dialogs */

test.describe("focus goes into each dialog and back when it closes @js-only", () => {
  test("a confirmation a button opens: the category delete, closed by Escape and by Cancel", async ({ page, login }) => {
    await login();
    await page.goto(`/dashboard?month=${MONTH}`);
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "Delete Food & Dining" });
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await opener.click();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a confirmation a link opens: the debt delete, closed by Cancel", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user);
    await page.goto("/debt-management");
    await waitForHydration(page);
    const opener = page.getByRole("article", { name: "Store card" }).getByRole("link", { name: "Delete" });
    const dialog = page.getByRole("alertdialog", { name: "Delete Debt" });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/debt-management");
    await expect(opener).toBeFocused();
  });

  test("the Add Transaction dialog, a page of its own, closed by Escape, by Cancel and by the backdrop", async ({ page, login }) => {
    await login();
    await page.goto(`/dashboard?month=${MONTH}`);
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Add Transaction" });
    const dialog = page.getByRole("dialog", { name: "Add Transaction" });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(`/dashboard?month=${MONTH}`);
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`/dashboard?month=${MONTH}`);
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.getByTestId("transaction-form-backdrop").click({ position: { x: 5, y: 5 } });
    await expect(page).toHaveURL(`/dashboard?month=${MONTH}`);
    await expect(opener).toBeFocused();
  });

  test("the Edit Transaction dialog returns focus to the row's Edit link", async ({ page, login }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 1250, date: TODAY, description: "Lunch" });
    await page.goto("/transactions?tab=tracked");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: /Edit/ }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Edit Transaction" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/transactions\?/);
    await expect(opener).toBeFocused();
  });

  test("the checkout error dialog returns focus to Subscribe Now", async ({ page, login, stripeControl }) => {
    const user = await login();
    await page.goto("/subscription");
    await waitForHydration(page);
    await declineNextCheckout(stripeControl, user);
    const subscribe = page.getByRole("button", { name: "Subscribe Now" });
    await subscribe.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Payment Processing Error" });
    await expect(dialog).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(subscribe).toBeFocused();
  });

  test("the session-expiry dialog, closed by Continue Session", async ({ page, login }) => {
    await page.clock.install();
    await login();
    await page.goto(`/dashboard?month=${MONTH}`);
    await waitForIdleTracking(page);
    const opener = page.getByRole("link", { name: "View Transactions" });
    await opener.focus();
    await page.clock.fastForward("28:00");
    const dialog = page.getByRole("alertdialog", { name: "Session Expiring" });
    await expect(dialog.getByRole("button", { name: "Continue Session" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the cache debug panel, closed by Close", async ({ page, login }) => {
    await login();
    await page.goto(`/dashboard?month=${MONTH}`);
    await waitForShortcuts(page);
    const before = page.getByRole("link", { name: "View Transactions" });
    await before.focus();
    await page.keyboard.press("Control+Shift+D");
    const panel = page.getByRole("dialog", { name: "Cache Debug" });
    await expect(panel.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    await expect(before).toBeFocused();
  });
});
