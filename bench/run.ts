// Benchmark: one user with 1k, 10k and 100k transactions over 5 years, on the
// SQLite and PostgreSQL backends of the embedded FerretDB. Measures the
// server-rendered /dashboard and /transactions (p50/p95 over loopback), the
// raw database time of the dashboard's totals against an aggregation and a
// load-everything baseline, and the client JavaScript of /dashboard.
// Run: npx remix build && npx tsx bench/run.ts [--sizes 1000,10000] [--backends sqlite]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import { Budget, ContactSubmission, Credential, MonthSummary, PasswordResetToken, Session, Transaction, User } from "../models";
import { findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { getMonthTotals, updateMonthSummaries } from "~/features/transactions/month-summary.server";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const SIZES = option("sizes", "1000,10000,100000").split(",").map(Number);
const BACKENDS = option("backends", "sqlite,postgresql").split(",") as Array<"sqlite" | "postgresql">;
const REQUESTS = Number(option("requests", "100"));
const TRANSACTIONS_REQUESTS = Math.max(10, Math.floor(REQUESTS / 10));
const CONCURRENCY = Number(option("concurrency", "1"));
const SESSION_SECRET = "bench-session-secret-0123456789";
const EXPENSE_CATEGORIES = ["housing", "food", "transportation", "utilities", "healthcare", "savings"];

process.env.SESSION_SECRET = SESSION_SECRET;
process.env.MONGODB_URI = "mongodb://127.0.0.1/unused";
process.env.SECURE_COOKIES = "false";
process.env.NODE_ENV = "production";
process.env.MAIL_OUTBOX_DIR = os.tmpdir();

type Stats = { p50: number; p95: number; mean: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

async function timeIt(runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

/** `total` requests, CONCURRENCY at a time, each timed from send to last byte. */
async function load(url: string, cookie: string, total: number) {
  const samples: number[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < total) {
      sent += 1;
      const start = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      samples.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return stats(samples);
}

function seedTransactions(userId: mongoose.Types.ObjectId, count: number) {
  const start = new Date(2021, 11, 1);
  const days = 5 * 365;
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, index) => {
    const date = format(addDays(start, Math.floor((index / count) * days)), "yyyy-MM-dd");
    const income = random() < 0.1;
    const description = income ? "Salary" : `Purchase ${index}`;
    return {
      userId,
      type: income ? "income" : "expense",
      category: income ? "salary" : EXPENSE_CATEGORIES[Math.floor(random() * EXPENSE_CATEGORIES.length)],
      amount: income ? 250000 + Math.floor(random() * 50000) : 500 + Math.floor(random() * 20000),
      date,
      monthKey: date.slice(0, 7),
      description,
      descriptionLower: description.toLowerCase(),
      allocations: [],
      deleted: false,
      source: "manual",
    };
  });
}

async function startApp(mongodbUri: string, port: number) {
  const server = spawn(path.join(root, "node_modules", ".bin", "remix-serve"), ["./build/index.js"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), MONGODB_URI: mongodbUri, MONGODB_MAX_POOL_SIZE: "1", RUN_JOBS: "false", APP_URL: `http://localhost:${port}` },
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("the app did not start");
}

function stopApp(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
    setTimeout(() => server.kill("SIGKILL"), 5000);
  });
}

async function clientJavaScriptGzip(baseUrl: string, cookie: string) {
  const html = await (await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie } })).text();
  const sources = new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1]));
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(Buffer.from(await (await fetch(`${baseUrl}${source}`)).arrayBuffer())).length;
  return { files: sources.size, kilobytes: bytes / 1024 };
}

type Row = {
  backend: string;
  size: number;
  seedSeconds: number;
  dashboard: Stats;
  transactions: Stats;
  summaryRead: Stats;
  aggregate: Stats;
  loadAll: Stats;
};

