import { Schema, type InferSchemaType } from "mongoose";
import { defineModel } from "./define-model";

/**
 * Running totals of one user's month, kept in step with every transaction
 * write ($inc). `_id` is "<userId>:<yyyy-MM>" so the dashboard reads it with
 * an _id lookup, which both FerretDB backends answer without a scan.
 * categories: { [categoryId]: { income, expense, allocated } } in cents, where
 * `allocated` is income placed against an expense category (an offset).
 * `count` counts live transactions, `uncategorizedCount` the live ones without
 * a category, `deletedCount` the soft-deleted ones, `unconvertedCount` the live
 * ones in another currency that no rate converts yet (left out of the totals).
 * income, expense and categories are in the user's reporting currency. `version` names the layout
 * (SUMMARY_VERSION); a summary of an older one is rebuilt when first read.
 * accounts: { [accountId]: { net, count } }: what the month's live
 * transactions moved each account's balance by (signed cents), and how many;
 * what each day moved it by is in AccountDayNets (a balance at any day without a scan).
 * tags: { [tagId]: { count, income, expense } }: the month's live transactions carrying each tag.
 */
const monthSummarySchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    monthKey: { type: String, required: true },
    income: { type: Number, default: 0 },
    expense: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    uncategorizedCount: { type: Number, default: 0 },
    deletedCount: { type: Number, default: 0 },
    unconvertedCount: { type: Number, default: 0 },
    version: { type: Number },
    categories: { type: Schema.Types.Mixed, default: () => ({}) },
    accounts: { type: Schema.Types.Mixed, default: () => ({}) },
    tags: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { minimize: false, collection: "monthSummaries" },
);

/** One category's totals in a month; a total never incremented is absent. */
type CategoryMonthTotals = { income?: number; expense?: number; allocated?: number };

/** One account's totals in a month. */
type AccountMonthTotals = { net?: number; count?: number };

/** One tag's totals in a month. */
type TagMonthTotals = { count?: number; income?: number; expense?: number };

/** A stored month summary as a lean read returns it. `categories`, `accounts` and `tags` are Mixed (keys are ids), which inference leaves untyped. */
export type MonthSummaryRecord = Omit<InferSchemaType<typeof monthSummarySchema>, "categories" | "accounts" | "tags"> & {
  categories: Record<string, CategoryMonthTotals>;
  accounts?: Record<string, AccountMonthTotals>;
  tags?: Record<string, TagMonthTotals>;
};

export function monthSummaryId(userId: string, monthKey: string) {
  return `${userId}:${monthKey}`;
}

export const MonthSummary = defineModel("MonthSummary", monthSummarySchema);
