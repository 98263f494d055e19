import { Types } from "mongoose";
import { Migration, Transaction } from "../../../models";
import { ensureMainAccount } from "~/features/accounts/accounts.server";
import { todayIso } from "~/lib/month";
import { declareMonths, withLedgerLock } from "./ledger-journal.server";
import { recountMonthSummaries } from "./month-recount.server";

const MIGRATION = "transactions-into-accounts";

/** The transactions of the layout before accounts: those that name none. */
const WITHOUT_ACCOUNT = { accountId: null };

/**
 * Moves one user's transactions of the layout before accounts into their main account, holding their
 * ledger: the main account is stored (opening on the day of their first transaction, at zero, so every
 * balance stays the sum of the transactions it had), every transaction without an account gets it, and
 * the month summaries are counted again with the accounts' nets. The journal declares every month
 * first, so a crash part-way is recounted by the next read; run again, it finds nothing left to move.
 */
export function moveUserIntoMainAccount(userId: string) {
  return withLedgerLock(userId, async () => {
    const owner = new Types.ObjectId(userId);
    await declareMonths(userId, "all");
    const first = await Transaction.findOne({ userId: owner, ...WITHOUT_ACCOUNT }).sort({ date: 1 }).select({ date: 1 }).lean<{ date: string }>();
    await ensureMainAccount(userId, first?.date ?? todayIso());
    const moved = await Transaction.updateMany({ userId: owner, ...WITHOUT_ACCOUNT }, { $set: { accountId: owner } });
    await recountMonthSummaries(userId);
    return moved.modifiedCount;
  });
}

/**
 * The migration to accounts, run at start before any request: each user with transactions of the layout
 * before moves into their main account, then the migration is recorded so later starts skip the search.
 * Safe to repeat and to run on two processes at once (each user's move holds their ledger and finds
 * nothing the second time). Resolves to how many users were moved.
 */
export async function moveTransactionsIntoAccounts() {
  if (await Migration.exists({ _id: MIGRATION })) return 0;
  const userIds = (await Transaction.distinct("userId", WITHOUT_ACCOUNT)).map(String);
  for (const userId of userIds) await moveUserIntoMainAccount(userId);
  await Migration.updateOne({ _id: MIGRATION }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  return userIds.length;
}
