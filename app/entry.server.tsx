import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { type EntryContext, type HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { startJobs, stopJobs } from "../jobs/scheduler";
import { upgradeStoredDebtBalances } from "./features/debts/debts.server";
import { moveTransactionsIntoAccounts } from "./features/transactions/accounts-migration.server";
import { keepLegacyAmountsMeaning } from "./features/transactions/currency-migration.server";
import { dropRetiredCollections } from "./features/transactions/retired-collections.server";
import { moveRuleTagsToIds } from "./features/rules/rules.server";
import { connectDatabase, databaseIsReachable, disconnectDatabase, noteDatabaseFailure, OUTAGE, outageBody } from "./integrations/database.server";
import { getEnv } from "./utils/env.server";
import { NonceProvider } from "./utils/nonce-provider";
import { runInRequestScope } from "./utils/request-scope.server";
import { applySecurityHeaders } from "./utils/security.server";

// scripts/web-server.mjs asks these before a request reaches Remix (it reads them from the server build's entry module).
export { databaseIsReachable, OUTAGE, outageBody, runInRequestScope };

await connectDatabase();
await moveTransactionsIntoAccounts();
await keepLegacyAmountsMeaning();
await upgradeStoredDebtBalances();
await moveRuleTagsToIds();
await dropRetiredCollections();
if (getEnv().RUN_JOBS) await startJobs();

// scripts/web-server.mjs only closes its HTTP server on these signals; the scheduler and the
// database connection would otherwise keep the process alive.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    stopJobs()
      .then(disconnectDatabase)
      .catch((error) => console.error("shutdown failed", error));
  });
}

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/** Requests that failed because the database could not be reached while they ran (handleError sees the error first). */
const failedForOutage = new WeakSet<Request>();

/**
 * Whether a failed request failed for a database outage: its error said so, or the database does not answer a
 * ping now (a route that caught the error itself and answered 503 with its own words, say).
 */
async function isOutage(request: Request) {
  return failedForOutage.has(request) || !(await databaseIsReachable({ ping: true }));
}

/** The plain outage answer, for a request that failed because the database went away while it ran. */
function outageResponse(request: Request, asPage: boolean) {
  const { type, body } = outageBody(request.method, asPage);
  const headers = new Headers({ "Retry-After": String(OUTAGE.retryAfterSeconds), "Cache-Control": "no-store", "Content-Type": type });
  applySecurityHeaders(headers);
  return new Response(body, { status: 503, headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  if (responseStatusCode >= 500 && (await isOutage(request))) return outageResponse(request, true);
  return renderDocument(request, responseStatusCode, responseHeaders, remixContext);
}

function renderDocument(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = randomBytes(16).toString("hex");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole page, not the shell first: a panel loaded on demand (React.lazy) must be in the HTML itself,
        // since a browser without JavaScript cannot swap in what streams after the shell. As it is all rendered
        // by then, it is sent as one buffer, not as React's many small chunks through a web stream each (decision 243).
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              applySecurityHeaders(responseHeaders, nonce);
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  if (response.status >= 500 && (await isOutage(request))) return outageResponse(request, false);
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (noteDatabaseFailure(error)) {
    failedForOutage.add(request);
    console.error(`database unavailable during ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  console.error(error);
}
