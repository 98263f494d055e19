import mongoose, { Types } from "mongoose";
import { isObjectIdText } from "~/lib/object-id";
import { allModels } from "../../models";
import { getEnv } from "~/utils/env.server";
import { OUTAGE_MESSAGES } from "~/lib/outage";

mongoose.set("sanitizeFilter", true);
mongoose.set("strictQuery", true);
mongoose.set("autoIndex", false);
// Schema validators (whole cents, enums) also check `updateOne` writes, not only `save`.
mongoose.set("runValidators", true);

declare global {
  // Survives module reloads in development so one process keeps one pool.
  var __ledgerlyDb: Promise<typeof mongoose> | undefined;
}

/**
 * How long any database operation may wait, at each step (decision 186). The driver's own limits, because the
 * driver (7.x) ignores `timeoutMS` and FerretDB v1 refuses `maxTimeMS` on `distinct`. Without them a command that
 * never answers holds a connection of the pool, and once all are held every other request waits for ever.
 */
export const DATABASE_DEADLINES = {
  /** Finding the server: a request that arrives while it is down is answered, not parked. */
  serverSelectionTimeoutMS: 5_000,
  /** Connecting and the handshake, which is also the limit of each heartbeat of the driver's monitor. */
  connectTimeoutMS: 5_000,
  /** Waiting for a pooled connection (four, locally) while other requests use them all. */
  waitQueueTimeoutMS: 10_000,
  /** Waiting for a command's answer: above the slowest single command measured (27 s, a sorted read of 100,000 documents, which FerretDB sorts in memory). */
  socketTimeoutMS: 60_000,
} as const;

