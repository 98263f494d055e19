/** The cache debug panel reloads this long after clearing (decision 087). */
export const CACHE_DEBUG_RELOAD_DELAY_MS = 1000;
/** The query parameter that makes the reload's URL new to every cache; the app ignores it. */
const CACHE_BUSTING_PARAM = "_cb";

/** Ctrl+Shift+D, and no other modifier. */
export function isCacheDebugShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "shiftKey" | "altKey" | "metaKey">) {
  return event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && event.key.toLowerCase() === "d";
}

/** `href` with the cache-busting parameter set to `timestamp`, keeping the rest (and replacing an earlier one). */
export function cacheBustingUrl(href: string, timestamp: number) {
  const url = new URL(href);
  url.searchParams.set(CACHE_BUSTING_PARAM, String(timestamp));
  return url.toString();
}
