// A stateful, in-memory stand-in for the parts of the Stripe API that Ledgerly uses: prices, customers,
// Checkout (with its own hosted page), subscriptions and signed webhooks. Tests, the e2e server and
// `npm start` without Stripe keys point the real `stripe` SDK at it (host/port/protocol options).
// Run directly: node scripts/stripe-stand-in.mjs --port 12111 --webhook-url http://localhost:3000/webhooks/stripe
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { addMonths, addYears } from "date-fns";
import qs from "qs";
import Stripe from "stripe";

export const STAND_IN_DEFAULTS = {
  port: 12111,
  secretKey: "sk_test_ledgerly_stand_in",
  webhookSecret: "whsec_ledgerly_stand_in",
  prices: { monthly: "price_ledgerly_monthly", annual: "price_ledgerly_annual" },
};

/** @typedef {{ id: string, unit_amount: number, interval: "month" | "year", currency?: string }} PriceConfig */
/** @typedef {{ status: number, headers: Record<string, string>, body: string }} Reply */

/** @type {PriceConfig[]} */
const DEFAULT_PRICES = [
  { id: STAND_IN_DEFAULTS.prices.monthly, unit_amount: 299, interval: "month" },
  { id: STAND_IN_DEFAULTS.prices.annual, unit_amount: 2499, interval: "year" },
];
const PRODUCT_ID = "prod_ledgerly_premium";
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** Thrown by handlers and answered in Stripe's error shape. */
class StripeError extends Error {
  constructor(status, message, { type = "invalid_request_error", param, code } = {}) {
    super(message);
    this.status = status;
    this.details = { type, message, param, code };
  }
}

const invalid = (message, param) => new StripeError(400, message, { param });
const parameterMissing = (param) =>
  new StripeError(400, `Missing required param: ${param}.`, { param, code: "parameter_missing" });
/** Stripe answers 404 for the object named in the path, 400 for one referenced by a parameter. */
const missing = (resource, id, param = "id") =>
  new StripeError(param === "id" ? 404 : 400, `No such ${resource}: '${id}'`, { param, code: "resource_missing" });

const unixNow = () => Math.floor(Date.now() / 1000);
const toUnix = (date) => Math.floor(date.getTime() / 1000);
const newId = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;
const periodEnd = (start, interval) => toUnix(interval === "year" ? addYears(start, 1) : addMonths(start, 1));

const replyWith = (status, headers, body) => ({ status, headers, body });
const json = (value, status = 200) => replyWith(status, { "content-type": "application/json" }, JSON.stringify(value));
const html = (markup, status = 200) => replyWith(status, { "content-type": "text/html; charset=utf-8" }, markup);
const redirect = (location) => replyWith(303, { location }, "");
const errorReply = (error) => json({ error: error.details }, error.status);

/** Stripe's metadata rules: an empty string unsets a key, `metadata=""` clears them all. */
function mergeMetadata(current, update) {
  if (update === undefined) return current;
  if (update === "") return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === "") delete merged[key];
    else merged[key] = String(value);
  }
  return merged;
}

/** A form boolean ("true" / "false"), or undefined when the parameter is absent. */
function optionalBoolean(value, param) {
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, param);
  return value === "true";
}

/** A price's currency as Stripe writes it (lower case); US dollars unless the configuration names another. */
const currencyOf = (price) => (price.currency ?? "usd").toLowerCase();

function priceObject(price) {
  return {
    id: price.id,
    object: "price",
    active: true,
    currency: currencyOf(price),
    unit_amount: price.unit_amount,
    recurring: { interval: price.interval, interval_count: 1, usage_type: "licensed" },
    product: PRODUCT_ID,
    type: "recurring",
    livemode: false,
    metadata: {},
  };
}

