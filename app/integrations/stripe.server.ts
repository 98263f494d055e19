import Stripe from "stripe";
import { getEnv } from "~/utils/env.server";

let client: Stripe | undefined;

/** The Stripe client, or null when no secret key is configured. STRIPE_API_URL points it at a stand-in. */
export function getStripe(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!client) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: env.STRIPE_MAX_NETWORK_RETRIES,
      timeout: 20_000,
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

/** Where Stripe's hosted checkout lives: the page a subscribe form is redirected to (for the CSP's form-action). */
export function checkoutOrigin() {
  const apiUrl = getEnv().STRIPE_API_URL;
  return apiUrl ? new URL(apiUrl).origin : "https://checkout.stripe.com";
}
