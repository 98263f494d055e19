import { execFileSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import mongoose from "mongoose";
import { expect, test } from "../e2e/fixtures";

/**
 * Runs after every other browser test (its own project): it kills the app's database. While the database is
 * down, pages answer 503 with the outage page; supervision brings it back within 5 seconds; every add the app
 * acknowledged is stored, each once.
 */
const BACK_WITHIN_MS = 5_000;

/** The PID of the embedded database listening on `port` (the launcher that runs FerretDB). */
function databasePid(port: string) {
  const pids = execFileSync("pgrep", ["-f", `ferretdb-launcher -listen 127.0.0.1:${port}`], { encoding: "utf8" }).trim().split("\n");
  expect(pids).toHaveLength(1);
  return Number(pids[0]);
}

/** Adds an expense as the form does; resolves to whether the app acknowledged it (redirected) or refused it (503). */
async function add(request: APIRequestContext, origin: string, description: string) {
  const response = await request.post("/transactions/new", {
    form: { type: "expense", amount: "1.25", category: "food", date: "2026-03-05", description },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect([302, 503], `${description} answered ${response.status()}`).toContain(response.status());
  return response.status() === 302;
}

test("kill -9 of the embedded database: 503 while it is down, back by itself within 5 s, no acknowledged write lost", async ({ page, login, app }) => {
  test.setTimeout(120_000);
  const user = await login();
  const origin = app.state.appUrl;
  const acknowledged: string[] = [];
  const send = async (description: string) => {
    if (await add(page.request, origin, description)) acknowledged.push(description);
  };

  for (let index = 0; index < 20; index += 1) await send(`Kill test before ${index}`);
  process.kill(databasePid(new URL(app.state.mongodbUri).port), "SIGKILL");
  const killedAt = Date.now();
  for (let index = 0; index < 5; index += 1) await send(`Kill test during ${index}`);
  const outage = await page.request.get("/dashboard", { headers: { Accept: "text/html" }, maxRedirects: 0 });
  if (outage.status() !== 200) {
    expect(outage.status()).toBe(503);
    expect(outage.headers()["retry-after"]).toBe("5");
    expect(await outage.text()).toContain("Your data is safe; we can't reach it right now — try again in a moment.");
  }

  await expect.poll(async () => (await page.request.get("/healthz")).status(), { timeout: BACK_WITHIN_MS, intervals: [100] }).toBe(200);
  expect(Date.now() - killedAt).toBeLessThan(BACK_WITHIN_MS);
  expect((await page.request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  for (let index = 0; index < 20; index += 1) await send(`Kill test after ${index}`);

  const stored = await app.models.Transaction.find({ userId: user.id, description: mongoose.trusted({ $regex: "^Kill test " }) }).select({ _id: 0, description: 1 }).lean();
  const descriptions = stored.map((transaction) => transaction.description);
  expect(new Set(descriptions).size).toBe(descriptions.length);
  expect(acknowledged.filter((description) => !descriptions.includes(description))).toEqual([]);
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);
});
