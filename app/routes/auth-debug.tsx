import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";
import { getSessionState } from "~/features/auth/auth.server";
import { getEnv, isGoogleSignInConfigured } from "~/utils/env.server";
import { SESSION_IDLE_TIMEOUT_MS } from "~/features/auth/session.server";
import { getShellUser } from "~/features/auth/user.server";

const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

function cookieNames(request: Request) {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
  return [...new Set(names)].sort();
}

/** Only names, booleans and public addresses leave the server: no secrets, no session id, no cookie values. */
export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  // The address as the server resolved it (X-Forwarded-Host and -Proto only from a trusted proxy: scripts/web-server.mjs).
  const { host: requestHost, origin: requestOrigin } = new URL(request.url);
  const { sessionId, userId } = await getSessionState(request);
  const user = userId ? await getShellUser(userId) : null;
  return {
    appUrl: env.APP_URL ?? null,
    requestOrigin,
    hostMismatch: env.APP_URL ? new URL(env.APP_URL).host !== requestHost : false,
    googleSignInConfigured: isGoogleSignInConfigured(),
    // Mirrors the strategy's callbackURL; without APP_URL the strategy resolves the path against each request's host.
    googleCallbackUrl: env.APP_URL ? `${env.APP_URL}${GOOGLE_CALLBACK_PATH}` : `${requestOrigin}${GOOGLE_CALLBACK_PATH}`,
    session: {
      signedIn: Boolean(user),
      email: user?.email ?? null,
      expired: Boolean(sessionId) && !user,
      idleTimeoutMinutes: SESSION_IDLE_TIMEOUT_MS / 60_000,
    },
    cookieNames: cookieNames(request),
    authConsoleUrl: env.AUTH_CONSOLE_URL,
  };
}

type Tone = "ok" | "warning" | "neutral";
type CheckResult = { tone: Tone; text: string };
type ClientCheck = "serviceWorker" | "paymentScript" | "googleScript";

const REACHABILITY_TIMEOUT_MS = 10_000;
const PROBES: Record<Exclude<ClientCheck, "serviceWorker">, { label: string; url: string }> = {
  paymentScript: { label: "Payment provider script", url: "https://js.stripe.com/v3" },
  googleScript: { label: "Google identity script", url: "https://accounts.google.com/gsi/client" },
};

function describeError(error: unknown) {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return `No answer within ${REACHABILITY_TIMEOUT_MS / 1000} seconds`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** An opaque (no-cors) answer proves the address is reachable; a refusal or timeout means blocked. */
async function probeReachable(url: string) {
  await fetch(url, { mode: "no-cors", cache: "no-store", signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS) });
}

async function serviceWorkerRegistrations() {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.getRegistrations();
}

/** The browser-only checks; before hydration (or without JavaScript) `running` stays false. */
function useClientChecks() {
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Partial<Record<ClientCheck, CheckResult>>>({});
  const [registrationCount, setRegistrationCount] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    const report = (check: ClientCheck, result: CheckResult) => {
      if (!cancelled) setResults((previous) => ({ ...previous, [check]: result }));
    };
    const recordError = (label: string, error: unknown) => {
      if (!cancelled) setErrors((previous) => [...previous, `${label}: ${describeError(error)}`]);
    };
    setRunning(true);

    serviceWorkerRegistrations()
      .then((registrations) => {
        if (!registrations) return report("serviceWorker", { tone: "neutral", text: "Not supported by this browser" });
        if (!cancelled) setRegistrationCount(registrations.length);
        const active = registrations.filter((registration) => registration.active).length;
        report(
          "serviceWorker",
          registrations.length
            ? { tone: "neutral", text: `${active} active of ${registrations.length} registered` }
            : { tone: "ok", text: "No service worker registered" },
        );
      })
      .catch((error) => {
        report("serviceWorker", { tone: "warning", text: "Could not be checked" });
        recordError("Service worker", error);
      });

    for (const check of Object.keys(PROBES) as Array<keyof typeof PROBES>) {
      const probe = PROBES[check];
      probeReachable(probe.url)
        .then(() => report(check, { tone: "ok", text: "Reachable" }))
        .catch((error) => {
          report(check, { tone: "warning", text: "Blocked or unreachable" });
          recordError(probe.label, error);
        });
    }
    return () => {
      cancelled = true;
    };
  }, []);

  async function unregisterServiceWorkers() {
    try {
      const registrations = (await serviceWorkerRegistrations()) ?? [];
      await Promise.all(registrations.map((registration) => registration.unregister()));
      window.location.reload();
    } catch (error) {
      setErrors((previous) => [...previous, `Unregistering service workers: ${describeError(error)}`]);
    }
  }

  return { running, results, registrationCount, errors, unregisterServiceWorkers };
}

