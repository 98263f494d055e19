import type { ActionFunctionArgs } from "@remix-run/node";
import { queueBankSync } from "../../jobs/scheduler";
import { handlePlaidWebhook, type PlaidWebhookOutcome } from "~/features/bank/webhook.server";
import { readJsonText } from "~/utils/form-body.server";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { clientAddress } from "~/utils/security.server";

const REFUSAL_STATUS: Record<Extract<PlaidWebhookOutcome, { ok: false }>["reason"], number> = {
  "invalid-signature": 401,
  "invalid-body": 400,
  "not-configured": 503,
};

/**
 * Plaid's webhook endpoint. Exempt from the same-origin check (the
 * `Plaid-Verification` JWT proves the sender); news of transactions queues
 * a sync job for the bank and answers at once. The body is read through the
 * limited reader (1 MB, JSON, UTF-8: 413, 415, 400) before it is verified.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  if (!(await consumeAttempt("plaidWebhooksPerAddress", clientAddress(context)))) return Response.json({ error: "Too many requests" }, { status: 429 });
  const outcome = await handlePlaidWebhook(await readJsonText(request), request.headers.get("Plaid-Verification"));
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: REFUSAL_STATUS[outcome.reason] });
  if (outcome.result === "sync") await queueBankSync(outcome.connectionId);
  return Response.json({ received: true, result: outcome.result });
}
