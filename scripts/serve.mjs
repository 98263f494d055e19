// Serves the built app (what remix-serve does), plus what Ledgerly needs around it: the client's address from
// the socket in the load context (X-Forwarded-For only from as many proxies as TRUST_PROXY says), a database
// outage answered with 503 and a plain page instead of a stack trace, and one line when the port is taken.
// Run: node scripts/serve.mjs [build/index.js]
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { clientAddressOf } from "./client-address.mjs";

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(pathToFileURL(buildPath).href);
const { databaseIsReachable, OUTAGE, outageBody } = build.entry.module;

/** How many proxies in front of the app may be believed about the client's address (0: none, the socket decides). */
function trustedProxies() {
  const value = process.env.TRUST_PROXY ?? "0";
  if (!/^\d+$/.test(value)) {
    console.error(`TRUST_PROXY must be the number of proxies in front of the app (0 when none), not "${value}".`);
    process.exit(1);
  }
  return Number(value);
}

const app = express();
app.disable("x-powered-by");
const proxies = trustedProxies();
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
if (process.env.LOG_REQUESTS !== "false") app.use(morgan("tiny"));

/**
 * Pages opened on another host name than APP_URL's (127.0.0.1 for localhost, a bare domain for www): one
 * redirect to APP_URL's host, where the session cookie lives, so nobody arrives signed out (after checkout,
 * say). Only page reads: posts, webhooks and /healthz answer on any host.
 */
const canonicalUrl = process.env.APP_URL ? new URL(process.env.APP_URL) : null;
app.use((request, response, next) => {
  if (!canonicalUrl || (request.method !== "GET" && request.method !== "HEAD") || request.path === "/healthz") return next();
  const host = (proxies > 0 && request.get("X-Forwarded-Host")) || request.get("Host");
  if (!host || host === canonicalUrl.host) return next();
  response.redirect(301, new URL(request.originalUrl, canonicalUrl).href);
});

/**
 * Pages, data and resource requests while the database cannot be reached: 503, Retry-After, and no stack trace. A
 * form posted without JavaScript gets the page that says its change may not have been saved; webhooks and other
 * clients that accept anything get JSON.
 */
app.use(async (request, response, next) => {
  if (await databaseIsReachable()) return next();
  response.set("Retry-After", String(OUTAGE.retryAfterSeconds));
  response.set("Cache-Control", "no-store");
  if (request.path === "/healthz") return response.status(503).json({ status: "unavailable" });
  const preferred = request.method === "GET" ? ["html", "json"] : ["json", "html"];
  const { type, body } = outageBody(request.method, !request.path.endsWith(".data") && request.accepts(preferred) === "html");
  response.status(503).type(type).send(body);
});

app.all(
  "*",
  createRequestHandler({
    build,
    getLoadContext: (request) => ({
      clientAddress: clientAddressOf({ socketAddress: request.socket.remoteAddress, forwardedFor: request.get("X-Forwarded-For"), trustedProxies: proxies }),
    }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => console.log(`[ledgerly] http://localhost:${port}`));
server.on("error", (error) => {
  if (error.code === "EADDRINUSE") {
    console.error(`Port ${port} is already in use: stop what runs there, or set PORT to another port (PORT=4000 npm start).`);
    process.exit(1);
  }
  throw error;
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
  });
}
