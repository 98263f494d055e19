// The same-origin rule for requests that may change something. One rule, applied twice: by scripts/web-server.mjs to
// every request before Remix sees it, and by requireSameOrigin (app/utils/security.server.ts) first in every action.

/**
 * Whether a request that is not a read (GET, HEAD) came from another site: the browser says so
 * (`Sec-Fetch-Site: cross-site`), or its Origin is not this host — another site's, an opaque `null`, or one that
 * cannot be read. With no Origin, only a Sec-Fetch-Site other than same-origin or none (a user's own navigation)
 * refuses it. `host` is the host the client asked for (Host, or the trusted proxy's X-Forwarded-Host).
 */
export function isCrossSiteRequest({ method, host, origin, fetchSite }) {
  if (method === "GET" || method === "HEAD") return false;
  if (fetchSite === "cross-site") return true;
  if (!origin) return Boolean(fetchSite) && fetchSite !== "same-origin" && fetchSite !== "none";
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
