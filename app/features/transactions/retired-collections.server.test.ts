import mongoose from "mongoose";
import { expect, test } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { dropRetiredCollections } from "./retired-collections.server";

useTestDatabase();

const collectionNames = async () => (await mongoose.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);

test("the days' import keys of an earlier layout are dropped at start, the transactions kept; a second start finds nothing to drop", async () => {
  await mongoose.connection.db!.collection("importKeyDays").insertOne({ _id: "a-user:2026-03-02" as never, entries: [] });
  await mongoose.connection.db!.collection("transactions").insertOne({ note: "kept" });
  await dropRetiredCollections();
  expect(await collectionNames()).not.toContain("importKeyDays");
  expect(await mongoose.connection.db!.collection("transactions").countDocuments({ note: "kept" })).toBe(1);
  await dropRetiredCollections();
  expect(await collectionNames()).not.toContain("importKeyDays");
});
