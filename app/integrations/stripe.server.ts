import Stripe from "stripe";
import { getEnv } from "~/utils/env.server";

/**
 * How long one call to Stripe may take. Failed calls are retried
 * STRIPE_MAX_NETWORK_RETRIES times (default 2, the SDK's own default; tests
 * set 0): the SDK waits with backoff between tries and sends an idempotency
 * key with every POST, so a retried write never happens twice.
 */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Reads a page waits for (Premium's prices): short and never retried, as the
 * page has configured prices to fall back on.
 */
export const PAGE_READ_OPTIONS: Stripe.RequestOptions = { timeout: 3_000, maxNetworkRetries: 0 };

let client: Stripe | undefined;

/** The Stripe client, or null when no secret key is configured. STRIPE_API_URL points it at a stand-in. */
export function getStripe(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!client) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: env.STRIPE_MAX_NETWORK_RETRIES,
      timeout: REQUEST_TIMEOUT_MS,
      appInfo: { name: "Ledgerly" },
      ...(api && { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" }),
    });
  }
  return client;
}

export function requireStripe(): Stripe {
  const stripe = getStripe();
  if (!stripe) throw new Error("Payments are not configured (STRIPE_SECRET_KEY is not set)");
  return stripe;
}

/** How far the time a webhook was signed at may lie from now, in seconds: Stripe's own default, now both ways. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, read as Stripe's SDK reads it (the last one counts). */
function signedAt(header: string) {
  let timestamp = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value, 10);
  }
  return timestamp;
}

/**
 * The event of a webhook delivery whose Stripe-Signature is Stripe's over exactly `payload` and dated within
 * five minutes of now. The SDK refuses a signature older than that but not one dated ahead (a clock or a
 * forger far in the future would keep a captured delivery replayable), so that side is checked here.
 * Throws what the SDK throws, or an Error naming the refused date.
 */
export function verifyWebhookEvent(stripe: Stripe, payload: string, header: string, secret: string): Stripe.Event {
  const event = stripe.webhooks.constructEvent(payload, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  if (signedAt(header) - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new Error("Timestamp outside the tolerance zone (signed in the future)");
  }
  return event;
}

/** Whether Stripe answered with an error (its message is written for the customer). */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Where Stripe's hosted checkout and customer portal live: the pages billing forms are redirected to (for the CSP's form-action). */
export function hostedPageOrigins() {
  const apiUrl = getEnv().STRIPE_API_URL;
  return apiUrl ? [new URL(apiUrl).origin] : ["https://checkout.stripe.com", "https://billing.stripe.com"];
}
