import { MongoClient } from "mongodb";
import mongoose from "mongoose";
import { afterAll, expect, test } from "vitest";
import { allModels } from "../../models";
import { connectDatabase, disconnectDatabase } from "./database.server";

afterAll(async () => {
  await mongoose.connection.dropDatabase().catch(() => undefined);
  await disconnectDatabase();
});

test("a failing index build stops the start with a message naming the collection", async () => {
  const client = await MongoClient.connect(process.env.MONGODB_URI!);
  await client.db().collection("users").insertMany([
    { uid: "a", email: "twice@example.com", authProvider: "email" },
    { uid: "b", email: "twice@example.com", authProvider: "email" },
  ]);
  await client.close();
  await expect(connectDatabase()).rejects.toThrow(/^Building the indexes of the users collection failed: /);
});

test("allModels lists every model the app defines", () => {
  expect(allModels.map((model) => model.modelName).sort()).toEqual(mongoose.modelNames().sort());
});
