import type { TransactionType } from "./transactions";

type ImportKeyFields = { date: string; amount: number; type: TransactionType; description: string };

/**
 * The key that finds the same bank row again: date | amount in cents | type |
 * description (NFKC, trimmed, runs of spaces collapsed, lower case). Every
 * transaction carries it, typed in or imported, so an import recognises a
 * transaction already there however it got there.
 */
export function importKey({ date, amount, type, description }: ImportKeyFields) {
  const normalised = description.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return `${date}|${amount}|${type}|${normalised}`;
}
