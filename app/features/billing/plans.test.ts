import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { User } from "../../../models";
import { action as manageSubscriptionAction, loader as manageSubscriptionLoader } from "~/routes/_app.manage-subscription";
import { loader as paymentCancelledLoader } from "~/routes/payment-cancelled";
import { loader as paymentSuccessLoader } from "~/routes/payment-success";
import { action as pricingAction } from "~/routes/pricing";
import { action as subscriptionAction, loader as subscriptionLoader } from "~/routes/subscription";
import { BillingError, checkoutFailureMessage, startCheckout, subscribe } from "./billing.server";
import {
  annualSaving,
  annualSavingNote,
  checkoutErrorDialog,
  CONFIGURED_PREMIUM_PRICES,
  FREE_PLAN_PRICE,
  formatPlanAmount,
  parseBillingInterval,
  planFaq,
  PLAN_MESSAGES,
  premiumPricesText,
  pricePerInterval,
  type PremiumPrices,
} from "./plans";
import { getPremiumPrices, getPriceIds, priceIdFor } from "./prices.server";
import { createSession } from "~/features/auth/session.server";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const ORIGIN = "http://localhost:3000";
const SAVING_QUESTION = "How much do I save with annual billing?";

async function signedInCookie(fields: Record<string, unknown> = {}) {
  const user = await User.create({ email: `plans-${crypto.randomUUID()}@example.com`, authProvider: "email", ...fields });
  const { cookie } = await createSession(String(user._id), new Request(`${ORIGIN}/`));
  return cookie.split(";")[0];
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const headers: Record<string, string> = { Origin: ORIGIN, Host: "localhost:3000" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

function get(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function settle<T>(promise: Promise<T>) {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

function answerOf(result: unknown) {
  expect(result).toMatchObject({ type: "DataWithResponseInit" });
  const { data, init } = result as { data: { formError: string | null; checkoutError: unknown }; init: ResponseInit };
  return { ...data, status: init.status };
}

describe("checkout error dialog", () => {
  test.each(["Payment script blocked by the browser", "Please disable your ad blocker", "A privacy Extension interfered", "net::ERR_BLOCKED_BY_CLIENT"])(
    "'%s' opens the ad-blocker dialog",
    (message) => {
      expect(checkoutErrorDialog(new Error(message))).toEqual({ kind: "ad-blocker" });
    },
  );

  test("any other error shows its message in the payment error dialog", () => {
    expect(checkoutErrorDialog(new Error("Card declined"))).toEqual({ kind: "payment-error", message: "Card declined" });
  });

  test("an error without a message falls back to the default text", () => {
    const expected = { kind: "payment-error", message: "We're having trouble processing your payment at the moment. Please try again later." };
    expect(checkoutErrorDialog(new Error(""))).toEqual(expected);
    expect(checkoutErrorDialog({ status: 500 })).toEqual(expected);
  });

  test("a checkout failure that is not Stripe's shows 'Failed to start checkout process' (the reason stays in the log)", async () => {
    const failure = await settle(startCheckout({ userId: "u1", priceId: "price_1", origin: ORIGIN }));
    expect(failure).toBeInstanceOf(Error);
    expect(checkoutErrorDialog(checkoutFailureMessage(failure))).toEqual({ kind: "payment-error", message: "Failed to start checkout process" });
  });

  test("Stripe's own messages and ours reach the dialog as they are", () => {
    const declined = new Stripe.errors.StripeCardError({ type: "card_error", message: "Your card was declined." });
    expect(checkoutErrorDialog(checkoutFailureMessage(declined))).toEqual({ kind: "payment-error", message: "Your card was declined." });
    expect(checkoutErrorDialog(checkoutFailureMessage(new BillingError(PLAN_MESSAGES.noCheckoutSession)))).toEqual({
      kind: "payment-error",
      message: "Failed to create checkout session - no session ID received",
    });
  });
});

describe("billing interval and prices", () => {
  test("reads the billing query value, monthly by default", () => {
    expect(parseBillingInterval(null)).toBe("monthly");
    expect(parseBillingInterval("monthly")).toBe("monthly");
    expect(parseBillingInterval("annual")).toBe("annual");
    expect(parseBillingInterval("yearly")).toBe("monthly");
  });

  test("formats Premium and Free prices in dollars", () => {
    expect(formatPlanAmount(CONFIGURED_PREMIUM_PRICES.monthly)).toBe("$2.99");
    expect(formatPlanAmount(CONFIGURED_PREMIUM_PRICES.annual)).toBe("$24.99");
    expect(formatPlanAmount(FREE_PLAN_PRICE)).toBe("$0");
  });

  test("the configuration saves $10.89 a year with annual billing, about 30 percent (decision 008)", () => {
    const saving = annualSaving(CONFIGURED_PREMIUM_PRICES);
    expect(saving).toEqual({ cents: 1089, currency: "USD", percent: 30, twelveMonthsCents: 3588 });
    expect(annualSavingNote(saving!)).toBe("Save $10.89 with annual billing");
    expect(premiumPricesText(CONFIGURED_PREMIUM_PRICES)).toBe("$2.99 per month or $24.99 per year");
    expect(planFaq(CONFIGURED_PREMIUM_PRICES).find((item) => item.question === SAVING_QUESTION)?.answer).toBe(
      "Annual billing costs $24.99 a year instead of 12 × $2.99 = $35.88: you save $10.89 a year, about 30 percent.",
    );
  });

  test("the texts follow other prices, and an annual price that saves nothing claims no saving", () => {
    const prices: PremiumPrices = {
      monthly: { cents: 399, currency: "USD", interval: "month" },
      annual: { cents: 3999, currency: "USD", interval: "year" },
    };
    expect(annualSavingNote(annualSaving(prices)!)).toBe("Save $7.89 with annual billing");
    expect(pricePerInterval(prices.annual)).toBe("$39.99 per year");
    const noSaving = { ...prices, annual: { ...prices.annual, cents: 12 * 399 } };
    expect(annualSaving(noSaving)).toBeNull();
    expect(planFaq(noSaving).map((item) => item.question)).not.toContain(SAVING_QUESTION);
  });

  test("without Stripe keys the pages show the configured prices", async () => {
    expect(await getPremiumPrices()).toEqual(CONFIGURED_PREMIUM_PRICES);
  });

  test("looks up the price id of each interval from the environment", () => {
    const env = { STRIPE_PRICE_MONTHLY: "price_monthly", STRIPE_PRICE_ANNUAL: "price_annual" };
    expect(getPriceIds(env)).toEqual({ monthly: "price_monthly", annual: "price_annual" });
    expect(priceIdFor("annual", env)).toBe("price_annual");
  });

  test("an unset or blank price id is missing", () => {
    expect(getPriceIds()).toEqual({ monthly: null, annual: null });
    expect(priceIdFor("monthly", { STRIPE_PRICE_MONTHLY: " ", STRIPE_PRICE_ANNUAL: undefined })).toBeNull();
  });
});

describe("plans page", () => {
  test("the loader reads the billing period and who is looking", async () => {
    expect(await subscriptionLoader({ request: get("/subscription?billing=annual"), params: {}, context: {} })).toEqual({
      interval: "annual",
      signedIn: false,
      premium: false,
      prices: CONFIGURED_PREMIUM_PRICES,
    });
    const premiumCookie = await signedInCookie({ premiumAccess: true });
    expect(await subscriptionLoader({ request: get("/subscription", premiumCookie), params: {}, context: {} })).toEqual({
      interval: "monthly",
      signedIn: true,
      premium: true,
      prices: CONFIGURED_PREMIUM_PRICES,
    });
  });

  test("a signed-out Subscribe Now goes to sign in and back to the plans page", async () => {
    for (const subscribeAction of [subscriptionAction, pricingAction]) {
      const response = await settle(subscribeAction({ request: post("/pricing", { interval: "monthly" }), params: {}, context: {} }));
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(302);
      expect((response as Response).headers.get("Location")).toBe("/login?redirect=subscription");
    }
  });

  test("a post from another site is refused", async () => {
    const request = new Request(`${ORIGIN}/subscription`, { method: "POST", body: new FormData(), headers: { Origin: "https://evil.example", Host: "localhost:3000" } });
    const response = await settle(subscriptionAction({ request, params: {}, context: {} }));
    expect((response as Response).status).toBe(403);
  });

  test("an unknown interval is a 400", async () => {
    const cookie = await signedInCookie();
    const result = await subscriptionAction({ request: post("/subscription", { interval: "weekly" }, cookie), params: {}, context: {} });
    expect(answerOf(result)).toEqual({ formError: PLAN_MESSAGES.invalidInterval, checkoutError: null, status: 400 });
  });

  test("without a configured price the visitor is told pricing is not configured", async () => {
    const cookie = await signedInCookie();
    const result = await subscriptionAction({ request: post("/subscription", { intent: "subscribe", interval: "annual" }, cookie), params: {}, context: {} });
    expect(answerOf(result)).toEqual({
      formError: "Subscription pricing is not configured. Please contact support.",
      checkoutError: null,
      status: 503,
    });
  });

  test("subscribe without a configured price opens no checkout", async () => {
    const user = await User.create({ email: `plans-${crypto.randomUUID()}@example.com`, authProvider: "email" });
    expect(await subscribe({ userId: String(user._id), interval: "monthly", origin: ORIGIN })).toEqual({ ok: false, reason: "pricing-not-configured" });
  });

  test("a subscriber cannot start a second subscription", async () => {
    const cookie = await signedInCookie({ premiumAccess: true });
    const result = await subscriptionAction({ request: post("/subscription", { interval: "monthly" }, cookie), params: {}, context: {} });
    expect(answerOf(result)).toMatchObject({ formError: "You already have an active subscription!", status: 409 });
  });
});

describe("manage subscription", () => {
  test("Subscribe Now answers like the plans page", async () => {
    const cookie = await signedInCookie();
    const result = await manageSubscriptionAction({
      request: post("/manage-subscription", { intent: "subscribe", interval: "monthly" }, cookie),
      params: {},
      context: {},
    });
    expect(answerOf(result)).toMatchObject({ formError: PLAN_MESSAGES.pricingNotConfigured, status: 503 });
  });

  test("Refresh Data without Stripe keys reports that the refresh failed", async () => {
    const cookie = await signedInCookie({ premiumAccess: true });
    const result = await manageSubscriptionAction({ request: post("/manage-subscription", { intent: "refresh" }, cookie), params: {}, context: {} });
    expect(answerOf(result)).toEqual({ formError: "Failed to refresh subscription data", checkoutError: null, status: 502 });
  });

  test("a free user gets the upgrade view with the chosen period", async () => {
    const cookie = await signedInCookie();
    expect(await manageSubscriptionLoader({ request: get("/manage-subscription?billing=annual", cookie), params: {}, context: {} })).toEqual({
      interval: "annual",
      prices: CONFIGURED_PREMIUM_PRICES,
      plan: null,
      confirmCancel: false,
    });
  });

  test("a subscriber sees the plan, its price and the next billing date", async () => {
    const cookie = await signedInCookie({
      premiumAccess: true,
      subscription: { status: "active", interval: "year", subscriptionId: "sub_123", currentPeriodEnd: new Date(2026, 5, 15, 12) },
    });
    const { plan } = await manageSubscriptionLoader({ request: get("/manage-subscription", cookie), params: {}, context: {} });
    expect(plan).toEqual({
      name: "Premium",
      interval: "annual",
      price: { cents: 2499, currency: "USD", interval: "year" },
      periodEnd: "June 15, 2026",
      endsAtPeriodEnd: false,
      scheduledChange: null,
      changeOnResume: null,
      detailsMissing: false,
    });
  });

  test("a cancelled subscription shows when Premium ends; a scheduled change shows its period and date", async () => {
    const cookie = await signedInCookie({
      premiumAccess: true,
      subscription: {
        status: "active",
        interval: "month",
        subscriptionId: "sub_123",
        currentPeriodEnd: new Date(2026, 5, 15, 12),
        cancelAtPeriodEnd: true,
        scheduledChange: { interval: "year", priceId: "price_annual", effectiveAt: new Date(2026, 5, 15, 12) },
        changeOnResume: { interval: "year", priceId: "price_annual", effectiveAt: new Date(2026, 5, 15, 12) },
      },
    });
    const { plan } = await manageSubscriptionLoader({ request: get("/manage-subscription", cookie), params: {}, context: {} });
    expect(plan).toMatchObject({
      periodEnd: "June 15, 2026",
      endsAtPeriodEnd: true,
      scheduledChange: { interval: "annual", date: "June 15, 2026" },
      changeOnResume: { interval: "annual", date: "June 15, 2026" },
    });
  });

  test("a subscriber without subscription details is offered a refresh", async () => {
    const cookie = await signedInCookie({ premiumAccess: true });
    const { plan } = await manageSubscriptionLoader({ request: get("/manage-subscription", cookie), params: {}, context: {} });
    expect(plan).toMatchObject({ interval: "monthly", periodEnd: null, detailsMissing: true });
  });
});

describe("payment pages", () => {
  test("payment success without a checkout session goes straight home", async () => {
    const response = await settle(paymentSuccessLoader({ request: get("/payment-success"), params: {}, context: {} }));
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/");
  });

  test("payment success with a checkout session grants nothing and says where the payment stands: signed out, pending, active", async () => {
    const at = (cookie?: string) => paymentSuccessLoader({ request: get("/payment-success?session_id=cs_test", cookie), params: {}, context: {} });
    expect(await at()).toEqual({ status: "signed-out" });
    const free = await signedInCookie();
    expect(await at(free)).toEqual({ status: "pending" });
    expect(await at(await signedInCookie({ premiumAccess: true }))).toEqual({ status: "active" });
  });

  test("payment cancelled goes to subscription management", async () => {
    const response = await paymentCancelledLoader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/manage-subscription");
  });
});
