import { connectionIdsToSync, syncConnectionById } from "../app/features/bank/bank.server";

/** Syncs one linked bank: queued by Plaid's webhooks. */
export const BANK_SYNC = "bank-sync";
/** Syncs every linked bank once a night, for the banks whose webhooks went missing. */
export const BANK_SYNC_NIGHTLY = "bank-sync-nightly";
export const BANK_SYNC_NIGHTLY_SCHEDULE = "0 3 * * *";
/** When a bank is busy with another sync, its queued sync runs again this much later (the news may have come after that sync read). */
export const BANK_SYNC_RETRY_DELAY = "in 1 minute";

export type BankSyncJobData = { connectionId: string };

/** `busy` when another sync of the bank is running: the caller queues it again. */
export async function syncBank(connectionId: string): Promise<"synced" | "busy" | "failed" | "gone"> {
  const outcome = await syncConnectionById(connectionId);
  if (outcome.ok) return outcome.alreadyRunning ? "busy" : "synced";
  return outcome.reason === "not-found" ? "gone" : "failed";
}

export async function syncEveryBank() {
  const counts = { synced: 0, busy: 0, failed: 0, gone: 0 };
  for (const connectionId of await connectionIdsToSync()) counts[await syncBank(connectionId)] += 1;
  if (counts.failed > 0) console.warn(`nightly bank sync: ${counts.failed} of ${counts.synced + counts.failed} banks failed`);
  return counts;
}
