import { recordSnapshotsForAllUsers } from "../app/features/net-worth/net-worth.server";

export const NET_WORTH_SNAPSHOTS = "net-worth-snapshots";
export const NET_WORTH_SNAPSHOTS_INTERVAL = "1 hour";

/**
 * The current month's net worth of every user with assets or debts, written
 * again every hour: the last write of a month is its month-end figure.
 */
export async function recordNetWorthSnapshots(now = new Date()) {
  const result = await recordSnapshotsForAllUsers(now);
  if (result.failed > 0) console.warn(`net worth snapshots: ${result.failed} of ${result.failed + result.recorded} failed for ${result.monthKey}`);
  return result;
}
