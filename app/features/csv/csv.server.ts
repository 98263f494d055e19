import mongoose from "mongoose";
import { Transaction, type TransactionRecord } from "../../../models";
import { isUncategorized, type Category } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { LedgerRefusedError, type LedgerEntry } from "~/features/transactions/ledger";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { importKey, type ExportRow, type MappedRow, type MappedTransaction } from "./csv";
import { toCsv } from "./csv-text.server";

/** Keys per duplicate lookup: few round trips for a large file, a bounded `$in` for the database. */
const KEY_BATCH_SIZE = 1000;
const EXPORT_BATCH_SIZE = 500;

export type ImportRow = MappedTransaction & {
  importKey: string;
  /** The user's category the row's category text names (same type), or "" for the New tab. */
  categoryId: string;
  categoryName: string;
  duplicate: boolean;
};
export type PreviewRow = ({ ok: true } & ImportRow) | { ok: false; line: number; error: string };
export type ImportPreview = { rows: PreviewRow[]; counts: { new: number; duplicate: number; invalid: number } };

/** Which of `keys` the user already has on a transaction that is not deleted. */
async function existingImportKeys(userId: string, keys: string[]) {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += KEY_BATCH_SIZE) {
    const batch = keys.slice(start, start + KEY_BATCH_SIZE);
    const stored = await Transaction.find({
      userId,
      importKey: mongoose.trusted({ $in: batch }),
      deleted: mongoose.trusted({ $ne: true }),
    })
      .select({ _id: 0, importKey: 1 })
      .lean<Array<Pick<TransactionRecord, "importKey">>>();
    for (const transaction of stored) if (transaction.importKey) found.add(transaction.importKey);
  }
  return found;
}

/** The category a row's text names (by name or id, ignoring case) when it fits the row's type. */
function resolveCategory(categories: Category[], text: string, type: MappedTransaction["type"]) {
  const wanted = text.trim().toLowerCase();
  if (!wanted || isUncategorized(wanted)) return undefined;
  return categories.find((category) => category.type === type && (category.id === wanted || category.name.toLowerCase() === wanted));
}

/**
 * Marks each readable row new or duplicate. A duplicate has the import key of
 * one of the user's transactions that is not deleted, or of an earlier row of
 * the same file. Nothing is written.
 */
export async function previewImport(userId: string, mapped: MappedRow[]): Promise<ImportPreview> {
  const keyed = mapped.map((row) => (row.ok ? { ...row.transaction, importKey: importKey(row.transaction) } : row));
  const keys = new Set<string>();
  for (const row of keyed) if ("importKey" in row) keys.add(row.importKey);
  const [existing, categories] = await Promise.all([existingImportKeys(userId, [...keys]), getCategories(userId)]);

  const seen = new Set<string>();
  const counts = { new: 0, duplicate: 0, invalid: 0 };
  const rows = keyed.map((row): PreviewRow => {
    if (!("importKey" in row)) {
      counts.invalid += 1;
      return row;
    }
    const duplicate = existing.has(row.importKey) || seen.has(row.importKey);
    seen.add(row.importKey);
    counts[duplicate ? "duplicate" : "new"] += 1;
    const category = resolveCategory(categories, row.category, row.type);
    return { ok: true, ...row, categoryId: category?.id ?? "", categoryName: category?.name ?? "", duplicate };
  });
  return { rows, counts };
}

/**
 * Hands the new rows to the ledger in one batch (duplicates are checked
 * again, against the database as it is now).
 */
export async function commitImport(userId: string, mapped: MappedRow[]) {
  const { rows, counts } = await previewImport(userId, mapped);
  const entries = rows
    .filter((row): row is { ok: true } & ImportRow => row.ok && !row.duplicate)
    .map((row): LedgerEntry => ({ type: row.type, category: row.categoryId, amount: row.amount, date: row.date, description: row.description, source: "import" }));
  if (entries.length === 0) return { imported: 0, skipped: counts.duplicate };
  const result = await applyLedgerBatch(userId, { added: entries });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return { imported: result.added.length, skipped: counts.duplicate };
}

const EXPORT_FIELDS = { date: 1, type: 1, category: 1, amount: 1, description: 1, source: 1, deleted: 1 } as const;
type ExportedTransaction = Pick<TransactionRecord, keyof typeof EXPORT_FIELDS>;

/**
 * Every transaction of the user, deleted ones included, newest first, as CSV
 * bytes read from a database cursor batch by batch, so a large history never
 * sits in memory at once. Starts with a byte order mark so spreadsheets read
 * it as UTF-8.
 */
export async function transactionsCsvStream(userId: string) {
  const names = new Map((await getCategories(userId)).map((category) => [category.id, category.name]));
  const categoryName = (id = "") => (isUncategorized(id) ? "Uncategorized" : (names.get(id) ?? id));
  const cursor = Transaction.find({ userId })
    .sort({ date: -1, _id: -1 })
    .select({ _id: 0, ...EXPORT_FIELDS })
    .lean<ExportedTransaction[]>()
    .cursor({ batchSize: EXPORT_BATCH_SIZE });
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${toCsv([])}`));
    },
    async pull(controller) {
      const batch: ExportRow[] = [];
      while (batch.length < EXPORT_BATCH_SIZE) {
        const transaction: ExportedTransaction | null = await cursor.next();
        if (!transaction) break;
        batch.push({ ...transaction, category: categoryName(transaction.category) });
      }
      if (batch.length > 0) controller.enqueue(encoder.encode(toCsv(batch, { header: false })));
      if (batch.length < EXPORT_BATCH_SIZE) {
        await cursor.close();
        controller.close();
      }
    },
    async cancel() {
      await cursor.close();
    },
  });
}