/** Top-level attributes that changed, with their old values (an event's `previous_attributes`). */
function changedAttributes(before, after) {
  const changed = Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return Object.fromEntries(changed.map((key) => [key, before[key]]));
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title, content) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Checkout (test mode)</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f7fb;color:#1a1f36;margin:0}main{max-width:26rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 2px 8px #0002}.badge{display:inline-block;background:#ffe8b3;color:#7a4b00;border-radius:.25rem;padding:.1rem .5rem;font-size:.8rem}.price{font-size:1.6rem;font-weight:600}form{display:inline}button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:.4rem;border:1px solid #635bff;cursor:pointer}.pay{background:#635bff;color:#fff}.cancel{background:#fff;color:#635bff}</style>
</head><body><main><p class="badge">Test mode</p><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

/**
 * Starts the stand-in on host:port (port 0 picks a free one).
 * @param {{ port?: number, host?: string, webhookUrl?: string, webhookSecret?: string, prices?: PriceConfig[] }} [options]
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void>, setWebhookUrl: (url: string | undefined) => void }>}
 */
export async function startStripeStandIn({
  port = 0,
  host = "127.0.0.1",
  webhookUrl,
  webhookSecret = STAND_IN_DEFAULTS.webhookSecret,
  prices = DEFAULT_PRICES,
} = {}) {
  const priceById = new Map(prices.map((price) => [price.id, price]));
  let webhookTarget = webhookUrl;
  let baseUrl = "";

  // sessions: id → { session, price, quantity, subscriptionMetadata, completion (the Pay once clicked) }
  // events: id → { event, held, deliveries: [{ status, error?, at }] }, oldest first
  // idempotent: "path key" → { rawBody, reply: Promise<Reply> }; failNext: path → { error: StripeError, when }
  const emptyState = () => ({
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    events: new Map(),
    idempotent: new Map(),
    failNext: new Map(),
    held: false,
  });
  const state = emptyState();

  const find = (map, id, resource, param = "id") => {
    if (!map.has(id)) throw missing(resource, id, param);
    return map.get(id);
  };
  const findSession = (id) => find(state.sessions, id, "checkout.session");
  const findPrice = (id, param = "id") => find(priceById, id, "price", param);
  const findEvent = (id) => find(state.events, id, "event");
  const successUrl = (session) => session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);

  // --- Webhook events ---

  async function deliver(record) {
    record.held = false;
    if (!webhookTarget) return null;
    const payload = JSON.stringify(record.event);
    const timestamp = unixNow();
    const signature = createHmac("sha256", webhookSecret).update(`${timestamp}.${payload}`).digest("hex");
    try {
      const response = await fetch(webhookTarget, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": `t=${timestamp},v1=${signature}`,
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.text();
      record.deliveries.push({ status: response.status, at: timestamp });
      return response.status;
    } catch (error) {
      record.deliveries.push({ status: null, error: String(error.message), at: timestamp });
      return null;
    }
  }

  /** Stores an event holding a snapshot of `object` and, unless deliveries are held, delivers it. */
  async function emit(type, object, extraData = {}) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      livemode: false,
      type,
      data: { object: structuredClone(object), ...extraData },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const record = { event, held: state.held, deliveries: [] };
    state.events.set(event.id, record);
    if (!record.held) await deliver(record);
    return record;
  }

  // --- API objects ---

  function createCustomer({ email, name, metadata }) {
    const customer = {
      id: newId("cus"),
      object: "customer",
      email: email ?? null,
      name: name ?? null,
      metadata: mergeMetadata({}, metadata),
      created: unixNow(),
      livemode: false,
    };
    state.customers.set(customer.id, customer);
    return customer;
  }

  function createCheckoutSession(params) {
    if (!params.mode) throw parameterMissing("mode");
    if (params.mode !== "subscription") throw invalid("The stand-in only supports mode=subscription.", "mode");
    const lineItem = params.line_items?.[0];
    if (!lineItem?.price) throw parameterMissing("line_items[0][price]");
    const price = findPrice(lineItem.price, "line_items[0][price]");
    const quantity = Number(lineItem.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw invalid("Invalid positive integer", "line_items[0][quantity]");
    }
    if (!params.success_url) throw parameterMissing("success_url");
    if (!params.cancel_url) throw parameterMissing("cancel_url");
    let customer = null;
    if (params.customer) customer = find(state.customers, params.customer, "customer", "customer").id;
    else if (params.customer_email) customer = createCustomer({ email: params.customer_email }).id;
    const id = newId("cs_test");
    const created = unixNow();
    const session = {
      id,
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      url: `${baseUrl}/checkout/${id}`,
      customer,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: mergeMetadata({}, params.metadata),
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      amount_total: price.unit_amount * quantity,
      currency: currencyOf(price),
      expires_at: created + SESSION_LIFETIME_SECONDS,
      created,
      livemode: false,
    };
    const subscriptionMetadata = mergeMetadata({}, params.subscription_data?.metadata);
    state.sessions.set(id, { session, price, quantity, subscriptionMetadata });
    return session;
  }

  async function expireSession(id) {
    const { session } = findSession(id);
    if (session.status !== "open") {
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', "session");
    }
    session.status = "expired";
    await emit("checkout.session.expired", session);
    return session;
  }

  function createSubscription(customer, price, quantity, metadata) {
    const start = new Date();
    const created = toUnix(start);
    const id = newId("sub");
    const item = {
      id: newId("si"),
      object: "subscription_item",
      subscription: id,
      price: priceObject(price),
      quantity,
      current_period_start: created,
      current_period_end: periodEnd(start, price.interval),
      created,
      metadata: {},
    };
    const subscription = {
      id,
      object: "subscription",
      status: "active",
      customer,
      currency: currencyOf(price),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: created,
      created,
      livemode: false,
      metadata,
      latest_invoice: null,
      items: {
        object: "list",
        data: [item],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    state.subscriptions.set(id, subscription);
    return subscription;
  }

  function invoiceFor(subscription, status) {
    const [item] = subscription.items.data;
    const amount = item.price.unit_amount * item.quantity;
    return {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      subscription: subscription.id,
      status,
      currency: item.price.currency,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      amount_remaining: status === "paid" ? 0 : amount,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: unixNow(),
      livemode: false,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  async function completeCheckout(record) {
    const { session, price, quantity, subscriptionMetadata } = record;
    session.customer ??= createCustomer({ email: session.customer_email ?? undefined }).id;
    const subscription = createSubscription(session.customer, price, quantity, subscriptionMetadata);
    const invoice = invoiceFor(subscription, "paid");
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    await emit("customer.subscription.created", subscription);
    await emit("checkout.session.completed", session);
    await emit("invoice.paid", invoice);
  }

  function listSubscriptions({ customer, status, limit }) {
    const count = Math.min(Math.max(Number(limit) || 10, 1), 100);
    // Like Stripe, no status filter means "not canceled".
    const statusMatches = (value) => status === "all" || (status ? value === status : value !== "canceled");
    const matches = (subscription) =>
      (!customer || subscription.customer === customer) && statusMatches(subscription.status);
    const matching = [...state.subscriptions.values()].reverse().filter(matches);
    return {
      object: "list",
      data: matching.slice(0, count),
      has_more: matching.length > count,
      url: "/v1/subscriptions",
    };
  }

  async function updateSubscription(id, params) {
    const subscription = find(state.subscriptions, id, "subscription");
    const changesBilling = params.cancel_at_period_end !== undefined || params.items !== undefined;
    if (subscription.status === "canceled" && changesBilling) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.", "id");
    }
    const cancelAtPeriodEnd = optionalBoolean(params.cancel_at_period_end, "cancel_at_period_end");
    // Validate every item change before changing anything.
    const priceSwitches = (Array.isArray(params.items) ? params.items : []).map((change, index) => {
      if (!change.id) {
        throw invalid("The stand-in only switches the price of an existing item: pass its id.", `items[${index}][id]`);
      }
      const item = subscription.items.data.find((candidate) => candidate.id === change.id);
      if (!item) throw missing("subscription_item", change.id, `items[${index}][id]`);
      return { item, price: change.price ? findPrice(change.price, `items[${index}][price]`) : undefined };
    });

    const before = structuredClone(subscription);
    const now = new Date();
    let cycleRestarted = false;
    for (const { item, price } of priceSwitches.filter((change) => change.price)) {
      // Like Stripe: a new interval restarts the billing cycle now and invoices at once; otherwise the period stays.
      if (price.interval !== item.price.recurring.interval) {
        Object.assign(item, { current_period_start: toUnix(now), current_period_end: periodEnd(now, price.interval) });
        cycleRestarted = true;
      }
      item.price = priceObject(price);
    }
    if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = cancelAtPeriodEnd;
    if (changesBilling) {
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    const invoice = cycleRestarted ? invoiceFor(subscription, "paid") : null;
    if (invoice) subscription.latest_invoice = invoice.id;
    const previousAttributes = changedAttributes(before, subscription);
    if (Object.keys(previousAttributes).length > 0) {
      await emit("customer.subscription.updated", subscription, { previous_attributes: previousAttributes });
    }
    if (invoice) await emit("invoice.paid", invoice);
    return subscription;
  }

  async function cancelSubscription(id) {
    const subscription = find(state.subscriptions, id, "subscription");
    if (subscription.status === "canceled") throw invalid(`Subscription '${id}' is already canceled.`, "id");
    const now = unixNow();
    Object.assign(subscription, { status: "canceled", canceled_at: now, ended_at: now, cancel_at: null });
    await emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  /** Replaces top-level id fields named in `expand[]` with the objects they point at. */
  function expand(object, fields) {
    if (!fields) return object;
    const expanded = { ...object };
    for (const field of [fields].flat()) {
      const id = expanded[field];
      if (typeof id === "string") expanded[field] = state.subscriptions.get(id) ?? state.customers.get(id) ?? id;
    }
    return expanded;
  }

  // --- Control (tests) ---

  /** Forgets everything but the prices and the configuration. */
  function reset() {
    Object.assign(state, emptyState());
    return { ok: true };
  }

  function listEvents() {
    return { data: [...state.events.values()].map(({ event, held, deliveries }) => ({ ...event, held, deliveries })) };
  }

  function dumpState() {
    return {
      customers: [...state.customers.values()],
      checkout_sessions: [...state.sessions.values()].map((record) => record.session),
      subscriptions: [...state.subscriptions.values()],
      held: state.held,
      webhook_url: webhookTarget ?? null,
    };
  }

  function hold(held) {
    state.held = held;
    return { hold: held };
  }

  async function emitFromControl({ type, subscription: subscriptionId, object }) {
    if (!type) throw parameterMissing("type");
    if (!object && !subscriptionId) throw invalid("Pass `subscription` (an id) or `object`.", "object");
    let dataObject = object;
    if (!dataObject) {
      const subscription = find(state.subscriptions, subscriptionId, "subscription", "subscription");
      // An invoice event carries an invoice, not the subscription it bills.
      const paid = type === "invoice.paid" || type === "invoice.payment_succeeded";
      dataObject = type.startsWith("invoice.") ? invoiceFor(subscription, paid ? "paid" : "open") : subscription;
    }
    const record = await emit(type, dataObject);
    return { id: record.event.id, type, status: record.deliveries.at(-1)?.status ?? null };
  }

  async function deliverInOrder(ids) {
    const records = ids ? ids.map(findEvent) : [...state.events.values()].filter((record) => record.held).reverse();
    const deliveries = [];
    for (const record of records) deliveries.push({ id: record.event.id, status: await deliver(record) });
    return { deliveries };
  }

  function mutateSubscription(id, changes) {
    const subscription = find(state.subscriptions, id, "subscription");
    const { status, cancel_at_period_end: cancelAtPeriodEnd, current_period_end: currentPeriodEnd } = changes;
    if (status !== undefined) subscription.status = status;
    if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = Boolean(cancelAtPeriodEnd);
    if (currentPeriodEnd !== undefined) {
      for (const item of subscription.items.data) item.current_period_end = Number(currentPeriodEnd);
    }
    return subscription;
  }

  /** `when` (top-level request parameters, e.g. { client_reference_id }) keeps parallel tests from taking each other's failure. */
  function failNext({ path, status = 402, message = "Your card was declined.", type, code, when = {} }) {
    if (!path) throw parameterMissing("path");
    const defaultType = status === 402 ? "card_error" : status >= 500 ? "api_error" : "invalid_request_error";
    state.failNext.set(path, { error: new StripeError(status, message, { type: type ?? defaultType, code }), when });
    return { ok: true };
  }

  // --- Hosted checkout page ---

  function checkoutPage({ session, price }, status = 200) {
    if (session.status === "expired") {
      const content = `<p>This checkout session has expired. Nothing was charged.</p><p><a href="${escapeHtml(session.cancel_url)}">Back to Ledgerly</a></p>`;
      return html(page("Checkout expired", content), status);
    }
    if (session.status === "complete") {
      const content = `<p>Payment complete: you are subscribed to Ledgerly Premium.</p><p><a href="${escapeHtml(successUrl(session))}">Continue to Ledgerly</a></p>`;
      return html(page("Payment complete", content), status);
    }
    const action = `/checkout/${encodeURIComponent(session.id)}`;
    const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: currencyOf(price) }).format(price.unit_amount / 100);
    const content = `<p class="price">${amount} / ${price.interval}</p>
${session.customer_email ? `<p>For ${escapeHtml(session.customer_email)}</p>` : ""}
<p>This is Ledgerly's local Stripe stand-in: no card is needed and nothing is charged. (On Stripe's own test checkout, use card 4242 4242 4242 4242.)</p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`;
    return html(page("Ledgerly Premium", content), status);
  }

  async function pay(id) {
    const record = findSession(id);
    if (record.session.status === "expired") return checkoutPage(record, 410);
    // A double click waits for the first payment instead of creating a second subscription.
    record.completion ??= completeCheckout(record);
    await record.completion;
    return redirect(successUrl(record.session));
  }

  // --- Routing ---

  const compile = (routes) =>
    routes.map(([method, pattern, handler]) => ({
      method,
      handler,
      regex: new RegExp(`^${pattern.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`),
    }));
  const apiRoutes = compile([
    ["GET", "/v1/prices/:id", ({ id }) => priceObject(findPrice(id))],
    ["POST", "/v1/customers", (_, params) => createCustomer(params)],
    ["GET", "/v1/customers/:id", ({ id }) => find(state.customers, id, "customer")],
    ["POST", "/v1/checkout/sessions", (_, params) => createCheckoutSession(params)],
    ["GET", "/v1/checkout/sessions/:id", ({ id }) => findSession(id).session],
    ["POST", "/v1/checkout/sessions/:id/expire", ({ id }) => expireSession(id)],
    ["GET", "/v1/subscriptions", (_, params) => listSubscriptions(params)],
    ["GET", "/v1/subscriptions/:id", ({ id }) => find(state.subscriptions, id, "subscription")],
    ["POST", "/v1/subscriptions/:id", ({ id }, params) => updateSubscription(id, params)],
    ["DELETE", "/v1/subscriptions/:id", ({ id }) => cancelSubscription(id)],
  ]);
  const controlRoutes = compile([
    ["POST", "/_control/reset", reset],
    ["GET", "/_control/events", listEvents],
    ["POST", "/_control/events/:id/deliver", async ({ id }) => ({ id, status: await deliver(findEvent(id)) })],
    ["POST", "/_control/hold", (_, body) => hold(Boolean(body.hold))],
    ["POST", "/_control/deliver", (_, body) => deliverInOrder(body.ids)],
    ["POST", "/_control/emit", (_, body) => emitFromControl(body)],
    ["POST", "/_control/subscriptions/:id", ({ id }, body) => mutateSubscription(id, body)],
    ["POST", "/_control/fail-next", (_, body) => failNext(body)],
    ["GET", "/_control/state", dumpState],
  ]);
  const pageRoutes = compile([
    ["GET", "/checkout/:id", ({ id }) => checkoutPage(findSession(id))],
    ["POST", "/checkout/:id/pay", ({ id }) => pay(id)],
    ["POST", "/checkout/:id/cancel", ({ id }) => redirect(findSession(id).session.cancel_url)],
  ]);

  function findRoute(routes, method, pathname) {
    for (const route of routes) {
      const match = route.method === method && route.regex.exec(pathname);
      if (match) {
        const pathParams = Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]);
        return { handler: route.handler, pathParams: Object.fromEntries(pathParams) };
      }
    }
    throw new StripeError(404, `Unrecognized request URL (${method}: ${pathname}).`);
  }

  /** Never rejects: every failure becomes a Stripe-shaped error reply. */
  async function runApiRoute(route, pathname, params) {
    const injected = state.failNext.get(pathname);
    if (injected && Object.entries(injected.when).every(([name, value]) => params[name] === value)) {
      state.failNext.delete(pathname);
      return errorReply(injected.error);
    }
    try {
      return json(expand(await route.handler(route.pathParams, params), params.expand));
    } catch (error) {
      if (error instanceof StripeError) return errorReply(error);
      return errorReply(new StripeError(500, String(error.message), { type: "api_error" }));
    }
  }

  async function handleApi(request, url, rawBody) {
    if (!/^Bearer \S+/.test(request.headers.authorization ?? "")) {
      throw new StripeError(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    const method = request.method ?? "GET";
    const route = findRoute(apiRoutes, method, url.pathname);
    const params = { ...qs.parse(url.search.slice(1)), ...qs.parse(rawBody) };
    const idempotencyKey = request.headers["idempotency-key"];
    if (method !== "POST" || typeof idempotencyKey !== "string") return runApiRoute(route, url.pathname, params);

    const cacheKey = `${url.pathname} ${idempotencyKey}`;
    const first = state.idempotent.get(cacheKey);
    if (first) {
      if (first.rawBody !== rawBody) {
        throw new StripeError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          { type: "idempotency_error" },
        );
      }
      const reply = await first.reply;
      return { ...reply, headers: { ...reply.headers, "idempotent-replayed": "true" } };
    }
    const reply = runApiRoute(route, url.pathname, params);
    state.idempotent.set(cacheKey, { rawBody, reply });
    const settled = await reply;
    // Only successes are kept, so a retry after an error runs again.
    if (settled.status >= 400) state.idempotent.delete(cacheKey);
    return settled;
  }

  async function handle(request) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const method = request.method ?? "GET";
    if (url.pathname.startsWith("/_control/")) {
      const route = findRoute(controlRoutes, method, url.pathname);
      return json(await route.handler(route.pathParams, rawBody ? JSON.parse(rawBody) : {}));
    }
    if (url.pathname.startsWith("/checkout/")) {
      try {
        const route = findRoute(pageRoutes, method, url.pathname);
        return await route.handler(route.pathParams, {});
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return html(page("Checkout unavailable", `<p>${escapeHtml(error.message)}</p>`), error.status);
      }
    }
    return handleApi(request, url, rawBody);
  }

  const server = http.createServer(async (request, response) => {
    let reply;
    try {
      reply = await handle(request);
    } catch (error) {
      reply =
        error instanceof StripeError
          ? errorReply(error)
          : json({ error: { type: "api_error", message: String(error.message) } }, 500);
    }
    response.writeHead(reply.status, { "request-id": newId("req"), ...reply.headers }).end(reply.body);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;

  return {
    url: baseUrl,
    port: actualPort,
    stop: () =>
      new Promise((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    setWebhookUrl: (url) => {
      webhookTarget = url;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: String(STAND_IN_DEFAULTS.port) },
      host: { type: "string", default: "127.0.0.1" },
      "webhook-url": { type: "string" },
      "webhook-secret": { type: "string", default: STAND_IN_DEFAULTS.webhookSecret },
    },
  });
  const standIn = await startStripeStandIn({
    port: Number(values.port),
    host: values.host,
    webhookUrl: values["webhook-url"],
    webhookSecret: values["webhook-secret"],
  });
  const webhooks = values["webhook-url"]
    ? `webhooks to ${values["webhook-url"]} signed with ${values["webhook-secret"]}`
    : "no webhook URL: events are stored, not delivered";
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => standIn.stop().then(() => process.exit(0)));
  }
  console.log(`Stripe stand-in on ${standIn.url} (${webhooks})`);
}