async function benchBackend(backend: "sqlite" | "postgresql", workDir: string) {
  const rows: Row[] = [];
  const database = await startEmbeddedDatabase({
    dataDir: path.join(workDir, backend),
    backend,
    postgresUrl: "postgres://postgres@127.0.0.1:5432/ledgerly_bench",
  });
  try {
    for (const size of SIZES) {
      const uri = new URL(database.uri);
      uri.pathname = `/bench-${size}-${Date.now()}`;
      const mongodbUri = uri.toString();
      await mongoose.connect(mongodbUri, { maxPoolSize: 1 });
      for (const model of [User, Credential, Session, PasswordResetToken, ContactSubmission, Transaction, MonthSummary, Budget]) {
        await model.createIndexes();
      }

      const userId = await createEmailUser(`bench-${size}@example.com`, "Bench!Passw0rd1");
      const seedStart = performance.now();
      const transactions = seedTransactions(new mongoose.Types.ObjectId(userId), size);
      for (let offset = 0; offset < transactions.length; offset += 1000) {
        const batch = transactions.slice(offset, offset + 1000);
        await Transaction.insertMany(batch, { ordered: false, lean: true });
        await updateMonthSummaries(userId, batch as never, 1);
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const monthKey = transactions[transactions.length - 1].monthKey;
      const owner = new mongoose.Types.ObjectId(userId);

      const summaryRead = await timeIt(50, () => getMonthTotals(userId, monthKey));
      const aggregate = await timeIt(size >= 100_000 ? 5 : 20, () =>
        Transaction.aggregate([
          { $match: { userId: owner, monthKey, deleted: false } },
          { $group: { _id: { type: "$type", category: "$category" }, total: { $sum: "$amount" } } },
        ]),
      );
      const loadAll = await timeIt(size >= 100_000 ? 3 : 10, async () => {
        const all = await Transaction.find({ userId: owner, deleted: false }).select({ type: 1, amount: 1, monthKey: 1 }).lean<Array<{ type: string; amount: number; monthKey: string }>>();
        return all.filter((t) => t.monthKey === monthKey).reduce((sum, t) => sum + (t.type === "income" ? t.amount : -t.amount), 0);
      });

      const { cookie } = await createSession(userId, new Request("http://localhost/"));
      const sessionCookie = cookie.split(";")[0];
      await mongoose.disconnect();

      const port = await findFreePort();
      const server = await startApp(mongodbUri, port);
      const base = `http://localhost:${port}`;
      await load(`${base}/dashboard?month=${monthKey}`, sessionCookie, 10);
      const dashboard = await load(`${base}/dashboard?month=${monthKey}`, sessionCookie, REQUESTS);
      const transactionsPage = await load(`${base}/transactions?tab=tracked`, sessionCookie, TRANSACTIONS_REQUESTS);
      if (backend === BACKENDS[0] && size === SIZES[0]) clientJs = await clientJavaScriptGzip(base, sessionCookie);
      await stopApp(server);

      const row = { backend, size, seedSeconds, dashboard, transactions: transactionsPage, summaryRead, aggregate, loadAll };
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  } finally {
    await database.stop();
  }
  return rows;
}

let clientJs: { files: number; kilobytes: number } | null = null;

const ms = (value: number) => value.toFixed(1);

function report(rows: Row[]) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmarks",
    "",
    `Run with \`npx remix build && npx tsx bench/run.ts\` on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, FerretDB v1.24.2 (embedded).`,
    `One user; transactions spread over 5 years. HTTP: ${REQUESTS} requests to /dashboard (and ${TRANSACTIONS_REQUESTS} to /transactions?tab=tracked), ${CONCURRENCY} at a time over loopback, server-rendered HTML, times from request to last byte (ms). Database: the dashboard's month totals read (one _id lookup of the maintained month summary), the same totals by \`$match\` + \`$group\`/\`$sum\` over the transactions, and a baseline that loads all of the user's transactions and sums them in JavaScript.`,
    "",
    "| backend | transactions | /dashboard p50 | /dashboard p95 | /transactions p50 | /transactions p95 | summary read p50 | $group p50 | load-all p50 | load-all ÷ summary | seed s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.backend} | ${row.size.toLocaleString("en-US")} | ${ms(row.dashboard.p50)} | ${ms(row.dashboard.p95)} | ${ms(row.transactions.p50)} | ${ms(row.transactions.p95)} | ${ms(row.summaryRead.p50)} | ${ms(row.aggregate.p50)} | ${ms(row.loadAll.p50)} | ${(row.loadAll.p50 / row.summaryRead.p50).toFixed(0)}× | ${row.seedSeconds.toFixed(1)} |`,
    ),
    "",
    "## Targets",
    "",
  ];
  for (const backend of new Set(rows.map((row) => row.backend))) {
    const ofBackend = rows.filter((row) => row.backend === backend);
    const smallest = ofBackend[0];
    const largest = ofBackend[ofBackend.length - 1];
    const ratio = largest.dashboard.p95 / smallest.dashboard.p95;
    lines.push(
      `- ${backend}: /dashboard p95 at ${largest.size.toLocaleString("en-US")} is ${ratio.toFixed(2)}× its p95 at ${smallest.size.toLocaleString("en-US")} (target ≤ 1.5×) — ${ratio <= 1.5 ? "met" : "missed"}; the dashboard's totals read is ${(largest.loadAll.p50 / largest.summaryRead.p50).toFixed(0)}× faster than loading everything (target ≥ 10×) — ${largest.loadAll.p50 / largest.summaryRead.p50 >= 10 ? "met" : "missed"}.`,
    );
  }
  if (clientJs) {
    lines.push(`- Client JavaScript of /dashboard: ${clientJs.kilobytes.toFixed(1)} KB gzipped in ${clientJs.files} files (target ≤ 120 KB) — ${clientJs.kilobytes <= 120 ? "met" : "missed"}.`);
  }
  return `${lines.join("\n")}\n`;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "ledgerly-bench-"));
try {
  const rows: Row[] = [];
  for (const backend of BACKENDS) rows.push(...(await benchBackend(backend, workDir)));
  const markdown = report(rows);
  writeFileSync(path.join(root, "docs", "benchmarks.md"), markdown);
  console.log(markdown);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
