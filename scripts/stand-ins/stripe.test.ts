import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "./stripe.mjs";

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

async function control<Answer = ControlAnswer>(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${standIn.url}/_control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json() as Promise<Answer>;
}

/** "The current period ends now": the stand-in renews, switches to the schedule's next phase, or cancels. */
function endPeriod(subscription: Stripe.Subscription) {
  return control<Stripe.Subscription>(`subscriptions/${subscription.id}/advance`, {});
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
    await control("fail-next", { path: "/v1/checkout/sessions", status: 500, when: { client_reference_id: "user_b" } });
    await expect(createSession(MONTHLY, { client_reference_id: "user_c" })).resolves.toMatchObject({ status: "open" });
    await expect(createSession(MONTHLY, { client_reference_id: "user_a" })).rejects.toMatchObject({ type: "StripeCardError" });
    await expect(createSession(MONTHLY, { client_reference_id: "user_b" })).rejects.toMatchObject({ type: "StripeAPIError" });
    await expect(createSession(MONTHLY, { client_reference_id: "user_a" })).resolves.toMatchObject({ status: "open" });

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

const longDate = (unix: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(unix * 1000);

/** The phases Ledgerly sends to switch to `price` when the current period ends. */
function switchAtPeriodEnd(item: Stripe.SubscriptionItem, price: string): Stripe.SubscriptionScheduleUpdateParams {
  return {
    phases: [
      {
        items: [{ price: item.price.id, quantity: 1 }],
        start_date: item.current_period_start,
        end_date: item.current_period_end,
      },
      { items: [{ price, quantity: 1 }], duration: { interval: "year", interval_count: 1 } },
    ],
    end_behavior: "release",
    proration_behavior: "none",
  };
}

async function openPortal(customer: string) {
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: "http://app.test/settings/billing" });
  return { session, html: () => fetch(session.url).then((response) => response.text()) };
}

function postCard(session: Stripe.BillingPortal.Session, card: Record<string, string>) {
  return fetch(`${session.url}/payment-method`, { method: "POST", body: new URLSearchParams(card), redirect: "manual" });
}

