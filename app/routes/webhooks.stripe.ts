import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonText } from "~/utils/form-body.server";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { clientAddress } from "~/utils/security.server";
import { handleStripeWebhook, type WebhookOutcome } from "~/features/billing/stripe-webhook.server";

/** Stripe delivers a refused event again later, whatever the status; 503 says the fault is ours. */
const REFUSAL_STATUS: Record<Extract<WebhookOutcome, { ok: false }>["reason"], number> = {
  "invalid-signature": 400,
  "not-configured": 503,
  "retry-later": 503,
};

/**
 * Stripe's webhook endpoint. Exempt from the same-origin check (Stripe posts
 * from its own servers; the signature is what proves the sender) and limited
 * per address on its own budget. The body is read through the limited reader
 * (1 MB, JSON, UTF-8: 413, 415, 400) and verified as the exact text sent.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  if (!(await consumeAttempt("stripeWebhooksPerAddress", clientAddress(context)))) {
    return Response.json({ error: "Too many requests" }, { status: 429 });
  }
  const outcome = await handleStripeWebhook(await readJsonText(request), request.headers.get("Stripe-Signature"));
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: REFUSAL_STATUS[outcome.reason] });
  return Response.json({ received: true, result: outcome.result });
}
