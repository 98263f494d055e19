import type { ImportKeyEntry } from "../../../models";

/** What a transaction document gives its day's import keys: live ones with a key count. */
export type KeyedTransaction = { date: string; deleted?: boolean | null; importKey?: string | null; bankTransactionId?: string | null };

type DayChange = { added: ImportKeyEntry[]; removed: ImportKeyEntry[] };

function entryOf(transaction: KeyedTransaction | null): ImportKeyEntry | null {
  if (!transaction || transaction.deleted || !transaction.importKey) return null;
  return { k: transaction.importKey, b: transaction.bankTransactionId ?? null };
}

const sameEntry = (a: ImportKeyEntry, b: ImportKeyEntry) => a.k === b.k && a.b === b.b;

/** The import keys of each day of `transactions` (live ones only), one entry per transaction. */
export function keyDaysOf(transactions: KeyedTransaction[]) {
  const days = new Map<string, ImportKeyEntry[]>();
  for (const transaction of transactions) {
    const entry = entryOf(transaction);
    if (!entry) continue;
    const entries = days.get(transaction.date) ?? [];
    entries.push(entry);
    days.set(transaction.date, entries);
  }
  return days;
}

/**
 * What the ledger's writes (each document before and after it) change in each day's keys: the entries
 * added and removed, a write that leaves a transaction's keys and day as they were changing nothing.
 */
export function keyDayChanges(changes: Array<{ before: KeyedTransaction | null; after: KeyedTransaction | null }>) {
  const days = new Map<string, DayChange>();
  const dayOf = (date: string) => {
    const day = days.get(date) ?? { added: [], removed: [] };
    days.set(date, day);
    return day;
  };
  for (const { before, after } of changes) {
    const left = entryOf(before);
    const arrived = entryOf(after);
    if (left && arrived && before!.date === after!.date && sameEntry(left, arrived)) continue;
    if (left) dayOf(before!.date).removed.push(left);
    if (arrived) dayOf(after!.date).added.push(arrived);
  }
  // A transaction the batch added and then changed or removed again must not be removed before it is there.
  for (const [date, day] of days) {
    const added = [...day.added];
    day.removed = day.removed.filter((entry) => {
      const at = added.findIndex((candidate) => sameEntry(candidate, entry));
      if (at === -1) return true;
      added.splice(at, 1);
      return false;
    });
    day.added = added;
    if (day.added.length === 0 && day.removed.length === 0) days.delete(date);
  }
  return days;
}

/** `entries` without one occurrence of each of `removed` (one that is not there is passed over). */
export function withoutEntries(entries: ImportKeyEntry[], removed: ImportKeyEntry[]) {
  const kept = [...entries];
  for (const entry of removed) {
    const at = kept.findIndex((candidate) => sameEntry(candidate, entry));
    if (at !== -1) kept.splice(at, 1);
  }
  return kept;
}

/** Whether two days hold the same entries, whatever their order. */
export function sameEntries(a: ImportKeyEntry[], b: ImportKeyEntry[]) {
  if (a.length !== b.length) return false;
  const text = (entries: ImportKeyEntry[]) => entries.map((entry) => `${entry.k}\u0000${entry.b ?? ""}`).sort().join("\u0001");
  return text(a) === text(b);
}
