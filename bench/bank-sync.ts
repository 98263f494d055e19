// Bank sync at scale: a premium user with 1k and 100k transactions links a bank through the Plaid stand-in,
// then times, in the bench process, an incremental sync after new bank activity (2 new, 1 changed, 1 removed,
// the pending one posted), a sync with nothing new (a repeated webhook), and the bank page's read of the
// user's banks (p50/p95, ms), on the default embedded database.
// Run: npx tsx bench/bank-sync.ts [--sizes 1000,100000] [--runs 20] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { format } from "date-fns";
import mongoose from "mongoose";
import { Transaction, User } from "../models";
import { useBenchEnvironment } from "./app-server";
import { historyDate, storedTransaction } from "./history";
import { recordSection, stats, timeIt, type Stats } from "./timing";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { startPlaidStandIn, STAND_IN_DEFAULTS } from "../scripts/stand-ins/plaid.mjs";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZES = option("sizes", "1000,100000").split(",").map(Number);
const RUNS = Number(option("runs", "20"));

const standIn = await startPlaidStandIn({ port: 0, initialWebhook: false });
useBenchEnvironment();
process.env.PLAID_CLIENT_ID = STAND_IN_DEFAULTS.clientId;
process.env.PLAID_SECRET = STAND_IN_DEFAULTS.secret;
process.env.PLAID_API_URL = standIn.url;
process.env.PLAID_WEBHOOK_URL = "http://127.0.0.1:9/unused";

const { completeHostedLink, createLinkToken, listConnections, syncConnection } = await import("~/features/bank/bank.server");
const { createEmailUser } = await import("~/features/auth/user.server");
const { updateMonthSummaries } = await import("~/features/transactions/month-summary.server");

const TIMED = ["sync after bank activity", "sync with nothing new", "read the user's banks"] as const;
type Timed = (typeof TIMED)[number];

function seedTransactions(userId: mongoose.Types.ObjectId, count: number) {
  return Array.from({ length: count }, (_, index) => {
    return storedTransaction(userId, { type: "expense", category: "food", amount: 500 + (index % 9000), date: historyDate(index, count), description: `Purchase ${index}` });
  });
}

/** Links the stand-in's first bank through Hosted Link, as the form without JavaScript does. */
async function linkBank(userId: string) {
  const created = await createLinkToken(userId, { appUrl: "http://localhost:3000", hosted: true });
  if (!created.ok) throw new Error(created.message);
  const token = new URL(created.hostedLinkUrl!).searchParams.get("token")!;
  const page = await (await fetch(created.hostedLinkUrl!)).text();
  const institution = /name="institution_id" value="([^"]+)"/.exec(page)?.[1] ?? "ins_109508";
  await fetch(`${standIn.url}/link/continue`, { method: "POST", body: new URLSearchParams({ token, institution_id: institution }), redirect: "manual" });
  const completed = await completeHostedLink(userId);
  if (!completed.ok || completed.outcome !== "connected") throw new Error(`linking failed: ${JSON.stringify(completed)}`);
  return (await listConnections(userId))[0].id;
}

async function advance(userId: string) {
  await fetch(`${standIn.url}/__control/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_user_id: userId, webhook: false }) });
}

async function benchSize(serverUri: string, size: number) {
  const uri = new URL(serverUri);
  uri.pathname = `/bench-bank-${size}-${Date.now()}`;
  await connectWithIndexes(uri.toString());
  try {
    const userId = await createEmailUser(`bench-bank-${size}@example.com`, "Bench!Passw0rd1");
    await User.updateOne({ _id: userId }, { $set: { premiumAccess: true } });
    const transactions = seedTransactions(new mongoose.Types.ObjectId(userId), size);
    for (let offset = 0; offset < transactions.length; offset += 1000) {
      const batch = transactions.slice(offset, offset + 1000);
      await Transaction.insertMany(batch, { ordered: false, lean: true });
      await updateMonthSummaries(userId, batch, 1);
    }
    const connectionId = await linkBank(userId);
    const sync = async () => {
      const outcome = await syncConnection(userId, connectionId);
      if (!outcome.ok) throw new Error(outcome.message);
    };
    const times = {} as Record<Timed, Stats>;
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await advance(userId);
      samples.push((await timeIt(1, sync)).p50);
    }
    times["sync after bank activity"] = stats(samples);
    times["sync with nothing new"] = await timeIt(RUNS, sync);
    times["read the user's banks"] = await timeIt(RUNS, () => listConnections(userId));
    const imported = await Transaction.countDocuments({ userId, source: "plaid" });
    console.log(JSON.stringify({ size, imported, times }));
    return { size, times };
  } finally {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
}

const workDir = createThrowAwayDirectory("ledgerly-bench-bank-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: false, database: "ledgerly-bench-bank" });
try {
  const results: Array<{ size: number; times: Record<Timed, Stats> }> = [];
  for (const size of SIZES) results.push(await benchSize(database.uri, size));
  const ms = (value: number) => value.toFixed(1);
  const smallest = results[0];
  const largest = results[results.length - 1];
  const report = [
    "## Bank sync",
    "",
    `Run with \`npm run bench:bank\` on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores, the default embedded database, the Plaid stand-in on loopback, one premium user with a linked bank, ${RUNS} runs each. Times in ms (p50 / p95), measured in the bench process (no HTTP).`,
    "",
    `| work | ${results.map((result) => `${result.size.toLocaleString("en-US")} transactions`).join(" | ")} | p95 ${largest.size.toLocaleString("en-US")} ÷ ${smallest.size.toLocaleString("en-US")} |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | ---: |`,
    ...TIMED.map((work) => `| ${work} | ${results.map((result) => `${ms(result.times[work].p50)} / ${ms(result.times[work].p95)}`).join(" | ")} | ${(largest.times[work].p95 / smallest.times[work].p95).toFixed(2)}× |`),
    "",
    "Target: a sync at 100k within 1.5× of itself at 1k. A sync reads the changed pages from Plaid and finds each bank transaction by the user's id and Plaid's transaction id (an indexed equality), so its cost follows what the bank changed, not the user's history; a sync with nothing new is the calls to Plaid, the lock and the cursor write.",
    "",
  ].join("\n");
  console.log(report);
  if (args.includes("--record")) recordSection("## Bank sync", report);
} finally {
  await database.stop();
  await standIn.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
