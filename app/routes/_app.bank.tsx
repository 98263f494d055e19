import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requirePremiumUser, requireUser } from "~/features/auth/auth.server";
import { BANK_INTENTS, BANK_MESSAGES, BANK_PATH, DISCONNECT_ASK_PARAM } from "~/features/bank/bank";
import { bankLinkingConfigured, connectBank, createLinkToken, disconnectBank, listConnections, syncAllConnections, syncConnection } from "~/features/bank/bank.server";
import { BankPage } from "~/features/bank/components/bank-page";
import { plaidLinkScriptUrl } from "~/integrations/plaid.server";
import { appOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { useNonce } from "~/utils/nonce-provider";
import type { PageHandle } from "~/utils/page-title";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

export const handle: PageHandle = { title: "Bank" };

const TOO_MANY_LINKS = "Too many bank links started in the last hour. Please try again later.";

/** Free users see the page with 'Premium Required' instead of being sent away; only premium users link banks. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const premium = Boolean(user.premiumAccess);
  const connections = premium ? await listConnections(user.id) : [];
  const asked = new URL(request.url).searchParams.get(DISCONNECT_ASK_PARAM);
  return {
    premium,
    configured: premium && bankLinkingConfigured(),
    linkScriptUrl: premium ? plaidLinkScriptUrl() : null,
    connections,
    confirmDisconnectId: connections.some((connection) => connection.id === asked) ? asked : null,
  };
}

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function failed(message: string, status: number) {
  return data({ error: message }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requirePremiumUser(request);
  const form = await readForm(request);
  const intent = field(form, "intent");
  const connectionId = field(form, "connectionId");

  switch (intent) {
    case BANK_INTENTS.link:
    case BANK_INTENTS.relink: {
      if (intent === BANK_INTENTS.relink && !connectionId) return failed(BANK_MESSAGES.notFound, 404);
      if (!(await consumeAttempt("bankLinksPerUser", user.id))) return failed(TOO_MANY_LINKS, 429);
      const created = await createLinkToken(user.id, { appUrl: appOrigin(request), hosted: true, ...(connectionId && intent === BANK_INTENTS.relink && { connectionId }) });
      if (!created.ok) return created.reason === "not-found" ? failed(created.message, 404) : redirectWithToast(BANK_PATH, { type: "error", message: created.message });
      return redirect(created.hostedLinkUrl!, 303);
    }
    case BANK_INTENTS.exchange: {
      const publicToken = field(form, "publicToken");
      if (!publicToken) return failed(BANK_MESSAGES.invalidToken, 400);
      const connected = await connectBank(user.id, publicToken);
      if (!connected.ok && connected.reason === "invalid") return failed(connected.message, 400);
      if (!connected.ok) return redirectWithToast(BANK_PATH, { type: "error", message: connected.message });
      return redirectWithToast(BANK_PATH, { type: "success", message: BANK_MESSAGES.connected });
    }
    case BANK_INTENTS.syncAll: {
      const { imported, failed: failures } = await syncAllConnections(user.id);
      if (failures > 0) return redirectWithToast(BANK_PATH, { type: "error", message: BANK_MESSAGES.syncFailed });
      return redirectWithToast(BANK_PATH, { type: "success", message: BANK_MESSAGES.synced(imported) });
    }
    case BANK_INTENTS.sync:
    case BANK_INTENTS.relinked: {
      const synced = await syncConnection(user.id, connectionId);
      if (!synced.ok) return synced.reason === "not-found" ? failed(synced.message, 404) : redirectWithToast(BANK_PATH, { type: "error", message: synced.message });
      if (intent === BANK_INTENTS.relinked) return redirectWithToast(BANK_PATH, { type: "success", message: BANK_MESSAGES.reconnected });
      return redirectWithToast(BANK_PATH, { type: "success", message: synced.alreadyRunning ? BANK_MESSAGES.syncing : BANK_MESSAGES.synced(synced.imported) });
    }
    case BANK_INTENTS.disconnect: {
      const disconnected = await disconnectBank(user.id, connectionId);
      if (!disconnected.ok) return disconnected.reason === "not-found" ? failed(disconnected.message, 404) : redirectWithToast(BANK_PATH, { type: "error", message: disconnected.message });
      return redirectWithToast(BANK_PATH, { type: "success", message: BANK_MESSAGES.disconnected });
    }
    default:
      return failed("Unknown action", 400);
  }
}

export default function BankRoute() {
  const { premium, configured, linkScriptUrl, connections, confirmDisconnectId } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.error ?? null;
  const nonce = useNonce();
  return <BankPage premium={premium} configured={configured} linkScriptUrl={linkScriptUrl} connections={connections} nonce={nonce} refusal={refusal} confirmDisconnectId={confirmDisconnectId} />;
}

export const meta: MetaFunction = () => [{ title: "Bank | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
