// What accounts cost at 100k transactions (issue 26): for one user whose transactions are all in their main
// account (1k and 100k over five years) and who holds a second account, the accounts page's balances (the
// month summaries' nets, never a scan), an account's register (its first page, and one ten pages down, each
// with the balance after every row), a transfer from the main account to the card (both sides and both
// accounts' month figures written) beside an expense, and the first page of /transactions' listing for comparison.
// Service calls in-process on the embedded PostgreSQL, as bench/ledger.ts.
// Run: npx tsx bench/accounts.ts [--sizes 1000,100000] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import mongoose from "mongoose";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { addAccount, mainAccountId } from "~/features/accounts/accounts.server";
import { createEmailUser } from "~/features/auth/user.server";
import { getAccountRegister, listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import type { LedgerEntry } from "~/features/transactions/ledger";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { createTransaction, listTransactions } from "~/features/transactions/transactions.server";
import { seedExpenses } from "./history";
import { recordSection, timeIt, type Stats } from "./timing";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const SIZES = (args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "1000,100000").split(",").map(Number);
const RECORD = args.includes("--record");
const TODAY = "2026-11-27";
process.env.NODE_ENV = "production";

const ms = (value: number) => value.toFixed(1);
const row = (label: string, size: number, figures: Stats) => `| ${label} | ${size.toLocaleString("en-US")} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${figures.count} |`;

/** The cursor `pages` pages into the main account's register. */
async function cursorAfter(userId: string, pages: number) {
  let cursor: string | null = null;
  for (let page = 0; page < pages; page += 1) cursor = (await getAccountRegister(userId, mainAccountId(userId), cursor, TODAY))?.nextCursor ?? null;
  return cursor;
}

const workDir = createThrowAwayDirectory("ledgerly-bench-accounts-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-accounts" });
await connectWithIndexes(database.uri);
const rows: string[] = [];
try {
  for (const size of SIZES) {
    const userId = await createEmailUser(`accounts-bench-${size}@example.com`, "Str0ng!Passw0rd");
    await seedExpenses(userId, size);
    const card = await addAccount(userId, { name: "Card", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2021-01-01" });
    if (!card.ok) throw new Error(card.message);
    for (let index = 0; index < 20; index += 1) {
      await createTransaction(userId, { type: "expense", amount: 1000 + index, category: "food", date: `2026-03-${String(index + 1).padStart(2, "0")}`, accountId: card.account.id });
    }
    const deep = await cursorAfter(userId, 10);
    rows.push(row("the accounts page's balances (listAccountsWithBalances)", size, await timeIt(100, () => listAccountsWithBalances(userId, TODAY))));
    rows.push(row("the main account's register, first page of 50", size, await timeIt(50, () => getAccountRegister(userId, mainAccountId(userId), null, TODAY))));
    rows.push(row("the main account's register, ten pages down", size, await timeIt(50, () => getAccountRegister(userId, mainAccountId(userId), deep, TODAY))));
    rows.push(row("the card's register (20 rows among the others)", size, await timeIt(50, () => getAccountRegister(userId, card.account.id, null, TODAY))));
    rows.push(row("for comparison: /transactions' first page of 50 (All)", size, await timeIt(50, () => listTransactions(userId, { tab: "all", limit: 50 }))));
    rows.push(row("for comparison: /transactions ten pages down (All)", size, await timeIt(50, () => listTransactions(userId, { tab: "all", cursor: deep, limit: 50 }))));
    const write = async (entry: LedgerEntry) => {
      const written = await applyLedgerBatch(userId, { added: [entry] });
      if (!written.ok) throw new Error(JSON.stringify(written.issues));
    };
    const payment = { type: "expense" as const, amount: 2500, date: "2026-11-20", description: "Card payment", source: "manual" as const };
    rows.push(row("a transfer written: main account → card, both sides", size, await timeIt(50, () => write({ ...payment, category: TRANSFER_CATEGORY, transferAccountId: card.account.id }))));
    rows.push(row("for comparison: an expense written", size, await timeIt(50, () => write({ ...payment, category: "food" }))));
    console.log(rows.slice(-8).join("\n"));
  }
} finally {
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const report = `## Accounts

\`npx tsx bench/accounts.ts --record\` on the embedded PostgreSQL (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}), one user, service calls in-process, times in ms:

| operation | transactions | p50 | p95 | runs |
| --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}

Balances are the opening balance plus each month summary's net for the account (decision 193): one read of the user's month summaries (about sixty documents over five years), whatever the number of transactions. A register page reads its account's rows through the listing's keyset cursor; further down, the balance after its newest row adds the nets of the months before and of the days of its month before its day (each summary keeps an account's net by day, layout 4) and that day's rows up to it, which the listing has read already: no query of its own. Before (2026-11-27), ten pages down at 100,000 loaded the month's rows into the app (406 ms p50, 451 p95), then summed them in the database (270–300 ms, each query on FerretDB costing some 60 ms whatever it returns). A transfer is one ledger batch of two rows, moving the month figures of both accounts.
`;
if (RECORD) recordSection("## Accounts", report);
else console.log(report);
