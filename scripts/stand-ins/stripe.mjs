// A stateful, in-memory stand-in for the parts of the Stripe API that Ledgerly uses: prices, customers,
// Checkout (with its own hosted page), subscriptions, subscription schedules, invoices (with hosted invoice
// pages), the customer portal (its own hosted page) and signed webhooks. Tests, the e2e server and
// `npm start` without Stripe keys point the real `stripe` SDK at it (host/port/protocol options).
// Run directly: node scripts/stand-ins/stripe.mjs --port 12111 --webhook-url http://localhost:3000/webhooks/stripe
import { createHmac, randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { addDays, addMonths, addWeeks, addYears } from "date-fns";
import qs from "qs";
import Stripe from "stripe";
import { escapeHtml, htmlPage } from "./kit/page.mjs";
import { scriptedCalls } from "./kit/scripted-calls.mjs";
import { html, isRunDirectly, json, parseJsonBody, redirect, routes, runFromCommandLine, serve } from "./kit/server.mjs";
import { postWebhook } from "./kit/webhooks.mjs";

export const STAND_IN_DEFAULTS = {
  port: 12111,
  secretKey: "sk_test_ledgerly_stand_in",
  webhookSecret: "whsec_ledgerly_stand_in",
  prices: { monthly: "price_ledgerly_monthly", annual: "price_ledgerly_annual" },
};

/** @typedef {{ id: string, unit_amount: number, interval: "month" | "year", currency?: string }} PriceConfig */
/** @typedef {import("./kit/server.mjs").Reply} Reply */

/** @type {PriceConfig[]} */
const DEFAULT_PRICES = [
  { id: STAND_IN_DEFAULTS.prices.monthly, unit_amount: 299, interval: "month" },
  { id: STAND_IN_DEFAULTS.prices.annual, unit_amount: 2499, interval: "year" },
];
const PRODUCT_ID = "prod_ledgerly_premium";
const PRODUCT_NAME = "Ledgerly Premium";
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
const PORTAL_SESSION_LIFETIME_SECONDS = 5 * 60;
const PORTAL_CONFIGURATION_ID = "bpc_ledgerly_stand_in";
/** Stripe's test card numbers that the portal's card form accepts, with their brands. */
const TEST_CARDS = new Map([
  ["4242424242424242", "visa"],
  ["5555555555554444", "mastercard"],
  ["378282246310005", "amex"],
]);
const BRAND_NAMES = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };
const PRORATION_BEHAVIORS = ["always_invoice", "create_prorations", "none"];
const DURATION_INTERVALS = { day: addDays, week: addWeeks, month: addMonths, year: addYears };

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
/** `start` (Unix seconds) plus `count` day / week / month / year intervals. */
const addInterval = (start, interval, count = 1) => toUnix(DURATION_INTERVALS[interval](new Date(start * 1000), count));

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

function positiveInteger(value, param) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw invalid("Invalid positive integer", param);
  return number;
}

/** A timestamp parameter: Unix seconds, or "now". */
function timestamp(value, param) {
  if (value === "now") return unixNow();
  const number = Number(value);
  if (value === "" || !Number.isInteger(number)) throw invalid(`Invalid timestamp: ${value}`, param);
  return number;
}

/** The first `limit` (1 to 100, default 10) of `matching` as a Stripe list. */
function listObject(matching, limit, url) {
  const count = Math.min(Math.max(Number(limit) || 10, 1), 100);
  return { object: "list", data: matching.slice(0, count), has_more: matching.length > count, url };
}

const newestFirst = (map) => [...map.values()].reverse();

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

const formatAmount = (cents, currency) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
const formatDate = (unix) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(unix * 1000);
const planName = (interval) => (interval === "year" ? "Annual" : "Monthly");
const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1);

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f6f7fb;color:#1a1f36;margin:0}main{max-width:26rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 2px 8px #0002}main.wide{max-width:40rem}.badge{display:inline-block;background:#ffe8b3;color:#7a4b00;border-radius:.25rem;padding:.1rem .5rem;font-size:.8rem}.price{font-size:1.6rem;font-weight:600}form{display:inline}form.stack{display:block}button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:.4rem;border:1px solid #635bff;cursor:pointer}.pay{background:#635bff;color:#fff}.cancel{background:#fff;color:#635bff}a{color:#4f46e5}label{display:block;font-weight:600;margin-top:.8rem}input{font:inherit;padding:.5rem;border:1px solid #5b6178;border-radius:.4rem;width:100%;box-sizing:border-box}input[aria-invalid=true]{border-color:#b3093c}.error{color:#b3093c;margin:.3rem 0 0}.notice{background:#e6f6ec;color:#0a6b3a;padding:.6rem .8rem;border-radius:.4rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem .4rem 0;border-bottom:1px solid #dfe1e8}dt{font-weight:600}dd{margin:0 0 .6rem}`;

