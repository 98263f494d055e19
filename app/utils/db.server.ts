import mongoose from "mongoose";
import { allModels } from "../../models";
import { getEnv } from "./env.server";

mongoose.set("sanitizeFilter", true);
mongoose.set("strictQuery", true);
mongoose.set("autoIndex", false);
// Schema validators (whole cents, enums) also check `updateOne` writes, not only `save`.
mongoose.set("runValidators", true);

declare global {
  // Survives module reloads in development so one process keeps one connection.
  var __ledgerlyDb: Promise<typeof mongoose> | undefined;
}

async function connect(uri: string, maxPoolSize?: number) {
  const connection = await mongoose.connect(uri, { maxPoolSize, serverSelectionTimeoutMS: 10_000 });
  for (const model of allModels) {
    try {
      await model.createIndexes();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Building the indexes of the ${model.collection.collectionName} collection failed: ${reason}`);
    }
  }
  return connection;
}

/** Connects once and builds every model's declared indexes; rejects with a clear message when either fails. */
export function connectDatabase() {
  const env = getEnv();
  globalThis.__ledgerlyDb ??= connect(env.MONGODB_URI, env.MONGODB_MAX_POOL_SIZE).catch((error) => {
    globalThis.__ledgerlyDb = undefined;
    throw error;
  });
  return globalThis.__ledgerlyDb;
}

export async function disconnectDatabase() {
  if (!globalThis.__ledgerlyDb) return;
  globalThis.__ledgerlyDb = undefined;
  await mongoose.disconnect();
}
