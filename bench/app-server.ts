// The built app, served as in production (scripts/serve.mjs) on a given database, for the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Starts the app built in `appDir` (this checkout unless told) on `port` against `mongodbUri` (one connection, as
 * `npm start` uses on the embedded database); resolves once it answers.
 */
export async function startApp(mongodbUri: string, port: number, env: Record<string, string> = {}, appDir = root) {
  const server = spawn(process.execPath, [path.join(appDir, "scripts", "serve.mjs"), "./build/index.js"], {
    cwd: appDir,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), MONGODB_URI: mongodbUri, MONGODB_MAX_POOL_SIZE: "1", RUN_JOBS: "false", LOG_REQUESTS: "false", APP_URL: `http://localhost:${port}`, ...env },
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("the app did not start");
}

export function stopApp(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
    setTimeout(() => server.kill("SIGKILL"), 5000);
  });
}
