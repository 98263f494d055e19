import mongoose from "mongoose";

/** Every driver call that changes stored documents. */
const WRITES = ["insertOne", "insertMany", "updateOne", "updateMany", "replaceOne", "deleteOne", "deleteMany", "findOneAndUpdate", "findOneAndDelete", "findOneAndReplace", "bulkWrite"] as const;
type Write = (typeof WRITES)[number];

/** Where the database dies: at the `step`th write (counted from 0), before it is applied or after (its answer lost). */
export type CrashPoint = { step: number; when: "before" | "after" };

function connectionLost() {
  const error = new Error("connection to the database was lost");
  error.name = "MongoNetworkError";
  return error;
}

/**
 * Crashes the database at one write of the code under test, for tests that
 * prove what survives a crash: from that write on every write fails, as if
 * the database (or the app's process) died there, until `recover()` brings it
 * back. Patches the MongoDB driver's collection methods, which every model
 * call reaches; `dispose()` puts them back.
 */
export function installDatabaseCrash() {
  const prototype = mongoose.mongo.Collection.prototype as unknown as Record<Write, (...args: unknown[]) => Promise<unknown>>;
  const originals = new Map(WRITES.map((name) => [name, prototype[name]]));
  let writes = 0;
  let crashAt: CrashPoint | null = null;
  let down = false;

  for (const name of WRITES) {
    const original = originals.get(name)!;
    prototype[name] = async function (this: unknown, ...args: unknown[]) {
      if (down) throw connectionLost();
      const step = writes;
      writes += 1;
      if (crashAt?.step !== step) return original.apply(this, args);
      down = true;
      if (crashAt.when === "after") await original.apply(this, args);
      throw connectionLost();
    };
  }

  return {
    /** Counts writes from now on and crashes at `point` (none: only count). */
    arm(point: CrashPoint | null) {
      writes = 0;
      crashAt = point;
      down = false;
    },
    /** How many writes were made since `arm`. */
    writes: () => writes,
    /** Whether the crash happened. */
    crashed: () => down,
    /** The database is back: writes succeed again. */
    recover() {
      crashAt = null;
      down = false;
    },
    dispose() {
      for (const [name, original] of originals) prototype[name] = original;
    },
  };
}
