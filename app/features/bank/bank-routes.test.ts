import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import mongoose from "mongoose";
import { BankConnection, Transaction, User } from "../../../models";
import { action as bankAction, loader as bankLoader } from "~/routes/_app.bank";
import { loader as completeLoader } from "~/routes/bank.link-complete";
import { action as linkTokenAction } from "~/routes/resources.bank-link-token";
import { action as webhookAction } from "~/routes/webhooks.plaid";
import { deleteAccount } from "~/features/account/account.server";
import { startPlaidStandIn, STAND_IN_DEFAULTS } from "../../../scripts/stand-ins/plaid.mjs";
import { BANK_SYNC, syncBank, syncBankIfStillAsked, syncEveryBank } from "../../../jobs/bank-sync";
import { createGoogleUser, createPremiumUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf, webhookRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { BANK_INTENTS, BANK_MESSAGES, type BankConnectionView } from "./bank";

const WEBHOOK_PATH = "/webhooks/plaid";

let standIn: Awaited<ReturnType<typeof startPlaidStandIn>>;
let webhookReceiver: http.Server;
/** What the app answered to each webhook the stand-in sent (the receiver hands them to the route). */
const webhookAnswers: Array<{ status: number; body: unknown }> = [];

// Registered before the database hook, so the environment is set before anything reads it.
beforeAll(async () => {
  standIn = await startPlaidStandIn({ port: 0, initialWebhook: false });
  webhookReceiver = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const request = webhookRequest(WEBHOOK_PATH, Buffer.concat(chunks).toString("utf8"), { "Plaid-Verification": String(incoming.headers["plaid-verification"] ?? "") });
      const response = (await outcome(() => webhookAction({ request, params: {}, context: { clientAddress: "127.0.0.1" } }))) as Response;
      webhookAnswers.push({ status: response.status, body: await response.json() });
      outgoing.writeHead(response.status).end();
    });
  });
  await new Promise<void>((resolve) => webhookReceiver.listen(0, "127.0.0.1", resolve));
  const { port } = webhookReceiver.address() as { port: number };
  process.env.PLAID_CLIENT_ID = STAND_IN_DEFAULTS.clientId;
  process.env.PLAID_SECRET = STAND_IN_DEFAULTS.secret;
  process.env.PLAID_API_URL = standIn.url;
  process.env.PLAID_LINK_SCRIPT_URL = `${standIn.url}/link/v2/stable/link-initialize.js`;
  process.env.PLAID_WEBHOOK_URL = `http://127.0.0.1:${port}${WEBHOOK_PATH}`;
});
useTestDatabase();
afterAll(async () => {
  await standIn.stop();
  await new Promise((resolve) => webhookReceiver.close(resolve));
});
beforeEach(async () => {
  await control("reset");
  webhookAnswers.length = 0;
});

const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "127.0.0.1" } });

async function control(name: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${standIn.url}/__control/${name}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return response.json();
}

type StandInItem = { item_id: string; client_user_id: string; access_token: string; removed: boolean; loginRequired: boolean };
async function itemsOf(userId: string): Promise<StandInItem[]> {
  return (await fetch(`${standIn.url}/__items?client_user_id=${userId}`)).json();
}

async function post(cookie: string, fields: Record<string, string>) {
  return (await outcome(() => bankAction(args(postRequest("/bank", cookie, fields))))) as Response;
}

async function page(cookie: string) {
  return payloadOf<{ premium: boolean; configured: boolean; connections: BankConnectionView[] }>(await outcome(() => bankLoader(args(getRequest("/bank", cookie)))));
}

