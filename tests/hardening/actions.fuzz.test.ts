import path from "node:path";
import fc from "fast-check";
import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allModels, User } from "../../models";
import { IMPORT_LIMITS } from "~/features/import/messages";
import { MAX_WEBHOOK_BYTES } from "~/utils/form-body.server";
import { createSession } from "~/features/auth/session.server";
import { startPlaidStandIn, STAND_IN_DEFAULTS as PLAID_STAND_IN } from "../../scripts/stand-ins/plaid.mjs";
import { createTransactionFor, createUser } from "../factories";
import { useTestDatabase } from "../setup/database";
import { STREAM_CHUNK_BYTES, streamedBody } from "../setup/streamed-body";
import { ROUTES_DIR, routes, withParams } from "./route-table";

/**
 * Every action and loader of the route table, fed what a broken client or an
 * attacker sends: bodies that are no form, broken multipart, huge fields,
 * operator-injection keys, garbage query strings. None may answer 5xx, and no
 * malformed post may write anything.
 */
useTestDatabase();

// Payments configured (with keys nothing answers), so the Stripe webhook is fuzzed as it runs in production.
process.env.STRIPE_SECRET_KEY = "sk_test_fuzz";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_fuzz";
process.env.STRIPE_API_URL = "http://127.0.0.1:9";
process.env.STRIPE_MAX_NETWORK_RETRIES = "0";
// Bank linking on the Plaid stand-in, so the Plaid webhook and the link-token route are fuzzed as they run in production.
const plaid = await startPlaidStandIn({ port: 0, initialWebhook: false });
afterAll(() => plaid.stop());
process.env.PLAID_CLIENT_ID = PLAID_STAND_IN.clientId;
process.env.PLAID_SECRET = PLAID_STAND_IN.secret;
process.env.PLAID_API_URL = plaid.url;

const APP = "http://localhost:3000";

type RouteModule = {
  action?: (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
  loader?: (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
};

/** A value a path parameter may hold: a real-looking id, garbage, or injection text. */
const paramValue = fc.constantFrom("64b7f0c2a1b2c3d4e5f60718", "not-an-id", "%24where", "..%2F..%2Fetc", "food", "0", "");

const fieldName = fc.constantFrom(
  "intent",
  "amount",
  "amount[$ne]",
  "$where",
  "__proto__",
  "__proto__[polluted]",
  "constructor[prototype][polluted]",
  "email",
  "password",
  "categoryId",
  "ids",
  "month",
  "type",
  "date",
  "description",
  "file",
  "code",
  "fingerprint",
  "importId",
  "sessionId",
);
const fieldValue = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("-1", "1e309", "NaN", '{"$gt":""}', "\u0000", "64b7f0c2a1b2c3d4e5f60718"));

/** A request body as a broken client or an attacker would send it, with the content type it claims. */
const malformedBody = fc.oneof(
  fc.record({ type: fc.constant("application/json"), body: fc.json() }),
  fc.record({ type: fc.constant("text/plain"), body: fc.string() }),
  fc.record({ type: fc.constant(undefined), body: fc.string() }),
  fc.record({ type: fc.constant("multipart/form-data; boundary=zz"), body: fc.constantFrom("--zz\r\nbroken", "--zz--", "garbage") }),
  fc.record({ type: fc.constant("multipart/form-data"), body: fc.string() }),
  fc.record({ type: fc.constant("application/x-www-form-urlencoded"), body: fc.constant(`description=${"x".repeat(200_000)}`) }),
  fc
    .array(fc.tuple(fieldName, fieldValue), { maxLength: 8 })
    .map((fields) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ type: "application/x-www-form-urlencoded", body: Buffer.from(bytes).toString("latin1") })),
);

const query = fc.array(fc.tuple(fc.constantFrom("month", "tab", "cursor", "page", "type", "category", "q", "undo", "confirm", "encoding", "redirect", "columns", "column-date", "dateOrder"), fieldValue), { maxLength: 6 });

/** The status of whatever a loader or action answered or threw; an Error (a crash: a 500) fails the test. */
async function statusOf(run: () => Promise<unknown>) {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome && "type" in outcome) {
    return ((outcome as { init?: { status?: number } | null }).init?.status ?? 200) as number;
  }
  if (outcome instanceof Error) throw outcome;
  return 200;
}

/** Documents per collection, and the signed-in user as stored: what a refused request must leave as it was. */
async function snapshot(userId: string) {
  const counts: Record<string, number> = {};
  for (const model of allModels) {
    // Attempts counted by the rate limits are the one thing a refused request may write.
    if (model.collection.collectionName === "rateLimits") continue;
    counts[model.collection.collectionName] = await model.collection.countDocuments();
  }
  return { counts, user: await User.findById(userId).lean() };
}