/** A hosted page; `site` names it in the tab title, `wide` gives room to tables. */
function page(title, content, { site = "Checkout", wide = false } = {}) {
  return htmlPage({
    title: `${title} · ${site} (test mode)`,
    style: PAGE_STYLE,
    body: `<main${wide ? ' class="wide"' : ""}><p class="badge">Test mode</p><h1>${escapeHtml(title)}</h1>${content}</main>`,
  });
}

const PORTAL_PAGE = { site: "Ledgerly", wide: true };
const HOSTED_PAGE_PREFIXES = ["/checkout/", "/portal/", "/invoices/"];

const section = (name, heading, content) =>
  `<section aria-labelledby="${name}-heading"><h2 id="${name}-heading">${heading}</h2>${content}</section>`;

function cardField({ id, name, label, autocomplete, value = "", error }) {
  const invalidity = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";
  const message = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : "";
  return `<label for="${id}">${label}</label><input id="${id}" name="${name}" autocomplete="${autocomplete}" inputmode="numeric" required value="${escapeHtml(value)}"${invalidity}>${message}`;
}

/** The portal's card form: one of Stripe's test numbers, an expiry (MM/YY) not in the past, a CVC of 3 digits (4 for Amex). */
function readCard({ number = "", expiry = "", cvc = "" }) {
  const errors = {};
  const digits = String(number).replace(/[\s-]/g, "");
  const brand = TEST_CARDS.get(digits);
  if (!brand) errors.number = "Your card number is invalid.";
  const [, month, shortYear] = (/^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(String(expiry)) ?? []).map(Number);
  const year = 2000 + shortYear;
  const now = new Date();
  if (!month || month > 12) errors.expiry = "Your card's expiration date is incomplete.";
  else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.expiry = "Your card's expiration date is in the past.";
  }
  if (!(brand === "amex" ? /^\d{4}$/ : /^\d{3}$/).test(String(cvc).trim())) {
    errors.cvc = "Your card's security code is incomplete.";
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { card: { brand, last4: digits.slice(-4), expMonth: month, expYear: year } };
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
  // portalSessions: id → { session, expiresAt, notice (shown once after a redirect) }
  // events: id → { event, held, deliveries: [{ status, error?, at }] }, oldest first
  // idempotent: "path key" → { rawBody, reply: Promise<Reply> }; failures: StripeErrors for the next calls of a path
  // Every other map holds API objects by id, oldest first.
  const emptyState = () => ({
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    schedules: new Map(),
    invoices: new Map(),
    paymentMethods: new Map(),
    portalSessions: new Map(),
    events: new Map(),
    idempotent: new Map(),
    failures: scriptedCalls(invalid),
    held: false,
  });
  const state = emptyState();

  const find = (map, id, resource, param = "id") => {
    if (!map.has(id)) throw missing(resource, id, param);
    return map.get(id);
  };
  const findSession = (id) => find(state.sessions, id, "checkout.session");
  const findSchedule = (id) => find(state.schedules, id, "subscription_schedule");
  const findPortalSession = (id) => find(state.portalSessions, id, "billing_portal.session");
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
    const delivery = await postWebhook(webhookTarget, payload, {
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      "stripe-signature": `t=${timestamp},v1=${signature}`,
    });
    record.deliveries.push({ ...delivery, at: timestamp });
    return delivery.status;
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

  /** Emits `type` for `object` with what changed since `before` as `previous_attributes`, if anything did. */
  async function emitUpdate(type, before, object) {
    const previousAttributes = changedAttributes(before, object);
    if (Object.keys(previousAttributes).length > 0) {
      await emit(type, object, { previous_attributes: previousAttributes });
    }
  }

  // --- API objects ---

  function createCustomer({ email, name, metadata }) {
    const customer = {
      id: newId("cus"),
      object: "customer",
      email: email ?? null,
      name: name ?? null,
      metadata: mergeMetadata({}, metadata),
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      next_invoice_sequence: 1,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
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
    const quantity = positiveInteger(lineItem.quantity ?? 1, "line_items[0][quantity]");
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
    const created = unixNow();
    const id = newId("sub");
    const item = {
      id: newId("si"),
      object: "subscription_item",
      subscription: id,
      price: priceObject(price),
      quantity,
      current_period_start: created,
      current_period_end: addInterval(created, price.interval),
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
      schedule: null,
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

  /** Bills the subscription's current period; the invoice is dated at the period start and kept. */
  function invoiceFor(subscription, status, billingReason) {
    const [item] = subscription.items.data;
    const customer = state.customers.get(subscription.customer);
    const amount = item.price.unit_amount * item.quantity;
    const id = newId("in");
    const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`;
    customer.next_invoice_sequence += 1;
    const unitPrice = formatAmount(item.price.unit_amount, item.price.currency);
    const line = {
      id: newId("il"),
      object: "line_item",
      invoice: id,
      amount,
      currency: item.price.currency,
      description: `${item.quantity} × ${PRODUCT_NAME} (at ${unitPrice} / ${item.price.recurring.interval})`,
      quantity: item.quantity,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { type: "price_details", price_details: { price: item.price.id, product: PRODUCT_ID } },
    };
    const invoice = {
      id,
      object: "invoice",
      number,
      customer: subscription.customer,
      customer_email: customer.email,
      subscription: subscription.id,
      status,
      billing_reason: billingReason,
      currency: item.price.currency,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      amount_remaining: status === "paid" ? 0 : amount,
      subtotal: amount,
      total: amount,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `${baseUrl}/invoices/${id}`,
      invoice_pdf: null,
      lines: { object: "list", data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${id}/lines` },
      created: item.current_period_start,
      livemode: false,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    state.invoices.set(id, invoice);
    return invoice;
  }

  function listInvoices({ customer, subscription, status, limit }) {
    const matches = (invoice) =>
      (!customer || invoice.customer === customer) &&
      (!subscription || invoice.subscription === subscription) &&
      (!status || invoice.status === status);
    return listObject(newestFirst(state.invoices).filter(matches), limit, "/v1/invoices");
  }

  /** Saves a card on the customer and makes it the default for invoices. */
  function attachCard(customer, { brand, last4, expMonth, expYear }) {
    const paymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      card: { brand, last4, exp_month: expMonth, exp_year: expYear, funding: "credit", country: "US" },
      customer: customer.id,
      created: unixNow(),
      livemode: false,
      metadata: {},
    };
    state.paymentMethods.set(paymentMethod.id, paymentMethod);
    customer.invoice_settings.default_payment_method = paymentMethod.id;
    return paymentMethod;
  }

  async function completeCheckout(record) {
    const { session, price, quantity, subscriptionMetadata } = record;
    session.customer ??= createCustomer({ email: session.customer_email ?? undefined }).id;
    // The hosted page asks for no card; the customer ends up with Stripe's test Visa as if one had been typed.
    const expYear = new Date().getUTCFullYear() + 3;
    attachCard(state.customers.get(session.customer), { brand: "visa", last4: "4242", expMonth: 12, expYear });
    const subscription = createSubscription(session.customer, price, quantity, subscriptionMetadata);
    const invoice = invoiceFor(subscription, "paid", "subscription_create");
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    await emit("customer.subscription.created", subscription);
    await emit("checkout.session.completed", session);
    await emit("invoice.paid", invoice);
  }

  function listSubscriptions({ customer, status, limit }) {
    // Like Stripe, no status filter means "not canceled".
    const statusMatches = (value) => status === "all" || (status ? value === status : value !== "canceled");
    const matches = (subscription) =>
      (!customer || subscription.customer === customer) && statusMatches(subscription.status);
    return listObject(newestFirst(state.subscriptions).filter(matches), limit, "/v1/subscriptions");
  }

  async function updateSubscription(id, params) {
    const subscription = find(state.subscriptions, id, "subscription");
    const changesBilling = params.cancel_at_period_end !== undefined || params.items !== undefined;
    if (subscription.status === "canceled" && changesBilling) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.", "id");
    }
    if (subscription.schedule && params.cancel_at_period_end !== undefined) {
      throw invalid(
        `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
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
    const now = unixNow();
    let cycleRestarted = false;
    for (const { item, price } of priceSwitches.filter((change) => change.price)) {
      // Like Stripe: a new interval restarts the billing cycle now and invoices at once; otherwise the period stays.
      if (price.interval !== item.price.recurring.interval) {
        Object.assign(item, { current_period_start: now, current_period_end: addInterval(now, price.interval) });
        cycleRestarted = true;
      }
      item.price = priceObject(price);
    }
    if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = cancelAtPeriodEnd;
    if (changesBilling) {
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    const invoice = cycleRestarted ? invoiceFor(subscription, "paid", "subscription_update") : null;
    if (invoice) subscription.latest_invoice = invoice.id;
    await emitUpdate("customer.subscription.updated", before, subscription);
    if (invoice) await emit("invoice.paid", invoice);
    return subscription;
  }

  async function cancelSubscription(id) {
    const subscription = find(state.subscriptions, id, "subscription");
    if (subscription.status === "canceled") throw invalid(`Subscription '${id}' is already canceled.`, "id");
    const now = unixNow();
    Object.assign(subscription, { status: "canceled", canceled_at: now, ended_at: now, cancel_at: null });
    await emit("customer.subscription.deleted", subscription);
    // Like Stripe, canceling the subscription cancels the schedule that manages it.
    const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
    if (schedule && isSchedulable(schedule)) {
      Object.assign(schedule, { status: "canceled", canceled_at: now, current_phase: null });
      await emit("subscription_schedule.canceled", schedule);
    }
    return subscription;
  }

  // --- Subscription schedules ---

  const isSchedulable = (schedule) => schedule.status === "not_started" || schedule.status === "active";

  function requireSchedulable(schedule, action) {
    if (!isSchedulable(schedule)) {
      throw invalid(
        `You cannot ${action} a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in \`not_started\` or \`active\`.`,
      );
    }
  }

  async function createSchedule(params) {
    if (!params.from_subscription) {
      throw invalid("The stand-in only creates schedules from a subscription: pass from_subscription.", "from_subscription");
    }
    if (params.phases !== undefined) throw invalid("You cannot set `phases` if `from_subscription` is set.", "phases");
    const subscription = find(state.subscriptions, params.from_subscription, "subscription", "from_subscription");
    if (subscription.status === "canceled") {
      throw invalid(`You cannot migrate a canceled subscription: \`${subscription.id}\`.`, "from_subscription");
    }
    if (subscription.schedule) {
      throw invalid(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        "from_subscription",
      );
    }
    const [item] = subscription.items.data;
    const currentPhase = { start_date: item.current_period_start, end_date: item.current_period_end };
    const schedule = {
      id: newId("sub_sched"),
      object: "subscription_schedule",
      subscription: subscription.id,
      customer: subscription.customer,
      status: "active",
      end_behavior: "release",
      current_phase: currentPhase,
      phases: [
        {
          ...currentPhase,
          items: [{ price: item.price.id, quantity: item.quantity }],
          proration_behavior: "create_prorations",
        },
      ],
      released_at: null,
      released_subscription: null,
      canceled_at: null,
      completed_at: null,
      metadata: mergeMetadata({}, params.metadata),
      created: unixNow(),
      livemode: false,
    };
    state.schedules.set(schedule.id, schedule);
    const before = structuredClone(subscription);
    subscription.schedule = schedule.id;
    await emit("subscription_schedule.created", schedule);
    await emitUpdate("customer.subscription.updated", before, subscription);
    return schedule;
  }

  function listSchedules({ customer, limit }) {
    const matches = (schedule) => !customer || schedule.customer === customer;
    return listObject(newestFirst(state.schedules).filter(matches), limit, "/v1/subscription_schedules");
  }

  function phaseItems(items, param) {
    if (!Array.isArray(items) || items.length === 0) throw parameterMissing(`${param}[items]`);
    // The stand-in's subscriptions have a single item, so a phase can only describe that one.
    if (items.length > 1) throw invalid("The stand-in supports one item per phase.", `${param}[items]`);
    return items.map((item, index) => {
      const itemParam = `${param}[items][${index}]`;
      if (!item.price) throw parameterMissing(`${itemParam}[price]`);
      const price = findPrice(item.price, `${itemParam}[price]`);
      return { price: price.id, quantity: positiveInteger(item.quantity ?? 1, `${itemParam}[quantity]`) };
    });
  }

  /** Stripe's phase rules; every phase comes back with its start_date and end_date worked out. */
  function normalisePhases(schedule, subscription, phases) {
    if (!Array.isArray(phases) || phases.length === 0) {
      throw invalid("A subscription schedule needs at least one phase.", "phases");
    }
    const [item] = subscription.items.data;
    let start = schedule.current_phase.start_date;
    return phases.map((phase, index) => {
      const param = `phases[${index}]`;
      const items = phaseItems(phase.items, param);
      if (phase.start_date !== undefined && timestamp(phase.start_date, `${param}[start_date]`) !== start) {
        if (index === 0) throw invalid("You can not modify the start date of the current phase.", `${param}[start_date]`);
        throw invalid(`Phase ${index} must start when phase ${index - 1} ends.`, `${param}[start_date]`);
      }
      if (index === 0 && (items[0].price !== item.price.id || items[0].quantity !== item.quantity)) {
        throw invalid(
          "The stand-in does not change the current phase: keep the subscription's price and quantity in phases[0][items].",
          `${param}[items]`,
        );
      }
      if (phase.end_date !== undefined && phase.duration !== undefined) {
        throw invalid("You may only specify one of these parameters: duration, end_date.", param);
      }
      let end;
      if (phase.end_date !== undefined) {
        end = timestamp(phase.end_date, `${param}[end_date]`);
      } else if (phase.duration !== undefined) {
        const { interval, interval_count: intervalCount = 1 } = phase.duration;
        if (!Object.hasOwn(DURATION_INTERVALS, interval)) {
          throw invalid("Invalid duration interval: must be one of day, week, month, or year", `${param}[duration][interval]`);
        }
        end = addInterval(start, interval, positiveInteger(intervalCount, `${param}[duration][interval_count]`));
      } else if (index === phases.length - 1) {
        end = addInterval(start, priceById.get(items[0].price).interval);
      } else {
        throw invalid(`Phase ${index} needs an end_date or a duration: only the last phase may have neither.`, param);
      }
      if (end <= start) throw invalid("A phase's end_date must be after its start_date.", `${param}[end_date]`);
      const prorationBehavior = phase.proration_behavior ?? "create_prorations";
      if (!PRORATION_BEHAVIORS.includes(prorationBehavior)) {
        throw invalid(`Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`, `${param}[proration_behavior]`);
      }
      const normalised = { start_date: start, end_date: end, items, proration_behavior: prorationBehavior };
      start = end;
      return normalised;
    });
  }

  async function updateSchedule(id, params) {
    const schedule = findSchedule(id);
    requireSchedulable(schedule, "update");
    const endBehavior = params.end_behavior ?? schedule.end_behavior;
    // Ledgerly lets a schedule end by handing the subscription back; cancel, none and renew are not simulated.
    if (endBehavior !== "release") throw invalid("The stand-in only supports end_behavior=release.", "end_behavior");
    if (params.proration_behavior !== undefined && !PRORATION_BEHAVIORS.includes(params.proration_behavior)) {
      throw invalid(`Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`, "proration_behavior");
    }
    const subscription = state.subscriptions.get(schedule.subscription);
    const phases = params.phases === undefined ? schedule.phases : normalisePhases(schedule, subscription, params.phases);
    const before = structuredClone(schedule);
    Object.assign(schedule, {
      phases,
      end_behavior: endBehavior,
      metadata: mergeMetadata(schedule.metadata, params.metadata),
    });
    await emitUpdate("subscription_schedule.updated", before, schedule);
    return schedule;
  }

  /** Hands the subscription back: it keeps its price and period, without a schedule. */
  function detachSchedule(schedule, subscription, at) {
    Object.assign(schedule, {
      status: "released",
      released_at: at,
      released_subscription: subscription.id,
      subscription: null,
      current_phase: null,
    });
    subscription.schedule = null;
  }

  async function releaseSchedule(id) {
    const schedule = findSchedule(id);
    requireSchedulable(schedule, "release");
    const subscription = state.subscriptions.get(schedule.subscription);
    const before = structuredClone(subscription);
    detachSchedule(schedule, subscription, unixNow());
    await emit("subscription_schedule.released", schedule);
    await emitUpdate("customer.subscription.updated", before, subscription);
    return schedule;
  }

  /**
   * What Stripe's billing does when the current period ends: a subscription set to cancel ends; otherwise
   * the schedule's phase that covers the new period sets its price (a schedule past its last phase is
   * released), the new period lasts one interval of that price, and it is invoiced and paid.
   */
  async function endCurrentPeriod(id) {
    const subscription = find(state.subscriptions, id, "subscription");
    if (subscription.status === "canceled") throw invalid(`Subscription '${id}' is canceled.`, "id");
    const [item] = subscription.items.data;
    const periodEnd = item.current_period_end;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: "canceled", canceled_at: periodEnd, ended_at: periodEnd });
      await emit("customer.subscription.deleted", subscription);
      return subscription;
    }

    const before = structuredClone(subscription);
    const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
    const scheduleBefore = structuredClone(schedule);
    const phase = schedule?.phases.find((candidate) => candidate.start_date <= periodEnd && periodEnd < candidate.end_date);
    if (phase) {
      const [{ price, quantity }] = phase.items;
      if (price !== item.price.id) item.price = priceObject(findPrice(price));
      item.quantity = quantity;
      schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    } else if (schedule) {
      detachSchedule(schedule, subscription, periodEnd);
    }
    Object.assign(item, {
      current_period_start: periodEnd,
      current_period_end: addInterval(periodEnd, item.price.recurring.interval),
    });
    const invoice = invoiceFor(subscription, "paid", "subscription_cycle");
    subscription.latest_invoice = invoice.id;

    if (schedule?.status === "released") await emit("subscription_schedule.released", schedule);
    else if (schedule) await emitUpdate("subscription_schedule.updated", scheduleBefore, schedule);
    await emitUpdate("customer.subscription.updated", before, subscription);
    await emit("invoice.paid", invoice);
    return subscription;
  }

  // A function, because a reset replaces the maps.
  const expandable = () => [state.subscriptions, state.customers, state.schedules, state.invoices, state.paymentMethods];

  /** Replaces the id at a dotted path (`schedule`, `invoice_settings.default_payment_method`) with its object. */
  function expandPath(object, [field, ...rest]) {
    const value = object[field];
    if (rest.length > 0) {
      return value !== null && typeof value === "object" ? { ...object, [field]: expandPath(value, rest) } : object;
    }
    const target = typeof value === "string" ? expandable().find((map) => map.has(value))?.get(value) : undefined;
    return target ? { ...object, [field]: target } : object;
  }

  /** Replaces the ids named in `expand[]` with the objects they point at. */
  function expand(object, fields) {
    if (!fields) return object;
    return [fields].flat().reduce((expanded, path) => expandPath(expanded, String(path).split(".")), object);
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
      subscription_schedules: [...state.schedules.values()],
      invoices: [...state.invoices.values()],
      payment_methods: [...state.paymentMethods.values()],
      billing_portal_sessions: [...state.portalSessions.values()].map((record) => record.session),
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
      const isInvoiceEvent = type.startsWith("invoice.");
      dataObject = isInvoiceEvent ? invoiceFor(subscription, paid ? "paid" : "open", "subscription_cycle") : subscription;
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

  /** Makes a portal session's URL stale, as five minutes would. */
  function expirePortalSession(id) {
    const record = findPortalSession(id);
    record.expiresAt = unixNow();
    return record.session;
  }

  /** `when` (top-level request parameters, e.g. { client_reference_id }) keeps parallel tests from taking each other's failure. */
  function failNext({ path, status = 402, message = "Your card was declined.", type, code, when = {} }) {
    if (!path) throw parameterMissing("path");
    const defaultType = status === 402 ? "card_error" : status >= 500 ? "api_error" : "invalid_request_error";
    const error = new StripeError(status, message, { type: type ?? defaultType, code });
    const matches = (call) => call.pathname === path && Object.entries(when).every(([name, value]) => call.params[name] === value);
    state.failures.add(error, { matches });
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
    const amount = formatAmount(price.unit_amount, currencyOf(price));
    const content = `<p class="price">${amount} / ${price.interval}</p>
${session.customer_email ? `<p>For ${escapeHtml(session.customer_email)}</p>` : ""}
<p>This is Ledgerly's local Stripe stand-in: no card is needed and nothing is charged. (On Stripe's own test checkout, use card 4242 4242 4242 4242.)</p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`;
    return html(page(PRODUCT_NAME, content), status);
  }

  async function pay(id) {
    const record = findSession(id);
    if (record.session.status === "expired") return checkoutPage(record, 410);
    // A double click waits for the first payment instead of creating a second subscription.
    record.completion ??= completeCheckout(record);
    await record.completion;
    return redirect(successUrl(record.session));
  }

  // --- Customer portal and hosted invoices ---

  function createPortalSession({ customer, return_url: returnUrl }) {
    if (!customer) throw parameterMissing("customer");
    find(state.customers, customer, "customer", "customer");
    if (!returnUrl) throw parameterMissing("return_url");
    const id = newId("bps");
    const created = unixNow();
    const session = {
      id,
      object: "billing_portal.session",
      configuration: PORTAL_CONFIGURATION_ID,
      customer,
      customer_account: null,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${baseUrl}/portal/${id}`,
      created,
      livemode: false,
    };
    state.portalSessions.set(id, { session, expiresAt: created + PORTAL_SESSION_LIFETIME_SECONDS, notice: null });
    return session;
  }

  const isExpired = (record) => unixNow() >= record.expiresAt;

  /** The schedule's first later phase with another price than the subscription's, if any. */
  function scheduledChange(subscription) {
    const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
    const [item] = subscription.items.data;
    const phase = schedule?.phases.find(
      (candidate) => candidate.start_date >= item.current_period_end && candidate.items[0].price !== item.price.id,
    );
    return phase && { interval: priceById.get(phase.items[0].price).interval, start: phase.start_date };
  }

  function planSection(customer) {
    const subscription = newestFirst(state.subscriptions).find(
      (candidate) => candidate.customer === customer.id && candidate.status !== "canceled",
    );
    if (!subscription) return section("plan", "Current plan", "<p>You have no active subscription.</p>");
    const [item] = subscription.items.data;
    const { interval } = item.price.recurring;
    const change = scheduledChange(subscription);
    return section(
      "plan",
      "Current plan",
      `<p><strong>${PRODUCT_NAME} · ${planName(interval)}</strong></p>
<p class="price">${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} / ${interval}</p>
<p>${subscription.cancel_at_period_end ? "Cancels" : "Renews"} on ${formatDate(item.current_period_end)}</p>
${change ? `<p>Changes to ${planName(change.interval)} on ${formatDate(change.start)}</p>` : ""}`,
    );
  }

  function paymentSection(session, customer, errors, values) {
    const paymentMethod = state.paymentMethods.get(customer.invoice_settings.default_payment_method);
    const card = paymentMethod?.card;
    const current = card
      ? `<p>${BRAND_NAMES[card.brand]} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, "0")}/${card.exp_year}</p>`
      : "<p>No payment method on file.</p>";
    const action = `/portal/${encodeURIComponent(session.id)}/payment-method`;
    return section(
      "payment",
      "Payment method",
      `${current}
<h3 id="card-form-heading">Update payment method</h3>
<form class="stack" method="post" action="${action}" aria-labelledby="card-form-heading">
${cardField({ id: "card-number", name: "number", label: "Card number", autocomplete: "cc-number", error: errors.number })}
${cardField({ id: "card-expiry", name: "expiry", label: "Expiry date (MM/YY)", autocomplete: "cc-exp", value: values.expiry, error: errors.expiry })}
${cardField({ id: "card-cvc", name: "cvc", label: "CVC", autocomplete: "cc-csc", error: errors.cvc })}
<button class="pay" type="submit">Save card</button>
</form>`,
    );
  }

  function invoiceSection(customer) {
    const invoices = newestFirst(state.invoices).filter((invoice) => invoice.customer === customer.id);
    if (invoices.length === 0) return section("invoices", "Invoice history", "<p>No invoices yet.</p>");
    const rows = invoices.map(
      (invoice) =>
        `<tr><td>${formatDate(invoice.created)}</td><td>${formatAmount(invoice.amount_due, invoice.currency)}</td><td>${capitalize(invoice.status)}</td><td><a href="${escapeHtml(invoice.hosted_invoice_url)}">${escapeHtml(invoice.number)}</a></td></tr>`,
    );
    return section(
      "invoices",
      "Invoice history",
      `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
    );
  }

  /** The portal page, or the "expired" page once the session is stale; a notice is shown once. */
  function portalPage(record, { status = 200, errors = {}, values = {} } = {}) {
    const { session } = record;
    const returnLink = `<p><a href="${escapeHtml(session.return_url)}">Return to Ledgerly</a></p>`;
    if (isExpired(record)) {
      const content = `<p>This billing portal session has expired. Open the billing portal again from Ledgerly.</p>${returnLink}`;
      return html(page("Session expired", content, PORTAL_PAGE), status);
    }
    const customer = state.customers.get(session.customer);
    const notice = record.notice;
    record.notice = null;
    const content = `${customer.email ? `<p>${escapeHtml(customer.email)}</p>` : ""}
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ""}
${planSection(customer)}
${paymentSection(session, customer, errors, values)}
${invoiceSection(customer)}
${returnLink}`;
    return html(page("Billing portal", content, PORTAL_PAGE), status);
  }

  async function updatePaymentMethod(id, form) {
    const record = findPortalSession(id);
    if (isExpired(record)) return portalPage(record, { status: 410 });
    const { card, errors } = readCard(form);
    if (!card) return portalPage(record, { status: 400, errors, values: { expiry: String(form.expiry ?? "") } });
    const customer = state.customers.get(record.session.customer);
    const before = structuredClone(customer);
    const paymentMethod = attachCard(customer, card);
    await emit("payment_method.attached", paymentMethod);
    await emitUpdate("customer.updated", before, customer);
    record.notice = "Payment method updated.";
    return redirect(record.session.url);
  }

  function invoicePage(invoice) {
    const [line] = invoice.lines.data;
    const content = `<p class="price">${formatAmount(invoice.amount_due, invoice.currency)}</p>
<dl><dt>Status</dt><dd>${capitalize(invoice.status)}</dd><dt>Date</dt><dd>${formatDate(invoice.created)}</dd>
<dt>Billed to</dt><dd>${escapeHtml(invoice.customer_email ?? invoice.customer)}</dd>
<dt>Description</dt><dd>${escapeHtml(line.description)}</dd>
<dt>Billing period</dt><dd>${formatDate(line.period.start)} to ${formatDate(line.period.end)}</dd></dl>`;
    return html(page(`Invoice ${invoice.number}`, content, { site: "Ledgerly" }));
  }

  // --- Routing ---

  const apiRoutes = routes({
    "GET /v1/prices/:id": ({ id }) => priceObject(findPrice(id)),
    "POST /v1/customers": (_, params) => createCustomer(params),
    "GET /v1/customers/:id": ({ id }) => find(state.customers, id, "customer"),
    "POST /v1/checkout/sessions": (_, params) => createCheckoutSession(params),
    "GET /v1/checkout/sessions/:id": ({ id }) => findSession(id).session,
    "POST /v1/checkout/sessions/:id/expire": ({ id }) => expireSession(id),
    "GET /v1/subscriptions": (_, params) => listSubscriptions(params),
    "GET /v1/subscriptions/:id": ({ id }) => find(state.subscriptions, id, "subscription"),
    "POST /v1/subscriptions/:id": ({ id }, params) => updateSubscription(id, params),
    "DELETE /v1/subscriptions/:id": ({ id }) => cancelSubscription(id),
    "GET /v1/subscription_schedules": (_, params) => listSchedules(params),
    "POST /v1/subscription_schedules": (_, params) => createSchedule(params),
    "GET /v1/subscription_schedules/:id": ({ id }) => findSchedule(id),
    "POST /v1/subscription_schedules/:id": ({ id }, params) => updateSchedule(id, params),
    "POST /v1/subscription_schedules/:id/release": ({ id }) => releaseSchedule(id),
    "GET /v1/invoices": (_, params) => listInvoices(params),
    "GET /v1/invoices/:id": ({ id }) => find(state.invoices, id, "invoice"),
    "GET /v1/payment_methods/:id": ({ id }) => find(state.paymentMethods, id, "PaymentMethod"),
    "POST /v1/billing_portal/sessions": (_, params) => createPortalSession(params),
  });
  const controlRoutes = routes({
    "POST /_control/reset": reset,
    "GET /_control/events": listEvents,
    "POST /_control/events/:id/deliver": async ({ id }) => ({ id, status: await deliver(findEvent(id)) }),
    "POST /_control/hold": (_, body) => hold(Boolean(body.hold)),
    "POST /_control/deliver": (_, body) => deliverInOrder(body.ids),
    "POST /_control/emit": (_, body) => emitFromControl(body),
    "POST /_control/subscriptions/:id": ({ id }, body) => mutateSubscription(id, body),
    "POST /_control/subscriptions/:id/advance": ({ id }) => endCurrentPeriod(id),
    "POST /_control/portal-sessions/:id/expire": ({ id }) => expirePortalSession(id),
    "POST /_control/fail-next": (_, body) => failNext(body),
    "GET /_control/state": dumpState,
  });
  const pageRoutes = routes({
    "GET /checkout/:id": ({ id }) => checkoutPage(findSession(id)),
    "POST /checkout/:id/pay": ({ id }) => pay(id),
    "POST /checkout/:id/cancel": ({ id }) => redirect(findSession(id).session.cancel_url),
    "GET /portal/:id": ({ id }) => portalPage(findPortalSession(id)),
    "POST /portal/:id/payment-method": ({ id }, form) => updatePaymentMethod(id, form),
    "GET /invoices/:id": ({ id }) => invoicePage(find(state.invoices, id, "invoice")),
  });

  function findRoute(findIn, method, pathname) {
    const route = findIn(method, pathname);
    if (!route) throw new StripeError(404, `Unrecognized request URL (${method}: ${pathname}).`);
    return route;
  }

  /** Never rejects: every failure becomes a Stripe-shaped error reply. */
  async function runApiRoute(route, pathname, params) {
    const injected = state.failures.take({ pathname, params });
    if (injected) return errorReply(injected);
    try {
      return json(expand(await route.handler(route.pathParams, params), params.expand));
    } catch (error) {
      if (error instanceof StripeError) return errorReply(error);
      return errorReply(new StripeError(500, String(error.message), { type: "api_error" }));
    }
  }

  async function handleApi({ request, method, url, rawBody }) {
    if (!/^Bearer \S+/.test(request.headers.authorization ?? "")) {
      throw new StripeError(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
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

  /** @param {import("./kit/server.mjs").Call} call */
  async function handle(call) {
    const { method, url, rawBody } = call;
    if (url.pathname.startsWith("/_control/")) {
      const route = findRoute(controlRoutes, method, url.pathname);
      return json(await route.handler(route.pathParams, parseJsonBody(rawBody)));
    }
    if (HOSTED_PAGE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
      try {
        const route = findRoute(pageRoutes, method, url.pathname);
        return await route.handler(route.pathParams, qs.parse(rawBody));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return html(page("Page unavailable", `<p>${escapeHtml(error.message)}</p>`), error.status);
      }
    }
    return handleApi(call);
  }

  const server = await serve({
    name: "Stripe",
    port,
    host,
    handle,
    failed: (error) =>
      error instanceof StripeError ? errorReply(error) : json({ error: { type: "api_error", message: String(error.message) } }, 500),
    headers: () => ({ "request-id": newId("req") }),
  });
  baseUrl = server.url;
  return {
    url: server.url,
    port: server.port,
    stop: server.stop,
    setWebhookUrl: (url) => {
      webhookTarget = url;
    },
  };
}

if (isRunDirectly(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: String(STAND_IN_DEFAULTS.port) },
      host: { type: "string", default: "127.0.0.1" },
      "webhook-url": { type: "string" },
      "webhook-secret": { type: "string", default: STAND_IN_DEFAULTS.webhookSecret },
    },
  });
  const webhooks = values["webhook-url"]
    ? `webhooks to ${values["webhook-url"]} signed with ${values["webhook-secret"]}`
    : "no webhook URL: events are stored, not delivered";
  await runFromCommandLine({
    name: "Stripe",
    port: Number(values.port),
    start: ({ port }) =>
      startStripeStandIn({ port, host: values.host, webhookUrl: values["webhook-url"], webhookSecret: values["webhook-secret"] }),
    describe: (standIn) => `Stripe stand-in on ${standIn.url} (${webhooks})`,
  });
}