export default function AuthDebugPage() {
  const { appUrl, requestOrigin, hostMismatch, googleSignInConfigured, googleCallbackUrl, session, cookieNames, authConsoleUrl } =
    useLoaderData<typeof loader>();
  const client = useClientChecks();
  const clientResult = (check: ClientCheck): CheckResult =>
    client.results[check] ?? (client.running ? { tone: "neutral", text: "Checking..." } : { tone: "neutral", text: "Requires JavaScript" });

  return (
    <PublicLayout>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-12 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Authentication Diagnostics</h1>
          <p className="mt-2 text-slate-600">
            What this server and your browser report about sign-in. Share this page with support if you cannot sign in.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to="/auth-debug"
              reloadDocument
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Refresh
            </Link>
            <a
              href={authConsoleUrl}
              target="_blank"
              rel="noreferrer"
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              Open authentication console
            </a>
          </div>
        </div>

        {hostMismatch ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Domain mismatch: the app is configured for {appUrl}, but this page was served from {requestOrigin}. Google
            sign-in sends you back to the configured address, so sign-in started here will not finish here.
          </p>
        ) : null}

        <DiagnosticsTable title="Configuration">
          <DiagnosticRow label="Configured app URL" tone={appUrl ? "ok" : "warning"}>
            {appUrl ?? "Not set (APP_URL); addresses follow each request"}
          </DiagnosticRow>
          <DiagnosticRow label="Current address" tone={hostMismatch ? "warning" : "ok"}>
            {requestOrigin}
            {hostMismatch ? " (does not match the configured app URL)" : ""}
          </DiagnosticRow>
          <DiagnosticRow label="Google sign-in" tone={googleSignInConfigured ? "ok" : "warning"}>
            {googleSignInConfigured ? "Configured" : "Not configured"}
          </DiagnosticRow>
          <DiagnosticRow label="Google OAuth callback URL" tone="neutral">
            <code className="break-all">{googleCallbackUrl}</code>
          </DiagnosticRow>
        </DiagnosticsTable>

        <DiagnosticsTable title="Session">
          <DiagnosticRow label="Session state" tone={session.signedIn ? "ok" : session.expired ? "warning" : "neutral"}>
            {session.signedIn
              ? `Signed in as ${session.email}`
              : session.expired
                ? "Signed out (the session in your cookie has expired or ended)"
                : "Signed out"}
          </DiagnosticRow>
          <DiagnosticRow label="Session idle timeout" tone="neutral">
            {session.idleTimeoutMinutes} minutes
          </DiagnosticRow>
          <DiagnosticRow label="Cookies sent to the server" tone="neutral">
            {cookieNames.length ? cookieNames.join(", ") : "None"}
          </DiagnosticRow>
        </DiagnosticsTable>

        <DiagnosticsTable title="Browser checks">
          <DiagnosticRow label="Service worker" tone={clientResult("serviceWorker").tone}>
            {clientResult("serviceWorker").text}
            {client.registrationCount ? (
              <button
                type="button"
                onClick={client.unregisterServiceWorkers}
                className="ml-3 rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                Unregister and reload
              </button>
            ) : null}
          </DiagnosticRow>
          <DiagnosticRow label={PROBES.paymentScript.label} tone={clientResult("paymentScript").tone}>
            {clientResult("paymentScript").text}
          </DiagnosticRow>
          <DiagnosticRow label={PROBES.googleScript.label} tone={clientResult("googleScript").tone}>
            {clientResult("googleScript").text}
          </DiagnosticRow>
          <DiagnosticRow label="Errors" tone={client.errors.length ? "warning" : "neutral"}>
            {client.errors.length ? (
              <ul className="space-y-1">
                {client.errors.map((error, index) => (
                  <li key={`${index}-${error}`}>{error}</li>
                ))}
              </ul>
            ) : client.running ? (
              "None"
            ) : (
              "Requires JavaScript"
            )}
          </DiagnosticRow>
        </DiagnosticsTable>
      </div>
    </PublicLayout>
  );
}

function DiagnosticsTable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="border-b border-slate-200 px-5 py-3 text-left text-lg font-semibold text-slate-900">{title}</caption>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  );
}

const TONE_CLASSES: Record<Tone, string> = {
  ok: "text-emerald-700",
  warning: "text-amber-700",
  neutral: "text-slate-900",
};

function DiagnosticRow({ label, tone, children }: { label: string; tone: Tone; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" className="w-1/3 px-5 py-3 align-top font-medium text-slate-500">
        {label}
      </th>
      <td className={`px-5 py-3 ${TONE_CLASSES[tone]}`}>{children}</td>
    </tr>
  );
}

export const meta: MetaFunction = () => [
  { title: "Authentication Diagnostics | Ledgerly" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <GeneralErrorBoundary />
    </PublicLayout>
  );
}