describe("Stripe stand-in: schedules, period ends and invoices", () => {
  it("switches to the next phase's price when the period ends, invoices it, then releases the finished schedule", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    received = [];

    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const currentPhase = { start_date: item.current_period_start, end_date: item.current_period_end };
    expect(schedule.id).toMatch(/^sub_sched_/);
    expect(schedule).toMatchObject({
      object: "subscription_schedule",
      subscription: subscription.id,
      customer: subscription.customer,
      status: "active",
      end_behavior: "release",
      current_phase: currentPhase,
      phases: [{ ...currentPhase, items: [{ price: MONTHLY, quantity: 1 }], proration_behavior: "create_prorations" }],
      released_at: null,
      released_subscription: null,
    });
    expect(received.map((event) => event.type)).toEqual([
      "subscription_schedule.created",
      "customer.subscription.updated",
    ]);
    expect(received[1].data.previous_attributes).toEqual({ schedule: null });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    const updated = await stripe.subscriptionSchedules.update(schedule.id, switchAtPeriodEnd(item, ANNUAL));
    const [, annualPhase] = updated.phases;
    expect(annualPhase).toMatchObject({ start_date: item.current_period_end, items: [{ price: ANNUAL, quantity: 1 }] });
    expect(annualPhase.end_date - annualPhase.start_date).toBeGreaterThanOrEqual(365 * DAY);
    expect(annualPhase.end_date - annualPhase.start_date).toBeLessThanOrEqual(366 * DAY);
    expect(received.at(-1)?.type).toBe("subscription_schedule.updated");
    received = [];

    const switched = await endPeriod(subscription);
    const [annualItem] = switched.items.data;
    expect(annualItem).toMatchObject({
      id: item.id,
      price: { id: ANNUAL, unit_amount: 2499 },
      current_period_start: annualPhase.start_date,
      current_period_end: annualPhase.end_date,
    });
    expect(switched.schedule).toBe(schedule.id);
    expect(received.map((event) => event.type)).toEqual([
      "subscription_schedule.updated",
      "customer.subscription.updated",
      "invoice.paid",
    ]);
    expect((received[0].data.object as Stripe.SubscriptionSchedule).current_phase).toEqual({
      start_date: annualPhase.start_date,
      end_date: annualPhase.end_date,
    });

    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((invoice) => [invoice.amount_paid, invoice.billing_reason, invoice.status])).toEqual([
      [2499, "subscription_cycle", "paid"],
      [299, "subscription_create", "paid"],
    ]);
    const [renewal, first] = invoices.data;
    expect(switched.latest_invoice).toBe(renewal.id);
    expect(renewal.id).toBe((received[2].data.object as Stripe.Invoice).id);
    expect(first.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(renewal.number).toBe(first.number!.replace(/0001$/, "0002"));
    expect(renewal).toMatchObject({
      hosted_invoice_url: `${standIn.url}/invoices/${renewal.id}`,
      invoice_pdf: null,
      period_start: annualPhase.start_date,
      created: annualPhase.start_date,
    });
    expect(await stripe.invoices.retrieve(renewal.id)).toEqual(renewal);
    const invoicePage = await (await fetch(renewal.hosted_invoice_url!)).text();
    expect(invoicePage).toContain(`Invoice ${renewal.number}`);
    expect(invoicePage).toContain("$24.99");
    expect(invoicePage).toContain("1 × Ledgerly Premium (at $24.99 / year)");
    expect((await stripe.invoices.list({ customer: subscription.customer as string, limit: 1 })).has_more).toBe(true);
    received = [];

    const released = await endPeriod(subscription);
    expect(released).toMatchObject({ schedule: null, items: { data: [{ price: { id: ANNUAL } }] } });
    expect(released.items.data[0].current_period_start).toBe(annualPhase.end_date);
    expect(received.map((event) => event.type)).toEqual([
      "subscription_schedule.released",
      "customer.subscription.updated",
      "invoice.paid",
    ]);
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: "released",
      released_at: annualPhase.end_date,
      released_subscription: subscription.id,
      subscription: null,
      current_phase: null,
    });
  });

  it("release hands back the subscription with its price and period, and a released schedule takes no more changes", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await stripe.subscriptionSchedules.update(schedule.id, switchAtPeriodEnd(item, ANNUAL));
    received = [];

    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({
      status: "released",
      released_subscription: subscription.id,
      subscription: null,
      current_phase: null,
    });
    expect(Math.abs(released.released_at! - Date.now() / 1000)).toBeLessThan(60);
    expect(received.map((event) => event.type)).toEqual([
      "subscription_schedule.released",
      "customer.subscription.updated",
    ]);
    expect(received[1].data.previous_attributes).toEqual({ schedule: schedule.id });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.schedule).toBeNull();
    expect(after.items.data[0]).toMatchObject({
      price: { id: MONTHLY },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });

    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      message:
        "You cannot release a subscription schedule that is currently in the `released` status. It must be in `not_started` or `active`.",
    });
    await expect(stripe.subscriptionSchedules.update(schedule.id, { end_behavior: "release" })).rejects.toMatchObject({
      statusCode: 400,
      message:
        "You cannot update a subscription schedule that is currently in the `released` status. It must be in `not_started` or `active`.",
    });

    const renewed = await endPeriod(subscription);
    expect(renewed.items.data[0]).toMatchObject({ price: { id: MONTHLY }, current_period_start: item.current_period_end });
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).toMatchObject({
      cancel_at_period_end: true,
    });
  });

  it("refuses cancelation changes on a scheduled subscription, a second schedule, and a canceled subscription", async () => {
    const subscription = await subscribe();
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });

    for (const cancelAtPeriodEnd of [true, false]) {
      await expect(
        stripe.subscriptions.update(subscription.id, { cancel_at_period_end: cancelAtPeriodEnd }),
      ).rejects.toMatchObject({
        statusCode: 400,
        type: "StripeInvalidRequestError",
        message: `The subscription is managed by the subscription schedule \`${schedule.id}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      });
    }
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);

    await expect(stripe.subscriptionSchedules.create({ from_subscription: subscription.id })).rejects.toMatchObject({
      statusCode: 400,
      message: `You cannot migrate a subscription that is already attached to a schedule: \`${schedule.id}\`.`,
      param: "from_subscription",
    });
    await expect(stripe.subscriptionSchedules.create({ from_subscription: "sub_missing" })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      message: "No such subscription: 'sub_missing'",
      param: "from_subscription",
    });
    await expect(stripe.subscriptionSchedules.retrieve("sub_sched_missing")).rejects.toMatchObject({
      statusCode: 404,
      message: "No such subscription_schedule: 'sub_sched_missing'",
    });
    expect((await stripe.subscriptionSchedules.list({ customer: subscription.customer as string })).data).toEqual([
      schedule,
    ]);

    received = [];
    await stripe.subscriptions.cancel(subscription.id);
    expect(received.map((event) => event.type)).toEqual([
      "customer.subscription.deleted",
      "subscription_schedule.canceled",
    ]);
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({ status: "canceled", current_phase: null });
    await expect(stripe.subscriptionSchedules.release(schedule.id)).rejects.toMatchObject({
      message:
        "You cannot release a subscription schedule that is currently in the `canceled` status. It must be in `not_started` or `active`.",
    });

    const other = await subscribe();
    await stripe.subscriptions.cancel(other.id);
    await expect(stripe.subscriptionSchedules.create({ from_subscription: other.id })).rejects.toMatchObject({
      statusCode: 400,
      param: "from_subscription",
    });
  });

  it("validates phases like Stripe and works out every phase's dates", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    const { id } = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const current = { items: [{ price: MONTHLY }], start_date: item.current_period_start, end_date: item.current_period_end };
    const refusals: [Stripe.SubscriptionScheduleUpdateParams.Phase[], { message: string; param?: string }][] = [
      [
        [{ ...current, start_date: item.current_period_start + DAY }],
        { message: "You can not modify the start date of the current phase.", param: "phases[0][start_date]" },
      ],
      [
        [current, { items: [{ price: ANNUAL }], end_date: item.current_period_end + 400 * DAY, duration: { interval: "year" } }],
        { message: "You may only specify one of these parameters: duration, end_date.", param: "phases[1]" },
      ],
      [
        [current, { items: [{ price: "price_unknown" }] }],
        { message: "No such price: 'price_unknown'", param: "phases[1][items][0][price]" },
      ],
      [
        [current, { items: [{ quantity: 1 }] }],
        { message: "Missing required param: phases[1][items][0][price].", param: "phases[1][items][0][price]" },
      ],
      [
        [current, { items: [{ price: ANNUAL }], duration: { interval: "fortnight" } }],
        { message: "Invalid duration interval: must be one of day, week, month, or year", param: "phases[1][duration][interval]" },
      ],
      [
        [{ items: [{ price: MONTHLY }], start_date: item.current_period_start }, { items: [{ price: ANNUAL }] }],
        { message: "Phase 0 needs an end_date or a duration: only the last phase may have neither.", param: "phases[0]" },
      ],
      [
        [current, { items: [{ price: ANNUAL }], start_date: item.current_period_end + DAY }],
        { message: "Phase 1 must start when phase 0 ends.", param: "phases[1][start_date]" },
      ],
    ];
    for (const [phases, error] of refusals) {
      await expect(stripe.subscriptionSchedules.update(id, { phases })).rejects.toMatchObject({
        statusCode: 400,
        type: "StripeInvalidRequestError",
        ...error,
      });
    }
    const noPhases = await fetch(`${standIn.url}/v1/subscription_schedules/${id}`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_standin", "content-type": "application/x-www-form-urlencoded" },
      body: "phases=",
    });
    expect(noPhases.status).toBe(400);
    expect(await noPhases.json()).toMatchObject({ error: { param: "phases" } });

    const quarterEnd = item.current_period_end + 90 * DAY;
    const updated = await stripe.subscriptionSchedules.update(id, {
      phases: [
        { items: [{ price: MONTHLY }], duration: { interval: "month" } },
        { items: [{ price: MONTHLY_PLUS, quantity: 2 }], end_date: quarterEnd },
        { items: [{ price: ANNUAL }] },
      ],
    });
    expect(updated.phases.map((phase) => [phase.start_date, phase.end_date])).toEqual([
      [item.current_period_start, item.current_period_end],
      [item.current_period_end, quarterEnd],
      [quarterEnd, expect.any(Number)],
    ]);
    expect(updated.phases[1].items).toEqual([{ price: MONTHLY_PLUS, quantity: 2 }]);
    expect(updated.phases[2].end_date - quarterEnd).toBeGreaterThanOrEqual(365 * DAY);

    // A monthly price in a three-month phase renews within the phase, at that phase's price.
    await endPeriod(subscription);
    const withinPhase = await endPeriod(subscription);
    expect(withinPhase.items.data[0]).toMatchObject({ price: { id: MONTHLY_PLUS }, quantity: 2 });
    expect((await stripe.subscriptionSchedules.retrieve(id)).current_phase).toEqual({
      start_date: item.current_period_end,
      end_date: quarterEnd,
    });
  });

  it("renews with the same price when the period ends", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    received = [];

    const renewed = await endPeriod(subscription);
    const [renewedItem] = renewed.items.data;
    expect(renewedItem).toMatchObject({ price: { id: MONTHLY }, current_period_start: item.current_period_end });
    expect(renewedItem.current_period_end - renewedItem.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    expect(renewed.status).toBe("active");
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    expect(received[0].data.previous_attributes).toHaveProperty("items");
    const invoice = received[1].data.object as Stripe.Invoice;
    expect(renewed.latest_invoice).toBe(invoice.id);
    expect(invoice).toMatchObject({ amount_paid: 299, status: "paid", period_start: item.current_period_end });
  });

  it("ends a subscription set to cancel at period end", async () => {
    const subscription = await subscribe();
    const [item] = subscription.items.data;
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    received = [];

    const ended = await endPeriod(subscription);
    expect(ended).toMatchObject({ status: "canceled", ended_at: item.current_period_end });
    expect(ended.canceled_at).not.toBeNull();
    expect(received.map((event) => event.type)).toEqual(["customer.subscription.deleted"]);
    expect((received[0].data.object as Stripe.Subscription).status).toBe("canceled");
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);

    const again = await fetch(`${standIn.url}/_control/subscriptions/${subscription.id}/advance`, { method: "POST" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("expands the schedule, the latest invoice and the default payment method", async () => {
    const subscription = await subscribe();
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });

    const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ["schedule", "latest_invoice"] });
    expect(expanded.schedule).toMatchObject({ id: schedule.id, object: "subscription_schedule" });
    expect(expanded.latest_invoice).toMatchObject({ object: "invoice", status: "paid" });

    const customer = (await stripe.customers.retrieve(subscription.customer as string, {
      expand: ["invoice_settings.default_payment_method"],
    })) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toMatchObject({
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242" },
    });
  });
});

