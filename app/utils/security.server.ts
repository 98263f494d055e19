import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "./env.server";
import { plaidHostedLinkOrigin, plaidLinkOrigin } from "~/integrations/plaid.server";
import { hostedPageOrigins } from "~/integrations/stripe.server";
import { isCrossSiteRequest } from "../../scripts/same-origin.mjs";

const GOOGLE_ACCOUNTS_ORIGIN = "https://accounts.google.com";

/** Origins a form may be redirected to after it posts (sign-in, checkout, billing portal and Hosted Link hand-offs). */
function formActionOrigins() {
  return ["'self'", GOOGLE_ACCOUNTS_ORIGIN, ...hostedPageOrigins(), plaidHostedLinkOrigin()];
}

export function contentSecurityPolicy(nonce: string) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'strict-dynamic'", "'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https://lh3.googleusercontent.com"],
    "font-src": ["'self'"],
    // /auth-debug probes whether the payment and Google sign-in scripts are reachable.
    "connect-src": ["'self'", "https://js.stripe.com", GOOGLE_ACCOUNTS_ORIGIN],
    "form-action": formActionOrigins(),
    // Plaid Link opens its flow in a frame of its own origin.
    "frame-src": [plaidLinkOrigin()],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers every HTML or data response carries. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (getEnv().NODE_ENV === "production" && getEnv().SECURE_COOKIES !== false) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/** What a request from another site is told, on the route's error page (scripts/web-server.mjs sends every such post here). */
export const CROSS_SITE_MESSAGE = "This request came from another site, so Ledgerly did not carry it out. Open Ledgerly yourself and try again there.";

/**
 * Refuses (403) a state-changing request sent from another site, by the rule of scripts/same-origin.mjs, which
 * scripts/web-server.mjs also applies before Remix. The host is the one the request was addressed to as the server
 * built its URL: X-Forwarded-Host counts only where web-server.mjs trusts a proxy (TRUST_PROXY), never as sent.
 */
export function requireSameOrigin(request: Request) {
  const crossSite = isCrossSiteRequest({
    method: request.method,
    host: new URL(request.url).host,
    origin: request.headers.get("Origin"),
    fetchSite: request.headers.get("Sec-Fetch-Site"),
  });
  if (crossSite) throw new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The client address for rate limits, as the server read it from the socket
 * (scripts/web-server.mjs puts it in the load context; X-Forwarded-For counts only
 * from as many proxies as TRUST_PROXY names, so a client cannot choose it).
 */
export function clientAddress(context: AppLoadContext) {
  return typeof context.clientAddress === "string" && context.clientAddress !== "" ? context.clientAddress : "unknown";
}
