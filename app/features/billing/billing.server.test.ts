import http from "node:http";
import type { AddressInfo } from "node:net";
import { Types } from "mongoose";
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { ProcessedStripeEvent, User, type UserRecord } from "../../../models";
import { reconcileSubscriptions } from "../../../jobs/reconcile-subscriptions";
import { action as manageSubscriptionAction, SUBSCRIPTION_TOASTS } from "~/routes/_app.manage-subscription";
import { loader as paymentSuccessLoader } from "~/routes/payment-success";
import { action as subscriptionAction } from "~/routes/subscription";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { startCheckout, subscribe } from "./billing.server";
import { handleStripeWebhook } from "./stripe-webhook.server";
import { BILLING_INTENTS, PLAN_MESSAGES } from "./plans";
import { PLAN_CHANGE_ON_RESUME } from "./subscription";
import { createSession } from "~/features/auth/session.server";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "../../../scripts/stand-ins/stripe.mjs";
import { useTestDatabase } from "../../../tests/setup/database";
import { toastOf } from "../../../tests/setup/toast";

const ORIGIN = "http://localhost:3000";
const SECRET = STAND_IN_DEFAULTS.webhookSecret;

/** Stripe's webhooks reach the route's action through a real HTTP server, as in production. */
const receiver = http.createServer(async (incoming, outgoing) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  const response = await webhookAction({
    request: new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", headers, body: Buffer.concat(chunks).toString("utf8") }),
    params: {},
    context: {},
  });
  outgoing.writeHead(response.status, { "Content-Type": "application/json" });
  outgoing.end(await response.text());
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const standIn = await startStripeStandIn({
  webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
  webhookSecret: SECRET,
});

Object.assign(process.env, {
  STRIPE_SECRET_KEY: STAND_IN_DEFAULTS.secretKey,
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_URL: standIn.url,
  STRIPE_MAX_NETWORK_RETRIES: "0",
  STRIPE_PRICE_MONTHLY: STAND_IN_DEFAULTS.prices.monthly,
  STRIPE_PRICE_ANNUAL: STAND_IN_DEFAULTS.prices.annual,
});
const stripe = new Stripe(STAND_IN_DEFAULTS.secretKey, {
  host: "127.0.0.1",
  port: new URL(standIn.url).port,
  protocol: "http",
  maxNetworkRetries: 0,
});

useTestDatabase();

afterAll(async () => {
  await standIn.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(async () => {
  await control("/_control/reset");
});

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: path === "/_control/events" ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: path === "/_control/events" ? undefined : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json();
}

async function newUser() {
  const user = await User.create({ email: `billing-${crypto.randomUUID()}@example.com`, authProvider: "email" });
  const userId = String(user._id);
  const { cookie } = await createSession(userId, new Request(`${ORIGIN}/`));
  return { userId, cookie: cookie.split(";")[0] };
}

const storedUser = (userId: string) => User.findById(userId).select({ premiumAccess: 1, subscription: 1 }).lean<Pick<UserRecord, "premiumAccess" | "subscription">>().orFail();

/** Subscribes through checkout and the stand-in's Pay button; resolves the success URL it redirects to. */
async function payForPremium(userId: string, interval: "monthly" | "annual" = "monthly") {
  const priceId = interval === "annual" ? STAND_IN_DEFAULTS.prices.annual : STAND_IN_DEFAULTS.prices.monthly;
  const { checkoutUrl } = await startCheckout({ userId, priceId, origin: ORIGIN });
  const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get("Location")!);
}

async function postWebhook(payload: string, signature?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature) headers["Stripe-Signature"] = signature;
  const response = await webhookAction({ request: new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", headers, body: payload }), params: {}, context: {} });
  return { status: response.status, ...(await response.json()) };
}

function answer(result: unknown) {
  const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit };
  return { ...data, status: init?.status ?? 200 };
}

function manage(cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return manageSubscriptionAction({
    request: new Request(`${ORIGIN}/manage-subscription`, { method: "POST", body, headers: { Origin: ORIGIN, Host: "localhost:3000", Cookie: cookie } }),
    params: {},
    context: {},
  }).catch((thrown: unknown) => thrown);
}

describe("checkout", () => {
  test("Pay at the stand-in's checkout delivers webhooks that grant premium, then returns to the success page", async () => {
    const { userId } = await newUser();
    const success = await payForPremium(userId);
    expect(success.pathname).toBe("/payment-success");
    expect(success.searchParams.get("session_id")).toMatch(/^cs_/);
    const user = await storedUser(userId);
    expect(user.premiumAccess).toBe(true);
    expect(user.subscription).toMatchObject({ status: "active", interval: "month", priceId: STAND_IN_DEFAULTS.prices.monthly });
    expect(user.subscription.subscriptionId).toMatch(/^sub_/);
    const daysToRenewal = (user.subscription.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(daysToRenewal).toBeGreaterThan(27);
    expect(daysToRenewal).toBeLessThan(32);
    expect(await ProcessedStripeEvent.countDocuments({ userId })).toBe(3);
  });

  test("the Stripe customer is created once and reused", async () => {
    const { userId } = await newUser();
    await startCheckout({ userId, priceId: STAND_IN_DEFAULTS.prices.monthly, origin: ORIGIN });
    const { subscription } = await storedUser(userId);
    await startCheckout({ userId, priceId: STAND_IN_DEFAULTS.prices.annual, origin: ORIGIN });
    expect(subscription.customerId).toMatch(/^cus_/);
    expect((await storedUser(userId)).subscription.customerId).toBe(subscription.customerId);
  });

  test("a double submission opens one checkout session", async () => {
    const { userId } = await newUser();
    const checkout = () => startCheckout({ userId, priceId: STAND_IN_DEFAULTS.prices.monthly, origin: ORIGIN });
    const [first, second] = await Promise.all([checkout(), checkout()]);
    expect(second.checkoutUrl).toBe(first.checkoutUrl);
  });

  test("a failure at Stripe shows the Payment Processing Error with Stripe's message; nothing is granted", async () => {
    const { userId, cookie } = await newUser();
    await control("/_control/fail-next", { path: "/v1/checkout/sessions", status: 500, type: "api_error", message: "Stripe is having a moment" });
    const body = new FormData();
    body.set("intent", "subscribe");
    body.set("interval", "monthly");
    const result = await subscriptionAction({
      request: new Request(`${ORIGIN}/subscription`, { method: "POST", body, headers: { Origin: ORIGIN, Host: "localhost:3000", Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(answer(result)).toMatchObject({ status: 502, checkoutError: { kind: "payment-error", message: "Stripe is having a moment" } });
    expect((await storedUser(userId)).premiumAccess).toBe(false);
  });

  test("the success page's server read grants premium when the webhooks have not arrived", async () => {
    const { userId, cookie } = await newUser();
    await control("/_control/hold", { hold: true });
    const success = await payForPremium(userId);
    expect((await storedUser(userId)).premiumAccess).toBe(false);
    await paymentSuccessLoader({ request: new Request(success, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect((await storedUser(userId)).premiumAccess).toBe(true);
  });

  test("another user's checkout session in the success URL grants nothing", async () => {
    const payer = await newUser();
    const visitor = await newUser();
    await control("/_control/hold", { hold: true });
    const success = await payForPremium(payer.userId);
    await paymentSuccessLoader({ request: new Request(success, { headers: { Cookie: visitor.cookie } }), params: {}, context: {} });
    expect((await storedUser(visitor.userId)).premiumAccess).toBe(false);
  });
});

describe("subscribe", () => {
  test("sends a user without premium to Stripe's checkout for the interval's price", async () => {
    const { userId } = await newUser();
    const result = await subscribe({ userId, interval: "annual", origin: ORIGIN });
    expect(result).toEqual({ ok: true, checkoutUrl: expect.stringMatching(new RegExp(`^${standIn.url}/checkout/cs_`)) });
    const checkoutPage = await (await fetch((result as { checkoutUrl: string }).checkoutUrl)).text();
    expect(checkoutPage).toContain("$24.99 / year");
  });

  test("a subscriber is told they already have a subscription, and no checkout opens", async () => {
    const { userId } = await newUser();
    await payForPremium(userId);
    expect(await subscribe({ userId, interval: "annual", origin: ORIGIN })).toEqual({ ok: false, reason: "already-subscribed" });
  });

  test("a failure at Stripe comes back as checkout-failed with Stripe's message", async () => {
    const { userId } = await newUser();
    await control("/_control/fail-next", { path: "/v1/checkout/sessions", status: 402, type: "card_error", message: "Your card was declined." });
    expect(await subscribe({ userId, interval: "monthly", origin: ORIGIN })).toEqual({
      ok: false,
      reason: "checkout-failed",
      message: "Your card was declined.",
    });
  });

  test("a user who is gone cannot check out", async () => {
    const result = await subscribe({ userId: new Types.ObjectId().toHexString(), interval: "monthly", origin: ORIGIN });
    expect(result).toEqual({ ok: false, reason: "checkout-failed", message: PLAN_MESSAGES.loginToSubscribe });
  });
});

describe("the Stripe webhook", () => {
  const payload = JSON.stringify({ id: "evt_test_signature", object: "event", type: "customer.created", data: { object: { id: "cus_x" } } });

  test("a missing, wrong or stale signature is refused with 400 and nothing is recorded", async () => {
    expect((await postWebhook(payload)).status).toBe(400);
    expect((await postWebhook(payload, "t=1,v1=deadbeef")).status).toBe(400);
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await postWebhook(payload, stale)).status).toBe(400);
    const otherSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await postWebhook(payload, otherSecret)).status).toBe(400);
    expect(await ProcessedStripeEvent.exists({ _id: "evt_test_signature" })).toBeNull();
  });

  test("the outcome says what happened, for the route to answer", async () => {
    const event = JSON.stringify({ id: "evt_test_outcome", object: "event", type: "customer.created", data: { object: { id: "cus_y" } } });
    expect(await handleStripeWebhook(event, null)).toEqual({ ok: false, reason: "invalid-signature", message: "Missing Stripe-Signature header" });
    const signature = stripe.webhooks.generateTestHeaderString({ payload: event, secret: SECRET });
    expect(await handleStripeWebhook(event, signature)).toEqual({ ok: true, result: "ignored" });
    expect(await handleStripeWebhook(event, signature)).toEqual({ ok: true, result: "duplicate" });
  });

  test("a correctly signed event of a type we do not use is acknowledged", async () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(await postWebhook(payload, signature)).toMatchObject({ status: 200, result: "ignored" });
  });

  test("a duplicate delivery is acknowledged and changes nothing", async () => {
    const { userId } = await newUser();
    await payForPremium(userId);
    const { data: events } = await control("/_control/events");
    const created = (events as Array<{ id: string; type: string }>).find((event) => event.type === "customer.subscription.created")!;
    const { subscriptionId } = (await storedUser(userId)).subscription;
    // Stripe's truth moves on without an event; replaying the old event must not apply it.
    await control(`/_control/subscriptions/${subscriptionId}`, { status: "past_due" });
    expect(await control(`/_control/events/${created.id}/deliver`)).toMatchObject({ status: 200 });
    expect((await storedUser(userId)).subscription.status).toBe("active");
    expect(await ProcessedStripeEvent.countDocuments({ _id: created.id })).toBe(1);
  });

  test("events delivered in reverse order still end in Stripe's current state", async () => {
    const { userId } = await newUser();
    await control("/_control/hold", { hold: true });
    await payForPremium(userId);
    const { customerId } = (await storedUser(userId)).subscription;
    const [{ id: subscriptionId }] = (await stripe.subscriptions.list({ customer: customerId!, status: "all", limit: 1 })).data;
    await stripe.subscriptions.cancel(subscriptionId);
    await control("/_control/deliver", {});
    const user = await storedUser(userId);
    expect(user.premiumAccess).toBe(false);
    expect(user.subscription).toMatchObject({ status: "canceled", subscriptionId });
  });

  test("an event for a subscription of no known user is acknowledged without changes", async () => {
    const customer = await stripe.customers.create({ email: "stranger@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: new Types.ObjectId().toHexString(),
      line_items: [{ price: STAND_IN_DEFAULTS.prices.monthly, quantity: 1 }],
      success_url: `${ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/subscription`,
    });
    await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
    const { data: events } = await control("/_control/events");
    const deliveries = (events as Array<{ deliveries: Array<{ status: number }> }>).flatMap((event) => event.deliveries);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await User.countDocuments({ "subscription.customerId": customer.id })).toBe(0);
  });
});

describe("subscription management", () => {
  test("Change Plan schedules yearly billing for the next renewal; until then the monthly plan stays", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const { currentPeriodEnd, subscriptionId } = (await storedUser(userId)).subscription;
    const response = (await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" })) as Response;
    expect(await toastOf(response)).toMatchObject({ type: "success", message: SUBSCRIPTION_TOASTS.planChanged("annual") });
    expect(await storedUser(userId)).toMatchObject({
      premiumAccess: true,
      subscription: {
        interval: "month",
        priceId: STAND_IN_DEFAULTS.prices.monthly,
        scheduledChange: { interval: "year", priceId: STAND_IN_DEFAULTS.prices.annual, effectiveAt: currentPeriodEnd },
      },
    });
    await control(`/_control/subscriptions/${subscriptionId}/advance`);
    const renewed = (await storedUser(userId)).subscription;
    expect(renewed).toMatchObject({ interval: "year", priceId: STAND_IN_DEFAULTS.prices.annual, scheduledChange: null, currentPeriodStart: currentPeriodEnd });
    expect(renewed.currentPeriodEnd!.getUTCFullYear()).toBe(currentPeriodEnd!.getUTCFullYear() + 1);
  });

  test("a scheduled change is undone by Keep Monthly Billing or by choosing monthly again; the renewal stays monthly", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const { subscriptionId } = (await storedUser(userId)).subscription;
    await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" });
    expect(await toastOf((await manage(cookie, { intent: BILLING_INTENTS.undoPlanChange })) as Response)).toMatchObject({ message: SUBSCRIPTION_TOASTS.planChangeUndone });
    expect((await storedUser(userId)).subscription.scheduledChange).toBeNull();
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).schedule).toBeNull();
    await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" });
    const choseMonthlyAgain = (await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "monthly" })) as Response;
    expect(choseMonthlyAgain.status).toBe(302);
    expect(await toastOf(choseMonthlyAgain)).toMatchObject({ message: SUBSCRIPTION_TOASTS.planChangeUndone });
    expect((await storedUser(userId)).subscription.scheduledChange).toBeNull();
    await control(`/_control/subscriptions/${subscriptionId}/advance`);
    expect((await storedUser(userId)).subscription).toMatchObject({ interval: "month", priceId: STAND_IN_DEFAULTS.prices.monthly });
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "monthly" }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.alreadyOnPlan });
  });

  test("a plan change made at Stripe reaches the page through the webhook", async () => {
    const { userId } = await newUser();
    await payForPremium(userId);
    const { subscriptionId } = (await storedUser(userId)).subscription;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId! });
    const [current] = schedule.phases;
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: STAND_IN_DEFAULTS.prices.monthly, quantity: 1 }], start_date: current!.start_date, end_date: current!.end_date },
        { items: [{ price: STAND_IN_DEFAULTS.prices.annual, quantity: 1 }], duration: { interval: "year", interval_count: 1 } },
      ],
    });
    expect((await storedUser(userId)).subscription.scheduledChange).toMatchObject({ interval: "year" });
    await stripe.subscriptionSchedules.release(schedule.id);
    expect((await storedUser(userId)).subscription.scheduledChange).toBeNull();
  });

  test("Cancel keeps premium until the period ends and Resume takes it back; the period's end then ends premium", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const { subscriptionId } = (await storedUser(userId)).subscription;
    const canceled = (await manage(cookie, { intent: BILLING_INTENTS.cancel })) as Response;
    expect(canceled.headers.get("Location")).toBe("/manage-subscription");
    expect(await toastOf(canceled)).toMatchObject({ type: "success", message: SUBSCRIPTION_TOASTS.canceled });
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: true, subscription: { status: "active", cancelAtPeriodEnd: true } });
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.resumeBeforeChange });

    expect(await toastOf((await manage(cookie, { intent: BILLING_INTENTS.resume })) as Response)).toMatchObject({ message: SUBSCRIPTION_TOASTS.resumed });
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: true, subscription: { cancelAtPeriodEnd: false } });
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.resume }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.notCancelled });

    await manage(cookie, { intent: BILLING_INTENTS.cancel });
    await control(`/_control/subscriptions/${subscriptionId}/advance`);
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: false, subscription: { status: "canceled" } });
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.resume }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.subscriptionEnded });
  });

  test("Cancel keeps a scheduled plan change for a resume: Resume schedules it again and the renewal bills yearly", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const { subscriptionId, currentPeriodEnd } = (await storedUser(userId)).subscription;
    await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" });
    const change = { interval: "year", priceId: STAND_IN_DEFAULTS.prices.annual, effectiveAt: currentPeriodEnd };

    await manage(cookie, { intent: BILLING_INTENTS.cancel });
    // Stripe refuses to end a subscription a schedule manages: the change waits in the subscription's metadata.
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).schedule).toBeNull();
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: true, subscription: { cancelAtPeriodEnd: true, scheduledChange: null, changeOnResume: change } });

    expect(await toastOf((await manage(cookie, { intent: BILLING_INTENTS.resume })) as Response)).toMatchObject({ message: SUBSCRIPTION_TOASTS.resumed });
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: true, subscription: { cancelAtPeriodEnd: false, interval: "month", scheduledChange: change, changeOnResume: null } });
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).metadata).not.toHaveProperty(PLAN_CHANGE_ON_RESUME);
    // Sent again: nothing is left to resume.
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.resume }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.notCancelled });

    await control(`/_control/subscriptions/${subscriptionId}/advance`);
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: true, subscription: { interval: "year", priceId: STAND_IN_DEFAULTS.prices.annual, scheduledChange: null } });
  });

  test("a resume cut off before the change was scheduled again is finished by Resume; Keep Monthly Billing forgets a change set aside", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const { subscriptionId } = (await storedUser(userId)).subscription;
    await manage(cookie, { intent: BILLING_INTENTS.changePlan, interval: "annual" });
    await manage(cookie, { intent: BILLING_INTENTS.cancel });
    // The cancellation taken back at Stripe, the change not scheduled yet (the app stopped in between).
    await stripe.subscriptions.update(subscriptionId!, { cancel_at_period_end: false });
    expect((await storedUser(userId)).subscription).toMatchObject({ cancelAtPeriodEnd: false, scheduledChange: null });
    await manage(cookie, { intent: BILLING_INTENTS.resume });
    expect((await storedUser(userId)).subscription).toMatchObject({ cancelAtPeriodEnd: false, scheduledChange: { interval: "year" } });

    await stripe.subscriptions.update(subscriptionId!, { metadata: { [PLAN_CHANGE_ON_RESUME]: STAND_IN_DEFAULTS.prices.annual } });
    await manage(cookie, { intent: BILLING_INTENTS.undoPlanChange });
    await manage(cookie, { intent: BILLING_INTENTS.cancel });
    expect((await storedUser(userId)).subscription).toMatchObject({ cancelAtPeriodEnd: true, changeOnResume: null });
    await manage(cookie, { intent: BILLING_INTENTS.resume });
    expect((await storedUser(userId)).subscription).toMatchObject({ cancelAtPeriodEnd: false, scheduledChange: null });
  });

  test("Manage Billing opens Stripe's customer portal, which returns to this page", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    const response = (await manage(cookie, { intent: BILLING_INTENTS.billingPortal })) as Response;
    const portalUrl = response.headers.get("Location")!;
    expect(portalUrl.startsWith(`${standIn.url}/portal/`)).toBe(true);
    const portal = await (await fetch(portalUrl)).text();
    expect(portal).toContain("Visa •••• 4242");
    expect(portal).toContain(`href="${ORIGIN}/manage-subscription"`);
  });

  test("Cancel without a stored subscription asks for a refresh first", async () => {
    const { cookie } = await newUser();
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.cancel }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.noSubscriptionId });
  });

  test("Refresh Data re-reads the subscription from Stripe", async () => {
    const { userId, cookie } = await newUser();
    await payForPremium(userId);
    await User.updateOne({ _id: userId }, { $unset: { "subscription.currentPeriodEnd": 1, "subscription.subscriptionId": 1 } });
    expect(((await manage(cookie, { intent: BILLING_INTENTS.refresh })) as Response).status).toBe(302);
    const user = await storedUser(userId);
    expect(user.subscription.subscriptionId).toMatch(/^sub_/);
    expect(user.subscription.currentPeriodEnd).toBeInstanceOf(Date);
  });

  test("Refresh Data without any Stripe record reports the failure", async () => {
    const { cookie } = await newUser();
    expect(answer(await manage(cookie, { intent: BILLING_INTENTS.refresh }))).toMatchObject({ status: 409, formError: PLAN_MESSAGES.refreshFailed });
  });
});

describe("the reconciliation job", () => {
  test("re-reads premium users whose period has ended and removes access Stripe no longer grants", async () => {
    const { userId } = await newUser();
    await payForPremium(userId);
    const { subscriptionId } = (await storedUser(userId)).subscription;
    await control(`/_control/subscriptions/${subscriptionId}`, { status: "unpaid" });
    expect(await reconcileSubscriptions()).toMatchObject({ failed: 0 });
    expect((await storedUser(userId)).premiumAccess).toBe(true);
    await User.updateOne({ _id: userId }, { $set: { "subscription.currentPeriodEnd": new Date(Date.now() - 60_000) } });
    expect(await reconcileSubscriptions()).toMatchObject({ checked: 1, failed: 0 });
    expect(await storedUser(userId)).toMatchObject({ premiumAccess: false, subscription: { status: "unpaid" } });
  });
});
