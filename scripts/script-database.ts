// The database a maintenance script (db:backup, db:restore, ledger:verify) works on: MONGODB_URI when set,
// else the one a running `npm start` of this checkout uses, else this checkout's embedded database, started
// for the occasion and stopped again by `close`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import mongoose from "mongoose";
import { chosenBackend, RUNNING_DATABASE_FILE, startCheckoutDatabase } from "./embedded-db.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** The URI of the database a live `npm start` of this checkout uses, if one runs. */
export function runningDatabase(): string | null {
  if (!existsSync(RUNNING_DATABASE_FILE)) return null;
  const { uri, pid } = JSON.parse(readFileSync(RUNNING_DATABASE_FILE, "utf8")) as { uri: string; pid: number };
  try {
    process.kill(pid, 0);
    return uri;
  } catch {
    return null;
  }
}

/** Connects mongoose to the script's database (see above); `whenRunning` refuses a database the app is using, with that message. */
export async function openScriptDatabase(argv: string[], { whenRunning }: { whenRunning?: string } = {}) {
  process.chdir(root);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const running = process.env.MONGODB_URI ? null : runningDatabase();
  if (running && whenRunning) {
    console.error(whenRunning);
    process.exit(1);
  }
  const database = process.env.MONGODB_URI || running ? null : await startCheckoutDatabase(chosenBackend(argv, process.env), process.env);
  await mongoose.connect(process.env.MONGODB_URI ?? running ?? database!.uri, { serverSelectionTimeoutMS: 10_000 });
  return {
    async close() {
      await mongoose.disconnect();
      await database?.stop();
    },
  };
}