async function connect(uri: string, maxPoolSize?: number) {
  const connection = await mongoose.connect(uri, {
    maxPoolSize,
    ...DATABASE_DEADLINES,
    // A restarted database is noticed within a second, so the app is back as soon as it is.
    heartbeatFrequencyMS: 1_000,
    // A write is acknowledged once it is on disk (journaled) and, on a replica set, on a majority of members.
    writeConcern: { w: "majority", j: true },
  });
  watchServer(connection);
  for (const model of allModels) {
    try {
      await model.createIndexes();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Building the indexes of the ${model.collection.collectionName} collection failed: ${reason}`);
    }
  }
  // It answered: whatever an earlier connection of this process last saw is over.
  reachable = true;
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

const OUTAGE_STYLE =
  "body{font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#475569}";

function outagePage(paragraphs: string[], { refresh }: { refresh: boolean }) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh ? '<meta http-equiv="refresh" content="5">' : ""}<title>${OUTAGE_TITLE}</title><style>${OUTAGE_STYLE}</style></head><body><main><h1>${OUTAGE_TITLE}</h1>${paragraphs.map((text) => `<p>${text}</p>`).join("")}</main></body></html>`;
}

const { title: OUTAGE_TITLE, read: READ_MESSAGE, write: WRITE_MESSAGE } = OUTAGE_MESSAGES;

/** How an outage is answered: the page, the message of data requests, and when to try again; a request that writes gets its own. */
export const OUTAGE = {
  retryAfterSeconds: 5,
  message: READ_MESSAGE,
  writeMessage: WRITE_MESSAGE,
  html: outagePage([READ_MESSAGE, "This page tries again by itself every few seconds."], { refresh: true }),
  // No refresh: it would open the form again, empty.
  writeHtml: outagePage([WRITE_MESSAGE, "We can't reach your data right now: go back and send it again in a moment."], { refresh: false }),
} as const;

/** The body of an outage answer to a request with this method: the page or a JSON error. */
export function outageBody(method: string, asPage: boolean) {
  const writes = method !== "GET" && method !== "HEAD";
  if (asPage) return { type: "text/html; charset=utf-8", body: writes ? OUTAGE.writeHtml : OUTAGE.html };
  return { type: "application/json", body: JSON.stringify({ error: writes ? OUTAGE.writeMessage : OUTAGE.message }) };
}

/** The driver's errors that mean the server cannot be reached now: none found, the connection broke, the pool was cleared for it. */
const CONNECTION_LOST = new Set([
  "MongoNetworkError",
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoServerClosedError",
  "MongoPoolClosedError",
  "MongoPoolClearedError",
  "PoolClearedOnNetworkError",
]);

/** One of DATABASE_DEADLINES ran out: the database may be up but did not answer in time. */
const DEADLINE_PASSED = new Set(["MongoNetworkTimeoutError", "MongoWaitQueueTimeoutError"]);

/**
 * Node's own errors for a socket the other end closed or refused: the driver passes some on unwrapped (a command
 * written to a connection FerretDB has just ended fails with EPIPE, "This socket has been ended by the other party").
 */
const SOCKET_LOST = new Set(["EPIPE", "ECONNRESET", "ECONNREFUSED", "ENOTCONN"]);

/** Work that waited past its deadline for the database to be free for it (a user's ledger held too long, say): answered as a busy database is. */
export class DatabaseBusyError extends Error {
  name = "DatabaseBusyError";
}

/** MongoDB's codes for a server that is unreachable, shutting down or no longer primary (a failover). */
const UNAVAILABLE_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * FerretDB reports a lost PostgreSQL as InternalError (code 1) carrying PostgreSQL's or its driver's words. Seen
 * when PostgreSQL is killed, restarts or recovers from a crash: "failed to connect to `user=… database=…`: … connect:
 * connection refused", "FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)", "the
 * database system is in recovery mode (SQLSTATE 57P03)", "unexpected EOF", "read: connection reset by peer"; SQLSTATE
 * class 08 is PostgreSQL's "connection exception". Any other InternalError is a fault, not an outage.
 */
const POSTGRESQL_LOST = /failed to connect to `|SQLSTATE (08[0-9A-Z]{3}|57P0[1-3])|unexpected EOF|connection reset by peer|broken pipe|conn closed|closed pool/;
const INTERNAL_ERROR = 1;

function failureOf(error: unknown): "connection-lost" | "deadline" | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (CONNECTION_LOST.has(current.name) || SOCKET_LOST.has((current as NodeJS.ErrnoException).code ?? "")) return "connection-lost";
    if (DEADLINE_PASSED.has(current.name) || current instanceof DatabaseBusyError) return "deadline";
    if (current instanceof mongoose.mongo.MongoServerError) {
      if (current.code === INTERNAL_ERROR && POSTGRESQL_LOST.test(current.message)) return "connection-lost";
      if (typeof current.code === "number" && UNAVAILABLE_CODES.has(current.code)) return "connection-lost";
    }
  }
  return null;
}

/** Whether an error says the database could not be reached or did not answer in time (rather than that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return failureOf(error) !== null;
}

/**
 * `isDatabaseUnavailable`, and a lost connection closes the way in (`databaseIsReachable`) until a ping answers
 * again: FerretDB keeps answering heartbeats while its PostgreSQL is gone. A deadline that passed does not: the
 * database is busy, and every request keeps its own deadline.
 */
export function noteDatabaseFailure(error: unknown): boolean {
  const failure = failureOf(error);
  if (failure === "connection-lost") markUnreachable();
  return failure !== null;
}

/** A ping answers within this long, or the database counts as unreachable. */
const PING_TIMEOUT_MS = 2_000;
/** While unreachable, the database is pinged this often, so the app is back within this long of it. */
const PROBE_INTERVAL_MS = 250;

/**
 * Whether the database counts as reachable: false from a lost connection (a failed heartbeat, an operation whose
 * connection broke, FerretDB without its PostgreSQL) until a ping answers again. Only an answer ends an outage,
 * never the driver's view of it (decision 185).
 */
let reachable = true;
/** Counts losses, so a ping that started before the latest one cannot end it. */
let losses = 0;
let probing = false;

function markUnreachable() {
  reachable = false;
  losses += 1;
  if (probing) return;
  probing = true;
  void probeUntilReachable().finally(() => {
    probing = false;
  });
}

async function probeUntilReachable() {
  while (!reachable && globalThis.__ledgerlyDb) {
    const since = losses;
    if ((await pingAnswers()) && since === losses) {
      reachable = true;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
  }
}

async function pingAnswers() {
  const db = mongoose.connection.db;
  if (!db) return false;
  try {
    await db.command({ ping: 1 });
    return true;
  } catch (error) {
    noteDatabaseFailure(error);
    return false;
  }
}

/** The server's description turns Unknown when a heartbeat fails or an operation loses its connection. */
function watchServer(connection: typeof mongoose) {
  connection.connection.getClient().on("serverDescriptionChanged", (event) => {
    if (event.newDescription.type === "Unknown") markUnreachable();
  });
}

/** Whether the database can be reached: as far as the app knows, or (`ping`) by asking it now. */
export async function databaseIsReachable({ ping = false }: { ping?: boolean } = {}) {
  if (!mongoose.connection.db || !reachable) return false;
  if (!ping) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingAnswers(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The ObjectId of a well-formed id; null for anything else (so a bad id is not found rather than an error). */
export function toObjectId(id: unknown) {
  return isObjectIdText(id) ? new Types.ObjectId(id) : null;
}

/**
 * Statements per bulk write. FerretDB v1 on PostgreSQL stalls an update command once some fifty of its
 * statements match stored documents (measured: 45 take half a second, 50 never answer).
 */
const BULK_WRITE_SLICE = 20;

/**
 * Values per `$in` read: the embedded database's index finds the documents of each value, then each one found
 * is checked against the whole list again, so a list of 20,000 keys costs far more than forty of 500.
 */
const IN_READ_SLICE = 500;

function slicesOf<Item>(items: readonly Item[], size: number) {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/** Runs `write` on `items` BULK_WRITE_SLICE at a time, in order; resolves to each slice's result. */
export async function inBulkWriteSlices<Item, Result>(items: readonly Item[], write: (slice: Item[]) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (const slice of slicesOf(items, BULK_WRITE_SLICE)) results.push(await write(slice));
  return results;
}

/**
 * Runs `read` (an `$in` of its slice) on `values` IN_READ_SLICE at a time, the slices side by side (as many as
 * the connection pool sends at once); resolves to every slice's documents.
 */
export async function inReadSlices<Value, Found>(values: readonly Value[], read: (slice: Value[]) => Promise<Found[]>): Promise<Found[]> {
  return (await Promise.all(slicesOf(values, IN_READ_SLICE).map(read))).flat();
}
