import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "./stripe-stand-in.mjs";

const WEBHOOK_SECRET = "whsec_stand_in_test";
const { monthly: MONTHLY, annual: ANNUAL } = STAND_IN_DEFAULTS.prices;
const MONTHLY_PLUS = "price_test_monthly_plus";
const DAY = 24 * 60 * 60;

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let receiver: http.Server;
let receiverUrl: string;
let stripe: Stripe;
/** Events the webhook receiver accepted (signature verified), in arrival order. */
let received: Stripe.Event[] = [];
let rejectedSignatures = 0;

function startReceiver() {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const header = String(request.headers["stripe-signature"]);
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks).toString("utf8"), header, WEBHOOK_SECRET));
      response.writeHead(200).end("ok");
    } catch {
      rejectedSignatures += 1;
      response.writeHead(400).end("bad signature");
    }
  });
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

type Delivery = { status: number | null; error?: string };
type RecordedEvent = { id: string; type: string; deliveries: Delivery[] };
/** What the stand-in's control endpoints answer, as far as these tests read it. */
type ControlAnswer = {
  subscriptions: unknown[];
  checkout_sessions: unknown[];
  deliveries: Delivery[];
  data: RecordedEvent[];
  id: string;
  status: number | null;
};

async function control(path: string, body?: unknown): Promise<ControlAnswer> {
  const response = await fetch(`${standIn.url}/_control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json() as Promise<ControlAnswer>;
}

function sessionParams(price = MONTHLY): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    customer_email: "ada@example.com",
    client_reference_id: "user_1",
    success_url: "http://app.test/premium/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/premium",
    metadata: { userId: "user_1" },
    subscription_data: { metadata: { userId: "user_1" } },
  };
}

function createSession(price = MONTHLY, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({ ...sessionParams(price), ...overrides });
}

function pay(session: Stripe.Checkout.Session) {
  return fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
}

/** Pays a new session and returns its subscription. */
async function subscribe(price = MONTHLY) {
  const session = await createSession(price);
  await pay(session);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(paid.subscription as string);
}

beforeAll(async () => {
  receiver = await startReceiver();
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
  standIn = await startStripeStandIn({
    webhookUrl: receiverUrl,
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      { id: MONTHLY, unit_amount: 299, interval: "month" },
      { id: ANNUAL, unit_amount: 2499, interval: "year" },
      { id: MONTHLY_PLUS, unit_amount: 499, interval: "month" },
    ],
  });
  stripe = new Stripe("sk_test_standin", {
    host: "127.0.0.1",
    port: standIn.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(async () => {
  await control("reset", {});
  received = [];
  rejectedSignatures = 0;
});

describe("Stripe stand-in", () => {
  it("runs the hosted checkout: Pay creates the subscription, delivers signed events in order, redirects", async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      subscription: null,
    });
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
    expect(session.customer).toMatch(/^cus_/);

    const checkoutPage = await (await fetch(session.url!)).text();
    expect(checkoutPage).toContain("Ledgerly Premium");
    expect(checkoutPage).toContain("$2.99 / month");
    expect(checkoutPage).toMatch(
      /<form method="post" action="\/checkout\/cs_test_\w+\/pay"><button[^>]*>Pay<\/button>/,
    );
    expect(checkoutPage).toMatch(
      /<form method="post" action="\/checkout\/cs_test_\w+\/cancel"><button[^>]*>Cancel<\/button>/,
    );
    expect(checkoutPage).not.toContain("<script");

    const paid = await pay(session);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/premium/success?session_id=${session.id}`);

    expect(rejectedSignatures).toBe(0);
    expect(received.map((event) => event.type)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
    ]);
    const completed = received[1].data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      client_reference_id: "user_1",
    });
    const invoice = received[2].data.object as Stripe.Invoice & { subscription: string };
    expect(invoice.subscription).toBe(completed.subscription);
    expect(invoice.parent?.subscription_details?.subscription).toBe(completed.subscription);
    expect(received[0].api_version).toBe(Stripe.API_VERSION);

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({
      status: "active",
      customer: session.customer,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { userId: "user_1" },
      latest_invoice: invoice.id,
    });
    expect(subscription).not.toHaveProperty("current_period_end");
    const [item] = subscription.items.data;
    expect(item.price.id).toBe(MONTHLY);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    expect(item.current_period_end - item.current_period_start).toBeLessThanOrEqual(31 * DAY);
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60);

    const again = await pay(session);
    expect(again.status).toBe(303);
    const { data } = await stripe.subscriptions.list({ customer: session.customer as string, status: "all" });
    expect(data).toHaveLength(1);
    expect(received).toHaveLength(3);

    const withSubscription = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect((withSubscription.subscription as Stripe.Subscription).id).toBe(subscription.id);
  });

  it("creates one subscription when Pay is clicked twice at once", async () => {
    const session = await createSession();
    await Promise.all([pay(session), pay(session)]);
    const state = await control("state");
    expect(state.subscriptions).toHaveLength(1);
    expect(received).toHaveLength(3);
  });

  it("bills the annual price for a year", async () => {
    const session = await createSession(ANNUAL);
    expect(await (await fetch(session.url!)).text()).toContain("$24.99 / year");
    const subscription = await subscribe(ANNUAL);
    const [item] = subscription.items.data;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    expect(item.current_period_end - item.current_period_start).toBeLessThanOrEqual(366 * DAY);
  });

  it("Cancel on the hosted page goes back to the cancel URL; an expired session says so", async () => {
    const session = await createSession();
    const cancelled = await fetch(`${session.url}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://app.test/premium");

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe("expired");
    const checkoutPage = await (await fetch(session.url!)).text();
    expect(checkoutPage).toContain("expired");
    expect(checkoutPage).toContain('href="http://app.test/premium"');
    expect(checkoutPage).not.toContain(">Pay<");
    expect((await pay(session)).status).toBe(410);
  });

  it("switches to a price of the same interval keeping the period, and emits customer.subscription.updated", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    received = [];

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: MONTHLY_PLUS }],
      proration_behavior: "none",
    });
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: MONTHLY_PLUS, unit_amount: 499 },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    expect((received[0].data.object as Stripe.Subscription).items.data[0].price.id).toBe(MONTHLY_PLUS);

    const scheduled = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ cancel_at_period_end: true, cancel_at: item.current_period_end });
    expect(received[1].data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
  });

  it("restarts the billing cycle now and invoices when the interval changes, as Stripe does", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    const midCycleEnd = item.current_period_end - 10 * DAY;
    await control(`subscriptions/${subscription.id}`, { current_period_end: midCycleEnd });
    received = [];

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: ANNUAL }],
      proration_behavior: "always_invoice",
    });
    const [switched] = updated.items.data;
    expect(switched).toMatchObject({ id: item.id, price: { id: ANNUAL } });
    expect(Math.abs(switched.current_period_start - Date.now() / 1000)).toBeLessThan(60);
    expect(switched.current_period_end - switched.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    expect(updated.latest_invoice).toBe((received[1].data.object as Stripe.Invoice).id);
  });

  it("cancels now, emits customer.subscription.deleted, and refuses to cancel twice", async () => {
    const subscription = await subscribe();
    received = [];
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect(canceled.canceled_at).toBe(canceled.ended_at);
    expect(canceled.canceled_at).not.toBeNull();
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.deleted"]);

    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(stripe.subscriptions.retrieve("sub_missing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such subscription: 'sub_missing'",
    });
    const active = await stripe.subscriptions.list({ customer: subscription.customer as string });
    expect(active.data).toHaveLength(0);
  });

  it("returns the first response for a repeated idempotency key", async () => {
    const key = "checkout-user_1";
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key });
    const second = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect((await control("state")).checkout_sessions).toHaveLength(1);
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams(), client_reference_id: "user_2" }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("answers Stripe-shaped errors the SDK understands", async () => {
    await expect(createSession("price_unknown")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      message: "No such price: 'price_unknown'",
      param: "line_items[0][price]",
    });
    await expect(createSession(MONTHLY, { success_url: undefined })).rejects.toMatchObject({ param: "success_url" });

    await control("fail-next", {
      path: "/v1/checkout/sessions",
      status: 402,
      message: "Your card was declined.",
      code: "card_declined",
    });
    await expect(createSession()).rejects.toMatchObject({
      type: "StripeCardError",
      message: "Your card was declined.",
      code: "card_declined",
    });
    await expect(createSession()).resolves.toMatchObject({ status: "open" });

    await control("fail-next", { path: "/v1/checkout/sessions", status: 402, when: { client_reference_id: "user_a" } });
    await expect(createSession(MONTHLY, { client_reference_id: "user_b" })).resolves.toMatchObject({ status: "open" });
    await expect(createSession(MONTHLY, { client_reference_id: "user_a" })).rejects.toMatchObject({ type: "StripeCardError" });

    await control("fail-next", { path: "/v1/checkout/sessions", status: 500, message: "Payment Processing Error" });
    await expect(createSession()).rejects.toMatchObject({
      type: "StripeAPIError",
      message: "Payment Processing Error",
    });

    const response = await fetch(`${standIn.url}/v1/prices/${MONTHLY}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    expect(await stripe.prices.retrieve(MONTHLY)).toMatchObject({
      id: MONTHLY,
      unit_amount: 299,
      recurring: { interval: "month" },
    });
  });

  it("holds events and delivers them in the order asked for", async () => {
    await control("hold", { hold: true });
    const subscription = await subscribe();
    expect(received).toHaveLength(0);

    const { deliveries } = await control("deliver", {});
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(received.map((event) => event.type)).toEqual([
      "invoice.paid",
      "checkout.session.completed",
      "customer.subscription.created",
    ]);

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscription.id);
    const { data: events } = await control("events");
    const [updated, deleted] = events.slice(-2);
    await control("deliver", { ids: [deleted.id, updated.id] });
    expect(received.slice(3).map((event) => event.id)).toEqual([deleted.id, updated.id]);
  });

  it("re-delivers an event as a duplicate with the same id", async () => {
    await subscribe();
    const { data: events } = await control("events");
    const created = events[0];
    expect(created.deliveries).toEqual([expect.objectContaining({ status: 200 })]);

    expect(await control(`events/${created.id}/deliver`, {})).toEqual({ id: created.id, status: 200 });
    expect(received.filter((event) => event.id === created.id)).toHaveLength(2);
    const { data: after } = await control("events");
    expect(after[0].deliveries).toHaveLength(2);
  });

  it("lets tests change a subscription silently and emit any event for it", async () => {
    const subscription = await subscribe();
    received = [];
    await control(`subscriptions/${subscription.id}`, { status: "past_due", current_period_end: 1_700_000_000 });
    expect(received).toHaveLength(0);
    const changed = await stripe.subscriptions.retrieve(subscription.id);
    expect(changed.status).toBe("past_due");
    expect(changed.items.data[0].current_period_end).toBe(1_700_000_000);

    expect(
      await control("emit", { type: "customer.subscription.updated", subscription: subscription.id }),
    ).toMatchObject({ status: 200 });
    expect(await control("emit", { type: "invoice.payment_failed", subscription: subscription.id })).toMatchObject({
      status: 200,
    });
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.updated", "invoice.payment_failed"]);
    expect((received[0].data.object as Stripe.Subscription).status).toBe("past_due");
    expect(received[1].data.object).toMatchObject({
      object: "invoice",
      status: "open",
      parent: { subscription_details: { subscription: subscription.id } },
    });
  });

  it("records a failed delivery and carries on", async () => {
    standIn.setWebhookUrl("http://127.0.0.1:9/unreachable");
    try {
      expect((await subscribe()).status).toBe("active");
      const { data: events } = await control("events");
      expect(events).toHaveLength(3);
      expect(events[0].deliveries).toEqual([expect.objectContaining({ status: null, error: expect.any(String) })]);
    } finally {
      standIn.setWebhookUrl(receiverUrl);
    }
  });
});
