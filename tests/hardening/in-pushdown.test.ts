import mongoose, { Types } from "mongoose";
import { afterAll, beforeAll, expect, test } from "vitest";

/**
 * The embedded FerretDB sends an `$in` of strings, ObjectIDs or dates to PostgreSQL (db/ferretdb/_overlay),
 * where an index answers it, and still answers exactly what MongoDB does: the database filters again what
 * the pushed-down condition lets through. FerretDB v1 alone filters every `$in` in Go over every row.
 */
let connection: mongoose.Connection;
const things = () => connection.collection<{ _id: number; key?: unknown; owner?: Types.ObjectId; at?: Date; nested?: Array<{ key: string }> }>("things");
const owners = [new Types.ObjectId(), new Types.ObjectId()];
const day = (date: string) => new Date(`${date}T00:00:00Z`);

beforeAll(async () => {
  const uri = new URL(process.env.MONGODB_URI as string);
  uri.pathname = `${uri.pathname}-in`;
  connection = await mongoose.createConnection(uri.toString()).asPromise();
  await things().insertMany([
    { _id: 1, key: "a", owner: owners[0], at: day("2026-01-01") },
    { _id: 2, key: "b", owner: owners[1], at: day("2026-01-02") },
    { _id: 3, key: ["x", "a"] },
    { _id: 4, key: 7 },
    { _id: 5, key: null },
    { _id: 6 },
    { _id: 7, key: { a: 1 } },
    { _id: 8, key: "A" },
    { _id: 9, nested: [{ key: "n" }] },
  ]);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const ids = async (filter: object) => (await things().find(filter).sort({ _id: 1 }).toArray()).map((thing) => thing._id);
const pushedDown = async (filter: object) => {
  const explained = await connection.db!.command({ explain: { find: "things", filter } });
  return explained.filterPushdown;
};

test("an $in of strings is pushed down and matches a value or an array holding one, case and type exactly", async () => {
  expect(await pushedDown({ key: { $in: ["a", "b"] } })).toBe(true);
  expect(await ids({ key: { $in: ["a", "b"] } })).toEqual([1, 2, 3]);
  expect(await ids({ key: { $in: ["7"] } })).toEqual([]);
});

test("an $in of ObjectIDs or of dates is pushed down", async () => {
  expect(await pushedDown({ owner: { $in: [owners[1]] } })).toBe(true);
  expect(await ids({ owner: { $in: [owners[1]] } })).toEqual([2]);
  expect(await pushedDown({ at: { $in: [day("2026-01-01")] } })).toBe(true);
  expect(await ids({ at: { $in: [day("2026-01-01")] } })).toEqual([1]);
});

test("an empty $in matches nothing", async () => {
  expect(await ids({ key: { $in: [] } })).toEqual([]);
});

test("an $in holding a null, a number or a document is answered whole by FerretDB", async () => {
  expect(await pushedDown({ key: { $in: [null, "b"] } })).toBe(false);
  expect(await ids({ key: { $in: [null, "b"] } })).toEqual([2, 5, 6, 9]);
  expect(await pushedDown({ key: { $in: [7, "b"] } })).toBe(false);
  expect(await ids({ key: { $in: [7, "b"] } })).toEqual([2, 4]);
  expect(await ids({ key: { $in: [{ a: 1 }] } })).toEqual([7]);
});

test("an $in of a dotted field follows the path through an array", async () => {
  expect(await ids({ "nested.key": { $in: ["n"] } })).toEqual([9]);
});

test("an $in beside an equality keeps both", async () => {
  expect(await ids({ owner: owners[0], key: { $in: ["a", "b"] } })).toEqual([1]);
});
