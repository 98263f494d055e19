// A stateful, in-memory stand-in for the parts of Plaid that Ledgerly uses: link tokens, Plaid Link (in-page,
// through its own link-initialize.js, and Hosted Link, which needs no JavaScript), public token exchange,
// accounts, /transactions/sync over a per-item change log, item removal, and webhooks signed like Plaid's
// (an ES256 JWT in `Plaid-Verification`). The real `plaid` SDK talks to it through `basePath`.
// Tests drive bank activity and failures through POST /__control/*; GET / is a dashboard to do the same by hand.
// Run directly: node scripts/stand-ins/plaid.mjs (port from PLAID_STAND_IN_PORT, default 12113).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { escapeHtml, htmlPage } from "./kit/page.mjs";
import { scriptedCalls } from "./kit/scripted-calls.mjs";
import { html, isRunDirectly, parseJsonBody, redirect, replyWith, routes, runFromCommandLine, serve } from "./kit/server.mjs";
import { postWebhook } from "./kit/webhooks.mjs";

export const STAND_IN_DEFAULTS = {
  port: 12113,
  clientId: "ledgerly-stand-in-client",
  secret: "ledgerly-stand-in-secret",
};

/** @typedef {{ name: string, institution_id: string }} Institution */
/** @typedef {"checking" | "savings" | "credit"} AccountKey */
/** @typedef {{ primary: string, detailed: string }} Category */
/**
 * @typedef {{ name: string, merchant_name: string | null, amount: number, daysAgo: number, pending: boolean,
 *   account: AccountKey, payment_channel: "in store" | "online" | "other", personal_finance_category: Category }} SeededTransaction
 */
/** @typedef {{ kind: "added" | "modified" | "removed", transaction: Record<string, any> }} LogEntry */
/** @typedef {{ path: string, body: unknown, headers: import("node:http").IncomingHttpHeaders }} RecordedRequest */
/**
 * @typedef {{ item_id: string, url: string | null, payload: Record<string, unknown>, status: number | null,
 *   error?: string, at: string }} WebhookDelivery
 */

/** @type {Institution[]} */
export const INSTITUTIONS = [
  { institution_id: "ins_109508", name: "First Platypus Bank" },
  { institution_id: "ins_109509", name: "First Gingham Credit Union" },
  { institution_id: "ins_109510", name: "Tattersall Federal Credit Union" },
];

/** Plaid sandbox's accounts, which every sandbox institution has. */
const ACCOUNT_TEMPLATES = /** @type {const} */ ([
  {
    key: "checking",
    name: "Plaid Checking",
    official_name: "Plaid Gold Standard 0% Interest Checking",
    mask: "0000",
    type: "depository",
    subtype: "checking",
    balances: { available: 100, current: 110, limit: null },
  },
  {
    key: "savings",
    name: "Plaid Saving",
    official_name: "Plaid Silver Standard 0.1% Interest Saving",
    mask: "1111",
    type: "depository",
    subtype: "savings",
    balances: { available: 200, current: 210, limit: null },
  },
  {
    key: "credit",
    name: "Plaid Credit Card",
    official_name: "Plaid Diamond 12.5% APR Interest Credit Card",
    mask: "3333",
    type: "credit",
    subtype: "credit card",
    balances: { available: null, current: 410, limit: 2000 },
  },
]);

