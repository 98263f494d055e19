import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { Configuration, CountryCode, PlaidApi, Products, type LinkTokenCreateRequest, type Transaction } from "plaid";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEEDED_TRANSACTIONS, STAND_IN_DEFAULTS, startPlaidStandIn } from "./plaid.mjs";

const COMPLETION_URI = "http://app.test/bank/link-complete";

type ReceivedWebhook = { headers: http.IncomingHttpHeaders; rawBody: string; payload: Record<string, unknown> };
type PlaidErrorBody = { status: number; error_code: string; error_type: string; error_message: string; display_message: string | null };
type ItemSummary = { item_id: string; client_user_id: string; removed: boolean; loginRequired: boolean; transactionCount: number; cursorHead: number };
type AdvanceAnswer = { items: { item_id: string; added: string[]; modified: string[]; removed: string[]; webhookStatus: number | null }[] };

let standIn: Awaited<ReturnType<typeof startPlaidStandIn>>;
let plaid: PlaidApi;
let receiver: http.Server;
let webhookUrl: string;
let received: ReceivedWebhook[] = [];

function startReceiver() {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    received.push({ headers: request.headers, rawBody, payload: JSON.parse(rawBody) });
    response.writeHead(200).end("ok");
  });
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function plaidClient(secret = STAND_IN_DEFAULTS.secret) {
  return new PlaidApi(
    new Configuration({
      basePath: standIn.url,
      baseOptions: { headers: { "PLAID-CLIENT-ID": STAND_IN_DEFAULTS.clientId, "PLAID-SECRET": secret } },
    }),
  );
}

async function control<T = unknown>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${standIn.url}/__control/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<T>;
}

async function items(clientUserId: string) {
  const response = await fetch(`${standIn.url}/__items?client_user_id=${encodeURIComponent(clientUserId)}`);
  return response.json() as Promise<ItemSummary[]>;
}

/** The error Plaid answered, read from the SDK's (axios) error. */
async function plaidFailure(request: Promise<unknown>): Promise<PlaidErrorBody> {
  try {
    await request;
  } catch (error) {
    const response = (error as { response?: { status: number; data: PlaidErrorBody } }).response;
    if (response) return { ...response.data, status: response.status };
    throw error;
  }
  throw new Error("Expected Plaid to answer with an error");
}

async function waitForWebhook(predicate: (webhook: ReceivedWebhook) => boolean) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const webhook = received.find(predicate);
    if (webhook) return webhook;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("No matching webhook arrived");
}

const webhookFor = (itemId: string, code: string) => (webhook: ReceivedWebhook) =>
  webhook.payload.item_id === itemId && webhook.payload.webhook_code === code;

const newUser = () => `user-${randomUUID()}`;

async function createLinkToken(clientUserId: string, extra: Partial<LinkTokenCreateRequest> = {}) {
  const { data } = await plaid.linkTokenCreate({
    client_name: "Ledgerly",
    language: "en",
    country_codes: [CountryCode.Us],
    user: { client_user_id: clientUserId },
    products: [Products.Transactions],
    webhook: webhookUrl,
    ...extra,
  });
  return data;
}

const hostedLink = { hosted_link: { completion_redirect_uri: COMPLETION_URI } };

/** Opens the Link page like a browser without JavaScript would, then submits its Continue or Cancel form. */
async function submitLink(linkToken: string, action: "continue" | "cancel", { institutionId = "ins_109508", embedded = false } = {}) {
  const pageResponse = await fetch(`${standIn.url}/link?token=${encodeURIComponent(linkToken)}${embedded ? "&embedded=1" : ""}`);
  const markup = await pageResponse.text();
  const hidden = [...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]);
  const form = new URLSearchParams(Object.fromEntries(hidden));
  if (action === "continue") form.set("institution_id", institutionId);
  return fetch(`${standIn.url}/link/${action}`, { method: "POST", body: form, redirect: "manual" });
}

/** Links a new item through Hosted Link and exchanges its public token. */
async function linkItem(clientUserId: string, institutionId = "ins_109508") {
  const { link_token: linkToken } = await createLinkToken(clientUserId, hostedLink);
  await submitLink(linkToken, "continue", { institutionId });
  const { data } = await plaid.linkTokenGet({ link_token: linkToken });
  const publicToken = data.link_sessions!.at(-1)!.results!.item_add_results[0].public_token;
  const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: publicToken });
  return { accessToken: exchanged.access_token, itemId: exchanged.item_id, linkToken, publicToken };
}

