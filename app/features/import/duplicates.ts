/**
 * Which rows of a file are already among the user's transactions. A row is a
 * duplicate only of a stored transaction, each stored transaction answers for
 * one row at most (so three identical fees in a file, one of them already
 * stored, import two), and two identical rows of one file are two
 * transactions. Rows with the bank's own id match by that id; a stored
 * transaction without one (typed in, or imported from a file without ids)
 * matches by its key (date, amount, direction and description).
 */

type StoredImportKeys = { importKey?: string | null; bankTransactionId?: string | null };
type FileRowKeys = { importKey: string; bankId: string | null };

/** Why a row is skipped as a duplicate. */
export type DuplicateOf = "bank-id" | "same-details" | "repeated-bank-id" | "recorded-payment" | null;

export function findDuplicates(rows: FileRowKeys[], stored: StoredImportKeys[]): DuplicateOf[] {
  const storedBankIds = new Set(stored.flatMap((transaction) => (transaction.bankTransactionId ? [transaction.bankTransactionId] : [])));
  const byKey = new Map<string, Array<{ withBankId: boolean; used: boolean }>>();
  for (const transaction of stored) {
    if (!transaction.importKey) continue;
    const list = byKey.get(transaction.importKey) ?? [];
    list.push({ withBankId: Boolean(transaction.bankTransactionId), used: false });
    byKey.set(transaction.importKey, list);
  }
  const take = (key: string, allowWithBankId: boolean) => {
    const match = byKey.get(key)?.find((transaction) => !transaction.used && (allowWithBankId || !transaction.withBankId));
    if (match) match.used = true;
    return Boolean(match);
  };

  const result: DuplicateOf[] = rows.map(() => null);
  const seenBankIds = new Set<string>();
  // Ids first: a row that finds its own id must not take a key another row needs.
  rows.forEach((row, index) => {
    if (row.bankId === null) return;
    if (seenBankIds.has(row.bankId)) result[index] = "repeated-bank-id";
    else if (storedBankIds.has(row.bankId)) result[index] = "bank-id";
    seenBankIds.add(row.bankId);
  });
  rows.forEach((row, index) => {
    if (result[index] !== null) return;
    if (take(row.importKey, row.bankId === null)) result[index] = "same-details";
  });
  return result;
}
