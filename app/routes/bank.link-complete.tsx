import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requirePremiumUser } from "~/features/auth/auth.server";
import { BANK_MESSAGES, BANK_PATH } from "~/features/bank/bank";
import { completeHostedLink } from "~/features/bank/bank.server";
import { redirectWithToast } from "~/utils/flash.server";

/**
 * Where Hosted Link sends the browser back (the flow without JavaScript):
 * the link's outcome is read from Plaid, the bank linked and synced. A user
 * who left the flow comes back to the bank page without any alarm (no toast).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePremiumUser(request);
  const completed = await completeHostedLink(user.id);
  if (!completed.ok) return redirectWithToast(BANK_PATH, { type: "error", message: completed.message });
  if (completed.outcome === "cancelled") return redirect(BANK_PATH);
  return redirectWithToast(BANK_PATH, { type: "success", message: completed.outcome === "connected" ? BANK_MESSAGES.connected : BANK_MESSAGES.reconnected });
}
