// Large bodies against the built app on a fresh default database: each webhook and a form action get 50 MB and
// 200 MB, once with their Content-Length and once chunked (no length, so only reading can tell the size). For each:
// the answer, the time to its status and to its end (ms, over loopback), and how far the app's resident memory rose above where it stood
// (its peak, read from /proc after the post; Linux only).
// Run: npx remix build && npx tsx bench/body-limits.ts [--sizes 50,200] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { BENCH_ENVIRONMENT, memoryOf, postLargeBody, resetPeakMemory, startApp, stopApp } from "./app-server";
import { recordSection } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZES = option("sizes", "50,200").split(",").map(Number);
const TARGETS = [
  { path: "/webhooks/stripe", type: "application/json" },
  { path: "/webhooks/plaid", type: "application/json" },
  { path: "/contact", type: "application/x-www-form-urlencoded" },
];

const workDir = createThrowAwayDirectory("ledgerly-bench-bodies-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "ledgerly-bench-bodies" });
const port = await findFreePort();
const app = await startApp(database.uri, port, {
  ...BENCH_ENVIRONMENT,
  // Both webhooks configured, as in production (with services nothing answers: no body here gets that far).
  STRIPE_SECRET_KEY: "sk_test_bench",
  STRIPE_WEBHOOK_SECRET: "whsec_bench",
  STRIPE_API_URL: "http://127.0.0.1:9",
  PLAID_CLIENT_ID: "bench-client",
  PLAID_SECRET: "bench-secret",
  PLAID_API_URL: "http://127.0.0.1:9",
});
const origin = `http://localhost:${port}`;

const rows: string[] = [];
let met = true;
try {
  const startMb = memoryOf(app).rssMb;
  for (const megabytes of SIZES) {
    for (const { path: target, type } of TARGETS) {
      for (const chunked of [false, true]) {
        const before = memoryOf(app).rssMb;
        resetPeakMemory(app);
        const answer = await postLargeBody(`${origin}${target}`, { megabytes, chunked, headers: { "Content-Type": type, Origin: origin } });
        const grewMb = memoryOf(app).peakMb - before;
        const outcome = "status" in answer ? `${answer.status}${answer.connection === "close" ? ", closed" : ""}` : `error ${answer.error}`;
        met &&= "status" in answer && answer.status === 413 && answer.connection === "close" && grewMb < 100;
        rows.push(`| ${target} | ${megabytes} | ${chunked ? "chunked" : "Content-Length"} | ${outcome} | ${"statusMs" in answer ? answer.statusMs : ""} | ${answer.ms} | ${grewMb.toFixed(1)} |`);
        console.log(rows.at(-1));
      }
    }
  }
  const healthy = (await fetch(`${origin}/healthz`)).status;
  const report = [
    "## Large bodies",
    "",
    `Run with \`npx remix build && npx tsx bench/body-limits.ts --record\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, the built app (scripts/serve.mjs) on a fresh default database, nothing else running in it. Each body is sent once over loopback in 64 KB writes, with its Content-Length or chunked; "status ms" is the time from the first byte sent to the answer's status, "end ms" to its end (a refused chunked body is read and dropped to its end before the answer ends and the connection closes); "memory" how far the app's resident memory peaked above where it stood before the post (it started at ${startMb.toFixed(0)} MB).`,
    "",
    "| endpoint | MB sent | sent with | answer | status ms | end ms | memory +MB |",
    "| --- | ---: | --- | --- | ---: | ---: | ---: |",
    ...rows,
    "",
    `A declared length past 8 MB is refused before the app (the fence in scripts/serve.mjs); a chunked body by the route's reader once past its limit (webhooks 1 MB, forms 100 KB). The rest of a refused body is read and dropped before the connection closes, so the client gets the 413 instead of a reset; /healthz answered ${healthy} afterwards. Target (decision 180, which has the figures before: a 200 MB Stripe webhook read whole, 400 after 1.2 s with +383 MB): every answer 413, and memory within 100 MB of where it stood — ${met ? "met" : "missed"}.`,
    "",
  ].join("\n");
  console.log(report);
  if (args.includes("--record")) recordSection("## Large bodies", report);
} finally {
  await stopApp(app);
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
