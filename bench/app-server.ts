// The built app, served as in production (scripts/serve.mjs) on a given database, for the benchmarks and the
// hardening tests that need a server of their own: its memory, and bodies too large to build in memory.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { EMBEDDED_POOL_SIZE } from "../scripts/embedded-db.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** What every benchmark runs the app with: production mode, cookies over plain HTTP, throwaway secrets, mail to a file. */
export const BENCH_ENVIRONMENT = {
  NODE_ENV: "production",
  SESSION_SECRET: "bench-session-secret-0123456789",
  SECURE_COOKIES: "false",
  TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 5).toString("base64")}`,
  MAIL_OUTBOX_DIR: os.tmpdir(),
};

/** For a benchmark that runs the app's code in its own process (it connects mongoose itself, so the URI is unused). */
export function useBenchEnvironment() {
  Object.assign(process.env, BENCH_ENVIRONMENT, { MONGODB_URI: "mongodb://127.0.0.1/unused" });
}

/**
 * Starts the app built in `appDir` (this checkout unless told) on `port` against `mongodbUri` (the embedded pool, as
 * `npm start` uses on the embedded database); resolves once it answers. `env` adds to or overrides the
 * environment (undefined unsets, APP_URL say); `nodeArgs` go to Node itself (--cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startApp(mongodbUri: string, port: number, env: Record<string, string | undefined> = {}, appDir = root, nodeArgs: string[] = []) {
  const server = spawn(process.execPath, [...nodeArgs, path.join(appDir, "scripts", "serve.mjs"), "./build/index.js"], {
    cwd: appDir,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), MONGODB_URI: mongodbUri, MONGODB_MAX_POOL_SIZE: process.env.MONGODB_MAX_POOL_SIZE ?? String(EMBEDDED_POOL_SIZE), RUN_JOBS: "false", LOG_REQUESTS: "false", APP_URL: `http://localhost:${port}`, ...env },
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

/** Stops the app: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export function stopApp(server: ChildProcess, graceMs = 5000) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
    setTimeout(() => server.kill("SIGKILL"), graceMs);
  });
}

/** The app's resident memory now and at its peak since the last `resetPeakMemory`, in MB (Linux: /proc). */
export function memoryOf(server: ChildProcess) {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rssMb: kilobytes("VmRSS") / 1024, peakMb: kilobytes("VmHWM") / 1024 };
}

/** Starts the peak of `memoryOf` again from the app's present memory. */
export function resetPeakMemory(server: ChildProcess) {
  writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
}

/** `statusMs`: when the status arrived; `ms`: when the whole answer had (from the first byte sent). */
export type BodyAnswer = { status: number; connection: string | undefined; text: string; statusMs: number; ms: number } | { error: string; ms: number };

/**
 * POSTs `megabytes` MB of "a" to `url` in 64 KB writes, as a client streams a file: with its Content-Length, or
 * chunked (no length, so only reading can tell its size), on a connection it offers to keep alive (so a
 * `Connection: close` in the answer is the server's choice). Resolves with the answer, or the connection's error;
 * once answered it stops sending, as a client that has its answer does.
 */
export function postLargeBody(url: string, { megabytes, chunked, headers = {} }: { megabytes: number; chunked: boolean; headers?: Record<string, string> }): Promise<BodyAnswer> {
  const total = megabytes * 1_000_000;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<BodyAnswer>((resolve) => {
    const request = http.request(url, { method: "POST", agent, headers: { ...headers, ...(!chunked && { "Content-Length": String(total) }) } }, (response) => {
      const statusMs = elapsed();
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text, statusMs, ms: elapsed() });
        request.destroy();
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, ms: elapsed() }));
    let sent = 0;
    const write = () => {
      while (sent < total && !request.destroyed) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  }).finally(() => agent.destroy());
}
