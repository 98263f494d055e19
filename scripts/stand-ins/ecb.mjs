// A stand-in for the European Central Bank's euro reference rates: the three XML files Ledgerly reads, served
// from the recorded files in tests/fixtures/ecb (the daily file from eurofxref-daily.xml, the 90-day and the full
// history both from eurofxref-hist-90d.xml: 2016-12-05 to 2017-03-03). Tests make the next requests answer 500 or
// hang through POST /__control, and read the paths asked for from GET /__requests.
// Run directly: node scripts/stand-ins/ecb.mjs (port from ECB_STAND_IN_PORT, default 4114), then
// ECB_RATES_URL=http://127.0.0.1:4114.
import { readFile } from "node:fs/promises";
import { escapeHtml } from "./kit/page.mjs";
import { scriptedCalls } from "./kit/scripted-calls.mjs";
import { html, isRunDirectly, json, parseJsonBody, replyWith, routes, runFromCommandLine, serve } from "./kit/server.mjs";

export const STAND_IN_DEFAULTS = { port: 4114 };

/** What the next requests for a rate file can be told to do: answer 500, or never answer. */
export const STAND_IN_MODES = ["500", "hang"];

const FIXTURES = new URL("../../tests/fixtures/ecb/", import.meta.url);
const FILE_OF_PATH = {
  "/stats/eurofxref/eurofxref-daily.xml": "eurofxref-daily.xml",
  "/stats/eurofxref/eurofxref-hist-90d.xml": "eurofxref-hist-90d.xml",
  "/stats/eurofxref/eurofxref-hist.xml": "eurofxref-hist-90d.xml",
};

/** Thrown by handlers; answered as a plain page with its status, as the ECB's web server does. */
class StandInError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const invalidRequest = (message) => new StandInError(400, message);
const errorPage = (status, message) => html(`<!DOCTYPE html><title>${status}</title><h1>${status}</h1><p>${escapeHtml(message)}</p>`, status);

/**
 * Starts the stand-in on host:port (port 0 picks a free one). Give the app its `url` as ECB_RATES_URL.
 * @param {{ port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startEcbStandIn({ port = 0, host = "127.0.0.1" } = {}) {
  const files = Object.fromEntries(
    await Promise.all(Object.entries(FILE_OF_PATH).map(async ([path, name]) => [path, await readFile(new URL(name, FIXTURES), "utf8")])),
  );
  let behaviours = scriptedCalls(invalidRequest);
  /** @type {string[]} */
  let requested = [];

  function queueBehaviour(rawBody) {
    let body;
    try {
      body = parseJsonBody(rawBody);
    } catch {
      throw invalidRequest("The request body is not valid JSON.");
    }
    const { mode, times = 1 } = body;
    if (!STAND_IN_MODES.includes(mode)) throw invalidRequest(`Unknown mode '${mode}': use one of ${STAND_IN_MODES.join(", ")}.`);
    behaviours.add({ mode }, { times });
    return { queued: behaviours.pending().map(({ what, remaining }) => ({ mode: what.mode, remaining })) };
  }

  /** @param {import("./kit/server.mjs").Call} call */
  function serveFile({ response, url: { pathname } }) {
    requested.push(pathname);
    const { mode } = behaviours.take() ?? { mode: "ok" };
    if (mode === "500") throw new StandInError(500, "Internal Server Error");
    // Answered by nobody: the client gives up (its timeout) or the stand-in stops, and the connection closes.
    if (mode === "hang") return new Promise((resolve) => response.once("close", () => resolve(null)));
    return replyWith(200, { "content-type": "text/xml" }, files[pathname]);
  }

  const findRoute = routes({
    "POST /__control": ({ rawBody }) => json(queueBehaviour(rawBody)),
    "POST /__control/reset": () => {
      behaviours = scriptedCalls(invalidRequest);
      requested = [];
      return json({ reset: true });
    },
    "GET /__requests": () => json(requested),
    ...Object.fromEntries(Object.keys(FILE_OF_PATH).map((path) => [`GET ${path}`, serveFile])),
  });

  const server = await serve({
    name: "ECB",
    port,
    host,
    handle: (call) => {
      const route = findRoute(call.method, call.url.pathname);
      if (!route) throw new StandInError(404, `Not Found: ${call.method} ${call.url.pathname}`);
      return route.handler(call);
    },
    failed: (error) => (error instanceof StandInError ? errorPage(error.status, error.message) : errorPage(500, String(error?.message ?? error))),
  });
  return { url: server.url, port: server.port, stop: server.stop };
}

if (isRunDirectly(import.meta.url)) {
  const describe = (standIn) => `ECB stand-in on ${standIn.url} (set ECB_RATES_URL=${standIn.url})`;
  await runFromCommandLine({ name: "ECB", port: STAND_IN_DEFAULTS.port, portVariable: "ECB_STAND_IN_PORT", start: startEcbStandIn, describe });
}
