// npm run db:backup [-- FILE]  writes a backup of the database (default .data/backups/ledgerly-<time>.jsonl.gz);
// npm run db:restore -- FILE   replaces the database's contents with a backup (stop npm start first).
// The database is MONGODB_URI when set, else the one a running `npm start` of this checkout uses, else this
// checkout's embedded database, started for the occasion.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { format } from "date-fns";
import { restoreBackup, writeBackup } from "~/features/backup/backup.server";
import { openScriptDatabase } from "./script-database";

const [command, file] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (command !== "backup" && command !== "restore") fail("Usage: npm run db:backup [-- FILE] | npm run db:restore -- FILE");
if (command === "restore" && !file) fail("Name the backup to restore: npm run db:restore -- .data/backups/<file>.jsonl.gz");
if (command === "restore" && !existsSync(file)) fail(`There is no file ${file}.`);

const database = await openScriptDatabase(process.argv, { whenRunning: command === "restore" ? "Ledgerly is running on this database: stop npm start, then restore." : undefined });
try {
  if (command === "backup") {
    const target = file ?? path.join(".data", "backups", `ledgerly-${format(new Date(), "yyyyMMdd-HHmmss")}.jsonl.gz`);
    mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const counts = await writeBackup(target);
    console.log(`Backup written to ${target}: ${Object.entries(counts).map(([name, count]) => `${count} ${name}`).join(", ")}.`);
  } else {
    const { createdAt, counts } = await restoreBackup(file);
    console.log(`Restored the backup of ${createdAt}: ${Object.entries(counts).map(([name, count]) => `${count} ${name}`).join(", ")}.`);
  }
} catch (error) {
  console.error(`The ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
