import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { BANK_MESSAGES } from "~/features/bank/bank";
import { createLinkToken } from "~/features/bank/bank.server";
import { appOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { requireSameOrigin } from "~/utils/security.server";

const FAILURE_STATUS = { "not-configured": 503, "not-found": 404, invalid: 400, plaid: 503 } as const;

/** A link token for Plaid Link in the page (the flow with JavaScript); update mode with `connectionId`. Never an access token. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request);
  if (!user.premiumAccess) return Response.json({ error: BANK_MESSAGES.premiumRequired }, { status: 403 });
  const form = await readForm(request);
  const connectionId = form.get("connectionId");
  if (!(await consumeAttempt("bankLinksPerUser", user.id))) return Response.json({ error: BANK_MESSAGES.unavailable }, { status: 429 });
  const created = await createLinkToken(user.id, { appUrl: appOrigin(request), hosted: false, ...(typeof connectionId === "string" && connectionId && { connectionId }) });
  if (!created.ok) return Response.json({ error: created.message }, { status: FAILURE_STATUS[created.reason] });
  return Response.json({ linkToken: created.linkToken }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405 });
}
