// What the proxies in front of the app (as many as TRUST_PROXY says) tell it about the client: its address, for
// rate limits, and the host and scheme it asked for. scripts/web-server.mjs reads them once for every request.

/**
 * The entry of a header list written by the outermost of `trusted` proxies, each appending the value it received:
 * the `trusted`-th from the right. What a client forged sits further left and is never read; a list shorter than
 * the chain (a proxy replaced the header instead of appending to it) gives its leftmost entry, a proxy's too.
 */
function outermostTrusted(entries, trusted) {
  return entries[Math.max(0, entries.length - trusted)];
}

function entriesOf(header) {
  return (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The address of the client behind `trustedProxies` proxies: with none, the socket's peer (a header the client
 * sends changes nothing); with N, the address the N-th proxy from the app saw, which is the N-th entry from the
 * right of X-Forwarded-For counted with the socket's peer (each proxy appends the address it received from).
 * Entries a client forged sit to the left of what the proxies appended and are never read.
 */
export function clientAddressOf({ socketAddress, forwardedFor, trustedProxies }) {
  const peer = socketAddress ?? "unknown";
  if (!trustedProxies) return peer;
  return outermostTrusted([...entriesOf(forwardedFor), peer], trustedProxies + 1);
}

/**
 * What X-Forwarded-Host or X-Forwarded-Proto says behind `trustedProxies` proxies: with none, nothing (the header
 * is the client's own word); with N, the value the outermost of them wrote, the N-th entry from the right.
 * Undefined when the header is absent or empty.
 */
export function forwardedValue(header, trustedProxies) {
  if (!trustedProxies) return undefined;
  const entries = entriesOf(header);
  return entries.length > 0 ? outermostTrusted(entries, trustedProxies) : undefined;
}
