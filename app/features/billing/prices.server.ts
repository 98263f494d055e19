import type Stripe from "stripe";
import { getStripe, PAGE_READ_OPTIONS } from "~/integrations/stripe.server";
import { getEnv, type ServerEnv } from "~/utils/env.server";
import { CONFIGURED_PREMIUM_PRICES, type BillingInterval, type PlanPrice, type PremiumPrices } from "./plans";

type PriceEnv = Pick<ServerEnv, "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_ANNUAL">;

/** The payment provider's price ids of Premium; an unset or empty variable is `null`. */
export function getPriceIds(env: PriceEnv = getEnv()): Record<BillingInterval, string | null> {
  return { monthly: env.STRIPE_PRICE_MONTHLY?.trim() || null, annual: env.STRIPE_PRICE_ANNUAL?.trim() || null };
}

export function priceIdFor(interval: BillingInterval, env?: PriceEnv) {
  return getPriceIds(env)[interval];
}

/** Prices read from Stripe are shown this long before they are read again. */
const STRIPE_PRICES_TTL_MS = 60 * 60 * 1000;
/** After a failed read the configured prices are shown this long, so an outage does not slow every page. */
const RETRY_AFTER_FAILURE_MS = 60 * 1000;

type CachedPrices = { prices: PremiumPrices; expiresAt: number };

let cached: CachedPrices | undefined;
let reading: Promise<CachedPrices> | undefined;

/**
 * Premium's prices as Stripe charges them: its price objects, kept in memory
 * for an hour. The plan configuration stands in when Stripe or the price ids
 * are not configured, when Stripe cannot be read, and when a price object is
 * not what the pages can state (see planPriceFromStripe).
 */
export async function getPremiumPrices(now = Date.now()): Promise<PremiumPrices> {
  const stripe = getStripe();
  const { monthly, annual } = getPriceIds();
  if (!stripe || !monthly || !annual) return CONFIGURED_PREMIUM_PRICES;
  if (cached && now < cached.expiresAt) return cached.prices;
  reading ??= readStripePrices(stripe, { monthly, annual }, now).finally(() => {
    reading = undefined;
  });
  cached = await reading;
  return cached.prices;
}

async function readStripePrices(stripe: Stripe, priceIds: Record<BillingInterval, string>, now: number): Promise<CachedPrices> {
  try {
    const [monthly, annual] = await Promise.all([
      stripe.prices.retrieve(priceIds.monthly, {}, PAGE_READ_OPTIONS),
      stripe.prices.retrieve(priceIds.annual, {}, PAGE_READ_OPTIONS),
    ]);
    const prices = { monthly: planPriceFromStripe(monthly, "monthly"), annual: planPriceFromStripe(annual, "annual") };
    return { prices, expiresAt: now + STRIPE_PRICES_TTL_MS };
  } catch (error) {
    console.error("reading Premium's prices from Stripe failed; the pages show the configured prices", error);
    return { prices: CONFIGURED_PREMIUM_PRICES, expiresAt: now + RETRY_AFTER_FAILURE_MS };
  }
}

/**
 * A Stripe price object as the plan price of `interval`. It must bill that
 * interval with a fixed amount in the plan currency: the pages say Ledgerly
 * bills only in US dollars and compare the two prices for the annual saving.
 */
export function planPriceFromStripe(price: Stripe.Price, interval: BillingInterval): PlanPrice {
  const configured = CONFIGURED_PREMIUM_PRICES[interval];
  const currency = price.currency.toUpperCase();
  if (price.unit_amount === null || price.recurring?.interval !== configured.interval || currency !== configured.currency) {
    throw new Error(`Stripe price ${price.id} is not a fixed ${configured.currency} amount per ${configured.interval}`);
  }
  return { cents: price.unit_amount, currency, interval: configured.interval };
}