const category = (primary, detailed) => ({ primary, detailed });
const RESTAURANT = category("FOOD_AND_DRINK", "FOOD_AND_DRINK_RESTAURANT");
const GROCERIES = category("FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES");
const GAS = category("TRANSPORTATION", "TRANSPORTATION_GAS");
const RIDE_SHARE = category("TRANSPORTATION", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES");

/**
 * Every new item's history. Amounts as Plaid writes them: positive is money out of the account.
 * @type {SeededTransaction[]}
 */
export const SEEDED_TRANSACTIONS = [
  { name: "Payroll ACME Corp", merchant_name: null, amount: -2500, daysAgo: 14, pending: false, account: "checking", payment_channel: "other", personal_finance_category: category("INCOME", "INCOME_WAGES") },
  { name: "Trader Joe's #552", merchant_name: "Trader Joe's", amount: 86.42, daysAgo: 3, pending: false, account: "credit", payment_channel: "in store", personal_finance_category: GROCERIES },
  { name: "Starbucks Store 1523", merchant_name: "Starbucks", amount: 4.95, daysAgo: 2, pending: false, account: "credit", payment_channel: "in store", personal_finance_category: category("FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE") },
  { name: "Uber 063015 SF**POOL**", merchant_name: "Uber", amount: 5.4, daysAgo: 1, pending: true, account: "credit", payment_channel: "online", personal_finance_category: RIDE_SHARE },
  { name: "Lyft Ride 8812", merchant_name: "Lyft", amount: 18.75, daysAgo: 9, pending: false, account: "credit", payment_channel: "online", personal_finance_category: RIDE_SHARE },
  { name: "PG&E Utility Bill", merchant_name: "PG&E", amount: 112.3, daysAgo: 20, pending: false, account: "checking", payment_channel: "online", personal_finance_category: category("RENT_AND_UTILITIES", "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY") },
  { name: "Golden Spoon Bistro", merchant_name: "Golden Spoon Bistro", amount: 64.8, daysAgo: 6, pending: false, account: "credit", payment_channel: "in store", personal_finance_category: RESTAURANT },
  { name: "Netflix.com", merchant_name: "Netflix", amount: 15.49, daysAgo: 11, pending: false, account: "credit", payment_channel: "online", personal_finance_category: category("ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES") },
  { name: "Amazon Marketplace Refund", merchant_name: "Amazon", amount: -23.99, daysAgo: 8, pending: false, account: "credit", payment_channel: "online", personal_finance_category: category("GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES") },
  { name: "CVS Pharmacy #1234", merchant_name: "CVS", amount: 21.37, daysAgo: 16, pending: false, account: "credit", payment_channel: "in store", personal_finance_category: category("MEDICAL", "MEDICAL_PHARMACIES_AND_SUPPLEMENTS") },
  { name: "Interest Earned", merchant_name: null, amount: -1.25, daysAgo: 28, pending: false, account: "savings", payment_channel: "other", personal_finance_category: category("INCOME", "INCOME_INTEREST_EARNED") },
  { name: "Autopay Credit Card Payment", merchant_name: null, amount: 300, daysAgo: 18, pending: false, account: "checking", payment_channel: "other", personal_finance_category: category("LOAN_PAYMENTS", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT") },
];

/** The purchases each step of bank activity adds; their names get the step number. */
const ACTIVITY_PURCHASES = /** @type {const} */ ([
  { name: "Whole Foods Market", merchant_name: "Whole Foods Market", amount: 54.23, account: "credit", payment_channel: "in store", personal_finance_category: GROCERIES },
  { name: "Shell Gas", merchant_name: "Shell", amount: 38.1, account: "credit", payment_channel: "in store", personal_finance_category: GAS },
]);
const RESTAURANT_TIP = 2;
/** A card hold posts for its final amount: the ride's fare ends up above the authorization. */
const FINAL_FARE_EXTRA = 0.93;

const LINK_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;
const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SYNC_COUNT = 100;
const MAX_SYNC_COUNT = 500;
/** Plaid sends the first SYNC_UPDATES_AVAILABLE a moment after the exchange, once the app has stored the item. */
const DEFAULT_INITIAL_WEBHOOK_DELAY_MS = 1000;
const MESSAGE_SOURCE = "plaid-stand-in";
const LINK_SCRIPT_PATH = "/link/v2/stable/link-initialize.js";
const AVAILABLE_PRODUCTS = ["assets", "auth", "balance", "identity", "investments", "liabilities"];

const KNOWN_ERRORS = {
  INVALID_API_KEYS: { type: "INVALID_INPUT", message: "invalid client_id or secret provided" },
  INVALID_ACCESS_TOKEN: { type: "INVALID_INPUT", message: "could not find matching access token" },
  INVALID_PUBLIC_TOKEN: { type: "INVALID_INPUT", message: "could not find matching public token: it is unknown or was already exchanged" },
  INVALID_LINK_TOKEN: { type: "INVALID_INPUT", message: "provided link token is invalid or expired" },
  INVALID_WEBHOOK_VERIFICATION_KEY_ID: { type: "INVALID_INPUT", message: "invalid key_id provided" },
  ITEM_LOGIN_REQUIRED: {
    type: "ITEM_ERROR",
    message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    displayMessage: "The login details for this account have changed. Please reconnect.",
  },
  ITEM_NOT_FOUND: {
    type: "ITEM_ERROR",
    message: "The Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.",
  },
  PRODUCT_NOT_READY: {
    type: "ITEM_ERROR",
    message: "the requested product is not yet ready. please provide a webhook or try the request again later",
  },
  INSTITUTION_DOWN: {
    type: "INSTITUTION_ERROR",
    message: "this institution is not currently responding to this request. please try again soon",
    displayMessage: "This financial institution is not currently responding to requests. We apologize for the inconvenience.",
  },
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: {
    type: "TRANSACTIONS_ERROR",
    message: "Underlying transaction data changed since last page was fetched. Please restart pagination from last update.",
  },
  INTERNAL_SERVER_ERROR: {
    type: "API_ERROR",
    status: 500,
    message: "an unexpected error occurred",
    displayMessage: "Internal error occurred. Please retry your request.",
  },
  RATE_LIMIT_EXCEEDED: { type: "RATE_LIMIT_EXCEEDED", status: 429, message: "rate limit exceeded for attempts to access this item" },
};

/** Thrown by handlers and answered in Plaid's error shape. */
class PlaidApiError extends Error {
  constructor(status, type, code, message, displayMessage = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.displayMessage = displayMessage;
  }
}

/** A Plaid error by code, with Plaid's type, status and message unless overridden. */
function plaidError(code, { type, status, message } = {}) {
  const known = KNOWN_ERRORS[code];
  const errorStatus = status ?? known?.status ?? 400;
  const errorType = type ?? known?.type ?? (errorStatus >= 500 ? "API_ERROR" : "INVALID_REQUEST");
  const errorMessage = message ?? known?.message ?? code.toLowerCase().replaceAll("_", " ");
  return new PlaidApiError(errorStatus, errorType, code, errorMessage, known?.displayMessage ?? null);
}

const missingFields = (fields) =>
  new PlaidApiError(400, "INVALID_REQUEST", "MISSING_FIELDS", `the following fields are required: ${fields.join(", ")}`);
const invalidField = (message) => new PlaidApiError(400, "INVALID_REQUEST", "INVALID_FIELD", message);

/** Plaid's error body; webhooks carry it without a request id. */
function errorBody(error, requestId) {
  const docsSection = error.type.replace(/_ERROR$/, "").toLowerCase().replaceAll("_", "-");
  return {
    display_message: error.displayMessage,
    documentation_url: `https://plaid.com/docs/errors/${docsSection}/#${error.code.toLowerCase()}`,
    error_code: error.code,
    error_message: error.message,
    error_type: error.type,
    ...(requestId && { request_id: requestId }),
    suggested_action: null,
    status: error.status,
  };
}

const ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789";
/** An id in the style of Plaid's item, account and transaction ids. */
const plaidId = (length = 37) => Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
/** Plaid writes timestamps without milliseconds. */
const isoTimestamp = (time = Date.now()) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
const isoDate = (daysAgo) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const roundCents = (amount) => Math.round(amount * 100) / 100;
const sha256Hex = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isNonEmptyString = (value) => typeof value === "string" && value !== "";

const json = (value, status = 200) => replyWith(status, { "content-type": "application/json; charset=utf-8" }, JSON.stringify(value));

/** JSON safe inside an inline <script>. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");
const hiddenField = (name, value) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

const PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f5f9;color:#111827;margin:0;line-height:1.5}
main{max-width:30rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 2px 10px #0002}
main.wide{max-width:60rem}
.badge{display:inline-block;background:#e0f2fe;color:#075985;border-radius:.25rem;padding:.1rem .5rem;font-size:.8rem;margin:0}
h1{font-size:1.5rem;margin:.75rem 0}
fieldset{border:0;padding:0;margin:1rem 0}
legend{font-weight:600;margin-bottom:.5rem}
.bank{display:grid;grid-template-columns:auto 1fr;gap:0 .6rem;align-items:start;border:1px solid #d1d5db;border-radius:.5rem;padding:.75rem;margin-bottom:.5rem}
.bank:has(input:checked){border-color:#111827;background:#f9fafb}
.bank input{margin-top:.3rem}
.bank label{font-weight:600}
.bank ul{grid-column:2;margin:0;padding:0;list-style:none;color:#4b5563;font-size:.9rem}
form{display:inline}
form.choose{display:block}
button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:.4rem;border:1px solid #111827;cursor:pointer}
.primary{background:#111827;color:#fff}
.secondary{background:#fff;color:#111827}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
caption{text-align:left;font-weight:600;padding:.4rem 0}
code{font-size:.85rem;word-break:break-all}
`;

const page = (content, status = 200) => html(htmlPage({ title: "Plaid stand-in", style: PAGE_STYLE, body: content }), status);

const expiredPage = () =>
  page(`<main><p class="badge">Sandbox</p><h1>This link has expired.</h1><p>Go back to the app and start again.</p></main>`, 400);

/** The stand-in for Plaid's link-initialize.js: Link opens in a full-page frame served by the stand-in. */
function linkInitializeScript(standInUrl) {
  return `// Plaid stand-in: window.Plaid.create(config) opens the stand-in's Link page in a full-page frame.
(function () {
  "use strict";
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : ${JSON.stringify(new URL(standInUrl).origin)};

  function create(config) {
    var frame = null;
    function call(name) {
      var callback = config[name];
      if (typeof callback === "function") callback.apply(null, Array.prototype.slice.call(arguments, 1));
    }
    function event(name, metadata) {
      call("onEvent", name, Object.assign({ view_name: null, link_session_id: null, request_id: null, timestamp: new Date().toISOString() }, metadata));
    }
    function close() {
      window.removeEventListener("message", onMessage);
      if (frame) frame.remove();
      frame = null;
    }
    function onMessage(message) {
      var data = message.data;
      if (message.origin !== origin || !frame || message.source !== frame.contentWindow) return;
      if (!data || data.source !== ${JSON.stringify(MESSAGE_SOURCE)}) return;
      close();
      if (data.type === "success") {
        event("HANDOFF", { link_session_id: data.metadata.link_session_id });
        call("onSuccess", data.public_token, data.metadata);
      } else if (data.type === "exit") {
        event("EXIT", { link_session_id: data.metadata.link_session_id, exit_status: data.metadata.status });
        call("onExit", data.error, data.metadata);
      }
    }
    setTimeout(function () { call("onLoad"); }, 0);
    return {
      open: function () {
        if (frame) return;
        frame = document.createElement("iframe");
        frame.title = "Plaid Link";
        frame.src = origin + "/link?token=" + encodeURIComponent(config.token) + "&embedded=1";
        frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0;margin:0;z-index:2147483647;background:#fff";
        window.addEventListener("message", onMessage);
        document.body.appendChild(frame);
        frame.focus();
        event("OPEN", { view_name: "SELECT_INSTITUTION" });
      },
      exit: function () {
        if (!frame) return;
        close();
        call("onExit", null, { institution: null, status: null, link_session_id: null, request_id: null });
      },
      destroy: close,
      submit: function () {},
    };
  }

  window.Plaid = { create: create };
})();
`;
}

/**
 * Starts the stand-in on host:port (port 0 picks a free one). Give the SDK `basePath: url` and the default keys.
 * @param {{ port?: number, host?: string, initialWebhook?: boolean, initialWebhookDelayMs?: number }} [options]
 *   initialWebhook: send SYNC_UPDATES_AVAILABLE after each exchange (default true), initialWebhookDelayMs after it (default 1000).
 * @returns {Promise<{ url: string, port: number, linkScriptUrl: string, kid: string,
 *   publicJwk: import("jose").JWK, stop: () => Promise<void> }>}
 */
export async function startPlaidStandIn({
  port = 0,
  host = "127.0.0.1",
  initialWebhook = true,
  initialWebhookDelayMs = DEFAULT_INITIAL_WEBHOOK_DELAY_MS,
} = {}) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  const keyCreatedAt = Math.floor(Date.now() / 1000);
  const publicJwk = { ...(await exportJWK(publicKey)), alg: "ES256", kid, use: "sig" };
  let baseUrl = "";
  /** @type {Set<NodeJS.Timeout>} */
  const initialWebhookTimers = new Set();

  // linkTokens: token → { clientUserId, webhook, itemId (update mode), completionRedirectUri, metadata, sessions, openedAt }
  // publicTokens: token → { clientUserId, webhook, institution, accounts, accountIds, itemId (update mode), expiresAt, used }
  // items: item id → { accessToken, clientUserId, institution, webhook, accounts, log, addedAt, current, ... }
  // failures: PlaidApiErrors for the next calls of a path (of one client user's, when scripted so)
  const emptyState = () => ({
    linkTokens: new Map(),
    publicTokens: new Map(),
    items: new Map(),
    itemIdByAccessToken: new Map(),
    failures: scriptedCalls(controlError),
    /** @type {RecordedRequest[]} */
    requests: [],
    /** @type {WebhookDelivery[]} */
    deliveries: [],
    config: { syncPageSize: /** @type {number | null} */ (null), initialWebhook, initialWebhookDelayMs },
  });
  const state = emptyState();

  // --- Webhooks ---

  async function deliverWebhook(item, payload) {
    /** @type {WebhookDelivery} */
    const delivery = { item_id: item.itemId, url: item.webhook, payload, status: null, at: isoTimestamp() };
    state.deliveries.push(delivery);
    if (!item.webhook) {
      delivery.error = "the item has no webhook URL";
      return delivery;
    }
    // Plaid signs the exact bytes it sends, which are indented JSON.
    const body = JSON.stringify(payload, null, 2);
    const token = await new SignJWT({ request_body_sha256: sha256Hex(body) })
      .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
      .setIssuedAt()
      .sign(privateKey);
    return Object.assign(delivery, await postWebhook(item.webhook, body, { "plaid-verification": token }));
  }

  const syncUpdatesPayload = (item) => ({
    webhook_type: "TRANSACTIONS",
    webhook_code: "SYNC_UPDATES_AVAILABLE",
    item_id: item.itemId,
    initial_update_complete: true,
    historical_update_complete: true,
    environment: "sandbox",
  });

  function webhookPayload(item, webhookType, webhookCode, errorCode) {
    if (webhookType === "TRANSACTIONS" && webhookCode === "SYNC_UPDATES_AVAILABLE") return syncUpdatesPayload(item);
    const payload = { webhook_type: webhookType, webhook_code: webhookCode, item_id: item.itemId };
    if (webhookType === "ITEM" && webhookCode === "ERROR") {
      payload.error = errorBody(plaidError(errorCode ?? "ITEM_LOGIN_REQUIRED"));
    }
    return { ...payload, environment: "sandbox" };
  }

  function scheduleInitialWebhook(item) {
    const timer = setTimeout(() => {
      initialWebhookTimers.delete(timer);
      void deliverWebhook(item, syncUpdatesPayload(item));
    }, state.config.initialWebhookDelayMs);
    initialWebhookTimers.add(timer);
  }

  function cancelInitialWebhooks() {
    for (const timer of initialWebhookTimers) clearTimeout(timer);
    initialWebhookTimers.clear();
  }

  // --- Items and their change log ---

  function newAccounts(institution, clientUserId) {
    const accounts = ACCOUNT_TEMPLATES.map((template) => ({
      account_id: plaidId(),
      balances: { ...template.balances, iso_currency_code: "USD", unofficial_currency_code: null },
      mask: template.mask,
      name: template.name,
      official_name: template.official_name,
      type: template.type,
      subtype: template.subtype,
      // The same bank account linked again by the same user keeps its persistent id, as at Plaid.
      persistent_account_id: sha256Hex(`${institution.institution_id}:${clientUserId}:${template.mask}`),
    }));
    const accountIds = Object.fromEntries(ACCOUNT_TEMPLATES.map((template, index) => [template.key, accounts[index].account_id]));
    return { accounts, accountIds };
  }

  /** The accounts as Link reports them (onSuccess metadata, link session results). */
  const linkAccounts = (accounts) =>
    accounts.map((account) => ({
      id: account.account_id,
      name: account.name,
      mask: account.mask,
      type: account.type,
      subtype: account.subtype,
      verification_status: null,
      class_type: null,
    }));

  function newTransaction(item, details, pendingTransactionId = null) {
    const { name, merchant_name, amount, date, pending, account, payment_channel, personal_finance_category } = details;
    return {
      account_id: item.accountIds[account],
      account_owner: null,
      amount,
      authorized_date: date,
      authorized_datetime: null,
      category: null,
      category_id: null,
      check_number: null,
      counterparties: [],
      date,
      datetime: null,
      iso_currency_code: "USD",
      location: { address: null, city: null, region: null, postal_code: null, country: null, lat: null, lon: null, store_number: null },
      logo_url: null,
      merchant_entity_id: null,
      merchant_name,
      name,
      original_description: null,
      payment_channel,
      payment_meta: {
        reference_number: null,
        ppd_id: null,
        payee: null,
        by_order_of: null,
        payer: null,
        payment_method: null,
        payment_processor: null,
        reason: null,
      },
      pending,
      pending_transaction_id: pendingTransactionId,
      personal_finance_category: { ...personal_finance_category, confidence_level: "HIGH" },
      transaction_code: null,
      transaction_id: plaidId(),
      transaction_type: payment_channel === "other" ? "special" : "place",
      unofficial_currency_code: null,
      website: null,
    };
  }

  /** Appends to the item's log; an entry's sequence number is its position in the log, from 1. */
  function logChange(item, kind, transaction) {
    item.log.push({ kind, transaction: structuredClone(transaction) });
    const id = transaction.transaction_id;
    if (kind === "added") item.addedAt.set(id, item.log.length);
    if (kind === "removed") item.current.delete(id);
    else item.current.set(id, transaction);
  }

  function createItem(grant) {
    const item = {
      itemId: plaidId(),
      accessToken: `access-sandbox-${randomUUID()}`,
      clientUserId: grant.clientUserId,
      institution: grant.institution,
      webhook: grant.webhook,
      accounts: grant.accounts,
      accountIds: grant.accountIds,
      createdAt: isoTimestamp(),
      /** @type {LogEntry[]} */
      log: [],
      /** @type {Map<string, number>} transaction id → sequence number of its "added" entry */
      addedAt: new Map(),
      /** @type {Map<string, Record<string, any>>} the item's transactions now */
      current: new Map(),
      activitySteps: 0,
      removed: false,
      loginRequired: false,
    };
    for (const seed of SEEDED_TRANSACTIONS) logChange(item, "added", newTransaction(item, { ...seed, date: isoDate(seed.daysAgo) }));
    state.items.set(item.itemId, item);
    state.itemIdByAccessToken.set(item.accessToken, item.itemId);
    return item;
  }

  /** One step of bank activity: two purchases, a tip on the restaurant bill, an old charge reversed, the pending ride posted. */
  function applyBankActivity(item) {
    item.activitySteps += 1;
    const step = item.activitySteps;
    const changes = { item_id: item.itemId, added: [], modified: [], removed: [] };
    const postedBefore = [...item.current.values()].filter((transaction) => !transaction.pending);

    for (const purchase of ACTIVITY_PURCHASES) {
      const transaction = newTransaction(item, { ...purchase, name: `${purchase.name} #${step}`, date: isoDate(0), pending: false });
      logChange(item, "added", transaction);
      changes.added.push(transaction.transaction_id);
    }

    const restaurantBill = postedBefore.find((transaction) => transaction.personal_finance_category.detailed === RESTAURANT.detailed);
    if (restaurantBill) {
      logChange(item, "modified", { ...restaurantBill, amount: roundCents(restaurantBill.amount + RESTAURANT_TIP) });
      changes.modified.push(restaurantBill.transaction_id);
    }

    const oldestCharge = postedBefore
      .filter((transaction) => transaction.amount > 0 && transaction !== restaurantBill)
      .sort((a, b) => a.date.localeCompare(b.date) || item.addedAt.get(a.transaction_id) - item.addedAt.get(b.transaction_id))[0];
    if (oldestCharge) {
      logChange(item, "removed", oldestCharge);
      changes.removed.push(oldestCharge.transaction_id);
    }

    const pending = [...item.current.values()].find((transaction) => transaction.pending);
    if (pending) {
      logChange(item, "removed", pending);
      changes.removed.push(pending.transaction_id);
      const posted = newTransaction(
        item,
        { ...pending, amount: roundCents(pending.amount + FINAL_FARE_EXTRA), date: isoDate(0), pending: false },
        pending.transaction_id,
      );
      posted.authorized_date = pending.date;
      logChange(item, "added", posted);
      changes.added.push(posted.transaction_id);
    }
    return changes;
  }

  /**
   * The changes from sequence number `from` to `to`, one per transaction, ordered by each one's last change:
   * added then removed → nothing; added (maybe modified since) → added; existed and modified → modified; existed and removed → removed.
   */
  function changesBetween(item, from, to) {
    /** @type {Map<string, LogEntry>} */
    const lastEntries = new Map();
    for (const entry of item.log.slice(from, to)) {
      lastEntries.delete(entry.transaction.transaction_id);
      lastEntries.set(entry.transaction.transaction_id, entry);
    }
    const changes = [];
    for (const [id, entry] of lastEntries) {
      const isNew = item.addedAt.get(id) > from;
      if (isNew && entry.kind === "removed") continue;
      const kind = isNew ? "added" : entry.kind === "removed" ? "removed" : "modified";
      changes.push({ kind, transaction: entry.transaction });
    }
    return changes;
  }

  const encodeCursor = (item, position) => Buffer.from(JSON.stringify({ item: item.itemId, ...position })).toString("base64url");

  /** @returns {{ seq: number, head?: number, offset?: number }} `head` and `offset` only while paging. */
  function decodeCursor(item, cursor) {
    if (cursor === undefined || cursor === null || cursor === "") return { seq: 0 };
    const invalidCursor = invalidField("cursor is not a valid cursor for this item");
    let position;
    try {
      position = JSON.parse(Buffer.from(String(cursor), "base64url").toString("utf8"));
    } catch {
      throw invalidCursor;
    }
    const isCount = (value) => Number.isInteger(value) && value >= 0;
    if (!isObject(position) || position.item !== item.itemId || !isCount(position.seq)) throw invalidCursor;
    if (position.head === undefined) {
      if (position.seq > item.log.length) throw invalidCursor;
      return { seq: position.seq };
    }
    if (!isCount(position.head) || position.head < position.seq || !isCount(position.offset)) throw invalidCursor;
    return { seq: position.seq, head: position.head, offset: position.offset };
  }

  // --- API ---

  function requireFields(body, fields) {
    const missing = fields.filter((field) => !isNonEmptyString(body[field]));
    if (missing.length > 0) throw missingFields(missing);
  }

  function liveItem(body) {
    requireFields(body, ["access_token"]);
    const item = state.items.get(state.itemIdByAccessToken.get(body.access_token));
    if (!item || item.removed) throw plaidError("INVALID_ACCESS_TOKEN");
    return item;
  }

  /** A live item whose data can be read: not waiting for the user to log in again. */
  function readableItem(body) {
    const item = liveItem(body);
    if (item.loginRequired) throw plaidError("ITEM_LOGIN_REQUIRED");
    return item;
  }

  const itemObject = (item) => ({
    item_id: item.itemId,
    institution_id: item.institution.institution_id,
    institution_name: item.institution.name,
    webhook: item.webhook,
    auth_method: null,
    error: item.loginRequired ? errorBody(plaidError("ITEM_LOGIN_REQUIRED")) : null,
    available_products: AVAILABLE_PRODUCTS,
    billed_products: ["transactions"],
    products: ["transactions"],
    consented_products: ["transactions"],
    consent_expiration_time: null,
    update_type: "background",
  });

  function createLinkToken(body) {
    const missing = ["client_name", "language"].filter((field) => !isNonEmptyString(body[field]));
    if (!Array.isArray(body.country_codes) || body.country_codes.length === 0) missing.push("country_codes");
    if (!isNonEmptyString(body.user?.client_user_id)) missing.push("user.client_user_id");
    if (missing.length > 0) throw missingFields(missing);
    const itemToUpdate = body.access_token === undefined ? null : liveItem(body);
    const linkToken = `link-sandbox-${randomUUID()}`;
    const createdAt = Date.now();
    const hosted = isObject(body.hosted_link);
    state.linkTokens.set(linkToken, {
      linkToken,
      clientUserId: body.user.client_user_id,
      webhook: isNonEmptyString(body.webhook) ? body.webhook : null,
      itemId: itemToUpdate?.itemId ?? null,
      completionRedirectUri: hosted && isNonEmptyString(body.hosted_link.completion_redirect_uri) ? body.hosted_link.completion_redirect_uri : null,
      createdAt: isoTimestamp(createdAt),
      expiresAt: createdAt + LINK_TOKEN_LIFETIME_MS,
      metadata: {
        initial_products: Array.isArray(body.products) ? body.products : [],
        webhook: isNonEmptyString(body.webhook) ? body.webhook : null,
        country_codes: body.country_codes,
        language: body.language,
        institution_data: null,
        account_filters: null,
        redirect_uri: null,
        client_name: body.client_name,
      },
      sessions: [],
      /** @type {Map<string, string>} link session id → when its page was first shown */
      openedAt: new Map(),
    });
    return {
      link_token: linkToken,
      expiration: isoTimestamp(createdAt + LINK_TOKEN_LIFETIME_MS),
      ...(hosted && { hosted_link_url: `${baseUrl}/link?token=${encodeURIComponent(linkToken)}` }),
    };
  }

  function getLinkToken(body) {
    requireFields(body, ["link_token"]);
    const link = state.linkTokens.get(body.link_token);
    if (!link) throw plaidError("INVALID_LINK_TOKEN");
    return {
      link_token: link.linkToken,
      created_at: link.createdAt,
      expiration: isoTimestamp(link.expiresAt),
      metadata: link.metadata,
      link_sessions: link.sessions.map(({ outcome: _outcome, ...session }) => session),
    };
  }

  function exchangePublicToken(body) {
    requireFields(body, ["public_token"]);
    const grant = state.publicTokens.get(body.public_token);
    if (!grant || grant.used) throw plaidError("INVALID_PUBLIC_TOKEN");
    if (Date.now() > grant.expiresAt) {
      throw plaidError("INVALID_PUBLIC_TOKEN", {
        message: "provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged",
      });
    }
    // Update mode's public token names the item Link repaired; exchanging it creates nothing.
    const existing = grant.itemId ? state.items.get(grant.itemId) : null;
    if (grant.itemId && (!existing || existing.removed)) throw plaidError("INVALID_PUBLIC_TOKEN");
    grant.used = true;
    const item = existing ?? createItem(grant);
    if (!existing && state.config.initialWebhook) scheduleInitialWebhook(item);
    return { access_token: item.accessToken, item_id: item.itemId };
  }

  function getAccounts(body) {
    const item = readableItem(body);
    return { accounts: item.accounts, item: itemObject(item) };
  }

  function syncTransactions(body) {
    const item = readableItem(body);
    const count = body.count ?? DEFAULT_SYNC_COUNT;
    if (!Number.isInteger(count) || count < 1 || count > MAX_SYNC_COUNT) {
      throw invalidField(`count must be an integer from 1 to ${MAX_SYNC_COUNT}`);
    }
    const position = decodeCursor(item, body.cursor);
    const head = item.log.length;
    if (position.head !== undefined && position.head !== head) throw plaidError("TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION");
    const changes = changesBetween(item, position.seq, head);
    const pageSize = Math.min(count, state.config.syncPageSize ?? count);
    const offset = position.offset ?? 0;
    const pageOfChanges = changes.slice(offset, offset + pageSize);
    const hasMore = offset + pageSize < changes.length;
    const transactionsOf = (kind) => pageOfChanges.filter((change) => change.kind === kind).map((change) => change.transaction);
    return {
      added: transactionsOf("added"),
      modified: transactionsOf("modified"),
      removed: transactionsOf("removed").map(({ transaction_id, account_id }) => ({ transaction_id, account_id })),
      next_cursor: hasMore
        ? encodeCursor(item, { seq: position.seq, head, offset: offset + pageSize })
        : encodeCursor(item, { seq: head }),
      has_more: hasMore,
      accounts: [],
      transactions_update_status: "HISTORICAL_UPDATE_COMPLETE",
    };
  }

  function removeItem(body) {
    const item = liveItem(body);
    item.removed = true;
    return {};
  }

  function getItem(body) {
    const item = liveItem(body);
    return { item: { ...itemObject(item), created_at: item.createdAt }, status: null };
  }

  function getWebhookVerificationKey(body) {
    requireFields(body, ["key_id"]);
    if (body.key_id !== kid) throw plaidError("INVALID_WEBHOOK_VERIFICATION_KEY_ID");
    const { x, y } = publicJwk;
    return { key: { alg: "ES256", created_at: keyCreatedAt, crv: "P-256", expired_at: null, kid, kty: "EC", use: "sig", x, y } };
  }

  const apiHandlers = {
    "/link/token/create": createLinkToken,
    "/link/token/get": getLinkToken,
    "/item/public_token/exchange": exchangePublicToken,
    "/accounts/get": getAccounts,
    "/transactions/sync": syncTransactions,
    "/item/remove": removeItem,
    "/item/get": getItem,
    "/webhook_verification_key/get": getWebhookVerificationKey,
  };

  /** Whose call this is, for failures scripted for one user: the owner of its access, public or link token, or its user. */
  function clientUserOf(body) {
    if (isNonEmptyString(body.access_token)) return state.items.get(state.itemIdByAccessToken.get(body.access_token))?.clientUserId;
    if (isNonEmptyString(body.public_token)) return state.publicTokens.get(body.public_token)?.clientUserId;
    if (isNonEmptyString(body.link_token)) return state.linkTokens.get(body.link_token)?.clientUserId;
    return isObject(body.user) ? body.user.client_user_id : undefined;
  }

  /** Every failure is answered in Plaid's error shape. */
  async function handleApi(request, pathname, rawBody) {
    const requestId = plaidId(15);
    try {
      let body;
      try {
        body = parseJsonBody(rawBody);
      } catch {
        state.requests.push({ path: pathname, body: rawBody, headers: request.headers });
        throw new PlaidApiError(400, "INVALID_REQUEST", "INVALID_BODY", "body could not be parsed as JSON");
      }
      state.requests.push({ path: pathname, body, headers: request.headers });
      if (!isObject(body)) throw new PlaidApiError(400, "INVALID_REQUEST", "INVALID_BODY", "body must be a JSON object");
      const handler = apiHandlers[pathname];
      if (!handler) throw new PlaidApiError(404, "INVALID_REQUEST", "NOT_FOUND", "not found");
      const clientId = request.headers["plaid-client-id"] ?? body.client_id;
      const secret = request.headers["plaid-secret"] ?? body.secret;
      if (clientId !== STAND_IN_DEFAULTS.clientId || secret !== STAND_IN_DEFAULTS.secret) throw plaidError("INVALID_API_KEYS");
      const scripted = state.failures.take({ path: pathname, body });
      if (scripted) throw scripted;
      return json({ ...(await handler(body)), request_id: requestId });
    } catch (error) {
      const plaidFailure =
        error instanceof PlaidApiError ? error : plaidError("INTERNAL_SERVER_ERROR", { message: String(error?.message ?? error) });
      return json(errorBody(plaidFailure, requestId), plaidFailure.status);
    }
  }

  // --- Link pages ---

  function liveLinkToken(token) {
    const link = state.linkTokens.get(token);
    if (!link || Date.now() > link.expiresAt) return null;
    if (link.itemId && state.items.get(link.itemId)?.removed !== false) return null;
    return link;
  }

  function linkPage(query) {
    const link = liveLinkToken(query.get("token") ?? "");
    if (!link) return expiredPage();
    const linkSessionId = randomUUID();
    link.openedAt.set(linkSessionId, isoTimestamp());
    const hiddenFields = [
      hiddenField("token", link.linkToken),
      hiddenField("link_session_id", linkSessionId),
      query.get("embedded") === "1" ? hiddenField("embedded", "1") : "",
    ].join("");
    const clientName = escapeHtml(link.metadata.client_name ?? "This app");
    const cancel = `<form method="post" action="/link/cancel">${hiddenFields}<button type="submit" class="secondary">Cancel</button></form>`;
    const intro = `<p class="badge">Sandbox</p>`;
    if (link.itemId) {
      const institution = state.items.get(link.itemId).institution;
      return page(`<main>${intro}<h1>Reconnect ${escapeHtml(institution.name)}</h1>
<p>${clientName} lost access to your ${escapeHtml(institution.name)} accounts. This is the local Plaid stand-in: no credentials are needed.</p>
<form method="post" action="/link/continue">${hiddenFields}<button type="submit" class="primary">Continue</button></form>
${cancel}</main>`);
    }
    const banks = INSTITUTIONS.map((institution, index) => {
      const inputId = `bank-${institution.institution_id}`;
      const accountsId = `${inputId}-accounts`;
      const accountNames = ACCOUNT_TEMPLATES.map((account) => `<li>${escapeHtml(account.name)} ····${account.mask}</li>`).join("");
      return `<div class="bank"><input type="radio" id="${inputId}" name="institution_id" value="${escapeHtml(institution.institution_id)}" aria-describedby="${accountsId}"${index === 0 ? " checked" : ""}>
<label for="${inputId}">${escapeHtml(institution.name)}</label><ul id="${accountsId}">${accountNames}</ul></div>`;
    }).join("\n");
    return page(`<main>${intro}<h1>Connect a bank account</h1>
<p>${clientName} uses Plaid to connect your bank. This is the local Plaid stand-in: no credentials are needed.</p>
<form class="choose" method="post" action="/link/continue">${hiddenFields}
<fieldset><legend>Select your bank</legend>
${banks}
</fieldset>
<button type="submit" class="primary">Continue</button></form>
${cancel}</main>`);
  }

  /** What Link does once a session has finished: tell the page that embeds it, or send the browser back (Hosted Link). */
  function sessionOutcomePage(link, outcome) {
    if (outcome.embedded) {
      return page(`<main><p class="badge">Sandbox</p><h1>${outcome.message.type === "success" ? "Connected" : "Cancelled"}</h1>
<p role="status">Returning to ${escapeHtml(link.metadata.client_name ?? "the app")}…</p>
<script>window.parent.postMessage(${scriptJson(outcome.message)}, "*");</script></main>`);
    }
    if (link.completionRedirectUri) return redirect(link.completionRedirectUri);
    const publicToken = outcome.message.public_token;
    return page(`<main><p class="badge">Sandbox</p><h1>${publicToken ? "Connected" : "Cancelled"}</h1>
${publicToken ? `<p>Public token: <code>${escapeHtml(publicToken)}</code></p>` : "<p>Nothing was connected.</p>"}
<p>You can close this window.</p></main>`);
  }

  /** Records a finished Link session; `describe` gets its id and answers its results, exit and message for the page. */
  function finishSession(link, form, describe) {
    const linkSessionId = form.get("link_session_id") || randomUUID();
    const { results, exit, message } = describe(linkSessionId);
    const session = {
      link_session_id: linkSessionId,
      started_at: link.openedAt.get(linkSessionId) ?? isoTimestamp(),
      finished_at: isoTimestamp(),
      results,
      exit,
      outcome: { embedded: form.get("embedded") === "1", message },
    };
    link.openedAt.delete(linkSessionId);
    link.sessions.push(session);
    return session;
  }

  /** A resubmitted form (the back button, a double click) gets the first answer again instead of a second session. */
  const finishedSession = (link, form) =>
    link.sessions.find((session) => session.link_session_id === form.get("link_session_id"));

  function issuePublicToken(link, grant) {
    const publicToken = `public-sandbox-${randomUUID()}`;
    state.publicTokens.set(publicToken, {
      clientUserId: link.clientUserId,
      webhook: link.webhook,
      expiresAt: Date.now() + PUBLIC_TOKEN_LIFETIME_MS,
      used: false,
      ...grant,
    });
    return publicToken;
  }

  const emptyResults = () => ({
    item_add_results: [],
    cra_item_add_results: [],
    cra_update_results: [],
    bank_income_results: [],
    payroll_income_results: [],
    document_income_results: null,
  });

  async function continueLink(form) {
    const link = liveLinkToken(form.get("token") ?? "");
    if (!link) return expiredPage();
    const previous = finishedSession(link, form);
    if (previous) return sessionOutcomePage(link, previous.outcome);

    if (link.itemId) {
      const item = state.items.get(link.itemId);
      const publicToken = issuePublicToken(link, { itemId: item.itemId, institution: item.institution });
      const session = finishSession(link, form, (linkSessionId) => ({
        results: emptyResults(),
        exit: null,
        message: {
          source: MESSAGE_SOURCE,
          type: "success",
          public_token: publicToken,
          metadata: { institution: item.institution, accounts: linkAccounts(item.accounts), link_session_id: linkSessionId },
        },
      }));
      if (item.loginRequired) {
        item.loginRequired = false;
        await deliverWebhook(item, webhookPayload(item, "ITEM", "LOGIN_REPAIRED"));
      }
      return sessionOutcomePage(link, session.outcome);
    }

    const institution = INSTITUTIONS.find((candidate) => candidate.institution_id === form.get("institution_id"));
    if (!institution) {
      return page(`<main><p class="badge">Sandbox</p><h1>Choose a bank</h1><p>Go back and select one of the banks.</p></main>`, 400);
    }
    const { accounts, accountIds } = newAccounts(institution, link.clientUserId);
    const publicToken = issuePublicToken(link, { itemId: null, institution, accounts, accountIds });
    const session = finishSession(link, form, (linkSessionId) => ({
      results: { ...emptyResults(), item_add_results: [{ public_token: publicToken, accounts: linkAccounts(accounts), institution }] },
      exit: null,
      message: {
        source: MESSAGE_SOURCE,
        type: "success",
        public_token: publicToken,
        metadata: { institution, accounts: linkAccounts(accounts), link_session_id: linkSessionId },
      },
    }));
    return sessionOutcomePage(link, session.outcome);
  }

  function cancelLink(form) {
    const link = liveLinkToken(form.get("token") ?? "");
    if (!link) return expiredPage();
    const previous = finishedSession(link, form);
    if (previous) return sessionOutcomePage(link, previous.outcome);
    const institution = link.itemId ? state.items.get(link.itemId).institution : null;
    const session = finishSession(link, form, (linkSessionId) => {
      const metadata = { institution, status: "requires_credentials", link_session_id: linkSessionId, request_id: plaidId(15) };
      return { results: null, exit: { error: null, metadata }, message: { source: MESSAGE_SOURCE, type: "exit", error: null, metadata } };
    });
    return sessionOutcomePage(link, session.outcome);
  }

  // --- Control (tests, and the dashboard) ---

  function controlError(message, status = 400) {
    return new PlaidApiError(status, "INVALID_REQUEST", "INVALID_CONTROL_REQUEST", message);
  }

  /** The item named by item_id, the live items of client_user_id, or every live item. */
  function itemsMatching({ item_id: itemId, client_user_id: clientUserId }) {
    if (itemId !== undefined) {
      const item = state.items.get(itemId);
      if (!item) throw controlError(`No item ${itemId}.`, 404);
      if (item.removed) throw controlError(`Item ${itemId} was removed.`);
      return [item];
    }
    return [...state.items.values()].filter((item) => !item.removed && (clientUserId === undefined || item.clientUserId === clientUserId));
  }

  async function advance(body) {
    const items = [];
    for (const item of itemsMatching(body)) {
      const changes = applyBankActivity(item);
      const delivery = body.webhook === false ? null : await deliverWebhook(item, syncUpdatesPayload(item));
      items.push({ ...changes, webhookStatus: delivery?.status ?? null });
    }
    return { items };
  }

  async function sendWebhook(body) {
    if (!isNonEmptyString(body.webhook_type) || !isNonEmptyString(body.webhook_code)) {
      throw controlError("Pass webhook_type and webhook_code.");
    }
    const deliveries = [];
    for (const item of itemsMatching(body)) {
      const delivery = await deliverWebhook(item, webhookPayload(item, body.webhook_type, body.webhook_code, body.error_code));
      deliveries.push({ item_id: item.itemId, status: delivery.status });
    }
    return { deliveries };
  }

  async function requireLogin(body) {
    const items = [];
    for (const item of itemsMatching(body)) {
      item.loginRequired = true;
      const delivery = body.webhook === false ? null : await deliverWebhook(item, webhookPayload(item, "ITEM", "ERROR", "ITEM_LOGIN_REQUIRED"));
      items.push({ item_id: item.itemId, webhookStatus: delivery?.status ?? null });
    }
    return { items };
  }

  function scriptFailure(body) {
    const { path, error_code: code, error_type: type, status, error_message: message, times = 1, after = 0, client_user_id: clientUserId } = body;
    if (!isNonEmptyString(path) || !(path in apiHandlers)) throw controlError(`path must be one of ${Object.keys(apiHandlers).join(", ")}.`);
    if (!isNonEmptyString(code)) throw controlError("Pass error_code.");
    const matches = (call) => call.path === path && (clientUserId === undefined || clientUserId === clientUserOf(call.body));
    return { failures: state.failures.add(plaidError(code, { type, status, message }), { times, after, matches }) };
  }

  function configure(body) {
    if (body.syncPageSize !== undefined) {
      if (body.syncPageSize !== null && !(Number.isInteger(body.syncPageSize) && body.syncPageSize >= 1)) {
        throw controlError("syncPageSize must be a positive integer, or null.");
      }
      state.config.syncPageSize = body.syncPageSize;
    }
    if (body.initialWebhook !== undefined) state.config.initialWebhook = Boolean(body.initialWebhook);
    if (body.initialWebhookDelayMs !== undefined) {
      if (!Number.isFinite(body.initialWebhookDelayMs) || body.initialWebhookDelayMs < 0) {
        throw controlError("initialWebhookDelayMs must be a non-negative number.");
      }
      state.config.initialWebhookDelayMs = body.initialWebhookDelayMs;
    }
    return state.config;
  }

  /** Forgets everything but the signing key; the configuration goes back to the start options. */
  function reset() {
    cancelInitialWebhooks();
    Object.assign(state, emptyState());
    return { reset: true };
  }

  function listItems(query) {
    const clientUserId = query.get("client_user_id");
    return [...state.items.values()]
      .filter((item) => clientUserId === null || item.clientUserId === clientUserId)
      .map((item) => ({
        item_id: item.itemId,
        client_user_id: item.clientUserId,
        institution_name: item.institution.name,
        access_token: item.accessToken,
        webhook: item.webhook,
        removed: item.removed,
        loginRequired: item.loginRequired,
        transactionCount: item.current.size,
        cursorHead: item.log.length,
      }));
  }

  // --- Dashboard ---

  function dashboard(query) {
    const items = [...state.items.values()].reverse();
    const itemState = (item) => (item.removed ? "Removed" : item.loginRequired ? "Login required" : "OK");
    const action = (path, item, label) =>
      `<form method="post" action="${path}">${hiddenField("item_id", item.itemId)}<button type="submit" class="secondary">${label}</button></form>`;
    const rows = items
      .map(
        (item) => `<tr><td>${escapeHtml(item.institution.name)}</td><td><code>${escapeHtml(item.clientUserId)}</code></td>
<td><code>${escapeHtml(item.itemId)}</code></td><td>${itemState(item)}</td><td>${item.current.size}</td>
<td>${item.removed ? "" : action("/dashboard/advance", item, "Simulate new bank activity") + action("/dashboard/login-required", item, "Require login again")}</td></tr>`,
      )
      .join("\n");
    const table = items.length
      ? `<table><caption>Items, newest first</caption><thead><tr><th scope="col">Institution</th><th scope="col">Client user</th><th scope="col">Item</th><th scope="col">State</th><th scope="col">Transactions</th><th scope="col">Actions</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No items yet: link a bank in the app.</p>";
    const deliveries = state.deliveries
      .slice(-20)
      .reverse()
      .map(
        (delivery) =>
          `<li><code>${escapeHtml(delivery.at)}</code> ${escapeHtml(`${delivery.payload.webhook_type} ${delivery.payload.webhook_code}`)} → ${escapeHtml(delivery.url ?? "no URL")}: ${escapeHtml(delivery.status ?? delivery.error ?? "sending")}</li>`,
      )
      .join("");
    const notice = query.get("notice");
    return page(`<main class="wide"><p class="badge">Sandbox</p><h1>Plaid stand-in</h1>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}
<p>API <code>${escapeHtml(baseUrl)}</code>, client id <code>${STAND_IN_DEFAULTS.clientId}</code>, secret <code>${STAND_IN_DEFAULTS.secret}</code>, Link script <code>${escapeHtml(baseUrl + LINK_SCRIPT_PATH)}</code>.</p>
<h2>Items</h2>${table}
<h2>Recent webhooks</h2>${deliveries ? `<ul>${deliveries}</ul>` : "<p>None sent yet.</p>"}</main>`);
  }

  async function dashboardAction(form, act, notice) {
    try {
      await act({ item_id: form.get("item_id") ?? "" });
      return redirect(`/?notice=${encodeURIComponent(notice)}`);
    } catch (error) {
      return redirect(`/?notice=${encodeURIComponent(String(error?.message ?? error))}`);
    }
  }

  // --- Routing ---

  const controlRoutes = routes({
    "POST /__control/reset": () => reset(),
    "POST /__control/advance": (body) => advance(body),
    "POST /__control/webhook": (body) => sendWebhook(body),
    "POST /__control/login-required": (body) => requireLogin(body),
    "POST /__control/fail": (body) => scriptFailure(body),
    "POST /__control/config": (body) => configure(body),
    "GET /__items": (_, query) => listItems(query),
    "GET /__requests": () => state.requests,
    "GET /__webhooks": () => state.deliveries,
  });

  const pageRoutes = routes({
    "GET /": (_, query) => dashboard(query),
    "GET /link": (_, query) => linkPage(query),
    "POST /link/continue": (form) => continueLink(form),
    "POST /link/cancel": (form) => cancelLink(form),
    "POST /dashboard/advance": (form) => dashboardAction(form, advance, "New bank activity simulated."),
    "POST /dashboard/login-required": (form) => dashboardAction(form, requireLogin, "The item now requires login."),
    [`GET ${LINK_SCRIPT_PATH}`]: () =>
      replyWith(
        200,
        {
          "content-type": "application/javascript; charset=utf-8",
          "access-control-allow-origin": "*",
          "cross-origin-resource-policy": "cross-origin",
          "cache-control": "no-cache",
        },
        linkInitializeScript(baseUrl),
      ),
  });

  /** @param {import("./kit/server.mjs").Call} call */
  async function handle({ request, method, url, rawBody }) {
    const control = controlRoutes(method, url.pathname);
    if (control) {
      try {
        const body = parseJsonBody(rawBody);
        if (!isObject(body)) throw controlError("The body must be a JSON object.");
        return json(await control.handler(body, url.searchParams));
      } catch (error) {
        const status = error instanceof PlaidApiError ? error.status : 400;
        return json({ error: String(error?.message ?? error) }, status);
      }
    }
    const pageRoute = pageRoutes(method, url.pathname);
    if (pageRoute) return pageRoute.handler(new URLSearchParams(rawBody), url.searchParams);
    if (method === "POST") return handleApi(request, url.pathname, rawBody);
    return page(`<main><h1>Not found</h1><p>Nothing at ${escapeHtml(url.pathname)}.</p></main>`, 404);
  }

  const server = await serve({
    name: "Plaid",
    port,
    host,
    handle,
    failed: (error) =>
      json(errorBody(plaidError("INTERNAL_SERVER_ERROR", { message: String(error?.message ?? error) }), plaidId(15)), 500),
    onStop: cancelInitialWebhooks,
  });
  baseUrl = server.url;
  return { url: baseUrl, port: server.port, linkScriptUrl: `${baseUrl}${LINK_SCRIPT_PATH}`, kid, publicJwk, stop: server.stop };
}

if (isRunDirectly(import.meta.url)) {
  const describe = (standIn) =>
    `Plaid stand-in on ${standIn.url} (client id ${STAND_IN_DEFAULTS.clientId}, secret ${STAND_IN_DEFAULTS.secret}; Link script ${standIn.linkScriptUrl}; dashboard ${standIn.url}/)`;
  await runFromCommandLine({ name: "Plaid", port: STAND_IN_DEFAULTS.port, portVariable: "PLAID_STAND_IN_PORT", start: startPlaidStandIn, describe });
}
