import type { ActionFunctionArgs } from "@remix-run/node";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { clientAddress } from "~/utils/security.server";
import { handleStripeWebhook } from "~/features/billing/stripe-webhook.server";

/**
 * Stripe's webhook endpoint. Exempt from the same-origin check (Stripe posts
 * from its own servers; the signature is what proves the sender) and limited
 * per address on its own budget.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  if (!(await consumeAttempt("stripeWebhooksPerAddress", clientAddress(request)))) {
    return Response.json({ error: "Too many requests" }, { status: 429 });
  }
  const outcome = await handleStripeWebhook(await request.text(), request.headers.get("Stripe-Signature"));
  if (outcome.status !== 200) return Response.json({ error: outcome.error }, { status: outcome.status });
  return Response.json({ received: true, result: outcome.result });
}
