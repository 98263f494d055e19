import { getPlaid } from "~/integrations/plaid.server";
import { connectionOfItem, markItemError } from "./bank.server";

/** What a verified webhook asks of the app: a sync of one bank, or nothing more (its news was recorded or is not ours). */
export type PlaidWebhookOutcome =
  | { ok: true; result: "sync"; connectionId: string }
  | { ok: true; result: "recorded" | "ignored" }
  | { ok: false; reason: "invalid-signature" | "not-configured" | "invalid-body"; message: string };

/** ITEM webhooks that mean the user must log in to the bank again, with what the bank page says until then. */
const RELINK_WEBHOOKS: Record<string, string> = {
  PENDING_EXPIRATION: "Your bank's consent expires soon. Please reconnect.",
  PENDING_DISCONNECT: "Your bank will disconnect soon. Please reconnect.",
  USER_PERMISSION_REVOKED: "Access to this bank was revoked. Please reconnect.",
};

type WebhookBody = { webhook_type?: unknown; webhook_code?: unknown; item_id?: unknown; error?: { error_code?: unknown; error_message?: unknown; display_message?: unknown } | null };

function text(value: unknown) {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Plaid's webhooks, verified first (`Plaid-Verification`). New transactions
 * (`SYNC_UPDATES_AVAILABLE`) and a repaired login ask for a sync; item errors
 * are shown on the bank until a sync succeeds. An item we do not know is acknowledged and left alone.
 */
export async function handlePlaidWebhook(rawBody: string, verification: string | null): Promise<PlaidWebhookOutcome> {
  const plaid = getPlaid();
  if (!plaid) return { ok: false, reason: "not-configured", message: "Bank linking is not configured" };
  if (!(await plaid.verifyWebhook(rawBody, verification))) return { ok: false, reason: "invalid-signature", message: "Invalid webhook signature" };
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    return { ok: false, reason: "invalid-body", message: "The webhook body is not JSON" };
  }
  const itemId = text(body.item_id);
  const connection = itemId ? await connectionOfItem(itemId) : null;
  if (!itemId || !connection) return { ok: true, result: "ignored" };
  const kind = `${text(body.webhook_type)}:${text(body.webhook_code)}`;
  if (kind === "TRANSACTIONS:SYNC_UPDATES_AVAILABLE" || kind === "ITEM:LOGIN_REPAIRED") return { ok: true, result: "sync", connectionId: connection.id };
  if (kind === "ITEM:ERROR" && body.error) {
    const code = text(body.error.error_code) ?? "ITEM_ERROR";
    await markItemError(itemId, code, text(body.error.display_message) ?? text(body.error.error_message) ?? code);
    return { ok: true, result: "recorded" };
  }
  const relinkCode = text(body.webhook_code);
  if (body.webhook_type === "ITEM" && relinkCode && RELINK_WEBHOOKS[relinkCode]) {
    await markItemError(itemId, relinkCode === "USER_PERMISSION_REVOKED" ? "ITEM_LOGIN_REQUIRED" : relinkCode, RELINK_WEBHOOKS[relinkCode]);
    return { ok: true, result: "recorded" };
  }
  return { ok: true, result: "ignored" };
}
