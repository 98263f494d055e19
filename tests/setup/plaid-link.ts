import { afterAll, beforeAll, expect } from "vitest";
import { startPlaidStandIn, STAND_IN_DEFAULTS } from "../../scripts/stand-ins/plaid.mjs";
import { connectBank, createLinkToken, listConnections } from "~/features/bank/bank.server";

/**
 * Starts the Plaid stand-in for a test file and points the app's Plaid settings at it (its webhooks go nowhere).
 * Call it before `useTestDatabase()`, so the settings are in place before anything reads them.
 */
export function usePlaidStandIn() {
  let standIn: Awaited<ReturnType<typeof startPlaidStandIn>>;
  beforeAll(async () => {
    standIn = await startPlaidStandIn({ port: 0, initialWebhook: false });
    process.env.PLAID_CLIENT_ID = STAND_IN_DEFAULTS.clientId;
    process.env.PLAID_SECRET = STAND_IN_DEFAULTS.secret;
    process.env.PLAID_API_URL = standIn.url;
    process.env.PLAID_LINK_SCRIPT_URL = `${standIn.url}/link/v2/stable/link-initialize.js`;
    process.env.PLAID_WEBHOOK_URL = "http://127.0.0.1:9/webhooks/plaid";
  });
  afterAll(() => standIn.stop());
  return {
    get url() {
      return standIn.url;
    },
  };
}

/**
 * Links the Plaid stand-in's bank for `userId` the way Link in the page does: the stand-in's Link form is
 * filled in as it comes (its checked choices), its public token exchanged. Returns the new connection (by default checking 0000 at $110, savings 1111
 * at $210, a card 3333 owing $410).
 */
export async function linkStandInBank(userId: string, standInUrl: string) {
  const started = await createLinkToken(userId, { appUrl: "http://localhost", hosted: false });
  if (!started.ok) throw new Error(started.message);
  const html = await (await fetch(`${standInUrl}/link?token=${started.linkToken}&embedded=1`)).text();
  const form = html.slice(html.indexOf('action="/link/continue"'), html.indexOf("</form>", html.indexOf('action="/link/continue"')));
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const type = /type="([^"]*)"/.exec(input)?.[1] ?? "text";
    if (name && !(type === "radio" && !/\schecked/.test(input))) fields.append(name, /value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  const success = await (await fetch(`${standInUrl}/link/continue`, { method: "POST", body: fields })).text();
  const publicToken = /public-sandbox-[\w-]+/.exec(success)![0];
  expect(await connectBank(userId, publicToken)).toEqual({ ok: true });
  const [connection] = await listConnections(userId);
  return connection;
}
