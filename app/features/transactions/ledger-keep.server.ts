import { LRUCache } from "lru-cache";

/**
 * A process's copies of reads derived from a user's ledger (their month summaries, a listing's rows), kept
 * under the version of their ledger: the last batch, as `settleLedger` reads it from the journal. Every
 * write of transactions and their summaries is a ledger batch, in whichever process, and each batch gives
 * the journal a new version, so a copy kept under the version the journal names now is what the database
 * would answer. No version (a batch open, inside one, a user without one yet): read every time. The latest
 * `size` copies; they are shared, so read and never changed.
 */
export function ledgerKeep<T>(size: number) {
  const kept = new LRUCache<string, { version: string; value: T }>({ max: size });
  return async function keptOrRead(userId: string, version: string | null, what: string, read: () => Promise<T>): Promise<T> {
    if (!version) return read();
    const key = `${userId} ${what}`;
    const copy = kept.get(key);
    if (copy?.version === version) return copy.value;
    const value = await read();
    kept.set(key, { version, value });
    return value;
  };
}