let userId = "";

beforeAll(async () => {
  userId = await createUser();
  await User.updateOne({ _id: userId }, { $set: { premiumAccess: true } });
  await createTransactionFor(userId);
});

/** A session of its own for each route: signing out (a POST to /logout needs no form) must not sign out the others. */
async function signedIn() {
  return (await createSession(userId, new Request(`${APP}/`))).cookie.split(";")[0];
}

/** Actions that need no form at all: any post does what they are for. */
const NEEDS_NO_FORM = new Set(["logout.tsx"]);

const withActions = await Promise.all(routes.map(async (route) => ({ route, module: (await import(path.join(ROUTES_DIR, route.file))) as RouteModule })));

describe("malformed posts to every action", () => {
  for (const { route, module } of withActions.filter(({ module }) => module.action)) {
    test(`${route.file}: never 5xx${NEEDS_NO_FORM.has(route.file) ? "" : ", never a write"}`, async () => {
      const cookie = await signedIn();
      await fc.assert(
        fc.asyncProperty(malformedBody, fc.array(paramValue, { minLength: route.params.length, maxLength: route.params.length }), async ({ type, body }, values) => {
          const { params, url } = withParams(route, values);
          const headers: Record<string, string> = { Origin: APP, Host: "localhost:3000", Cookie: cookie };
          if (type) headers["Content-Type"] = type;
          const before = await snapshot(userId);
          const request = new Request(`${APP}${url}`, { method: "POST", body, headers });
          const status = await statusOf(() => module.action!({ request, params, context: { clientAddress: "192.0.2.99" } }));
          expect(status, `${type} ${body.slice(0, 80)}`).toBeLessThan(500);
          if (!NEEDS_NO_FORM.has(route.file)) expect(await snapshot(userId)).toEqual(before);
        }),
        { numRuns: 25 },
      );
    });
  }
});

/** The most any action reads: the bank-file upload's limit with room for its form (the import route's own). */
const LARGEST_BODY_BYTES = IMPORT_LIMITS.maxBytes + 64 * 1024;
const FIFTY_MB = 50_000_000;

describe("a 50 MB body streamed to every action", () => {
  for (const { route, module } of withActions.filter(({ module }) => module.action)) {
    const webhook = route.file.startsWith("webhooks.");
    test(`${route.file}: ${webhook ? "413 once 1 MB is read" : "read no further than its limit"}, never 5xx${NEEDS_NO_FORM.has(route.file) ? "" : ", never a write"}`, async () => {
      const { params, url } = withParams(route, ["64b7f0c2a1b2c3d4e5f60718"]);
      const { stream, counter } = streamedBody(FIFTY_MB);
      const type = webhook ? "application/json" : route.file.includes("import") ? "multipart/form-data; boundary=zz" : "application/x-www-form-urlencoded";
      const headers = { Origin: APP, Host: "localhost:3000", Cookie: await signedIn(), "Content-Type": type };
      const before = await snapshot(userId);
      const request = new Request(`${APP}${url}`, { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
      const status = await statusOf(() => module.action!({ request, params, context: { clientAddress: "192.0.2.98" } }));
      if (webhook) {
        expect(status).toBe(413);
        expect(counter.pulled).toBeLessThanOrEqual(MAX_WEBHOOK_BYTES + 2 * STREAM_CHUNK_BYTES);
      } else {
        expect(status).toBeLessThan(500);
        expect(counter.pulled).toBeLessThanOrEqual(LARGEST_BODY_BYTES + 2 * STREAM_CHUNK_BYTES);
      }
      if (!NEEDS_NO_FORM.has(route.file)) expect(await snapshot(userId)).toEqual(before);
    });
  }
});

describe("garbage query strings to every loader", () => {
  for (const { route, module } of withActions.filter(({ module }) => module.loader)) {
    test(`${route.file}: never 5xx`, async () => {
      const cookie = await signedIn();
      await fc.assert(
        fc.asyncProperty(query, fc.array(paramValue, { minLength: route.params.length, maxLength: route.params.length }), async (fields, values) => {
          const { params, url } = withParams(route, values);
          const request = new Request(`${APP}${url}?${new URLSearchParams(fields)}`, { headers: { Cookie: cookie } });
          const status = await statusOf(() => module.loader!({ request, params, context: { clientAddress: "192.0.2.99" } }));
          expect(status, `${url}?${new URLSearchParams(fields)}`).toBeLessThan(500);
        }),
        { numRuns: 15 },
      );
    });
  }
});

test("the route table was found", () => {
  expect(withActions.filter(({ module }) => module.action).length).toBeGreaterThanOrEqual(15);
  expect(mongoose.connection.readyState).toBe(1);
});
