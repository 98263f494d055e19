import { finishPendingContributions } from "../app/features/savings/savings.server";
import { recountLedger, usersWithCutOffBatches, usersWrittenSince } from "../app/features/transactions/ledger-journal.server";
import { describeRecountedMonth } from "../app/features/transactions/month-summary";

export const VERIFY_LEDGERS = "verify-ledgers";
export const VERIFY_LEDGERS_INTERVAL = "10 minutes";
/** A little more than the interval, so a run that started late still covers every write since the one before. */
const LOOK_BACK_MS = 15 * 60 * 1000;

/**
 * The users written to recently, and those whose last batch was cut off,
 * are recounted: a month that differs from its transactions is repaired and
 * reported, and a savings contribution a crash left pending is written.
 */
export async function verifyLedgers(now = new Date()) {
  const users = new Set([...(await usersWrittenSince(new Date(now.getTime() - LOOK_BACK_MS))), ...(await usersWithCutOffBatches(now.getTime()))]);
  let repaired = 0;
  for (const userId of users) {
    const changed = await recountLedger(userId);
    await finishPendingContributions(userId);
    if (changed.length === 0) continue;
    repaired += 1;
    console.warn(`ledger verification: user ${userId} repaired: ${changed.map(describeRecountedMonth).join("; ")}`);
  }
  return { checked: users.size, repaired };
}
