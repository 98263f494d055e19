import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * The database's own guarantees that the app's concurrency rests on, through a pool of several
 * connections (issue 30): an update is atomic, however many connections send one at the same moment.
 * On FerretDB v1 an update is a read, a change and a write back; the launcher runs write commands one at
 * a time (db/ferretdb/_overlay), and these fail without it.
 */
const CONNECTIONS = 8;
const AT_ONCE = 200;

let connection: mongoose.Connection;
const counters = () => connection.collection<{ _id: string; count?: number; holder?: number | null; seen?: number[] }>("counters");

beforeAll(async () => {
  const uri = new URL(process.env.MONGODB_URI as string);
  uri.pathname = `${uri.pathname}-pool`;
  connection = await mongoose.createConnection(uri.toString(), { maxPoolSize: CONNECTIONS, minPoolSize: CONNECTIONS }).asPromise();
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const atOnce = <T>(work: (index: number) => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, (_, index) => work(index)));

describe(`${AT_ONCE} writes of one document at once over ${CONNECTIONS} connections`, () => {
  test("every $inc counts", async () => {
    await counters().insertOne({ _id: "inc", count: 0 });
    await atOnce(() => counters().updateOne({ _id: "inc" }, { $inc: { count: 1 } }));
    expect((await counters().findOne({ _id: "inc" }))?.count).toBe(AT_ONCE);
  });

  test("a compare-and-set is won once", async () => {
    await counters().insertOne({ _id: "claim", holder: null });
    const claims = await atOnce((index) => counters().updateOne({ _id: "claim", holder: null }, { $set: { holder: index } }));
    expect(claims.filter((claim) => claim.modifiedCount === 1)).toHaveLength(1);
  });

  test("every findOneAndUpdate with $inc and upsert counts, as the rate limiter's does", async () => {
    const answers = await atOnce(() => counters().findOneAndUpdate({ _id: "limit" }, { $inc: { count: 1 } }, { upsert: true, returnDocument: "after" }));
    expect((await counters().findOne({ _id: "limit" }))?.count).toBe(AT_ONCE);
    expect(new Set(answers.map((answer) => answer?.count)).size).toBe(AT_ONCE);
  });

  test("every $push is kept", async () => {
    await counters().insertOne({ _id: "push", seen: [] });
    await atOnce((index) => counters().updateOne({ _id: "push" }, { $push: { seen: index } }));
    expect((await counters().findOne({ _id: "push" }))?.seen).toHaveLength(AT_ONCE);
  });
});
