import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../e2e/fixtures";
import { databaseBackAt, killDatabasePostgres } from "./kill";

/**
 * kill -9 of PostgreSQL while 20 users add transactions, each sending an add again (with the same form key)
 * until the app acknowledges it, as the outage page invites. Afterwards every user's dashboard shows what a
 * recount of their live transactions says, and every add is stored exactly once.
 */
const USERS = 20;
const ADDS_PER_USER = 12;
const MONTH = "2026-11";

/** A key as the app issues them (the time and random bytes, base64url): one per add, kept for its retries. */
function formKey() {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  randomBytes(10).copy(bytes, 6);
  return bytes.toString("base64url");
}

/** Sends the add until the app acknowledges it (a redirect); an outage answers 503 (or drops the connection). */
async function addUntilAcknowledged(request: APIRequestContext, form: Record<string, string>) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await request.post("/transactions/new", { form, maxRedirects: 0, timeout: 15_000 }).catch(() => null);
    if (response?.status() === 302) return attempt;
    if (response) expect([503], `an add answered ${response.status()}`).toContain(response.status());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("an add was never acknowledged");
}

test("kill -9 of PostgreSQL under concurrent adds: every dashboard equals a recount, every add stored once", async ({ app, createUser, playwright, browser }) => {
  test.setTimeout(240_000);
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const user = await createUser();
      const { cookie } = await app.sessions.createSession(user.id, new Request(app.state.appUrl));
      const request = await playwright.request.newContext({
        baseURL: app.state.appUrl,
        extraHTTPHeaders: { Cookie: cookie.split(";")[0], Origin: app.state.appUrl, "X-Forwarded-For": `10.24.0.${index + 1}` },
      });
      return { user, cookie: cookie.split(";")[0], request };
    }),
  );

  let retried = 0;
  const writers = users.map(async ({ request }, userIndex) => {
    for (let index = 0; index < ADDS_PER_USER; index += 1) {
      const cents = 100 + userIndex * 37 + index * 11;
      retried += await addUntilAcknowledged(request, {
        type: "expense",
        amount: (cents / 100).toFixed(2),
        category: "food",
        date: `${MONTH}-${String((index % 28) + 1).padStart(2, "0")}`,
        description: `Kill ${userIndex}-${index}`,
        submissionKey: formKey(),
      });
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const killed = await killDatabasePostgres(app.state.mongodbUri, { downForMs: 6_000 });
  await databaseBackAt(app.state.mongodbUri, killed);
  await Promise.all(writers);
  expect(retried, "some adds met the outage and were sent again").toBeGreaterThan(0);
  console.log(`ledger kill: ${USERS} users × ${ADDS_PER_USER} adds, ${retried} sent again after meeting the outage`);

  for (const [userIndex, { user, cookie }] of users.entries()) {
    const stored = await app.models.Transaction.find({ userId: user.id }).lean();
    expect(stored.map((transaction) => transaction.description).sort()).toEqual(Array.from({ length: ADDS_PER_USER }, (_, index) => `Kill ${userIndex}-${index}`).sort());
    const recount = stored.filter((transaction) => !transaction.deleted && transaction.type === "expense" && transaction.monthKey === MONTH).reduce((sum, transaction) => sum + transaction.amount, 0);

    const context = await browser.newContext({ baseURL: app.state.appUrl, javaScriptEnabled: false });
    const separator = cookie.indexOf("=");
    await context.addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: app.state.appUrl }]);
    const page = await context.newPage();
    await page.goto(`/dashboard?month=${MONTH}`);
    await expect(page.getByTestId("summary-expenses"), `${user.email}'s dashboard`).toHaveText(`$${(recount / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    await context.close();
  }
  await Promise.all(users.map(({ request }) => request.dispose()));
});
