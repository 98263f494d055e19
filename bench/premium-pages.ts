// The premium pages at scale: a premium user with 3 debts, one in fifty of their transactions a payment, at
// 1k and 100k transactions (5 years) on the default embedded database. Times the server-rendered debt pages
// (Overview, a payment history, Calculator, Strategies, Your Money Picture), /analytics, /savings and
// /insights, and /dashboard for reference (p50/p95 over loopback, ms); and the generation of insights and
// debt strategies by the rules engine (no model configured), timed in the bench process.
// Run: npx remix build && npx tsx bench/premium-pages.ts [--sizes 1000,100000] [--requests 30] [--settle 30] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { format } from "date-fns";
import mongoose from "mongoose";
import { Transaction, User } from "../models";
import { startApp, stopApp, useBenchEnvironment } from "./app-server";
import { historyDate, storedTransaction } from "./history";
import { loadPage, recordSection, timeIt, type Stats } from "./timing";
import { createThrowAwayDirectory, findFreePort, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";
import { debtCategoryId } from "~/features/categories/categories";
import { addDebt } from "~/features/debts/debts.server";
import { generateDebtStrategies, generateSpendingInsights } from "~/features/insights/insights.server";
import { monthKeyOf } from "~/lib/month";
import { updateMonthSummaries } from "~/features/transactions/month-summary.server";
import { toCents } from "~/lib/money";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZES = option("sizes", "1000,100000").split(",").map(Number);
const REQUESTS = Number(option("requests", "30"));
const SETTLE_SECONDS = Number(option("settle", "30"));
const PAYMENT_EVERY = 50;
const SAVINGS_EVERY = 40;

useBenchEnvironment();

const PAGES = {
  overview: "/debt-management",
  history: "/debt-management?history=",
  calculator: "/debt-management/calculator?extra=500&strategy=snowball",
  strategies: "/debt-management/strategies",
  "money picture": "/debt-management/money-picture",
  analytics: "/analytics",
  "analytics trends": "/analytics?tab=trends",
  "analytics savings": "/analytics?tab=savings",
  savings: "/savings",
  insights: "/insights",
  "analytics insights": "/analytics?tab=insights",
  dashboard: "/dashboard",
} as const;
/** Work timed in the bench process rather than through a page: the POSTs that generate (10 a user an hour). */
const GENERATIONS = { "generate insights": generateSpendingInsights, "generate debt strategies": generateDebtStrategies } as const;
type Page = keyof typeof PAGES | keyof typeof GENERATIONS;

/** The user's transactions over five years, every PAYMENT_EVERY-th a payment of one of the debts, one in SAVINGS_EVERY to savings. */
function seedTransactions(userId: mongoose.Types.ObjectId, count: number, debtIds: string[]) {
  return Array.from({ length: count }, (_, index) => {
    const payment = index % PAYMENT_EVERY === 0;
    return storedTransaction(userId, {
      type: "expense",
      category: payment ? debtCategoryId(debtIds[index % debtIds.length]) : index % SAVINGS_EVERY === 1 ? "savings" : "food",
      amount: payment ? 5000 : 500 + (index % 9000),
      date: historyDate(index, count),
      description: payment ? "Card payment" : `Purchase ${index}`,
    });
  });
}

async function benchSize(serverUri: string, size: number) {
  const uri = new URL(serverUri);
  uri.pathname = `/bench-premium-${size}-${Date.now()}`;
  const mongodbUri = uri.toString();
  await connectWithIndexes(mongodbUri);
  try {
    const userId = await createEmailUser(`bench-debts-${size}@example.com`, "Bench!Passw0rd1");
    await User.updateOne({ _id: userId }, { $set: { premiumAccess: true } });
    const debts = [];
    for (const [name, apr] of [["Visa", 1999], ["Car loan", 650], ["Student loan", 450]] as const) {
      const added = await addDebt(userId, { name, type: "other", totalAmount: toCents(10_000_000), currentBalance: toCents(9_000_000), aprBasisPoints: apr, minimumPayment: toCents(20000), dueDate: null, priority: "medium", description: "" });
      if (!added.ok) throw new Error(added.message);
      debts.push(added.debt);
    }
    const transactions = seedTransactions(new mongoose.Types.ObjectId(userId), size, debts.map((debt) => debt.id));
    for (let offset = 0; offset < transactions.length; offset += 1000) {
      const batch = transactions.slice(offset, offset + 1000);
      await Transaction.insertMany(batch, { ordered: false, lean: true });
      await updateMonthSummaries(userId, batch, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const { cookie } = await createSession(userId, new Request("http://localhost/"));
    const port = await findFreePort();
    const server = await startApp(mongodbUri, port);
    try {
      const times = {} as Record<Page, Stats>;
      for (const [name, generate] of Object.entries(GENERATIONS) as Array<[keyof typeof GENERATIONS, typeof generateSpendingInsights]>) {
        times[name] = await timeIt(Math.min(REQUESTS, 10), () => generate(userId, monthKeyOf(new Date())));
      }
      for (const [page, pathname] of Object.entries(PAGES) as Array<[keyof typeof PAGES, string]>) {
        const url = `http://localhost:${port}${pathname}${page === "history" ? debts[0].id : ""}`;
        await loadPage(url, cookie.split(";")[0], 3);
        times[page] = await loadPage(url, cookie.split(";")[0], REQUESTS);
      }
      console.log(JSON.stringify({ size, times }));
      return { size, times };
    } finally {
      await stopApp(server);
    }
  } finally {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
}

const workDir = createThrowAwayDirectory("ledgerly-bench-premium-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: false, database: "ledgerly-bench-premium" });
try {
  const results: Array<{ size: number; times: Record<Page, Stats> }> = [];
  for (const size of SIZES) results.push(await benchSize(database.uri, size));
  const ms = (value: number) => value.toFixed(1);
  const smallest = results[0];
  const largest = results[results.length - 1];
  const report = [
    "## Premium pages",
    "",
    `Run with \`npm run bench:premium\` on ${format(new Date(), "yyyy-MM-dd")}: ${os.cpus().length} cores, the default embedded database, one premium user with 3 debts, one payment in ${PAYMENT_EVERY} of their transactions and one in ${SAVINGS_EVERY} to savings, ${REQUESTS} requests per page one at a time after a ${SETTLE_SECONDS} s settle. Times in ms (p50 / p95).`,
    "",
    `| page | ${results.map((result) => `${result.size.toLocaleString("en-US")} transactions`).join(" | ")} | p95 ${largest.size.toLocaleString("en-US")} ÷ ${smallest.size.toLocaleString("en-US")} |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | ---: |`,
    ...([...Object.keys(PAGES), ...Object.keys(GENERATIONS)] as Page[]).map(
      (page) =>
        `| ${page} | ${results.map((result) => `${ms(result.times[page].p50)} / ${ms(result.times[page].p95)}`).join(" | ")} | ${(largest.times[page].p95 / smallest.times[page].p95).toFixed(2)}× |`,
    ),
    "",
    "Target: every page at 100k within 1.5× of itself at 1k — the pages read the debts, the month summaries (one small document per month) and, for a history, one page of the debt's payments by index, never every transaction. The history lists up to 100 payments: at 1k the debt has 7, at 100k it has 667 and the page shows 100 of them, so that page grows with what it shows, not with the transactions. The two generations are POSTs a user makes at most 10 times an hour, not pages: they read the month's summaries and up to 2,000 transactions of the last 12 months month by month (equalities only), so their cost grows with that window (at 1k the user has about 200 transactions in it, at 100k the 2,000 cap is reached) and then stops, whatever the history. The insights pages themselves read one stored result by `_id` and each cited transaction by `_id` (an `$in` on `_id` made them scan: 7.8 s p95 at 100k before that change).",
    "",
  ].join("\n");
  console.log(report);
  if (args.includes("--record")) recordSection("## Premium pages", report);
} finally {
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
