import { rmSync } from "node:fs";
import path from "node:path";
import { MongoClient, type FindCursor } from "mongodb";
import mongoose from "mongoose";
import { afterAll, expect, test } from "vitest";
import { createThrowAwayDirectory, EMBEDDED_POOL_SIZE, startEmbeddedDatabase } from "../../../scripts/embedded-db.mjs";

/**
 * "Refresh Insights" waited for ever when the app's database connections were held by commands FerretDB did not
 * answer. A FerretDB of its own (holding all its PostgreSQL connections stalls every client of that server):
 * FerretDB keeps one PostgreSQL connection per open cursor until the cursor is read to its end or the client
 * that opened it disconnects, and it has 50. Another client opening 50 cursors makes every later command wait.
 */
const FERRETDB_POSTGRES_CONNECTIONS = 50;

const workDir = createThrowAwayDirectory("ledgerly-stall-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "stall" });
process.env.MONGODB_URI = database.uri;
const { connectDatabase, DATABASE_DEADLINES, disconnectDatabase, isDatabaseUnavailable } = await import("~/integrations/database.server");
const { action, loader } = await import("~/routes/_app.insights");
const healthz = await import("~/routes/healthz");
const { InsightResult, User } = await import("../../../models");
const { createPremiumUser, createTransactionFor } = await import("../../../tests/factories");
const { cookieFor, getRequest, outcome, postRequest, statusOf } = await import("../../../tests/setup/route-requests");

afterAll(async () => {
  await disconnectDatabase();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Settles with what `promise` settles with, or with "still waiting" after `ms`. */
function within<T>(promise: Promise<T>, ms: number) {
  return Promise.race([promise, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms))]);
}

test("a refresh whose reads cannot get the database answers within seconds (unavailable: a 503), as do the page and /healthz; all work again once the database answers", async () => {
  await connectDatabase();
  const userId = await createPremiumUser();
  await createTransactionFor(userId);
  const cookie = await cookieFor(userId);
  const refresh = () => outcome(() => action({ request: postRequest("/insights", cookie, { intent: "refresh-insights" }), params: {}, context: {} }));

  const other = await MongoClient.connect(database.uri);
  const scratch = other.db().collection("scratch");
  await scratch.insertMany([{ n: 1 }, { n: 2 }]);
  const cursors: FindCursor[] = [];
  for (let index = 0; index < FERRETDB_POSTGRES_CONNECTIONS; index += 1) {
    const cursor = scratch.find({}, { batchSize: 1 });
    await cursor.next();
    cursors.push(cursor);
  }
  // Reads of other requests hold every connection of the app's pool, unanswered.
  let checkedOut = 0;
  const connectionsTaken = new Promise<void>((resolve) => {
    mongoose.connection.getClient().on("connectionCheckedOut", () => {
      checkedOut += 1;
      if (checkedOut === EMBEDDED_POOL_SIZE) resolve();
    });
  });
  const stuckReads = Array.from({ length: EMBEDDED_POOL_SIZE }, () => User.findById(userId).lean().exec());
  await connectionsTaken;

  const bound = DATABASE_DEADLINES.waitQueueTimeoutMS + 5_000;
  const [refreshed, page, health] = await Promise.all([
    within(refresh(), bound),
    within(outcome(() => loader({ request: getRequest("/insights", cookie), params: {}, context: {} })), bound),
    within(healthz.loader(), bound),
  ]);
  expect(isDatabaseUnavailable(refreshed)).toBe(true);
  expect(isDatabaseUnavailable(page)).toBe(true);
  expect(health).toBeInstanceOf(Response);
  expect((health as Response).status).toBe(503);

  // The other client lets go (as when the browser that held the stuck request gave up): everything answers again.
  await other.close();
  await Promise.all(stuckReads);
  expect(statusOf(await refresh())).toBe(302);
  expect(await InsightResult.countDocuments({ userId })).toBe(1);
}, 60_000);
