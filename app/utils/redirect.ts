const DEFAULT_REDIRECT = "/dashboard";

/**
 * Turns a `redirect` query value into a same-site path. Bare names such as
 * "subscription" (as in /login?redirect=subscription) become "/subscription".
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim();
  if (!trimmed) return fallback;
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (path.startsWith("//") || path.startsWith("/\\") || /[\u0000-\u001f]/.test(path)) return fallback;
  return path;
}

/** `/login?redirect=…` for a path the visitor asked for. */
export function loginPathFor(requestUrl: string) {
  const url = new URL(requestUrl);
  const target = `${url.pathname}${url.search}`;
  return target === "/" ? "/login" : `/login?${new URLSearchParams({ redirect: target })}`;
}

/** `path` carrying the visitor's `redirect` value on to the next auth page. */
export function withRedirect(path: string, redirectTo: string | undefined) {
  return redirectTo ? `${path}?${new URLSearchParams({ redirect: redirectTo })}` : path;
}
