// The HTTP side every stand-in shares: replies, a route table, the server (listening, a taken port in one
// line, the request body read whole, failures answered) and the command line that runs a stand-in alone.
import http from "node:http";
import { pathToFileURL } from "node:url";

/** @typedef {{ status: number, headers: Record<string, string>, body: string }} Reply */
/**
 * @typedef {{ request: http.IncomingMessage, response: http.ServerResponse, method: string, url: URL,
 *   rawBody: string }} Call
 */

export const replyWith = (status, headers, body) => ({ status, headers, body });
export const json = (value, status = 200) => replyWith(status, { "content-type": "application/json" }, JSON.stringify(value));
export const html = (markup, status = 200) => replyWith(status, { "content-type": "text/html; charset=utf-8" }, markup);
export const redirect = (location) => replyWith(303, { location }, "");

/** A JSON request body; an empty one is an empty object. */
export const parseJsonBody = (rawBody) => (rawBody ? JSON.parse(rawBody) : {});

/** The path parameters when `pathname` has the shape of `pattern` (`/v1/prices/:id`), else undefined. */
function matchPath(pattern, pathname) {
  const expected = pattern.split("/");
  const actual = pathname.split("/");
  if (expected.length !== actual.length) return undefined;
  const raw = [];
  for (const [index, segment] of expected.entries()) {
    if (segment.startsWith(":") && actual[index] !== "") raw.push([segment.slice(1), actual[index]]);
    else if (segment !== actual[index]) return undefined;
  }
  return Object.fromEntries(raw.map(([name, value]) => [name, decodeURIComponent(value)]));
}

/**
 * A route table: keys "METHOD /path/:param", in the order they are tried. The returned function finds the
 * handler of a request and its decoded path parameters, or undefined.
 * @template Handler
 * @param {Record<string, Handler>} table
 * @returns {(method: string, pathname: string) => { handler: Handler, pathParams: Record<string, string> } | undefined}
 */
export function routes(table) {
  const compiled = Object.entries(table).map(([key, handler]) => {
    const [method, pattern] = key.split(" ");
    return { method, pattern, handler };
  });
  return (method, pathname) => {
    for (const route of compiled) {
      const pathParams = route.method === method ? matchPath(route.pattern, pathname) : undefined;
      if (pathParams) return { handler: route.handler, pathParams };
    }
    return undefined;
  };
}

function portInUseError(name, port, host) {
  const message = `${name} stand-in: port ${port} on ${host} is already in use: stop what runs there, or choose another port.`;
  return Object.assign(new Error(message), { code: "EADDRINUSE" });
}

/**
 * Serves a stand-in on host:port (port 0 picks a free one). `handle` answers a call with a reply, or null when
 * it answered (or dropped) the connection itself; `failed` turns what it throws into the service's error reply.
 * `headers` adds headers to every reply (a request id); `onStop` runs first when it stops (timers, waiting answers).
 * @param {{ name: string, port: number, host: string, handle: (call: Call) => Reply | null | Promise<Reply | null>,
 *   failed: (error: any) => Reply, headers?: () => Record<string, string>, onStop?: () => void }} options
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function serve({ name, port, host, handle, failed, headers = () => ({}), onStop = () => {} }) {
  const server = http.createServer(async (request, response) => {
    let reply;
    try {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      const rawBody = Buffer.concat(chunks).toString("utf8");
      reply = await handle({ request, response, method: request.method ?? "GET", url, rawBody });
    } catch (error) {
      reply = failed(error);
    }
    if (!reply || response.destroyed) return;
    response.writeHead(reply.status, { ...headers(), ...reply.headers }).end(reply.body);
  });
  await new Promise((resolve, reject) => {
    server.once("error", (error) => reject(error.code === "EADDRINUSE" ? portInUseError(name, port, host) : error));
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    stop: () =>
      new Promise((resolve, reject) => {
        onStop();
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Whether the module at `moduleUrl` is the script node was started with. */
export const isRunDirectly = (moduleUrl) => Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]).href;

/**
 * Runs a stand-in as a program: `start({ port })`, the port from `portVariable` in the environment when it is
 * named and set, else `port`; prints `describe(standIn)` and stops it on SIGINT and SIGTERM. A failure to start
 * is printed in one line (a taken port names `portVariable`) and exits with status 1.
 * @template {{ stop: () => Promise<void> }} StandIn
 * @param {{ name: string, port: number, portVariable?: string, start: (options: { port: number }) => Promise<StandIn>,
 *   describe: (standIn: StandIn) => string }} options
 */
export async function runFromCommandLine({ name, port: usualPort, portVariable, start, describe }) {
  const port = Number((portVariable && process.env[portVariable]) ?? usualPort);
  try {
    const standIn = await start({ port });
    for (const signal of ["SIGINT", "SIGTERM"]) {
      process.once(signal, () => standIn.stop().then(() => process.exit(0)));
    }
    console.log(describe(standIn));
  } catch (error) {
    console.error(
      error?.code === "EADDRINUSE" && portVariable
        ? `${name} stand-in: port ${port} (${portVariable}) is already in use: stop what runs there, or set ${portVariable} to another port.`
        : String(error instanceof Error ? error.message : error),
    );
    process.exit(1);
  }
}
