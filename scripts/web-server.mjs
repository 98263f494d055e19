// Serves the built app (what remix-serve does), plus what Ledgerly needs around it: the client's address from
// the socket in the load context (X-Forwarded-For only from as many proxies as TRUST_PROXY says), a database
// outage answered with 503 and a plain page instead of a stack trace, and one line when the port is taken.
// Started by scripts/serve.mjs, in one process or several.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { clientAddressOf, forwardedValue } from "./client-address.mjs";
import { isCrossSiteRequest } from "./same-origin.mjs";

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(pathToFileURL(buildPath).href);
const { databaseIsReachable, OUTAGE, outageBody, runInRequestScope } = build.entry.module;

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
 * A refused body closes its connection (`Connection: close`): a 413 or 415 (the body reader in
 * app/utils/form-body.server.ts, or the size fence below), and any answer sent before the body was read to its end
 * (a redirect to sign in that never needed the form). The rest of such a body may still be arriving, and the next
 * request on the connection would be read from the middle of it (Node then resets the connection), so the client
 * sends its next request on a fresh one. A body read whole (a form refused as unreadable, or with errors to
 * correct) leaves the connection clean, and it stays open as before.
 *
 * Closing while the client is still sending makes the peer reset the connection, and most clients then report the
 * reset instead of the answer; so the answer is sent at once, the rest of the body is read and dropped (memory
 * stays flat), and the answer's end — with it the close — waits until the body is in, for at most LINGER_MS (as
 * nginx's lingering close does) for a client that is slow or never stops.
 */
const REFUSED_BODY = new Set([413, 415]);
const LINGER_MS = 30_000;
app.use((request, response, next) => {
  const hasBody = request.get("Transfer-Encoding") !== undefined || Number(request.get("Content-Length")) > 0;
  if (!hasBody) return next();
  const { writeHead, end } = response;
  let refused = false;
  let lingering = false;
  const decide = (statusCode) => {
    refused = REFUSED_BODY.has(statusCode) || !request.readableEnded;
    if (refused) response.setHeader("Connection", "close");
  };
  response.writeHead = function writeHeadClosingAfterRefusedBody(statusCode, ...rest) {
    decide(statusCode);
    return writeHead.call(this, statusCode, ...rest);
  };
  response.end = function endOnceRefusedBodyIsIn(...args) {
    if (!response.headersSent) decide(response.statusCode);
    if (lingering) return this;
    if (!refused || request.readableEnded || request.destroyed) return end.apply(this, args);
    lingering = true;
    const callback = typeof args.at(-1) === "function" ? args.pop() : undefined;
    if (args.length > 0 && args[0] != null) response.write(...args);
    request.removeAllListeners("data");
    request.on("data", () => undefined);
    const finish = () => {
      clearTimeout(timer);
      request.off("end", finish).off("close", finish);
      end.call(response, callback);
    };
    const timer = setTimeout(finish, LINGER_MS).unref();
    request.once("end", finish).once("close", finish);
    request.resume();
    return this;
  };
  next();
});

/**
 * No route reads a body larger than the bank-file upload (5 MB and its form): a Content-Length past this fence is
 * refused with 413 here, before Remix, the session or the database. Bodies that declare no length, and each
 * route's own smaller limit (1 MB for webhooks, 100 KB for forms), are the body reader's to refuse.
 */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
app.use((request, response, next) => {
  if (!(Number(request.get("Content-Length")) > MAX_BODY_BYTES)) return next();
  response.status(413).type("text/plain").send("The request body is too large.");
});

/**
 * The host and scheme the client asked for, read once for everything after (Express, Remix's own checks, the
 * app): X-Forwarded-Host and X-Forwarded-Proto count only from the proxies TRUST_PROXY names — the value the
 * outermost of them wrote — and are dropped otherwise. A trusted forwarded host becomes the request's Host (so
 * Remix's URL, its origin check and requireSameOrigin all see it; @remix-run/express would otherwise take the
 * port of any X-Forwarded-Host sent), and Express believes the forwarded scheme only behind a trusted proxy.
 */
app.set("trust proxy", proxies);
app.use((request, _response, next) => {
  const host = forwardedValue(request.get("X-Forwarded-Host"), proxies);
  const scheme = forwardedValue(request.get("X-Forwarded-Proto"), proxies);
  delete request.headers["x-forwarded-host"];
  delete request.headers["x-forwarded-proto"];
  if (host) request.headers.host = host;
  if (scheme) request.headers["x-forwarded-proto"] = scheme;
  next();
});

/**
 * Posts from another site, by the rule every action applies first (scripts/same-origin.mjs): Remix's own check
 * would throw before the action and answer 500 with an empty body. The forged Origin is taken off and the verdict
 * handed on as `Sec-Fetch-Site: cross-site`, so the route's requireSameOrigin refuses it: 403 with the page and
 * its error boundary, and nothing written.
 */
app.use((request, _response, next) => {
  const crossSite = isCrossSiteRequest({ method: request.method, host: request.get("Host"), origin: request.get("Origin"), fetchSite: request.get("Sec-Fetch-Site") });
  if (crossSite) {
    delete request.headers.origin;
    request.headers["sec-fetch-site"] = "cross-site";
  }
  next();
});

/**
 * Pages opened on another host name than APP_URL's (127.0.0.1 for localhost, a bare domain for www): one
 * redirect to APP_URL's host, where the session cookie lives, so nobody arrives signed out (after checkout,
 * say). Only page reads: posts, webhooks and /healthz answer on any host.
 */
const canonicalUrl = process.env.APP_URL ? new URL(process.env.APP_URL) : null;
app.use((request, response, next) => {
  if (!canonicalUrl || (request.method !== "GET" && request.method !== "HEAD") || request.path === "/healthz") return next();
  const host = request.get("Host");
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

const handleWithRemix = createRequestHandler({
  build,
  getLoadContext: (request) => ({
    clientAddress: clientAddressOf({ socketAddress: request.socket.remoteAddress, forwardedFor: request.get("X-Forwarded-For"), trustedProxies: proxies }),
  }),
});
// A GET's loaders share one memo (the session and the user are read once per page, not once per loader).
app.all("*", (request, response, next) =>
  request.method === "GET" || request.method === "HEAD" ? runInRequestScope(() => handleWithRemix(request, response, next)) : handleWithRemix(request, response, next),
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
