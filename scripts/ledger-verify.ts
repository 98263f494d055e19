// npm run ledger:verify: recounts every user's month summaries from their transactions, repairs the months
// that differ and reports them, and finishes savings contributions a crash left pending. Safe while the app
// runs (each user's ledger is held while it is recounted). The database is MONGODB_URI when set, else the one
// a running `npm start` of this checkout uses, else this checkout's embedded database, started for the occasion.
import { finishPendingContributions } from "~/features/savings/savings.server";
import { recountLedger } from "~/features/transactions/ledger-journal.server";
import { usersWithLedgers } from "~/features/transactions/month-recount.server";
import { describeRecountedMonth } from "~/features/transactions/month-summary";
import { openScriptDatabase } from "./script-database";

const database = await openScriptDatabase(process.argv);
try {
  const users = await usersWithLedgers();
  let repairedUsers = 0;
  let repairedMonths = 0;
  let finished = 0;
  for (const userId of users) {
    const changed = await recountLedger(userId);
    finished += await finishPendingContributions(userId);
    if (changed.length === 0) continue;
    repairedUsers += 1;
    repairedMonths += changed.length;
    console.log(`user ${userId}: ${changed.length} month(s) repaired`);
    for (const month of changed) console.log(`  ${describeRecountedMonth(month)}`);
  }
  console.log(
    `Recounted ${users.length} user(s): ${repairedUsers === 0 ? "every month summary matched its transactions" : `${repairedMonths} month(s) of ${repairedUsers} user(s) repaired`}` +
      `${finished > 0 ? `; ${finished} pending savings contribution(s) written` : ""}.`,
  );
} catch (error) {
  console.error(`The verification failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
