import { finishPendingContributions } from "../app/features/savings/savings.server";
import { usersToVerify, verifyWrittenMonths } from "../app/features/transactions/ledger-journal.server";
import { describeRecountedMonth } from "../app/features/transactions/month-summary";

export const VERIFY_LEDGERS = "verify-ledgers";
export const VERIFY_LEDGERS_INTERVAL = "10 minutes";

/**
 * The months written since the last run are recounted (and a cut-off
 * batch's, holding its user's ledger): a month that differs from its
 * transactions is repaired and reported, and a savings contribution a crash
 * left pending is written.
 */
export async function verifyLedgers(now = new Date()) {
  const users = await usersToVerify(now.getTime());
  let repaired = 0;
  for (const userId of users) {
    const changed = await verifyWrittenMonths(userId);
    await finishPendingContributions(userId);
    if (changed.length === 0) continue;
    repaired += 1;
    console.warn(`ledger verification: user ${userId} repaired: ${changed.map(describeRecountedMonth).join("; ")}`);
  }
  return { checked: users.length, repaired };
}
