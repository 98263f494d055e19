import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, describe, expect, test } from "vitest";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../../scripts/embedded-db.mjs";
import { databaseBackAt, killDatabasePostgres } from "../../tests/hardening/kill";

/**
 * FerretDB on a PostgreSQL server of its own (the "postgresql" backend, as with an external server), so that
 * PostgreSQL can die while FerretDB stays up: the app must count FerretDB's answers then as an outage, and be
 * back as soon as PostgreSQL is.
 */
const workDir = createThrowAwayDirectory("ledgerly-outage-");
const postgresPort = await findFreePort();
const postgres = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), postgresPort, throwAway: true });
const password = readFileSync(path.join(workDir, "pg", "ledgerly-password"), "utf8").trim();
const ferret = await startEmbeddedDatabase({
  backend: "postgresql",
  dataDir: workDir,
  postgresUrl: `postgres://postgres:${password}@127.0.0.1:${postgresPort}/outage?sslmode=disable`,
  database: "outage",
});
process.env.MONGODB_URI = ferret.uri;
const { connectDatabase, databaseIsReachable, DatabaseBusyError, disconnectDatabase, isDatabaseUnavailable, noteDatabaseFailure } = await import("./database.server");

afterAll(async () => {
  await disconnectDatabase();
  await ferret.stop();
  await postgres.stop();
  rmSync(workDir, { recursive: true, force: true });
});

test("while FerretDB's PostgreSQL is gone, FerretDB's answers count as an outage, and the app is reachable again within 5 s of PostgreSQL", async () => {
  await connectDatabase();
  const notes = mongoose.connection.collection("notes");
  await notes.insertOne({ text: "before" });

  // PostgreSQL stays down for 2 s (its port taken); FerretDB keeps answering meanwhile.
  const back = databaseBackAt(postgres.uri, await killDatabasePostgres(postgres.uri, { downForMs: 2_000 }));
  const outage = { over: false };
  back.then(
    () => (outage.over = true),
    () => (outage.over = true),
  );
  const failures: unknown[] = [];
  while (!outage.over) {
    for (const operation of [() => notes.insertOne({ text: "during" }), () => notes.findOne({ text: "before" }), () => notes.updateOne({ text: "before" }, { $set: { seen: true } })]) {
      try {
        await operation();
      } catch (error) {
        failures.push(error);
        noteDatabaseFailure(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const backAt = await back;

  expect(failures.length).toBeGreaterThan(0);
  expect(failures.filter((error) => !isDatabaseUnavailable(error))).toEqual([]);
  // What FerretDB answers while its PostgreSQL is gone: InternalError, naming the lost connection.
  expect(failures.some((error) => error instanceof mongoose.mongo.MongoServerError && error.code === 1)).toBe(true);
  await expect.poll(() => databaseIsReachable(), { timeout: 5_000, interval: 50 }).toBe(true);
  expect(Date.now() - backAt).toBeLessThan(5_000);
  expect(await notes.findOne({ text: "before" })).toMatchObject({ text: "before" });
}, 60_000);

describe("what counts as the database being unavailable", () => {
  const serverError = (code: number, errmsg: string) => new mongoose.mongo.MongoServerError({ ok: 0, code, errmsg });

  test.each([
    ["a refused connection", new mongoose.mongo.MongoNetworkError("connect ECONNREFUSED 127.0.0.1:27017")],
    ["no answer in time", new mongoose.mongo.MongoNetworkTimeoutError("connection 3 to 127.0.0.1:27017 timed out")],
    ["FerretDB without PostgreSQL", serverError(1, "[msg_insert.go:168 handler.(*Handler).MsgInsert] failed to connect to `user=postgres database=ledgerly`: 127.0.0.1:40379 (127.0.0.1): dial error: dial tcp 127.0.0.1:40379: connect: connection refused")],
    ["FerretDB as PostgreSQL dies", serverError(1, "FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)")],
    ["FerretDB as PostgreSQL recovers", serverError(1, "failed to connect to `user=postgres database=ledgerly`: 127.0.0.1:40379 (127.0.0.1): server error: FATAL: the database system is in recovery mode (SQLSTATE 57P03)")],
    ["a primary stepping down", serverError(10107, "not primary")],
    ["the driver writing to a connection the database has ended", Object.assign(new Error("This socket has been ended by the other party"), { code: "EPIPE" })],
    ["work that waited too long for the database to be free for it", new DatabaseBusyError("the ledger of user 1 stayed busy for 30 s")],
  ])("%s: yes", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a duplicate key", serverError(11000, "E11000 duplicate key error")],
    ["FerretDB's other internal errors", serverError(1, "[msg_find.go:200 handler.(*Handler).MsgFind] unexpected type")],
    ["an unknown field", serverError(9, 'distinct: unknown field "maxTimeMS"')],
    ["a bug of ours", new TypeError("Cannot read properties of undefined")],
  ])("%s: no", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
