// The history the benchmarks seed: transactions written straight into the collection, as the ledger stores them.
import { addDays, format } from "date-fns";
import mongoose from "mongoose";
import { Transaction } from "../models";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { updateMonthSummaries } from "~/features/transactions/month-summary.server";

export const HISTORY_START = new Date(2021, 11, 1);
export const HISTORY_DAYS = 5 * 365;
export const EXPENSE_CATEGORIES = ["housing", "food", "transportation", "utilities", "healthcare", "savings"];

/** The date of the `index`-th of `count` transactions spread evenly over five years. */
export function historyDate(index: number, count: number) {
  return format(addDays(HISTORY_START, Math.floor((index / count) * HISTORY_DAYS)), "yyyy-MM-dd");
}

/** A manual transaction as stored, with the fields the ledger derives (month, lower-case description) filled in. */
export function storedTransaction(
  userId: mongoose.Types.ObjectId,
  fields: { type: "income" | "expense"; category: string; amount: number; date: string; description: string },
) {
  // In the user's main account, whose id is theirs.
  return { userId, accountId: userId, ...fields, monthKey: fields.date.slice(0, 7), descriptionLower: fields.description.toLowerCase(), allocations: [], deleted: false, source: "manual" };
}

/** `count` expenses spread over five years from 2021, written straight to the collection with their summaries (seeding is not what is measured). */
export async function seedExpenses(userId: string, count: number) {
  const owner = new mongoose.Types.ObjectId(userId);
  for (let offset = 0; offset < count; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - offset) }, (_, index) => {
      const day = offset + index;
      const date = new Date(Date.UTC(2021, 0, 1) + Math.floor((day / count) * 5 * 365) * 86_400_000).toISOString().slice(0, 10);
      return storedTransaction(owner, { type: "expense", category: "food", amount: 500 + (day % 2000), date, description: `Purchase ${day}` });
    });
    await Transaction.insertMany(batch, { lean: true });
    await updateMonthSummaries(userId, batch, 1);
  }
}

/** `count` transactions spread evenly over five years; 10 % salary income, the rest expenses in six categories. */
function seedTransactions(userId: mongoose.Types.ObjectId, count: number) {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, index) => {
    const income = random() < 0.1;
    return storedTransaction(userId, {
      type: income ? "income" : "expense",
      category: income ? "salary" : EXPENSE_CATEGORIES[Math.floor(random() * EXPENSE_CATEGORIES.length)],
      amount: income ? 250000 + Math.floor(random() * 50000) : 500 + Math.floor(random() * 20000),
      date: historyDate(index, count),
      description: income ? "Salary" : `Purchase ${index}`,
    });
  });
}

/** Seeds `count` transactions for the user in batches, with their month summaries; resolves to the seconds it took. */
export async function seedUser(userId: string, count: number) {
  const start = performance.now();
  const transactions = seedTransactions(new mongoose.Types.ObjectId(userId), count);
  // Held as the ledger holds it, so the user's journal names the batch that wrote their summaries, as a real user's does.
  await withLedgerLock(userId, async () => {
    for (let offset = 0; offset < transactions.length; offset += 1000) {
      const batch = transactions.slice(offset, offset + 1000);
      await Transaction.insertMany(batch, { ordered: false, lean: true });
      await updateMonthSummaries(userId, batch as never, 1);
    }
  });
  return { seconds: (performance.now() - start) / 1000, lastMonthKey: transactions[transactions.length - 1].monthKey };
}
