import type { APIRequestContext } from "@playwright/test";
import mongoose from "mongoose";
import type * as Models from "../../models";
import { expect, test, waitForHydration, type TestUser } from "../e2e/fixtures";
import { databaseBackAt, killDatabasePostgres, killDatabaseServer } from "./kill";

// Both kill the one database: never side by side.
test.describe.configure({ mode: "serial" });

/**
 * Runs after every other browser test (its own project): it kills the app's database. While the database is
 * down, pages answer 503 with the outage page and forms that write say their change may not have been saved;
 * supervision brings it back; every add the app acknowledged is stored, each once.
 */
const BACK_WITHIN_MS = 5_000;
/** PostgreSQL stays down this long after each kill (as after a slow crash recovery), so writes meet the outage. */
const POSTGRES_DOWN_MS = 2_000;
const READ_TEXT = "Your data is safe; we can't reach it right now — try again in a moment.";
const WRITE_TEXT = "Your change may not have been saved. It is safe to send it again: it will never be saved twice.";

/** How an add that was stored is answered: off to the transactions list. */
const ADDED = { status: 302, location: expect.stringMatching(/^\/transactions\?/) };

/** Adds an expense as the form does without JavaScript; resolves to the answer's status and text. */
async function add(request: APIRequestContext, origin: string, description: string) {
  const response = await request.post("/transactions/new", {
    form: { type: "expense", amount: "1.25", category: "food", date: "2026-03-05", description },
    headers: { Origin: origin, Accept: "text/html" },
    maxRedirects: 0,
  });
  const headers = response.headers();
  return { status: response.status(), location: headers.location, retryAfter: headers["retry-after"], text: await response.text() };
}

