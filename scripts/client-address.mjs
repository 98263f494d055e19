// The client's address for rate limits, as scripts/serve.mjs hands it to every loader and action.

/**
 * The address of the client behind `trustedProxies` proxies: with none, the socket's peer (a header the client
 * sends changes nothing); with N, the address the N-th proxy from the app saw, which is the N-th entry from the
 * right of X-Forwarded-For counted with the socket's peer (each proxy appends the address it received from).
 * Entries a client forged sit to the left of what the proxies appended and are never read.
 */
export function clientAddressOf({ socketAddress, forwardedFor, trustedProxies }) {
  const peer = socketAddress ?? "unknown";
  if (!trustedProxies) return peer;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...hops, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}
