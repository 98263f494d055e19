import { Transaction, type TransactionRecord } from "../../../models";
import { isSplitCategory, isUncategorized } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import type { ExportRow } from "./csv";
import { toCsv } from "./csv-text.server";

const EXPORT_BATCH_SIZE = 500;

const EXPORT_FIELDS = { date: 1, type: 1, category: 1, amount: 1, description: 1, source: 1, deleted: 1, allocations: 1 } as const;
type ExportedTransaction = Pick<TransactionRecord, keyof typeof EXPORT_FIELDS>;

/**
 * Every transaction of the user, deleted ones included, newest first, as CSV
 * bytes read from a database cursor batch by batch, so a large history never
 * sits in memory at once. Starts with a byte order mark so spreadsheets read
 * it as UTF-8. A split expense is one row per part, each in its category.
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
        const { allocations, ...row } = transaction;
        const parts = isSplitCategory(row.category) ? allocations : [{ categoryId: row.category, amount: row.amount }];
        for (const part of parts) batch.push({ ...row, category: categoryName(part.categoryId), amount: part.amount });
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
