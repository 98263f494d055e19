import { DEFAULT_CURRENCY } from "~/lib/currency";
import { Transaction, type TransactionRecord } from "../../../models";
import { isSplitCategory } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { listAccountNames, mainAccountId } from "~/features/accounts/accounts.server";
import { transactionLabel } from "~/features/transactions/transactions";
import { tagNameMap } from "~/features/tags/tag-names";
import { listTags } from "~/features/tags/tags.server";
import type { ExportRow } from "./csv";
import { toCsv } from "./csv-text.server";

const EXPORT_BATCH_SIZE = 500;

const EXPORT_FIELDS = { date: 1, type: 1, category: 1, amount: 1, description: 1, source: 1, deleted: 1, allocations: 1, transferAccountId: 1, accountId: 1, cleared: 1, tagIds: 1 } as const;
type ExportedTransaction = Pick<TransactionRecord, keyof typeof EXPORT_FIELDS>;

/**
 * Every transaction of the user, deleted ones included, newest first, as CSV
 * bytes read from a database cursor batch by batch, so a large history never
 * sits in memory at once. Starts with a byte order mark so spreadsheets read
 * it as UTF-8. A split expense is one row per part, each in its category; a
 * side of a transfer names the other account ("Transfer to Savings"); each
 * row names its account, whether it is cleared against a statement, and the
 * account's currency its amount is in, and its tags (separated by commas).
 */
export async function transactionsCsvStream(userId: string) {
  const [categories, accounts, tags] = await Promise.all([getCategories(userId), listAccountNames(userId), listTags(userId)]);
  const tagNames = tagNameMap(tags);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  const currencies = new Map(accounts.map((account) => [account.id, account.currency]));
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
        const { allocations, transferAccountId, accountId, cleared, tagIds, ...row } = transaction;
        const tagged = (tagIds ?? []).flatMap((id) => tagNames.get(id) ?? []);
        const held = accountId ? String(accountId) : mainAccountId(userId);
        const account = accountNames.get(held) ?? "";
        const currency = currencies.get(held) ?? DEFAULT_CURRENCY;
        const parts = isSplitCategory(row.category) ? allocations : [{ categoryId: row.category, amount: row.amount }];
        for (const part of parts) {
          const category = transactionLabel({ type: row.type, category: part.categoryId, transferAccountId: transferAccountId ? String(transferAccountId) : null }, names, accountNames);
          batch.push({ ...row, category, amount: part.amount, account, cleared: cleared === true, currency, tags: tagged });
        }
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
