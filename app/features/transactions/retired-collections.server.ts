import mongoose from "mongoose";

/** Collections an earlier layout kept beside the transactions and nothing reads any more. */
const RETIRED_COLLECTIONS = [
  // The days' import keys: the duplicate check looks up the file's own keys in the transactions (decision 245).
  "importKeyDays",
];

/** Drops the retired collections a database still holds, at start before any request; safe to repeat. */
export async function dropRetiredCollections() {
  const database = mongoose.connection.db;
  if (!database) return;
  const held = new Set((await database.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name));
  for (const name of RETIRED_COLLECTIONS.filter((retired) => held.has(retired))) await database.dropCollection(name);
}