/** The fields a browser would send from the first form of an HTML page: hidden inputs and the checked radio. */
function formFields(html: string, action: string) {
  const start = html.indexOf(`action="${action}"`);
  expect(start, `a form posting to ${action}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? "";
    const type = /type="([^"]*)"/.exec(input)?.[1] ?? "text";
    if (!name || (type === "radio" && !/\schecked/.test(input))) continue;
    fields.append(name, value);
  }
  return fields;
}

/** Goes through the stand-in's Hosted Link page as a browser without JavaScript: Continue (or Cancel), then back to the app. */
async function throughHostedLink(hostedLinkUrl: string, choice: "continue" | "cancel" = "continue") {
  const html = await (await fetch(hostedLinkUrl)).text();
  const action = `/link/${choice}`;
  const answer = await fetch(`${standIn.url}${action}`, { method: "POST", body: formFields(html, action), redirect: "manual" });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

async function linkBank(cookie: string) {
  const started = await post(cookie, { intent: BANK_INTENTS.link });
  expect(started.status).toBe(303);
  const back = await throughHostedLink(started.headers.get("location")!);
  expect(back.pathname).toBe("/bank/link-complete");
  return (await outcome(() => completeLoader(args(getRequest(back.pathname, cookie))))) as Response;
}

async function premiumWithBank() {
  const userId = await createPremiumUser();
  const cookie = await cookieFor(userId);
  const linked = await linkBank(cookie);
  expect(await toastOf(linked)).toMatchObject({ type: "success", message: BANK_MESSAGES.connected });
  const [connection] = (await page(cookie)).connections;
  return { userId, cookie, connection };
}

const bankTransactions = (userId: string) => Transaction.find({ userId, source: "plaid" }).sort({ date: 1, description: 1 }).lean();

describe("linking a bank without JavaScript (Hosted Link)", () => {
  test("links through the hosted flow, imports the bank's transactions once, uncategorized, with the bank's name", async () => {
    const { userId, connection } = await premiumWithBank();
    expect(connection).toMatchObject({ institutionName: expect.any(String), status: "active", lastError: null, needsRelink: false });
    expect(connection.accounts.map((account) => account.mask)).toEqual(expect.arrayContaining(["0000", "1111"]));
    expect(connection.lastSync).not.toBeNull();

    const imported = await bankTransactions(userId);
    expect(imported).toHaveLength(12);
    expect(new Set(imported.map((transaction) => transaction.bankTransactionId)).size).toBe(12);
    expect(imported.every((transaction) => transaction.category === "" && transaction.bankName === connection.institutionName)).toBe(true);
    expect(imported.filter((transaction) => transaction.pending)).toHaveLength(1);
    const payroll = imported.find((transaction) => /payroll/i.test(transaction.description));
    expect(payroll).toMatchObject({ type: "income", amount: 250000 });
  });

  test("a user who cancels comes back to the bank page with nothing linked and no alarm", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const started = await post(cookie, { intent: BANK_INTENTS.link });
    const back = await throughHostedLink(started.headers.get("location")!, "cancel");
    const answer = (await outcome(() => completeLoader(args(getRequest(back.pathname, cookie))))) as Response;
    expect(answer.headers.get("location")).toBe("/bank");
    expect(await toastOf(answer)).toBeNull();
    expect(await BankConnection.countDocuments({ userId })).toBe(0);
  });

  test("free users see 'Premium Required' and cannot start a link", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    expect(await page(cookie)).toMatchObject({ premium: false, configured: false, connections: [] });
    const refused = await post(cookie, { intent: BANK_INTENTS.link });
    expect(refused.headers.get("location")).toBe("/manage-subscription");
    const token = (await outcome(() => linkTokenAction(args(postRequest("/resources/bank-link-token", cookie, {}))))) as Response;
    expect(token.status).toBe(403);
    expect(await token.json()).toEqual({ error: BANK_MESSAGES.premiumRequired });
  });
});

describe("linking a bank with JavaScript (Link in the page)", () => {
  test("the page gets a link token, never an access token; the public token from Link is exchanged", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const answer = (await outcome(() => linkTokenAction(args(postRequest("/resources/bank-link-token", cookie, {}))))) as Response;
    const { linkToken } = (await answer.json()) as { linkToken: string };
    expect(linkToken).toMatch(/^link-/);

    const html = await (await fetch(`${standIn.url}/link?token=${linkToken}&embedded=1`)).text();
    const success = await (await fetch(`${standIn.url}/link/continue`, { method: "POST", body: formFields(html, "/link/continue") })).text();
    const publicToken = /public-sandbox-[\w-]+/.exec(success)?.[0];
    expect(publicToken).toBeDefined();

    const exchanged = await post(cookie, { intent: BANK_INTENTS.exchange, publicToken: publicToken! });
    expect(await toastOf(exchanged)).toMatchObject({ type: "success", message: BANK_MESSAGES.connected });
    expect(await bankTransactions(userId)).toHaveLength(12);
  });

  test("a public token that is not one is refused with 400 and nothing is linked", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const refused = await outcome(() => bankAction(args(postRequest("/bank", cookie, { intent: BANK_INTENTS.exchange, publicToken: "abc" }))));
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf(refused)).toEqual({ error: BANK_MESSAGES.invalidToken });
    expect(await BankConnection.countDocuments({ userId })).toBe(0);
  });
});

describe("tokens stay secret", () => {
  test("the stored access token is sealed, not selected by default, and never in the page's data", async () => {
    const { userId, cookie } = await premiumWithBank();
    const [item] = await itemsOf(userId);
    const raw = await mongoose.connection.db!.collection("plaidAccounts").findOne({ userId: new mongoose.Types.ObjectId(userId) });
    expect(JSON.stringify(raw)).not.toContain(item.access_token);
    expect(raw?.accessToken).toMatchObject({ keyId: "vitest", iv: expect.any(String), tag: expect.any(String), data: expect.any(String) });
    const read = await BankConnection.findOne({ userId }).lean();
    expect(read).not.toHaveProperty("accessToken");
    expect(read).not.toHaveProperty("cursor");
    expect(JSON.stringify(await page(cookie))).not.toContain("access-");
  });

  test("a failing sync logs Plaid's code, never the token", async () => {
    const { userId, cookie, connection } = await premiumWithBank();
    const [item] = await itemsOf(userId);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await control("fail", { path: "/transactions/sync", error_code: "INTERNAL_SERVER_ERROR", error_type: "API_ERROR", status: 500, client_user_id: userId });
    const answer = await post(cookie, { intent: BANK_INTENTS.sync, connectionId: connection.id });
    expect(await toastOf(answer)).toMatchObject({ type: "error", message: BANK_MESSAGES.syncFailed });
    const lines = logged.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
    logged.mockRestore();
    expect(lines).toContain("INTERNAL_SERVER_ERROR");
    expect(lines).not.toContain(item.access_token);
  });
});

describe("syncing", () => {
  test("syncing again imports nothing twice; new bank activity brings only what changed", async () => {
    const { userId, cookie, connection } = await premiumWithBank();
    const again = await post(cookie, { intent: BANK_INTENTS.sync, connectionId: connection.id });
    expect(await toastOf(again)).toMatchObject({ type: "success", message: BANK_MESSAGES.synced(0) });
    expect(await bankTransactions(userId)).toHaveLength(12);

    const pendingBefore = (await bankTransactions(userId)).find((transaction) => transaction.pending)!;
    await Transaction.updateOne({ _id: pendingBefore._id }, { $set: { category: "transportation" } });
    const [{ added, modified, removed }] = (await control("advance", { client_user_id: userId, webhook: false })).items;
    expect(added.length).toBeGreaterThan(0);

    const all = await post(cookie, { intent: BANK_INTENTS.syncAll });
    expect(await toastOf(all)).toMatchObject({ type: "success", message: BANK_MESSAGES.synced(2) });
    const after = await bankTransactions(userId);
    expect(after).toHaveLength(12 + 2 - 1);
    const ids = after.map((transaction) => transaction.bankTransactionId);
    for (const id of added) expect(ids).toContain(id);
    for (const id of removed) expect(ids).not.toContain(id);
    expect(ids).toContain(modified[0]);
    const posted = after.find((transaction) => transaction._id.equals(pendingBefore._id))!;
    expect(posted).toMatchObject({ pending: false, category: "transportation" });
    expect(after.filter((transaction) => transaction.pending)).toHaveLength(0);

    const replay = await post(cookie, { intent: BANK_INTENTS.syncAll });
    expect(await toastOf(replay)).toMatchObject({ message: BANK_MESSAGES.synced(0) });
    expect(await bankTransactions(userId)).toHaveLength(13);
  });

  test("data that moves while pages are read restarts the sync from the saved cursor, without duplicates", async () => {
    await control("config", { syncPageSize: 5 });
    try {
      const userId = await createPremiumUser();
      const cookie = await cookieFor(userId);
      await control("fail", { path: "/transactions/sync", error_code: "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION", error_type: "TRANSACTIONS_ERROR", after: 1, client_user_id: userId });
      await linkBank(cookie);
      const imported = await bankTransactions(userId);
      expect(imported).toHaveLength(12);
      expect(new Set(imported.map((transaction) => transaction.bankTransactionId)).size).toBe(12);
      const syncCalls = ((await (await fetch(`${standIn.url}/__requests`)).json()) as Array<{ path: string }>).filter((request) => request.path === "/transactions/sync");
      expect(syncCalls.length).toBe(2 + 3);
    } finally {
      await control("config", { syncPageSize: 500 });
    }
  });

  test("another user's bank is not found", async () => {
    const { connection } = await premiumWithBank();
    const stranger = await cookieFor(await createPremiumUser());
    for (const intent of [BANK_INTENTS.sync, BANK_INTENTS.disconnect, BANK_INTENTS.relink]) {
      const answer = await outcome(() => bankAction(args(postRequest("/bank", stranger, { intent, connectionId: connection.id }))));
      expect(statusOf(answer)).toBe(404);
    }
    expect(await BankConnection.countDocuments({ _id: connection.id })).toBe(1);
  });

  test("/bank?disconnect=<id> asks before disconnecting the user's bank; another user's or an unknown id asks nothing", async () => {
    const { cookie: own, connection } = await premiumWithBank();
    const stranger = await cookieFor(await createPremiumUser());
    const asked = payloadOf<Awaited<ReturnType<typeof bankLoader>>>(await bankLoader(args(getRequest(`/bank?disconnect=${connection.id}`, own))));
    expect(asked.confirmDisconnectId).toBe(connection.id);
    for (const [cookie, id] of [[stranger, connection.id], [own, "nope"]]) {
      const page = payloadOf<Awaited<ReturnType<typeof bankLoader>>>(await bankLoader(args(getRequest(`/bank?disconnect=${id}`, cookie))));
      expect(page.confirmDisconnectId).toBeNull();
    }
    expect(await BankConnection.countDocuments({ _id: connection.id })).toBe(1);
  });

  test("an unknown intent is a 400 and changes nothing", async () => {
    const cookie = await cookieFor(await createPremiumUser());
    const answer = await outcome(() => bankAction(args(postRequest("/bank", cookie, { intent: "explode" }))));
    expect(statusOf(answer)).toBe(400);
  });
});

describe("webhooks and jobs", () => {
  test("a signed SYNC_UPDATES_AVAILABLE queues a sync job for the bank, and the job brings the new transactions", async () => {
    const { userId, connection } = await premiumWithBank();
    await control("advance", { client_user_id: userId, webhook: true });
    expect(webhookAnswers).toEqual([{ status: 200, body: { received: true, result: "sync" } }]);
    const queued = await mongoose.connection.db!.collection("agendaJobs").findOne({ name: BANK_SYNC, "data.connectionId": connection.id });
    expect(queued).not.toBeNull();

    expect(await syncBank(connection.id)).toBe("synced");
    expect(await bankTransactions(userId)).toHaveLength(13);
    expect(await syncBank(connection.id)).toBe("synced");
    expect(await bankTransactions(userId)).toHaveLength(13);
  });

  test("news during a sync makes that sync run once more when it ends; the queued retry then finds nothing asked", async () => {
    const { userId, connection } = await premiumWithBank();
    const running = syncBank(connection.id);
    await vi.waitFor(async () => expect((await BankConnection.findById(connection.id).lean())?.syncLockedUntil).not.toBeNull(), { interval: 5 });
    await control("advance", { client_user_id: userId, webhook: false });
    expect(await syncBank(connection.id)).toBe("busy");
    expect(await running).toBe("synced");
    expect(await bankTransactions(userId)).toHaveLength(13);
    expect(await BankConnection.findById(connection.id).lean()).toMatchObject({ syncAgain: false, syncLockedUntil: null, status: "active" });
    expect(await syncBankIfStillAsked(connection.id)).toBe("already-synced");
  });

  test("a webhook whose body was altered, or that carries no signature, is refused", async () => {
    const { userId } = await premiumWithBank();
    const request = (body: string, verification: string) => webhookAction(args(webhookRequest(WEBHOOK_PATH, body, { "Plaid-Verification": verification })));
    await control("webhook", { client_user_id: userId, webhook_type: "TRANSACTIONS", webhook_code: "SYNC_UPDATES_AVAILABLE" });
    const delivered = ((await (await fetch(`${standIn.url}/__webhooks`)).json()) as Array<{ payload: unknown }>).at(-1)!;
    const [item] = await itemsOf(userId);
    const forged = JSON.stringify({ webhook_type: "TRANSACTIONS", webhook_code: "SYNC_UPDATES_AVAILABLE", item_id: item.item_id }, null, 2);
    expect(delivered).toBeDefined();
    expect((await request(forged, "not.a.jwt")).status).toBe(401);
    expect((await request(forged, "")).status).toBe(401);
  });

  test("an item whose login expired shows 'Sync Error' with Plaid's words and offers update mode, which repairs it", async () => {
    const { userId, cookie, connection } = await premiumWithBank();
    await control("login-required", { client_user_id: userId, webhook: true });
    expect(webhookAnswers.at(-1)).toEqual({ status: 200, body: { received: true, result: "recorded" } });
    const [broken] = (await page(cookie)).connections;
    expect(broken).toMatchObject({ status: "error", needsRelink: true, lastError: expect.stringContaining("reconnect") });

    const failed = await post(cookie, { intent: BANK_INTENTS.sync, connectionId: connection.id });
    expect(await toastOf(failed)).toMatchObject({ type: "error", message: BANK_MESSAGES.syncFailed });

    const relink = await post(cookie, { intent: BANK_INTENTS.relink, connectionId: connection.id });
    expect(relink.status).toBe(303);
    const back = await throughHostedLink(relink.headers.get("location")!);
    const repaired = (await outcome(() => completeLoader(args(getRequest(back.pathname, cookie))))) as Response;
    expect(await toastOf(repaired)).toMatchObject({ type: "success", message: BANK_MESSAGES.reconnected });
    expect((await page(cookie)).connections[0]).toMatchObject({ status: "active", lastError: null, needsRelink: false });
  });

  test("the nightly job syncs every bank but those waiting for their user to log in again", async () => {
    // Banks of earlier tests are unknown to the reset stand-in.
    await BankConnection.deleteMany({});
    const first = await premiumWithBank();
    const second = await premiumWithBank();
    await control("advance", { client_user_id: first.userId, webhook: false });
    await control("advance", { client_user_id: second.userId, webhook: false });
    await control("login-required", { client_user_id: second.userId, webhook: true });
    expect(await syncEveryBank()).toEqual({ synced: 1, busy: 0, failed: 0, gone: 0 });
    expect(await bankTransactions(first.userId)).toHaveLength(13);
    expect(await bankTransactions(second.userId)).toHaveLength(12);
    expect((await page(second.cookie)).connections[0]).toMatchObject({ status: "error", needsRelink: true });
  });
});

describe("disconnecting", () => {
  test("removes the item at Plaid and the sealed token; the imported transactions stay, and linking again imports none twice", async () => {
    const { userId, cookie, connection } = await premiumWithBank();
    const answer = await post(cookie, { intent: BANK_INTENTS.disconnect, connectionId: connection.id });
    expect(await toastOf(answer)).toMatchObject({ type: "success", message: BANK_MESSAGES.disconnected });
    expect(await BankConnection.countDocuments({ userId })).toBe(0);
    expect((await itemsOf(userId))[0].removed).toBe(true);
    const kept = await bankTransactions(userId);
    expect(kept).toHaveLength(12);
    expect(kept.every((transaction) => transaction.bankTransactionId === null && transaction.bankName === connection.institutionName)).toBe(true);

    await linkBank(cookie);
    expect(await bankTransactions(userId)).toHaveLength(12);
  });

  test("deleting the account removes its banks at Plaid", async () => {
    const { userId } = await premiumWithBank();
    const user = await User.findById(userId).lean();
    const deleted = await deleteAccount(userId, { email: user!.email });
    expect(deleted).toEqual({ ok: true });
    expect((await itemsOf(userId))[0].removed).toBe(true);
    expect(await BankConnection.countDocuments({ userId })).toBe(0);
  });
});