/** When /healthz first answers 200, asked every 50 ms for at most BACK_WITHIN_MS after `since`; null when it never does. */
async function healthyAt(request: APIRequestContext, since: number) {
  while (Date.now() - since <= BACK_WITHIN_MS) {
    if ((await request.get("/healthz")).status() === 200) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** Every acknowledged add is stored, and nothing is stored twice. */
async function expectStoredOnce(app: { models: typeof Models }, user: TestUser, acknowledged: string[]) {
  const stored = await app.models.Transaction.find({ userId: user.id, description: mongoose.trusted({ $regex: "^Kill test " }) }).select({ _id: 0, description: 1 }).lean();
  const descriptions = stored.map((transaction) => transaction.description);
  expect(new Set(descriptions).size).toBe(descriptions.length);
  expect(acknowledged.filter((description) => !descriptions.includes(description))).toEqual([]);
}

test("kill -9 of the embedded database: 503 while it is down, back by itself within 5 s, no acknowledged write lost", async ({ page, login, app }) => {
  test.setTimeout(120_000);
  const user = await login();
  const origin = app.state.appUrl;
  const acknowledged: string[] = [];
  const send = async (description: string) => {
    const { status, location } = await add(page.request, origin, description);
    expect([302, 503], `${description} answered ${status}`).toContain(status);
    if (status === 302) {
      expect(location).toEqual(ADDED.location);
      acknowledged.push(description);
    }
  };

  for (let index = 0; index < 20; index += 1) await send(`Kill test before ${index}`);
  killDatabaseServer(app.state.mongodbUri);
  const killedAt = Date.now();
  for (let index = 0; index < 5; index += 1) await send(`Kill test during ${index}`);
  const outage = await page.request.get("/dashboard", { headers: { Accept: "text/html" }, maxRedirects: 0 });
  if (outage.status() !== 200) {
    expect(outage.status()).toBe(503);
    expect(outage.headers()["retry-after"]).toBe("5");
    expect(await outage.text()).toContain(READ_TEXT);
  }

  await expect.poll(async () => (await page.request.get("/healthz")).status(), { timeout: BACK_WITHIN_MS, intervals: [100] }).toBe(200);
  expect(Date.now() - killedAt).toBeLessThan(BACK_WITHIN_MS);
  expect((await page.request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  for (let index = 0; index < 20; index += 1) await send(`Kill test after ${index}`);

  await expectStoredOnce(app, user, acknowledged);
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);
});

test("kill -9 of PostgreSQL (not FerretDB) ten times in a row: writes answer 503 saying a resend is safe, never 500; serving again within 5 s of the database, every time", async ({ page, login, app }) => {
  test.setTimeout(300_000);
  const user = await login();
  const origin = app.state.appUrl;
  const acknowledged: string[] = [];
  const outages: number[] = [];
  const recoveries: number[] = [];

  for (let round = 0; round < 10; round += 1) {
    const before = await add(page.request, origin, `Kill test ${round} before`);
    expect(before).toMatchObject(ADDED);
    acknowledged.push(`Kill test ${round} before`);

    const killedAt = Date.now();
    const back = databaseBackAt(app.state.mongodbUri, await killDatabasePostgres(app.state.mongodbUri, { downForMs: POSTGRES_DOWN_MS }));
    const outage = { over: false };
    const over = () => {
      outage.over = true;
    };
    back.then(over, over);
    // One write every 100 ms while PostgreSQL is down: those that came before the app saw the outage wait for the
    // database and succeed; the others are refused at once.
    const refused: string[] = [];
    const writes: Promise<void>[] = [];
    for (let index = 0; !outage.over; index += 1) {
      const description = `Kill test ${round} during ${index}`;
      writes.push(
        add(page.request, origin, description).then(async (answer) => {
          expect([302, 503], `${description} answered ${answer.status}`).toContain(answer.status);
          if (answer.status === 302) {
            expect(answer).toMatchObject(ADDED);
            acknowledged.push(description);
            return;
          }
          expect(answer.retryAfter).toBe("5");
          expect(answer.text).toContain(WRITE_TEXT);
          refused.push(description);
          const form = await page.request.get("/transactions/new", { headers: { Accept: "text/html" }, maxRedirects: 0 });
          expect([200, 503], "the add page").toContain(form.status());
          if (form.status() === 503) expect(await form.text()).toContain(READ_TEXT);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(writes);
    const backAt = await back;
    expect(refused.length, `round ${round}: writes while PostgreSQL was down`).toBeGreaterThan(0);
    const healthy = await healthyAt(page.request, backAt);
    expect(healthy, `round ${round}: /healthz 200 within ${BACK_WITHIN_MS} ms of the database being back`).not.toBeNull();
    outages.push(backAt - killedAt);
    recoveries.push(healthy! - backAt);

    expect((await page.request.get("/transactions/new", { maxRedirects: 0 })).status()).toBe(200);
    const after = await add(page.request, origin, `Kill test ${round} after`);
    expect(after).toMatchObject(ADDED);
    acknowledged.push(`Kill test ${round} after`);
  }

  await expectStoredOnce(app, user, acknowledged);
  test.info().annotations.push(
    { type: "outages (ms from the kill to the database answering)", description: outages.join(", ") },
    { type: "recoveries (ms from the database answering to /healthz 200)", description: recoveries.join(", ") },
  );
});

test("with JavaScript, a page whose data request meets the outage says the data is safe and a resend is safe, and reloads once it is over", async ({ page, login, app }) => {
  test.setTimeout(60_000);
  await login();
  await page.goto("/dashboard");
  await waitForHydration(page);
  const killed = await killDatabasePostgres(app.state.mongodbUri, { downForMs: 6_000 });
  await page.getByRole("navigation").getByRole("link", { name: "Transactions", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Ledgerly is briefly unavailable" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Your data is safe; we can't reach it right now — try again in a moment.")).toBeVisible();
  await expect(page.getByText("it is safe to send it again, it will never be saved twice.")).toBeVisible();
  await databaseBackAt(app.state.mongodbUri, killed);
  await expect.poll(async () => (await page.request.get("/healthz")).status(), { timeout: BACK_WITHIN_MS }).toBe(200);
  await page.getByRole("link", { name: "Reload page" }).click();
  await expect(page.getByTestId("page-title")).toHaveText("Transactions");
});
