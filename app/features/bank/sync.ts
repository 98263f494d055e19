import type { LedgerEntry } from "~/features/transactions/ledger";
import { DESCRIPTION_MAX_LENGTH, type TransactionType } from "~/features/transactions/transactions";
import type { PlaidSyncPage, PlaidTransactionData } from "~/integrations/plaid-data";
import { minorUnitDigits, toCents, type Cents } from "~/lib/money";

/** What a whole sync brings, every page folded together: the latest state of each transaction, and the ids gone. */
type SyncChanges = { upserted: PlaidTransactionData[]; removed: string[]; nextCursor: string | null };

/** Plaid's answer when the data changed while the pages were read: start again from the saved cursor. */
export const SYNC_RESTART_CODE = "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION";
/** Restarts allowed in one sync before it gives up (the next sync starts from the same saved cursor). */
export const MAX_SYNC_RESTARTS = 3;
/** Transactions per page (Plaid's maximum). */
export const SYNC_PAGE_SIZE = 500;

/**
 * A Plaid amount in the ledger's terms: positive (money out) is an expense,
 * negative (money in) an income, in whole minor units of `currency`; a zero moves no money and is not booked.
 */
export function ledgerAmountOf(plaidAmount: number, currency: string): { type: TransactionType; amount: Cents } | null {
  const cents = Math.round(Math.abs(plaidAmount) * 10 ** minorUnitDigits(currency));
  if (!Number.isFinite(cents) || cents === 0) return null;
  return { type: plaidAmount > 0 ? "expense" : "income", amount: toCents(cents) };
}

/** Folds pages in order: the last word on each transaction wins (added then removed is gone; removed then added is back). */
export function mergeSyncPages(pages: PlaidSyncPage[]): SyncChanges {
  const latest = new Map<string, PlaidTransactionData | null>();
  for (const page of pages) {
    for (const transaction of [...page.added, ...page.modified]) latest.set(transaction.transactionId, transaction);
    for (const id of page.removed) latest.set(id, null);
  }
  const upserted: PlaidTransactionData[] = [];
  const removed: string[] = [];
  for (const [id, transaction] of latest) {
    if (transaction) upserted.push(transaction);
    else removed.push(id);
  }
  return { upserted, removed, nextCursor: pages.at(-1)?.nextCursor ?? null };
}

/**
 * Reads every page from `cursor` while Plaid says there is more. When the
 * data changes part-way (`isRestart`), the pages read are dropped and
 * reading starts again from `cursor`, at most `MAX_SYNC_RESTARTS` times.
 * Nothing is applied here: the caller applies all changes, then saves the cursor.
 */
export async function collectSyncChanges(
  fetchPage: (cursor: string | null) => Promise<PlaidSyncPage>,
  cursor: string | null,
  isRestart: (error: unknown) => boolean,
): Promise<SyncChanges & { restarts: number }> {
  for (let restarts = 0; ; restarts += 1) {
    const pages: PlaidSyncPage[] = [];
    try {
      let next = cursor;
      do {
        const page = await fetchPage(next);
        pages.push(page);
        next = page.nextCursor;
      } while (pages.at(-1)?.hasMore);
      return { ...mergeSyncPages(pages), restarts };
    } catch (error) {
      if (!isRestart(error) || restarts >= MAX_SYNC_RESTARTS) throw error;
    }
  }
}

/** The currency Plaid states for a bank transaction when it is not `currency`, its account's; null when it may be booked there. */
export function foreignCurrencyOf(transaction: PlaidTransactionData, currency: string) {
  return transaction.currency !== null && transaction.currency !== currency ? transaction.currency : null;
}

/**
 * The ledger entry of a bank transaction: uncategorized (it lands on the New tab), described by its
 * merchant or its bank text, in `account` (the user's account of its bank account; without an id the
 * main account), in minor units of that account's currency.
 */
export function bankEntryOf(transaction: PlaidTransactionData, bankName: string, account: { id?: string; currency: string }): LedgerEntry | null {
  const booked = ledgerAmountOf(transaction.amount, account.currency);
  if (!booked) return null;
  const description = (transaction.merchantName?.trim() || transaction.name.trim()).slice(0, DESCRIPTION_MAX_LENGTH);
  return {
    ...booked,
    category: "",
    date: transaction.date,
    description,
    source: "plaid",
    bankName,
    bankTransactionId: transaction.transactionId,
    bankAccountId: transaction.accountId,
    pending: transaction.pending,
    replacesBankTransactionId: transaction.pendingTransactionId,
    ...(account.id && { accountId: account.id }),
  };
}
