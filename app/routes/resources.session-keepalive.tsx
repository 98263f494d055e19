import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUserId } from "~/utils/auth.server";
import { requireSameOrigin } from "~/utils/security.server";

/** Activity in the browser slides the server session's idle window forward. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireUserId(request);
  return { ok: true };
}
