// Serves the built app (scripts/web-server.mjs) in WEB_CONCURRENCY processes that share one port (node:cluster),
// one by default. The first process starts alone, so the start-up upgrades of the data run once before the others
// start, and it alone runs the background jobs (when RUN_JOBS allows them); the others start with RUN_JOBS=false.
// When one process stops unexpectedly, the others are stopped too and this exits with failure: whatever supervises
// the app restarts it whole.
// Run: node scripts/serve.mjs [build/index.js]
import cluster from "node:cluster";

const webServer = new URL("./web-server.mjs", import.meta.url);

function processCount() {
  const value = process.env.WEB_CONCURRENCY ?? "1";
  if (!/^[1-9]\d*$/.test(value)) {
    console.error(`WEB_CONCURRENCY must be the number of app processes (1 or more), not "${value}".`);
    process.exit(1);
  }
  return Number(value);
}

const count = processCount();
if (count === 1) {
  await import(webServer.href);
} else {
  cluster.setupPrimary({ exec: webServer.pathname, args: process.argv.slice(2) });
  let stopping = false;
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping) {
      if (code !== 1) console.error(`App process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
      process.exitCode = 1;
      stopAll("SIGTERM");
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stopAll(signal));
  cluster.fork().once("listening", () => {
    if (stopping) return;
    for (let index = 1; index < count; index += 1) cluster.fork({ RUN_JOBS: "false" });
  });
}
