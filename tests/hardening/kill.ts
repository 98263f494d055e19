import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { MongoClient } from "mongodb";

/**
 * Kills parts of the app's embedded database (scripts/embedded-db.mjs), as a crash would: the launcher that runs
 * FerretDB, or the PostgreSQL server it keeps its data in. The supervisor starts both again by itself.
 */

/** The PID of the launcher serving the MongoDB URI `mongodbUri` (FerretDB, and the PostgreSQL it started). */
function launcherPid(mongodbUri: string) {
  const { port } = new URL(mongodbUri);
  const pids = execFileSync("pgrep", ["-f", `ferretdb-launcher -listen 127.0.0.1:${port} `], { encoding: "utf8" }).trim().split("\n");
  if (pids.length !== 1) throw new Error(`expected one database launcher on port ${port}, found ${pids.length}`);
  return Number(pids[0]);
}

/** A killed part: the launcher that served the database then, which is gone once the outage has begun. */
export type Killed = { launcher: number };

/** SIGKILLs the launcher (FerretDB); its PostgreSQL gets SIGINT from the kernel as its parent dies. */
export function killDatabaseServer(mongodbUri: string): Killed {
  const launcher = launcherPid(mongodbUri);
  process.kill(launcher, "SIGKILL");
  return { launcher };
}

/**
 * Takes `port` on 127.0.0.1 for `forMs` (trying again while it is still held), then lets it go. Whoever connects
 * meanwhile is hung up on at once, as by a server that is not there.
 */
async function holdPort(port: number, forMs: number) {
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const server = net.createServer((socket) => socket.destroy());
    const listening = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (listening) {
      setTimeout(() => server.close(), until - Date.now());
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * SIGKILLs the PostgreSQL server (its postmaster) behind the app's FerretDB, not FerretDB: the postmaster is the
 * PID on the first line of `postmaster.pid` in the cluster folder the launcher was started with. The launcher
 * exits when it sees its PostgreSQL die, and the supervisor starts both again. With `downForMs`, PostgreSQL's
 * port is taken meanwhile, so it cannot start again before then, as after a slow crash recovery.
 */
export async function killDatabasePostgres(mongodbUri: string, { downForMs = 0 } = {}): Promise<Killed> {
  const launcher = launcherPid(mongodbUri);
  const args = readFileSync(`/proc/${launcher}/cmdline`, "utf8").split("\0");
  const argument = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const dataDir = argument("-embedded-postgresql-dir");
  if (!dataDir) throw new Error("the app's database runs on no embedded PostgreSQL");
  const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") throw new Error(`PID ${pid} of ${dataDir}/postmaster.pid is no postgres`);
  process.kill(pid, "SIGKILL");
  if (downForMs > 0) await holdPort(Number(argument("-embedded-postgresql-port")), downForMs);
  return { launcher };
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the database answers a ping on a new connection of its own (never through the app). */
async function answersPing(mongodbUri: string) {
  const client = new MongoClient(mongodbUri, { serverSelectionTimeoutMS: 100, connectTimeoutMS: 500, socketTimeoutMS: 1_000 });
  try {
    await client.db().command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

/**
 * Resolves to the moment the database answers a ping again after `killed`, once the launcher that served it has
 * exited; polls every 50 ms for at most `withinMs`.
 */
export async function databaseBackAt(mongodbUri: string, killed: Killed, withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isRunning(killed.launcher) && (await answersPing(mongodbUri))) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the database did not answer within ${withinMs} ms`);
}
