// Load test: 50 users at once, each signing in once, then opening the dashboard, adding a transaction and
// listing transactions, over and over for a fixed time, against the built app (one process, or --processes) on a fresh default database (FerretDB on
// the embedded PostgreSQL). Fails (exit 1) on any error answer or any acknowledged add that is not stored.
// Run: npx remix build && npx tsx bench/load.ts [--users 50] [--seconds 30] [--processes 2] [--record]
//      --record writes the result into docs/benchmarks.md.
import type { ChildProcess } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { format } from "date-fns";
import mongoose from "mongoose";
import { Transaction } from "../models";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { recordSection } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createEmailUser } from "~/features/auth/user.server";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const USERS = Number(option("users", "50"));
const SECONDS = Number(option("seconds", "30"));
/** App processes on the one port (WEB_CONCURRENCY): with several, each user's requests land on any of them. */
const PROCESSES = Number(option("processes", "1"));
const PASSWORD = "Load!Passw0rd1";

useBenchEnvironment();

type Step = "sign in" | "dashboard" | "add" | "list";
/** autocannon empties a connection's context at the end of each round, so what a user keeps lives here. */
type Context = { user?: number; started?: number; step?: Step; description?: string };

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const workDir = createThrowAwayDirectory("ledgerly-load-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: false, database: "ledgerly-load" });
let server: ChildProcess | undefined;
let failed = false;
try {
  await connectWithIndexes(database.uri, 2);
  const emails = Array.from({ length: USERS }, (_, index) => `load-${index}@example.com`);
  for (const email of emails) await createEmailUser(email, PASSWORD);

  const port = await findFreePort();
  // The load test stands for the proxy: each virtual user names its own address, as real users have theirs.
  server = await startApp(database.uri, port, { TRUST_PROXY: "1", WEB_CONCURRENCY: String(PROCESSES) });
  const base = `http://localhost:${port}`;
  const times: Record<Step, number[]> = { "sign in": [], dashboard: [], add: [], list: [] };
  const errors: string[] = [];
  const acknowledged: string[] = [];
  let nextUser = 0;
  const cookies: Array<string | undefined> = [];
  const added: number[] = [];

  const stepRequest = (step: Step, build: (context: Context) => autocannon.Request) => ({
    setupRequest: (request: autocannon.Request, context: Context) => {
      context.user ??= nextUser++ % USERS;
      context.started = performance.now();
      // A user signs in once, as people do; afterwards the round starts with the dashboard again.
      context.step = step === "sign in" && cookies[context.user] ? "dashboard" : step;
      const dashboard: autocannon.Request = { method: "GET", path: "/dashboard", headers: userHeaders(context) };
      return { ...request, ...(context.step === step ? build(context) : dashboard) };
    },
    onResponse: (status: number, _body: string, context: Context, headers: IncomingHttpHeaders | undefined) => {
      const step = context.step ?? "dashboard";
      times[step].push(performance.now() - (context.started ?? performance.now()));
      const expected = step === "sign in" || step === "add" ? 302 : 200;
      if (status !== expected) errors.push(`${step} answered ${status}`);
      if (step === "sign in") {
        const setCookies = ([] as string[]).concat(headers?.["set-cookie"] ?? []);
        cookies[context.user ?? 0] = setCookies.map((cookie) => cookie.split(";")[0]).find((cookie) => cookie.startsWith("ledgerly_session="));
      }
      // Only a redirect back to the list acknowledges an add; one to /login means the user was not signed in.
      const location = String(headers?.location ?? "");
      if (step === "add" && status === 302 && !location.startsWith("/login") && context.description) acknowledged.push(context.description);
      if (step === "add" && location.startsWith("/login")) errors.push("add answered a redirect to /login");
    },
  });
  const userHeaders = (context: Context, extra: Record<string, string> = {}) => ({
    "x-forwarded-for": `10.1.${Math.floor((context.user ?? 0) / 250)}.${(context.user ?? 0) % 250}`,
    cookie: cookies[context.user ?? 0] ?? "",
    ...extra,
  });
  const form = { "content-type": "application/x-www-form-urlencoded", origin: base };

  const result = await autocannon({
    url: base,
    connections: USERS,
    duration: SECONDS,
    // 50 sign-ins at once queue 50 password hashes, two at a time (decision 175): on a busy machine that passes autocannon's 10 s default.
    timeout: 30,
    requests: [
      stepRequest("sign in", (context) => ({
        method: "POST",
        path: "/login",
        headers: userHeaders(context, form),
        body: new URLSearchParams({ email: emails[context.user ?? 0], password: PASSWORD }).toString(),
      })),
      stepRequest("dashboard", (context) => ({ method: "GET", path: "/dashboard", headers: userHeaders(context) })),
      stepRequest("add", (context) => {
        const user = context.user ?? 0;
        added[user] = (added[user] ?? 0) + 1;
        context.description = `Load ${user} ${added[user]}`;
        const body = new URLSearchParams({ type: "expense", amount: "12.34", category: "food", date: "2026-03-05", description: context.description });
        return { method: "POST", path: "/transactions/new", headers: userHeaders(context, form), body: body.toString() };
      }),
      stepRequest("list", (context) => ({ method: "GET", path: "/transactions?tab=tracked", headers: userHeaders(context) })),
    ],
  });

  const stored = new Set(
    (await Transaction.find({ description: { $regex: "^Load " } }).select({ _id: 0, description: 1 }).lean()).map((transaction) => transaction.description),
  );
  const lost = acknowledged.filter((description) => !stored.has(description)).length;
  const socketErrors = result.errors + result.timeouts;
  const rows = (Object.keys(times) as Step[]).map((step) => {
    const sorted = [...times[step]].sort((a, b) => a - b);
    return `| ${step} | ${sorted.length.toLocaleString("en-US")} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} |`;
  });
  const report = [
    "## Load",
    "",
    `Run with \`npm run bench:load\` on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores, ${USERS} users at once for ${SECONDS} s against the built app (${PROCESSES} process${PROCESSES === 1 ? "" : "es"}, \`WEB_CONCURRENCY\`) on a fresh default database (FerretDB on the embedded PostgreSQL, crash-safe settings), each user signing in once, then opening the dashboard, adding a transaction and listing transactions, again and again (autocannon, one request at a time per user). Times in ms, from request to last byte.`,
    "",
    "| step | requests | p50 | p95 |",
    "| --- | ---: | ---: | ---: |",
    ...rows,
    "",
    `Requests in all: ${result.requests.total.toLocaleString("en-US")} (${result.requests.average.toFixed(0)} a second). Error answers: ${errors.length}; connection errors and timeouts: ${socketErrors}. Adds acknowledged: ${acknowledged.length.toLocaleString("en-US")}; of those not stored: ${lost}. Target: zero errors and zero lost writes — ${errors.length + socketErrors + lost === 0 ? "met" : "missed"}.`,
    "",
  ].join("\n");
  console.log(report);
  if (errors.length > 0) console.error([...new Set(errors)].slice(0, 10).join("\n"));
  failed = errors.length + socketErrors + lost > 0;
  if (args.includes("--record")) recordSection("## Load", report);
} finally {
  if (server) await stopApp(server);
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
