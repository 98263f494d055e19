// Builds (once) and runs the embedded FerretDB server used when MONGODB_URI is unset.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "db", "ferretdb");
export const launcherPath = path.join(root, ".data", "bin", "ferretdb-launcher");

function newestSourceTime() {
  return Math.max(...["main.go", "go.mod", "go.sum"].map((file) => statSync(path.join(sourceDir, file)).mtimeMs));
}

/** Builds the Go launcher when it is missing or older than its sources. */
export function ensureLauncherBuilt() {
  if (existsSync(launcherPath) && statSync(launcherPath).mtimeMs >= newestSourceTime()) return;
  const go = spawnSync("go", ["version"], { encoding: "utf8" });
  if (go.error || go.status !== 0) {
    throw new Error(
      "Go is required to build the embedded database (FerretDB) on first run, but `go` was not found.\n" +
        "Install Go >= 1.24 (https://go.dev/dl/ or your package manager), or set MONGODB_URI to use an existing MongoDB.",
    );
  }
  console.log("Building the embedded database (FerretDB v1.24.2) with Go; the first build takes a few minutes…");
  mkdirSync(path.dirname(launcherPath), { recursive: true });
  const build = spawnSync("go", ["build", "-o", launcherPath, "."], {
    cwd: sourceDir,
    stdio: "inherit",
    env: { ...process.env, CGO_ENABLED: "0" },
  });
  if (build.status !== 0) throw new Error("Building the embedded database failed (see the Go output above).");
}

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function ensurePostgresDatabase(postgresUrl) {
  const url = new URL(postgresUrl);
  const database = url.pathname.slice(1);
  url.pathname = "/postgres";
  const exists = spawnSync("psql", [url.toString(), "-tAc", `SELECT 1 FROM pg_database WHERE datname = '${database}'`], {
    encoding: "utf8",
  });
  if (exists.error) throw new Error("psql was not found; it is needed to create the PostgreSQL database for FerretDB.");
  if (exists.status !== 0) throw new Error(`Cannot reach PostgreSQL at ${postgresUrl}: ${exists.stderr.trim()}`);
  if (exists.stdout.trim() === "1") return;
  const create = spawnSync("psql", [url.toString(), "-c", `CREATE DATABASE "${database}"`], { encoding: "utf8" });
  if (create.status !== 0) throw new Error(`Cannot create PostgreSQL database ${database}: ${create.stderr.trim()}`);
}

async function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The embedded database exited with code ${child.exitCode}.`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(socket.end() || true));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The embedded database did not listen on port ${port} within ${timeoutMs} ms.`);
}

/**
 * Starts FerretDB on the SQLite backend in `dataDir`, or on PostgreSQL when
 * `backend` is "postgresql". Resolves to the MongoDB URI and a stop function.
 */
export async function startEmbeddedDatabase({
  dataDir,
  backend = "sqlite",
  postgresUrl = "postgres://postgres@127.0.0.1:5432/ledgerly",
  port,
  database = "ledgerly",
  logLevel = "error",
}) {
  ensureLauncherBuilt();
  const listenPort = port ?? (await findFreePort());
  const args = ["-listen", `127.0.0.1:${listenPort}`, "-handler", backend, "-log-level", logLevel, "-exit-on-stdin-close"];
  if (backend === "sqlite") {
    mkdirSync(dataDir, { recursive: true });
    args.push("-sqlite-dir", path.resolve(dataDir));
  } else if (backend === "postgresql") {
    ensurePostgresDatabase(postgresUrl);
    args.push("-postgresql-url", postgresUrl);
  } else {
    throw new Error(`Unknown database backend "${backend}" (use sqlite or postgresql).`);
  }
  // Its own process group: a Ctrl-C in the terminal must not stop the database before the app has let go of it.
  const child = spawn(launcherPath, args, { stdio: ["pipe", "inherit", "inherit"], detached: true });
  await waitForPort(listenPort, child, 15_000);
  const uri = `mongodb://127.0.0.1:${listenPort}/${database}?directConnection=true&retryWrites=false`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { uri, port: listenPort, stop, process: child };
}
