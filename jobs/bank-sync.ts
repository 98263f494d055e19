import { connectionIdsToSync, isSyncAskedFor, syncConnectionById } from "../app/features/bank/bank.server";

/** Syncs one linked bank: queued by Plaid's webhooks. */
export const BANK_SYNC = "bank-sync";
/** Syncs every linked bank once a night, for the banks whose webhooks went missing. */
export const BANK_SYNC_NIGHTLY = "bank-sync-nightly";
export const BANK_SYNC_NIGHTLY_SCHEDULE = "0 3 * * *";
/**
 * A bank busy with another sync runs once more when that sync ends (it is asked to). Should that sync's
 * process die, its lock lapses after five minutes: the queued sync runs then, unless a sync ran since.
 */
export const BANK_SYNC_RETRY_DELAY = "in 6 minutes";

export type BankSyncJobData = { connectionId: string; ifStillAsked?: boolean };

/** `busy` when another sync of the bank is running: the caller queues it again. */
export async function syncBank(connectionId: string): Promise<"synced" | "busy" | "failed" | "gone"> {
  const outcome = await syncConnectionById(connectionId);
  if (outcome.ok) return outcome.alreadyRunning ? "busy" : "synced";
  return outcome.reason === "not-found" ? "gone" : "failed";
}

/** The queued sync of a bank that was busy: none when a sync has run since it was asked for. */
export async function syncBankIfStillAsked(connectionId: string) {
  return (await isSyncAskedFor(connectionId)) ? syncBank(connectionId) : "already-synced";
}

export async function syncEveryBank() {
  const counts = { synced: 0, busy: 0, failed: 0, gone: 0 };
  for (const connectionId of await connectionIdsToSync()) counts[await syncBank(connectionId)] += 1;
  if (counts.failed > 0) console.warn(`nightly bank sync: ${counts.failed} of ${counts.synced + counts.failed} banks failed`);
  return counts;
}
