import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "~/components/ui/forms";
import { useHydrated } from "~/utils/use-hydrated";
import { BANK_INTENTS, BANK_MESSAGES, BANK_PATH, LINK_TOKEN_PATH } from "../bank";
import { PRIMARY_BUTTON_CLASS } from "~/components/ui/buttons";

/** The little of Plaid Link's browser API this page uses (https://plaid.com/docs/link/web/). */
type PlaidLinkError = { error_code: string; error_message: string; display_message: string | null };
type PlaidHandler = { open: () => void; destroy: () => void };
type PlaidFactory = {
  create: (options: {
    token: string;
    onLoad?: () => void;
    onSuccess: (publicToken: string, metadata: unknown) => void;
    onExit?: (error: PlaidLinkError | null, metadata: unknown) => void;
  }) => PlaidHandler;
};
type PlaidWindow = Window & { Plaid?: PlaidFactory };

const rePRIMARY_BUTTON_CLASS =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 disabled:cursor-not-allowed disabled:opacity-70";

/** A failure whose text the user should read (the server's own message, or one of ours). */
class LinkError extends Error {}

/** One script element and one promise for the whole page, however many buttons ask. */
let plaidScript: Promise<PlaidFactory> | null = null;

function loadPlaid(src: string, nonce: string | undefined) {
  const loaded = (window as PlaidWindow).Plaid;
  if (loaded) return Promise.resolve(loaded);
  plaidScript ??= new Promise<PlaidFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    const fail = () => {
      script.remove();
      // The next button (or the next visit of the page) may try again.
      plaidScript = null;
      reject(new LinkError(BANK_MESSAGES.unavailable));
    };
    script.addEventListener("load", () => {
      const plaid = (window as PlaidWindow).Plaid;
      if (plaid) resolve(plaid);
      else fail();
    });
    script.addEventListener("error", fail);
    document.head.appendChild(script);
  });
  return plaidScript;
}