/** Follows has_more to the end, like a client applying every page. */
async function syncAll(accessToken: string, cursor = "", count = 100) {
  const added: Transaction[] = [];
  const modified: Transaction[] = [];
  const removed: string[] = [];
  const cursors: string[] = [];
  let next = cursor;
  for (;;) {
    const { data } = await plaid.transactionsSync({ access_token: accessToken, count, ...(next ? { cursor: next } : {}) });
    added.push(...data.added);
    modified.push(...data.modified);
    removed.push(...data.removed.map((transaction) => transaction.transaction_id));
    cursors.push(data.next_cursor);
    next = data.next_cursor;
    if (!data.has_more) break;
  }
  return { added, modified, removed, cursor: next, pages: cursors.length, cursors };
}

beforeAll(async () => {
  receiver = await startReceiver();
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/plaid`;
  standIn = await startPlaidStandIn({ initialWebhookDelayMs: 0 });
  plaid = plaidClient();
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(async () => {
  await control("reset");
  received = [];
});

describe("Plaid stand-in", () => {
  it("seeds twelve distinct transactions within the last 30 days, exactly one of them pending", () => {
    expect(SEEDED_TRANSACTIONS).toHaveLength(12);
    expect(new Set(SEEDED_TRANSACTIONS.map((seed) => seed.name)).size).toBe(12);
    expect(SEEDED_TRANSACTIONS.filter((seed) => seed.pending)).toHaveLength(1);
    expect(SEEDED_TRANSACTIONS.every((seed) => seed.daysAgo >= 1 && seed.daysAgo < 30)).toBe(true);
    expect(SEEDED_TRANSACTIONS.find((seed) => seed.name === "Payroll ACME Corp")?.amount).toBe(-2500);
  });

  it("refuses wrong keys and missing fields in Plaid's error shape, and accepts keys in the body", async () => {
    const wrongKeys = await plaidFailure(plaidClient("wrong-secret").itemGet({ access_token: "access-sandbox-x" }));
    expect(wrongKeys).toMatchObject({ status: 400, error_type: "INVALID_INPUT", error_code: "INVALID_API_KEYS", display_message: null });

    const response = await fetch(`${standIn.url}/link/token/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: STAND_IN_DEFAULTS.clientId, secret: STAND_IN_DEFAULTS.secret, client_name: "Ledgerly", language: "en", country_codes: ["US"] }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ error_type: "INVALID_REQUEST", error_code: "MISSING_FIELDS", suggested_action: null, status: 400 });
    expect(body.error_message).toContain("user.client_user_id");
    expect(body).toHaveProperty("request_id");
    expect(body).toHaveProperty("documentation_url");

    const recorded = (await (await fetch(`${standIn.url}/__requests`)).json()) as { path: string }[];
    expect(recorded.map((request) => request.path)).toEqual(["/item/get", "/link/token/create"]);
  });

  it("creates link tokens whose Link page works without JavaScript, plain and hosted", async () => {
    const user = newUser();
    const plain = await createLinkToken(user);
    expect(plain.link_token).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(plain.hosted_link_url).toBeUndefined();
    const hoursLeft = (Date.parse(plain.expiration) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(3.9);
    expect(hoursLeft).toBeLessThanOrEqual(4);

    const hosted = await createLinkToken(user, hostedLink);
    expect(hosted.hosted_link_url).toBe(`${standIn.url}/link?token=${hosted.link_token}`);
    const linkPage = await fetch(hosted.hosted_link_url!);
    expect(linkPage.status).toBe(200);
    const markup = await linkPage.text();
    expect(markup).toContain("<title>Plaid stand-in</title>");
    expect(markup).toContain("Connect a bank account");
    expect(markup).toContain('<form class="choose" method="post" action="/link/continue">');
    expect(markup).toContain('<form method="post" action="/link/cancel">');
    expect(markup).toContain("<legend>Select your bank</legend>");
    expect(markup).toMatch(/value="ins_109508"[^>]* checked>/);
    expect(markup).toContain("First Gingham Credit Union");
    expect(markup).toContain("Plaid Credit Card");
    expect(markup).not.toContain("<script");

    const unknown = await fetch(`${standIn.url}/link?token=link-sandbox-unknown`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This link has expired.");
  });

  it("runs Hosted Link: Continue redirects to the completion URI, the session holds a single-use public token", async () => {
    const user = newUser();
    const { link_token: linkToken } = await createLinkToken(user, hostedLink);
    const response = await submitLink(linkToken, "continue", { institutionId: "ins_109509" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(COMPLETION_URI);

    const { data } = await plaid.linkTokenGet({ link_token: linkToken });
    expect(data.metadata).toMatchObject({ initial_products: ["transactions"], webhook: webhookUrl, client_name: "Ledgerly", country_codes: ["US"] });
    expect(data.link_sessions).toHaveLength(1);
    const [session] = data.link_sessions!;
    expect(session.exit).toBeNull();
    expect(session.finished_at).toBeTruthy();
    const [added] = session.results!.item_add_results;
    expect(added.public_token).toMatch(/^public-sandbox-/);
    expect(added.institution).toEqual({ name: "First Gingham Credit Union", institution_id: "ins_109509" });
    expect(added.accounts.map((account) => [account.name, account.mask, account.subtype])).toEqual([
      ["Plaid Checking", "0000", "checking"],
      ["Plaid Saving", "1111", "savings"],
      ["Plaid Credit Card", "3333", "credit card"],
    ]);

    const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: added.public_token });
    expect(exchanged.access_token).toMatch(/^access-sandbox-/);
    const again = await plaidFailure(plaid.itemPublicTokenExchange({ public_token: added.public_token }));
    expect(again).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_PUBLIC_TOKEN" });

    const { data: accounts } = await plaid.accountsGet({ access_token: exchanged.access_token });
    expect(accounts.item).toMatchObject({
      item_id: exchanged.item_id,
      institution_id: "ins_109509",
      institution_name: "First Gingham Credit Union",
      webhook: webhookUrl,
      error: null,
      billed_products: ["transactions"],
    });
    expect(accounts.accounts.map((account) => account.account_id)).toEqual(added.accounts.map((account) => account.id));
    expect(accounts.accounts[0].balances.iso_currency_code).toBe("USD");

    await waitForWebhook(webhookFor(exchanged.item_id, "SYNC_UPDATES_AVAILABLE"));
    expect(await items(user)).toMatchObject([{ item_id: exchanged.item_id, removed: false, transactionCount: 12, cursorHead: 12 }]);
  });

  it("records a cancelled Hosted Link visit as an exit", async () => {
    const { link_token: linkToken } = await createLinkToken(newUser(), hostedLink);
    const response = await submitLink(linkToken, "cancel");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(COMPLETION_URI);
    const { data } = await plaid.linkTokenGet({ link_token: linkToken });
    const [session] = data.link_sessions!;
    expect(session.results).toBeNull();
    expect(session.exit).toMatchObject({ error: null, metadata: { institution: null, status: "requires_credentials", link_session_id: session.link_session_id } });
  });

  it("syncs the seeded history in pages of count, then nothing at the head", async () => {
    const { accessToken } = await linkItem(newUser());
    const pageSizes: number[] = [];
    let cursor = "";
    let hasMore = true;
    const added: Transaction[] = [];
    while (hasMore) {
      const { data } = await plaid.transactionsSync({ access_token: accessToken, count: 5, ...(cursor ? { cursor } : {}) });
      pageSizes.push(data.added.length);
      expect(data).toMatchObject({ modified: [], removed: [], accounts: [], transactions_update_status: "HISTORICAL_UPDATE_COMPLETE" });
      added.push(...data.added);
      expect(data.next_cursor).not.toBe(cursor);
      cursor = data.next_cursor;
      hasMore = data.has_more;
    }
    expect(pageSizes).toEqual([5, 5, 2]);
    expect(new Set(added.map((transaction) => transaction.transaction_id)).size).toBe(12);
    expect(added.map((transaction) => transaction.name).sort()).toEqual(SEEDED_TRANSACTIONS.map((seed) => seed.name).sort());
    const pending = added.filter((transaction) => transaction.pending);
    expect(pending.map((transaction) => [transaction.name, transaction.amount])).toEqual([["Uber 063015 SF**POOL**", 5.4]]);
    for (const seed of SEEDED_TRANSACTIONS) {
      const transaction = added.find((candidate) => candidate.name === seed.name)!;
      expect(transaction).toMatchObject({ amount: seed.amount, merchant_name: seed.merchant_name, iso_currency_code: "USD", pending_transaction_id: null });
      const expectedDate = new Date(Date.now() - seed.daysAgo * 86_400_000).toISOString().slice(0, 10);
      expect(transaction.date).toBe(expectedDate);
    }

    const { data: atHead } = await plaid.transactionsSync({ access_token: accessToken, cursor });
    expect(atHead).toMatchObject({ added: [], modified: [], removed: [], has_more: false, next_cursor: cursor });
  });

  it("applies a step of bank activity that the next sync reports as added, modified and removed", async () => {
    expect(await control("config", { initialWebhook: false })).toMatchObject({ initialWebhook: false, syncPageSize: null });
    const user = newUser();
    const { accessToken, itemId } = await linkItem(user);
    const initial = await syncAll(accessToken);
    const byName = (name: string) => initial.added.find((transaction) => transaction.name === name)!;
    const pendingRide = byName("Uber 063015 SF**POOL**");

    const answer = await control<AdvanceAnswer>("advance", { client_user_id: user });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({ item_id: itemId, webhookStatus: 200 });
    expect(received.map((webhook) => webhook.payload)).toEqual([
      {
        webhook_type: "TRANSACTIONS",
        webhook_code: "SYNC_UPDATES_AVAILABLE",
        item_id: itemId,
        initial_update_complete: true,
        historical_update_complete: true,
        environment: "sandbox",
      },
    ]);

    const changes = await syncAll(accessToken, initial.cursor);
    expect(changes.added.map((transaction) => [transaction.name, transaction.amount, transaction.pending, transaction.pending_transaction_id])).toEqual([
      ["Whole Foods Market #1", 54.23, false, null],
      ["Shell Gas #1", 38.1, false, null],
      ["Uber 063015 SF**POOL**", 6.33, false, pendingRide.transaction_id],
    ]);
    expect(changes.modified.map((transaction) => [transaction.transaction_id, transaction.amount])).toEqual([
      [byName("Golden Spoon Bistro").transaction_id, 66.8],
    ]);
    expect(changes.removed).toEqual([byName("PG&E Utility Bill").transaction_id, pendingRide.transaction_id]);
    expect(answer.items[0].added).toEqual(changes.added.map((transaction) => transaction.transaction_id));
    expect(answer.items[0].modified).toEqual(changes.modified.map((transaction) => transaction.transaction_id));
    expect(answer.items[0].removed).toEqual(changes.removed);

    await control("config", { syncPageSize: 1 });
    const second = await control<AdvanceAnswer>("advance", { item_id: itemId, webhook: false });
    expect(second.items[0].webhookStatus).toBeNull();
    const next = await syncAll(accessToken, changes.cursor);
    expect(next.added.map((transaction) => transaction.name)).toEqual(["Whole Foods Market #2", "Shell Gas #2"]);
    expect(next.modified.map((transaction) => transaction.amount)).toEqual([68.8]);
    expect(next.removed).toEqual([byName("Autopay Credit Card Payment").transaction_id]);
    expect(next.pages).toBe(4);
    expect(received).toHaveLength(1);
  });

  it("answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION when the data changes between pages", async () => {
    const user = newUser();
    const { accessToken } = await linkItem(user);
    const { data: firstPage } = await plaid.transactionsSync({ access_token: accessToken, count: 5 });
    expect(firstPage.has_more).toBe(true);
    await control("advance", { client_user_id: user, webhook: false });

    const failure = await plaidFailure(plaid.transactionsSync({ access_token: accessToken, count: 5, cursor: firstPage.next_cursor }));
    expect(failure).toMatchObject({
      status: 400,
      error_type: "TRANSACTIONS_ERROR",
      error_code: "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION",
      error_message: "Underlying transaction data changed since last page was fetched. Please restart pagination from last update.",
    });

    // Restarted from the beginning, the compacted history: 12 seeded, 2 removed, 3 added; the tip shows in the added restaurant bill.
    const restarted = await syncAll(accessToken, "", 5);
    expect(restarted.added).toHaveLength(13);
    expect(restarted.modified).toEqual([]);
    expect(restarted.removed).toEqual([]);
    expect(restarted.added.find((transaction) => transaction.name === "Golden Spoon Bistro")?.amount).toBe(66.8);
    expect(restarted.added.filter((transaction) => transaction.pending)).toEqual([]);
  });

  it("fails scripted calls after letting some succeed, only for the user they were scripted for", async () => {
    const user = newUser();
    const otherUser = newUser();
    const { accessToken } = await linkItem(user);
    const other = await linkItem(otherUser);
    await control("fail", { path: "/transactions/sync", error_code: "INTERNAL_SERVER_ERROR", after: 1, client_user_id: user });

    const { data: firstPage } = await plaid.transactionsSync({ access_token: accessToken, count: 5 });
    expect((await syncAll(other.accessToken)).added).toHaveLength(12);
    const failure = await plaidFailure(plaid.transactionsSync({ access_token: accessToken, count: 5, cursor: firstPage.next_cursor }));
    expect(failure).toMatchObject({ status: 500, error_type: "API_ERROR", error_code: "INTERNAL_SERVER_ERROR" });
    const { data: retried } = await plaid.transactionsSync({ access_token: accessToken, count: 5, cursor: firstPage.next_cursor });
    expect(retried.added).toHaveLength(5);
  });

  it("puts an item in login-required state and repairs it through Link's update mode", async () => {
    const user = newUser();
    const { accessToken, itemId } = await linkItem(user);
    await waitForWebhook(webhookFor(itemId, "SYNC_UPDATES_AVAILABLE"));

    const answer = await control<{ items: { item_id: string; webhookStatus: number }[] }>("login-required", { client_user_id: user });
    expect(answer.items).toEqual([{ item_id: itemId, webhookStatus: 200 }]);
    const errorWebhook = await waitForWebhook(webhookFor(itemId, "ERROR"));
    expect(errorWebhook.payload).toMatchObject({
      webhook_type: "ITEM",
      error: { error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED", status: 400 },
      environment: "sandbox",
    });

    const syncFailure = await plaidFailure(plaid.transactionsSync({ access_token: accessToken }));
    expect(syncFailure).toMatchObject({
      status: 400,
      error_type: "ITEM_ERROR",
      error_code: "ITEM_LOGIN_REQUIRED",
      display_message: "The login details for this account have changed. Please reconnect.",
    });
    expect((await plaidFailure(plaid.accountsGet({ access_token: accessToken }))).error_code).toBe("ITEM_LOGIN_REQUIRED");
    expect((await plaid.itemGet({ access_token: accessToken })).data.item.error?.error_code).toBe("ITEM_LOGIN_REQUIRED");

    const update = await createLinkToken(user, { access_token: accessToken, products: undefined, ...hostedLink });
    const updatePage = await (await fetch(update.hosted_link_url!)).text();
    expect(updatePage).toContain("Reconnect First Platypus Bank");
    expect(updatePage).not.toContain("Select your bank");
    const response = await submitLink(update.link_token, "continue");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(COMPLETION_URI);
    await waitForWebhook(webhookFor(itemId, "LOGIN_REPAIRED"));

    const { data } = await plaid.linkTokenGet({ link_token: update.link_token });
    expect(data.link_sessions!.at(-1)).toMatchObject({ exit: null, results: { item_add_results: [] } });
    expect((await syncAll(accessToken)).added).toHaveLength(12);
    expect((await items(user))[0].loginRequired).toBe(false);
  });

  it("removes an item: its access token stops working", async () => {
    const user = newUser();
    const { accessToken, itemId } = await linkItem(user);
    const { data } = await plaid.itemRemove({ access_token: accessToken });
    expect(data.request_id).toBeTruthy();
    const failure = await plaidFailure(plaid.accountsGet({ access_token: accessToken }));
    expect(failure).toMatchObject({ status: 400, error_type: "INVALID_INPUT", error_code: "INVALID_ACCESS_TOKEN" });
    expect(await items(user)).toMatchObject([{ item_id: itemId, removed: true }]);
  });

  it("signs webhooks like Plaid: an ES256 JWT over the SHA-256 of the exact body, verifiable with the published key", async () => {
    const { itemId } = await linkItem(newUser());
    await waitForWebhook(webhookFor(itemId, "SYNC_UPDATES_AVAILABLE"));
    received = [];
    const answer = await control<{ deliveries: { item_id: string; status: number }[] }>("webhook", {
      item_id: itemId,
      webhook_type: "ITEM",
      webhook_code: "ERROR",
      error_code: "ITEM_LOGIN_REQUIRED",
    });
    expect(answer.deliveries).toEqual([{ item_id: itemId, status: 200 }]);
    const [webhook] = received;
    expect(webhook.headers["content-type"]).toBe("application/json");
    expect(webhook.rawBody).toBe(JSON.stringify(webhook.payload, null, 2));

    const token = String(webhook.headers["plaid-verification"]);
    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: "ES256", kid: standIn.kid, typ: "JWT" });
    const { data } = await plaid.webhookVerificationKeyGet({ key_id: String(header.kid) });
    expect(data.key).toMatchObject({ alg: "ES256", crv: "P-256", kty: "EC", use: "sig", kid: standIn.kid, expired_at: null, x: standIn.publicJwk.x });
    const key = await importJWK({ kty: data.key.kty, crv: data.key.crv, x: data.key.x, y: data.key.y }, "ES256");
    const { payload } = await jwtVerify(token, key, { algorithms: ["ES256"], maxTokenAge: 300 });
    expect(payload.request_body_sha256).toBe(createHash("sha256").update(webhook.rawBody).digest("hex"));

    const unknownKey = await plaidFailure(plaid.webhookVerificationKeyGet({ key_id: "unknown" }));
    expect(unknownKey).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_WEBHOOK_VERIFICATION_KEY_ID" });
  });

  it("answers the in-page flow with a page that posts the outcome to its parent", async () => {
    const user = newUser();
    const { link_token: linkToken } = await createLinkToken(user);
    const linkPage = await (await fetch(`${standIn.url}/link?token=${linkToken}&embedded=1`)).text();
    expect(linkPage).toContain('<input type="hidden" name="embedded" value="1">');

    const success = await submitLink(linkToken, "continue", { embedded: true });
    expect(success.status).toBe(200);
    const successPage = await success.text();
    const { data } = await plaid.linkTokenGet({ link_token: linkToken });
    const publicToken = data.link_sessions![0].results!.item_add_results[0].public_token;
    expect(successPage).toContain("window.parent.postMessage(");
    expect(successPage).toContain('"source":"plaid-stand-in","type":"success"');
    expect(successPage).toContain(`"public_token":"${publicToken}"`);
    expect(successPage).toContain(`"link_session_id":"${data.link_sessions![0].link_session_id}"`);

    const exitPage = await (await submitLink(linkToken, "cancel", { embedded: true })).text();
    expect(exitPage).toContain('"source":"plaid-stand-in","type":"exit","error":null');
    expect(exitPage).toContain('"status":"requires_credentials"');
    const { data: afterExit } = await plaid.linkTokenGet({ link_token: linkToken });
    expect(afterExit.link_sessions!.map((session) => session.exit === null)).toEqual([true, false]);
  });

  it("serves a stand-in for Plaid's link-initialize.js that any page may load", async () => {
    const response = await fetch(standIn.linkScriptUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const script = await response.text();
    expect(script).toContain("window.Plaid = { create: create }");
    expect(script).toContain('frame.title = "Plaid Link"');
    expect(script).toContain("&embedded=1");
    expect(() => new Function(script)).not.toThrow();
  });

  it("shows a dashboard whose forms simulate bank activity and broken logins", async () => {
    const user = newUser();
    const { itemId } = await linkItem(user);
    const dashboard = await (await fetch(`${standIn.url}/`)).text();
    expect(dashboard).toContain(itemId);
    expect(dashboard).toContain("Simulate new bank activity");
    expect(dashboard).toContain("Require login again");

    const form = new URLSearchParams({ item_id: itemId });
    const advanced = await fetch(`${standIn.url}/dashboard/advance`, { method: "POST", body: form, redirect: "manual" });
    expect(advanced.status).toBe(303);
    await fetch(`${standIn.url}/dashboard/login-required`, { method: "POST", body: form, redirect: "manual" });
    expect(await items(user)).toMatchObject([{ loginRequired: true, transactionCount: 13, cursorHead: 18 }]);
  });
});
