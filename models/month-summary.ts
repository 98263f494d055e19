import mongoose, { Schema } from "mongoose";

/**
 * Running totals of one user's month, kept in step with every transaction
 * write ($inc). `_id` is "<userId>:<yyyy-MM>" so the dashboard reads it with
 * an _id lookup, which both FerretDB backends answer without a scan.
 * categories: { [categoryId]: { income, expense, allocated } } in cents, where
 * `allocated` is income placed against an expense category (an offset).
 */
const monthSummarySchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    monthKey: { type: String, required: true },
    income: { type: Number, default: 0 },
    expense: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    categories: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { minimize: false, collection: "monthSummaries" },
);

export function monthSummaryId(userId: string, monthKey: string) {
  return `${userId}:${monthKey}`;
}

export const MonthSummary = mongoose.models.MonthSummary ?? mongoose.model("MonthSummary", monthSummarySchema);