/** A link token from the server: `{ linkToken }`, or `{ error }` with a 4xx/5xx status. */
async function fetchLinkToken(connectionId: string | undefined) {
  let response: Response;
  try {
    response = await fetch(LINK_TOKEN_PATH, {
      method: "POST",
      body: new URLSearchParams(connectionId ? { connectionId } : {}),
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch {
    throw new LinkError(BANK_MESSAGES.unavailable);
  }
  const body: unknown = await response.json().catch(() => null);
  const field = (name: string) => (body && typeof body === "object" && name in body ? (body as Record<string, unknown>)[name] : undefined);
  if (!response.ok) {
    const error = field("error");
    throw new LinkError(typeof error === "string" && error ? error : BANK_MESSAGES.unavailable);
  }
  const token = field("linkToken");
  if (typeof token !== "string" || !token.startsWith("link-")) throw new LinkError(BANK_MESSAGES.invalidToken);
  return token;
}

type Message = { tone: "warning" | "error"; text: string };

/**
 * The Connect button (or, with `connectionId`, the Reconnect button of one
 * linked bank). Without JavaScript, and whenever the in-page widget cannot be
 * set up, it is a POST form whose action redirects to Plaid's Hosted Link.
 * Once hydrated it opens Plaid Link in the page: disabled until the widget is
 * ready, then the public token (or, in update mode, the connection) is posted
 * to the bank page's action as a navigation, so the redirect and toast are the
 * same as without JavaScript.
 */
export function PlaidLinkButton({
  linkScriptUrl,
  connectionId,
  institutionName,
  nonce,
}: {
  /** Plaid's CDN script; null keeps the Hosted Link form even with JavaScript. */
  linkScriptUrl: string | null;
  /** Update mode for this connection (its login expired). */
  connectionId?: string;
  /** The bank being reconnected, for the button's accessible name. */
  institutionName?: string;
  nonce?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  /** Bumped after each finished flow: a used link token is not opened again. */
  const [session, setSession] = useState(0);
  const handlerRef = useRef<PlaidHandler | null>(null);
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  const relink = connectionId !== undefined;
  const enhanced = hydrated && linkScriptUrl !== null && !failed;

  useEffect(() => {
    if (!hydrated || linkScriptUrl === null) return;
    let cancelled = false;
    let handler: PlaidHandler | null = null;
    setReady(false);
    Promise.all([loadPlaid(linkScriptUrl, nonce), fetchLinkToken(connectionId)])
      .then(([plaid, token]) => {
        if (cancelled) return;
        handler = plaid.create({
          token,
          onLoad: () => {
            if (!cancelled) setReady(true);
          },
          onSuccess: (publicToken) => {
            setMessage(null);
            setSession((value) => value + 1);
            const fields: Record<string, string> = connectionId
              ? { intent: BANK_INTENTS.relinked, connectionId }
              : { intent: BANK_INTENTS.exchange, publicToken };
            submitRef.current(fields, { method: "post", action: BANK_PATH, preventScrollReset: true });
          },
          onExit: (error) => {
            // A user who simply closed the widget gets no warning.
            if (error && !cancelled) setMessage({ tone: "warning", text: BANK_MESSAGES.encounteredIssue });
          },
        });
        handlerRef.current = handler;
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (!(error instanceof LinkError)) console.error("Plaid Link could not be set up", error);
        const text = error instanceof LinkError ? error.message : BANK_MESSAGES.unavailable;
        // Page-wide failures are said once, by the Connect button, not once more per Reconnect button;
        // what the server says about this one connection is shown next to its button.
        const pageWide = text === BANK_MESSAGES.unavailable || text === BANK_MESSAGES.invalidToken;
        if (!connectionId || !pageWide) setMessage({ tone: "error", text });
        setFailed(true);
      });
    return () => {
      cancelled = true;
      handler?.destroy();
      if (handlerRef.current === handler) handlerRef.current = null;
    };
  }, [hydrated, linkScriptUrl, connectionId, nonce, session]);

  const inFlight = navigation.state !== "idle" ? navigation.formData : undefined;
  const intent = inFlight?.get("intent");
  const sameConnection = (inFlight?.get("connectionId") ?? undefined) === connectionId;
  const exchanging = relink ? intent === BANK_INTENTS.relinked && sameConnection : intent === BANK_INTENTS.exchange;
  const redirecting = intent === (relink ? BANK_INTENTS.relink : BANK_INTENTS.link) && sameConnection;

  const label = relink ? "Reconnect" : "Connect Bank Account";
  const ariaLabel = relink && institutionName ? `${label} ${institutionName}` : undefined;
  const className = relink ? rePRIMARY_BUTTON_CLASS : PRIMARY_BUTTON_CLASS;

  const messageBox = message ? (
    <p role="alert" className={`text-sm ${message.tone === "warning" ? "text-amber-800" : "text-red-700"}`}>
      {message.text}
    </p>
  ) : null;

  if (!enhanced) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Form method="post" action={BANK_PATH} preventScrollReset>
          <input type="hidden" name="intent" value={relink ? BANK_INTENTS.relink : BANK_INTENTS.link} />
          {relink ? <input type="hidden" name="connectionId" value={connectionId} /> : null}
          <button type="submit" aria-label={ariaLabel} disabled={redirecting} aria-busy={redirecting || undefined} className={className}>
            {redirecting ? <Spinner /> : null}
            {label}
          </button>
        </Form>
        {messageBox}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-label={ariaLabel}
        disabled={!ready || exchanging}
        aria-busy={exchanging || undefined}
        onClick={() => {
          setMessage(null);
          handlerRef.current?.open();
        }}
        className={className}
      >
        {!ready || exchanging ? <Spinner /> : null}
        {label}
      </button>
      <p role="status" className="text-sm text-slate-600 empty:hidden">
        {exchanging ? BANK_MESSAGES.connecting : null}
      </p>
      {messageBox}
    </div>
  );
}
