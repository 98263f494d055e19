// The history the benchmarks seed: transactions written straight into the collection, as the ledger stores them.
import { addDays, format } from "date-fns";
import type mongoose from "mongoose";

export const HISTORY_START = new Date(2021, 11, 1);
export const HISTORY_DAYS = 5 * 365;

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
