// What the ledger's crash safety costs (decision 170), on the embedded PostgreSQL: for one user with 1k and
// 100k transactions, the time of an added transaction (its batch records itself in the journal before its
// first write and clears it after its last), of an empty hold of the ledger (the journal's two writes alone),
// of a month's totals read (one look at the journal, then the summary), of the recovery after a crash (the
// months the cut-off batch declared) and of the full recount of `npm run ledger:verify`.
// Run: npx tsx bench/ledger.ts [--sizes 1000,100000] [--record]
import os from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import mongoose from "mongoose";
import { MonthSummary, monthSummaryId } from "../models";
import { createThrowAwayDirectory, startEmbeddedDatabase } from "../scripts/embedded-db.mjs";
import { createEmailUser } from "~/features/auth/user.server";
import { recountLedger, withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { recountMonthSummaries } from "~/features/transactions/month-recount.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { createTransaction } from "~/features/transactions/transactions.server";
import { seedExpenses } from "./history";
import { recordSection, timeIt, type Stats } from "./timing";
import { connectWithIndexes } from "./database";

const args = process.argv.slice(2);
const SIZES = (args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "1000,100000").split(",").map(Number);
const RECORD = args.includes("--record");
process.env.NODE_ENV = "production";

const ms = (value: number) => value.toFixed(1);
const row = (label: string, size: number, figures: Stats) => `| ${label} | ${size.toLocaleString("en-US")} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${figures.count} |`;

const workDir = createThrowAwayDirectory("ledgerly-bench-ledger-");
const database = await startEmbeddedDatabase({ dataDir: path.join(workDir, "pg"), throwAway: true, database: "bench-ledger" });
await connectWithIndexes(database.uri);
const rows: string[] = [];
try {
  for (const size of SIZES) {
    const userId = await createEmailUser(`ledger-bench-${size}@example.com`, "Str0ng!Passw0rd");
    await seedExpenses(userId, size);
    let day = 0;
    rows.push(row("add a transaction (form → ledger, journal included)", size, await timeIt(100, () => createTransaction(userId, { type: "expense", amount: 1234, category: "food", date: `2026-03-${String((day++ % 28) + 1).padStart(2, "0")}` }))));
    rows.push(row("hold the ledger, write nothing (the journal's two writes)", size, await timeIt(100, () => withLedgerLock(userId, async () => undefined))));
    rows.push(row("a month's totals (journal look + summary read)", size, await timeIt(100, () => getMonthTotals(userId, "2026-03"))));
    rows.push(
      row(
        "recovery after a crash: recount the month the batch declared",
        size,
        await timeIt(20, async () => {
          await MonthSummary.updateOne({ _id: monthSummaryId(userId, "2026-03") }, { $inc: { expense: 1 } });
          await withLedgerLock(userId, () => recountMonthSummaries(userId, ["2026-03"]));
        }),
      ),
    );
    rows.push(row("full recount (npm run ledger:verify), nothing to repair", size, await timeIt(size >= 100_000 ? 5 : 20, () => recountLedger(userId))));
    rows.push(
      row(
        "full recount, one month to repair",
        size,
        await timeIt(size >= 100_000 ? 5 : 20, async () => {
          await MonthSummary.updateOne({ _id: monthSummaryId(userId, "2026-03") }, { $inc: { expense: 1 } });
          await recountLedger(userId);
        }),
      ),
    );
    console.log(rows.slice(-6).join("\n"));
  }
} finally {
  await mongoose.disconnect();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const report = `## Ledger crash safety

\`npx tsx bench/ledger.ts --record\` on the embedded PostgreSQL (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}), one user, times in ms:

| operation | transactions | p50 | p95 | runs |
| --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}

The journal (decision 170) costs the two writes of an empty hold (and one more declaring the months) on every batch, and one \`_id\` read on every read of the summaries. After a crash only the months the cut-off batch declared are recounted (the verification job does the same for the months written since its last run); the full recount reads every transaction of the user and is left to \`npm run ledger:verify\`.
`;
if (RECORD) recordSection("## Ledger crash safety", report);
else console.log(report);
