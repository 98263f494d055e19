// What several currencies cost at 100k transactions (issue 27): one user whose transactions are all in dollars,
// beside one whose transactions are a third each in a dollar, a euro and a yen account (each foreign one stored
// with its reported amount, as the ledger writes it). Measured: what the dashboard reads of the ledger (a month's
// totals and whether a recount runs), /transactions' first page, the accounts page's balances (with the latest
// rates), a euro expense written (its rate read), and the recount of every total in a new reporting currency.
// Rates: the ECB's recorded days (tests/fixtures/ecb) repeated over the five years seeded — synthetic, for timing only.
// Run: npx tsx bench/currencies.ts [--sizes 1000,100000] [--record]
import os from "node:os";
import path from "node:path";
import { readFileSync, rmSync } from "node:fs";
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import { Transaction, User } from "../models";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { addAccount } from "~/features/accounts/accounts.server";
import { createEmailUser } from "~/features/auth/user.server";
import { storeRateDays } from "~/features/exchange-rates/exchange-rates.server";
import { parseEcbRates } from "~/integrations/ecb-rates.server";
import { listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch, recountInReportingCurrency, reportingRecountProgress, startReportingRecount } from "~/features/transactions/ledger.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { updateMonthSummaries } from "~/features/transactions/month-summary.server";
import { reportingFor } from "~/features/transactions/reporting.server";
import { reportedOf } from "~/features/transactions/reporting";
import { listTransactions } from "~/features/transactions/transactions.server";
import { storedTransaction } from "./history";
import { recordSection, timeIt, type Stats } from "./timing";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const SIZES = (args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "1000,100000").split(",").map(Number);
const RECORD = args.includes("--record");
const TODAY = "2026-11-27";
const YEARS_START = Date.UTC(2021, 11, 1);
const DAYS = 5 * 365;
process.env.NODE_ENV = "production";

const ms = (value: number) => value.toFixed(1);
const row = (label: string, size: number, figures: Stats) => `| ${label} | ${size.toLocaleString("en-US")} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${figures.count} |`;

/** Every business day of the seeded years (and up to today) with the recorded ECB rates, cycled. */
async function storeSyntheticRates() {
  const recorded = parseEcbRates(readFileSync(new URL("../tests/fixtures/ecb/eurofxref-hist-90d.xml", import.meta.url), "utf8"));
  const days = [];
  for (let offset = 0; offset <= DAYS + 60; offset += 1) {
    const date = addDays(new Date(YEARS_START), offset);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    days.push({ day: format(date, "yyyy-MM-dd"), rates: recorded[offset % recorded.length].rates });
  }
  await storeRateDays(days);
}

/** `count` expenses over five years, spread over `accountIds` in turn, stored as the ledger stores them (reported amounts included). */
async function seed(userId: string, count: number, accountIds: string[]) {
  const owner = new mongoose.Types.ObjectId(userId);
  for (let offset = 0; offset < count; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - offset) }, (_, index) => {
      const day = offset + index;
      const date = new Date(YEARS_START + Math.floor((day / count) * DAYS) * 86_400_000).toISOString().slice(0, 10);
      const accountId = accountIds[day % accountIds.length];
      return { ...storedTransaction(owner, { type: "expense", category: "food", amount: 500 + (day % 2000), date, description: `Purchase ${day}` }), accountId: new mongoose.Types.ObjectId(accountId) };
    });
    const reporting = await reportingFor(userId, batch.map((transaction) => ({ amount: transaction.amount, date: transaction.date, accountId: String(transaction.accountId) })));
    const documents = batch.map((transaction) => ({ ...transaction, reported: reportedOf({ amount: transaction.amount, date: transaction.date, accountId: String(transaction.accountId) }, reporting) }));
    await Transaction.insertMany(documents, { lean: true });
    await updateMonthSummaries(userId, documents, 1);
  }
}

async function userWith(size: number, currencies: string[]) {
  const userId = await createEmailUser(`currencies-bench-${size}-${currencies.join("-")}@example.com`, "Str0ng!Passw0rd");
  const accountIds = [userId];
  for (const currency of currencies.slice(1)) {
    const added = await addAccount(userId, { name: `${currency} account`, kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2021-01-01", currency });
    if (!added.ok) throw new Error(added.message);
    accountIds.push(added.account.id);
  }
  await seed(userId, size, accountIds);
  return { userId, accountIds };
}

const workDir = createThrowAwayDirectory("ledgerly-bench-currencies-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-currencies" });
await connectWithIndexes(database.uri);
const rows: string[] = [];
try {
  await storeSyntheticRates();
  for (const size of SIZES) {
    for (const currencies of [["USD"], ["USD", "EUR", "JPY"]]) {
      const { userId, accountIds } = await userWith(size, currencies);
      const label = (what: string) => `${what} — ${currencies.length === 1 ? "dollars only" : "USD, EUR and JPY"}`;
      rows.push(row(label("the dashboard's ledger reads (a month's totals, the recount's progress)"), size, await timeIt(100, () => Promise.all([getMonthTotals(userId, "2026-03"), reportingRecountProgress(userId)]))));
      rows.push(row(label("/transactions' first page of 50 (All)"), size, await timeIt(50, () => listTransactions(userId, { tab: "all", limit: 50 }))));
      rows.push(row(label("the accounts page's balances"), size, await timeIt(50, () => listAccountsWithBalances(userId, TODAY))));
      const account = accountIds[accountIds.length - 1];
      rows.push(
        row(
          label("an expense written in the last account (its rate read when foreign)"),
          size,
          await timeIt(30, async () => {
            const written = await applyLedgerBatch(userId, { added: [{ type: "expense", amount: 1234, category: "food", date: "2026-03-03", description: "Bench", source: "manual", accountId: account }] });
            if (!written.ok) throw new Error(JSON.stringify(written.issues));
          }),
        ),
      );
      if (currencies.length > 1) {
        await User.updateOne({ _id: userId }, { $set: { currency: "EUR" } });
        await startReportingRecount(userId, "EUR");
        const started = performance.now();
        await recountInReportingCurrency(userId);
        const seconds = (performance.now() - started) / 1000;
        rows.push(`| every total counted again in EUR (the job, once) | ${size.toLocaleString("en-US")} | ${(seconds * 1000).toFixed(0)} | — | 1 |`);
      }
    }
  }
} finally {
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const table = ["| operation | transactions | p50 | p95 | runs |", "| --- | ---: | ---: | ---: | ---: |", ...rows].join("\n");
console.log(table);
const report = `## Currencies

\`npx tsx bench/currencies.ts --record\` on the embedded PostgreSQL (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}), one user each, service calls in-process, times in ms:

${table}
`;
if (RECORD) recordSection("## Currencies", report);
