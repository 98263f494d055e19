import Stripe from "stripe";
import { afterAll, describe, expect, test, vi } from "vitest";
import { CONFIGURED_PREMIUM_PRICES, type PremiumPrices } from "./plans";
import { getPremiumPrices, planPriceFromStripe } from "./prices.server";
import { STAND_IN_DEFAULTS, startStripeStandIn } from "../../../scripts/stand-ins/stripe.mjs";

const MONTHLY = "price_premium_monthly_2027";
const ANNUAL = "price_premium_annual_2027";
const MONTHLY_IN_EUROS = "price_premium_monthly_eur";
const HOUR = 60 * 60 * 1000;

// Stripe's prices differ from the plan configuration here, so a page shows which source it read.
const standIn = await startStripeStandIn({
  prices: [
    { id: MONTHLY, unit_amount: 399, interval: "month" },
    { id: ANNUAL, unit_amount: 3999, interval: "year" },
    { id: MONTHLY_IN_EUROS, unit_amount: 349, interval: "month", currency: "eur" },
  ],
});

Object.assign(process.env, {
  STRIPE_SECRET_KEY: STAND_IN_DEFAULTS.secretKey,
  STRIPE_WEBHOOK_SECRET: STAND_IN_DEFAULTS.webhookSecret,
  STRIPE_API_URL: standIn.url,
  STRIPE_MAX_NETWORK_RETRIES: "0",
  STRIPE_PRICE_MONTHLY: MONTHLY,
  STRIPE_PRICE_ANNUAL: ANNUAL,
});

const stripe = new Stripe(STAND_IN_DEFAULTS.secretKey, {
  host: "127.0.0.1",
  port: new URL(standIn.url).port,
  protocol: "http",
  maxNetworkRetries: 0,
});

afterAll(() => standIn.stop());

function failNextPriceRead() {
  return fetch(`${standIn.url}/_control/fail-next`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: `/v1/prices/${MONTHLY}`, status: 500, type: "api_error", message: "Stripe is having a moment" }),
  });
}

const FROM_STRIPE: PremiumPrices = {
  monthly: { cents: 399, currency: "USD", interval: "month" },
  annual: { cents: 3999, currency: "USD", interval: "year" },
};

describe("Premium's prices with Stripe configured", () => {
  test("come from Stripe's price objects, are kept for an hour, and fall back to the configuration while Stripe fails", async () => {
    const start = Date.now();
    const failureLog = vi.spyOn(console, "error").mockImplementation(() => {});

    expect(await getPremiumPrices(start)).toEqual(FROM_STRIPE);

    await failNextPriceRead();
    expect(await getPremiumPrices(start + HOUR - 1)).toEqual(FROM_STRIPE);
    expect(await getPremiumPrices(start + HOUR)).toEqual(CONFIGURED_PREMIUM_PRICES);

    expect(await getPremiumPrices(start + HOUR + 30_000)).toEqual(CONFIGURED_PREMIUM_PRICES);
    expect(await getPremiumPrices(start + HOUR + 60_000)).toEqual(FROM_STRIPE);
    expect(failureLog).toHaveBeenCalledTimes(1);
    failureLog.mockRestore();
  });

  test("a price object in another currency or for another interval is not shown", async () => {
    const euros = await stripe.prices.retrieve(MONTHLY_IN_EUROS);
    expect(() => planPriceFromStripe(euros, "monthly")).toThrow("is not a fixed USD amount per month");
    const annual = await stripe.prices.retrieve(ANNUAL);
    expect(() => planPriceFromStripe(annual, "monthly")).toThrow("is not a fixed USD amount per month");
    expect(planPriceFromStripe(annual, "annual")).toEqual(FROM_STRIPE.annual);
  });
});