describe("Stripe stand-in: customer portal", () => {
  it("creates a portal session whose page shows the plan, the card, the invoices and the way back", async () => {
    const subscription = await subscribe(MONTHLY);
    const [item] = subscription.items.data;
    const customer = subscription.customer as string;
    const { session, html } = await openPortal(customer);
    expect(session).toMatchObject({
      object: "billing_portal.session",
      customer,
      return_url: "http://app.test/settings/billing",
      url: `${standIn.url}/portal/${session.id}`,
      livemode: false,
    });
    expect(session.id).toMatch(/^bps_/);

    const portal = await html();
    expect(portal).toContain("<title>Billing portal");
    expect(portal).toMatch(/<main[^>]*>[\s\S]*<h1>Billing portal<\/h1>/);
    expect(portal).toContain("Ledgerly Premium · Monthly");
    expect(portal).toContain("$2.99 / month");
    expect(portal).toContain(`Renews on ${longDate(item.current_period_end)}`);
    expect(portal).not.toContain("Changes to");
    expect(portal).toMatch(/Visa •••• 4242, expires 12\/\d{4}/);
    const [invoice] = (await stripe.invoices.list({ customer })).data;
    expect(portal).toContain(
      `<tr><td>${longDate(invoice.created)}</td><td>$2.99</td><td>Paid</td><td><a href="${invoice.hosted_invoice_url}">${invoice.number}</a></td></tr>`,
    );
    expect(portal).toContain('<a href="http://app.test/settings/billing">Return to Ledgerly</a>');
    expect(portal).toContain(`<form class="stack" method="post" action="/portal/${session.id}/payment-method"`);
    for (const [id, label] of [["card-number", "Card number"], ["card-expiry", "Expiry date (MM/YY)"], ["card-cvc", "CVC"]]) {
      expect(portal).toContain(`<label for="${id}">${label}</label><input id="${id}"`);
    }
    expect(portal).not.toContain("<script");

    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await stripe.subscriptionSchedules.update(schedule.id, switchAtPeriodEnd(item, ANNUAL));
    expect(await html()).toContain(`Changes to Annual on ${longDate(item.current_period_end)}`);

    await stripe.subscriptionSchedules.release(schedule.id);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const canceling = await html();
    expect(canceling).toContain(`Cancels on ${longDate(item.current_period_end)}`);
    expect(canceling).not.toContain("Renews on");

    await endPeriod(subscription);
    expect(await html()).toContain("You have no active subscription.");
  });

  it("refuses a portal session without a known customer or a return URL", async () => {
    const { customer } = await subscribe();
    await expect(stripe.billingPortal.sessions.create({ return_url: "http://app.test" })).rejects.toMatchObject({
      statusCode: 400,
      message: "Missing required param: customer.",
      param: "customer",
    });
    await expect(
      stripe.billingPortal.sessions.create({ customer: "cus_missing", return_url: "http://app.test" }),
    ).rejects.toMatchObject({ statusCode: 400, message: "No such customer: 'cus_missing'", param: "customer" });
    await expect(stripe.billingPortal.sessions.create({ customer: customer as string })).rejects.toMatchObject({
      statusCode: 400,
      param: "return_url",
    });
  });

  it("updates the card from the portal's form and says why a card is refused", async () => {
    const { customer } = await subscribe();
    const { session, html } = await openPortal(customer as string);
    const before = (await stripe.customers.retrieve(customer as string)) as Stripe.Customer;
    received = [];

    const refused = await postCard(session, { number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123" });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(
      '<input id="card-number" name="number" autocomplete="cc-number" inputmode="numeric" required value="" aria-invalid="true" aria-describedby="card-number-error"><p class="error" id="card-number-error">Your card number is invalid.</p>',
    );
    expect(refusedPage).toMatch(/<input id="card-expiry"[^>]*value="12\/40">/);
    expect(refusedPage).not.toContain("card-expiry-error");

    const amexWithShortCvc = await postCard(session, { number: "378282246310005", expiry: "01/20", cvc: "123" });
    expect(amexWithShortCvc.status).toBe(400);
    const amexPage = await amexWithShortCvc.text();
    expect(amexPage).toContain("Your card&#39;s expiration date is in the past.");
    expect(amexPage).toContain("Your card&#39;s security code is incomplete.");
    expect(amexPage).not.toContain("Your card number is invalid.");
    expect(received).toHaveLength(0);
    expect(((await stripe.customers.retrieve(customer as string)) as Stripe.Customer).invoice_settings).toEqual(
      before.invoice_settings,
    );

    const accepted = await postCard(session, { number: "5555 5555 5555 4444", expiry: "08 / 31", cvc: "321" });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(session.url);
    const updatedPage = await html();
    expect(updatedPage).toContain('<p class="notice" role="status">Payment method updated.</p>');
    expect(updatedPage).toContain("Mastercard •••• 4444, expires 08/2031");
    expect(await html()).not.toContain("Payment method updated.");

    expect(received.map((event) => event.type)).toEqual(["payment_method.attached", "customer.updated"]);
    const paymentMethod = received[0].data.object as Stripe.PaymentMethod;
    expect(paymentMethod).toMatchObject({
      customer,
      card: { brand: "mastercard", last4: "4444", exp_month: 8, exp_year: 2031 },
    });
    expect(received[1].data.previous_attributes).toEqual({ invoice_settings: before.invoice_settings });
    const after = (await stripe.customers.retrieve(customer as string)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBe(paymentMethod.id);
    expect(await stripe.paymentMethods.retrieve(paymentMethod.id)).toEqual(paymentMethod);
  });

  it("says an expired portal session has expired and links back to Ledgerly", async () => {
    const { customer } = await subscribe();
    const { session, html } = await openPortal(customer as string);
    await control(`portal-sessions/${session.id}/expire`, {});

    const expired = await html();
    expect(expired).toContain("This billing portal session has expired.");
    expect(expired).toContain('<a href="http://app.test/settings/billing">Return to Ledgerly</a>');
    expect(expired).not.toContain("Save card");
    expect(expired).not.toContain("Visa");

    const posted = await postCard(session, { number: "4242424242424242", expiry: "12/40", cvc: "123" });
    expect(posted.status).toBe(410);
    expect(received.filter((event) => event.type === "customer.updated")).toHaveLength(0);

    const unknown = await fetch(`${standIn.url}/portal/bps_missing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No such billing_portal.session: &#39;bps_missing&#39;");
  });

  it("lists the new objects in the control state and forgets them on reset", async () => {
    const subscription = await subscribe();
    await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await openPortal(subscription.customer as string);
    type State = Record<"subscription_schedules" | "invoices" | "payment_methods" | "billing_portal_sessions", unknown[]>;
    const counts = (state: State) =>
      [state.subscription_schedules, state.invoices, state.payment_methods, state.billing_portal_sessions].map(
        (objects) => objects.length,
      );
    expect(counts(await control<State>("state"))).toEqual([1, 1, 1, 1]);
    await control("reset", {});
    expect(counts(await control<State>("state"))).toEqual([0, 0, 0, 0]);
  });
});
