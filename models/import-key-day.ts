import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/**
 * The import keys of one user's live transactions of one day, each with its bank id (null when it has none),
 * one entry per transaction (repeats included), kept in step with every transaction write beside the month
 * summaries and rebuilt with them. An import's duplicate check reads these small documents of its months
 * instead of every transaction of those months (FerretDB reads a document whole, whatever the projection).
 * `_id` is "<userId>:<yyyy-MM-dd>".
 */
const importKeyDaySchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    monthKey: { type: String, required: true },
    entries: { type: [Schema.Types.Mixed], default: [] },
  },
  { collection: "importKeyDays", versionKey: false },
);
importKeyDaySchema.index({ userId: 1, monthKey: 1 });

/** One stored transaction's keys: `k` its import key, `b` the bank's id of it. */
export type ImportKeyEntry = { k: string; b: string | null };

export type ImportKeyDayRecord = { _id: string; userId: unknown; monthKey: string; entries: ImportKeyEntry[] };

export const ImportKeyDay = defineModel("ImportKeyDay", importKeyDaySchema);

export function importKeyDayId(userId: string, date: string) {
  return `${userId}:${date}`;
}
