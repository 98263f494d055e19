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
  const connection = await mongoose.connect(uri, {
    maxPoolSize,
    serverSelectionTimeoutMS: 10_000,
    // A restarted database is noticed within a second, so the app is back as soon as it is.
    heartbeatFrequencyMS: 1_000,
    // A write is acknowledged once it is on disk (journaled) and, on a replica set, on a majority of members.
    writeConcern: { w: "majority", j: true },
  });
  watchHeartbeats(connection);
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

/** How an outage is answered: the page, the message of data requests, and when to try again. */
export const OUTAGE = {
  retryAfterSeconds: 5,
  message: "Your data is safe; we can't reach it right now — try again in a moment.",
  html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Ledgerly is briefly unavailable</title><style>body{font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#475569}</style></head><body><main><h1>Ledgerly is briefly unavailable</h1><p>Your data is safe; we can't reach it right now — try again in a moment.</p><p>This page tries again by itself every few seconds.</p></main></body></html>`,
} as const;

const UNAVAILABLE_ERRORS = new Set([
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
  "PoolClearedError",
  "PoolClearedOnNetworkError",
]);

/** Whether an error says the database could not be reached (rather than that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (UNAVAILABLE_ERRORS.has(current.name)) return true;
  }
  return false;
}

/** A ping answers within this long, or the database counts as unreachable. */
const PING_TIMEOUT_MS = 2_000;

/**
 * Whether the server answered the driver's last heartbeat. Heartbeats travel on
 * their own monitoring connection, once a second, so a pool busy with requests
 * never makes the database look down, and a dead one is noticed within a second.
 */
let heartbeatAnswered = true;

function watchHeartbeats(connection: typeof mongoose) {
  const client = connection.connection.getClient();
  client.on("serverHeartbeatSucceeded", () => {
    heartbeatAnswered = true;
  });
  client.on("serverHeartbeatFailed", () => {
    heartbeatAnswered = false;
  });
}

/** Whether the database can be reached: by the driver's heartbeats, or (`ping`) by asking it now. */
export async function databaseIsReachable({ ping = false }: { ping?: boolean } = {}) {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) return false;
  if (!ping) return heartbeatAnswered;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.command({ ping: 1 }).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
