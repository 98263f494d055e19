import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import mongoose from "mongoose";
import type * as Models from "../../models";
import type { AccountKind } from "~/features/accounts/accounts";
import { E2E_SESSION_SECRET, E2E_STATE_FILE } from "../e2e-constants.mjs";

type E2eState = { mongodbUri: string; outboxDir: string; appUrl: string; stripeUrl: string; plaidUrl: string };

function readState(): E2eState {
  return JSON.parse(readFileSync(E2E_STATE_FILE, "utf8"));
}

/** The test process talks to the app's database through the app's own data modules. */
async function useAppModules() {
  const state = readState();
  process.env.MONGODB_URI = state.mongodbUri;
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;
  process.env.SECURE_COOKIES = "false";
  process.env.MAIL_OUTBOX_DIR = state.outboxDir;
  const { connectDatabase } = await import("~/integrations/database.server");
  await connectDatabase();
  return {
    models: await import("../../models"),
    users: await import("~/features/auth/user.server"),
    sessions: await import("~/features/auth/session.server"),
    state,
  };
}

export type TestUser = { id: string; email: string; password: string };

export const STRONG_PASSWORD = "Str0ng!Passw0rd";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

async function postControl(standInUrl: string, path: string, body: unknown = {}) {
  const response = await fetch(`${standInUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return response.json();
}

/** The Stripe stand-in declines this user's next checkout with "Your card was declined." (402, card_error). */
export async function declineNextCheckout(stripeControl: Fixtures["stripeControl"], user: TestUser) {
  await stripeControl("/_control/fail-next", {
    path: "/v1/checkout/sessions",
    when: { client_reference_id: user.id },
    status: 402,
    type: "card_error",
    message: "Your card was declined.",
  });
}

/** The bank the Plaid stand-in's Link page offers first (scripts/stand-ins/plaid.mjs). */
export const LINKED_BANK = "First Platypus Bank";

/**
 * Opens the stand-in's Link page from `/bank`: with JavaScript in the page's frame once 'Connect' is
 * enabled, without it as Hosted Link (a redirect to the page itself). Answers where Link's buttons are.
 */
export async function openLink(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/bank");
  const connect = page.getByRole("button", { name: "Connect Bank Account" });
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await expect(connect).toBeEnabled();
  }
  await connect.click();
  const link = javaScriptEnabled ? page.frameLocator('iframe[title="Plaid Link"]') : page;
  await expect(link.getByRole("heading", { name: "Connect a bank account" })).toBeVisible();
  return link;
}

/**
 * Links the first bank of the stand-in's Link page, in the page (JavaScript) or through Hosted Link (none),
 * and waits for the sync the stand-in's webhook starts a second later: while it runs, a sync the test asks
 * for is answered "Syncing transactions..." instead of its own outcome.
 */
export async function linkBank(page: Page, javaScriptEnabled: boolean, app: Fixtures["app"], user: TestUser) {
  const link = await openLink(page, javaScriptEnabled);
  await expect(link.getByRole("radio", { name: LINKED_BANK })).toBeChecked();
  await link.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Bank account connected successfully!")).toBeVisible();
  await expect(page).toHaveURL("/bank");
  await expect(page.getByRole("article", { name: LINKED_BANK })).toBeVisible();
  await waitForWebhookSync(app, user);
}

async function waitForWebhookSync(app: Fixtures["app"], user: TestUser) {
  const deliveries = async () => (await (await fetch(`${app.state.plaidUrl}/__webhooks`)).json()) as { item_id: string; status: number | null }[];
  const bankSyncs = mongoose.connection.db!.collection("agendaJobs");
  const connection = await app.models.BankConnection.findOne({ userId: user.id }).sort({ _id: -1 }).lean();
  const itemId = connection!.itemId;
  await expect.poll(async () => (await deliveries()).some((delivery) => delivery.item_id === itemId && delivery.status !== null), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        const unfinished = await bankSyncs.countDocuments({ name: "bank-sync", "data.connectionId": String(connection!._id), lastFinishedAt: null, $or: [{ lockedAt: { $ne: null } }, { nextRunAt: { $lte: new Date() } }] });
        const bank = await app.models.BankConnection.findById(connection!._id).lean();
        return unfinished === 0 && !bank?.syncLockedUntil;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The stand-in's webhook starts a sync in the background: a page shows its error once it is stored. */
export async function waitForBankError(app: Fixtures["app"], user: TestUser) {
  await expect.poll(async () => (await app.models.BankConnection.findOne({ userId: user.id }).lean())?.status).toBe("error");
}

type Fixtures = {
  app: Awaited<ReturnType<typeof useAppModules>>;
  createUser: (options?: { email?: string; password?: string }) => Promise<TestUser>;
  login: (options?: { email?: string; password?: string }) => Promise<TestUser>;
  readEmail: (to: string) => Promise<{ subject: string; text: string }>;
  /** Calls a control endpoint of the Stripe stand-in (see scripts/stand-ins/stripe.mjs). */
  stripeControl: (path: string, body?: unknown) => Promise<unknown>;
  /** Calls a control endpoint of the Plaid stand-in (see scripts/stand-ins/plaid.mjs). */
  plaidControl: (path: string, body?: unknown) => Promise<unknown>;
};

export const test = base.extend<Fixtures, { workerApp: Awaited<ReturnType<typeof useAppModules>> }>({
  workerApp: [
    async ({}, use) => {
      const app = await useAppModules();
      await use(app);
      await mongoose.disconnect();
    },
    { scope: "worker" },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  // Each test is its own client address, so rate limits of one test never touch another.
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}` });
  },
  createUser: async ({ app }, use) => {
    await use(async ({ email = uniqueEmail(), password = STRONG_PASSWORD } = {}) => {
      const id = await app.users.createEmailUser(email, password);
      return { id, email: email.toLowerCase(), password };
    });
  },
  login: async ({ app, page, createUser }, use) => {
    await use(async (options) => {
      const user = await createUser(options);
      const { cookie } = await app.sessions.createSession(user.id, new Request(app.state.appUrl));
      const [nameValue] = cookie.split(";");
      const separator = nameValue.indexOf("=");
      await page.context().addCookies([
        {
          name: nameValue.slice(0, separator),
          value: nameValue.slice(separator + 1),
          url: app.state.appUrl,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
      return user;
    });
  },
  stripeControl: async ({ app }, use) => {
    await use((path, body) => postControl(app.state.stripeUrl, path, body));
  },
  plaidControl: async ({ app }, use) => {
    await use((path, body) => postControl(app.state.plaidUrl, path, body));
  },
  readEmail: async ({ app }, use) => {
    await use(async (to) => {
      await expect
        .poll(() => readdirSync(app.state.outboxDir).some((file) => readFileSync(path.join(app.state.outboxDir, file), "utf8").includes(`"to": "${to}"`)))
        .toBe(true);
      const file = readdirSync(app.state.outboxDir)
        .map((name) => path.join(app.state.outboxDir, name))
        .filter((name) => readFileSync(name, "utf8").includes(`"to": "${to}"`))
        .sort()
        .pop()!;
      return JSON.parse(readFileSync(file, "utf8"));
    });
  },
});

export { expect };

/** Signs a new user in and gives them Premium. */
export async function premiumLogin(login: () => Promise<TestUser>, app: { models: typeof Models }) {
  const user = await login();
  await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
  return user;
}

/** Fills and submits a form field by field, the way a person would. */
export async function fillForm(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** A transaction typed by hand (deleted afterwards when `deleted`), through the app's transactions feature on the fixtures' connection. */
export async function addTransaction(
  user: TestUser,
  { deleted = false, ...input }: { type: "income" | "expense"; amount: number; date: string; description: string; category?: string; deleted?: boolean },
) {
  const { createTransaction, softDeleteTransaction } = await import("~/features/transactions/transactions.server");
  const created = await createTransaction(user.id, { category: "food", ...input });
  if (deleted) await softDeleteTransaction(user.id, created.id);
  return created;
}

/** An account added through the app's accounts feature, on the fixtures' connection (on budget, opening on 2026-01-01 unless given). */
export async function seedAccount(user: TestUser, input: { name: string; kind: AccountKind; openingBalance: number; openingDate?: string }) {
  const { addAccount } = await import("~/features/accounts/accounts.server");
  const change = await addAccount(user.id, { onBudget: true, openingDate: "2026-01-01", ...input });
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

/** An account as the accounts page lists it, by its name. */
export function listedAccount(page: Page, name: string) {
  return page.getByRole("listitem", { name, exact: true });
}

/** Resolves once Remix has hydrated the page, so a change fires the page's own handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
}

/** The session-expiry timer starts once the page has recorded its first activity; fast-forward the clock only after. */
export async function waitForIdleTracking(page: Page) {
  await page.waitForFunction(() => sessionStorage.getItem("ledgerly:lastActivity") !== null);
}

/**
 * The signed-in layout's keyboard shortcuts (the cache debug panel's) listen once its effects have run, which the
 * router's readiness does not promise; the session timer records its first activity in the same commit.
 */
export async function waitForShortcuts(page: Page) {
  await waitForHydration(page);
  await waitForIdleTracking(page);
}

/** Waits for the answer of the next POST the page makes (a document post without JavaScript, a data request with it). */
export function nextPost(page: Page) {
  return page.waitForResponse((response) => response.request().method() === "POST");
}

/**
 * The server's answer to a refused form, awaited only without JavaScript: with it, the form's schema
 * refuses in the browser and nothing is posted (the same messages show under the fields either way).
 */
export function refusedByServer(page: Page, javaScriptEnabled: boolean) {
  return javaScriptEnabled ? null : nextPost(page);
}
