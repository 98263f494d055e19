import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/** One asset of the user: a default (`cash`, `savings`…) or a custom one (`custom_<name>`); amount in cents. */
const assetEntrySchema = new Schema(
  {
    key: { type: String, required: true },
    name: { type: String, required: true },
    amount: { type: Number, required: true, min: 0, validate: wholeCents },
  },
  { _id: false },
);

const ASSET_SOURCES = ["accounts", "typed"] as const;

/** For each typed asset accounts may stand for: whether the user counts the accounts or the amount typed (decision 200). */
const assetSourcesSchema = new Schema(
  {
    cash: { type: String, enum: ASSET_SOURCES },
    savings: { type: String, enum: ASSET_SOURCES },
    investments: { type: String, enum: ASSET_SOURCES },
  },
  { _id: false },
);

/**
 * The assets of one user (decision 130): one document per user whose
 * `_id` is the user id, so every read is an `_id` lookup. The six defaults
 * come first, then the custom entries in the order they were added; a save
 * replaces the whole list (FerretDB cannot edit array elements in place).
 */
const financialAssetsSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    entries: { type: [assetEntrySchema], default: [] },
    sources: { type: assetSourcesSchema, default: () => ({}) },
  },
  { timestamps: true, collection: "financialAssets" },
);

export type FinancialAssetsRecord = Omit<LeanOf<typeof financialAssetsSchema>, "entries" | "sources"> & {
  entries: Array<LeanOf<typeof assetEntrySchema>>;
  sources?: LeanOf<typeof assetSourcesSchema>;
};

export const FinancialAssets = defineModel("FinancialAssets", financialAssetsSchema);

/**
 * The user's net worth in one month, `_id` "<userId>:<yyyy-MM>". A job
 * rewrites the current month's figures every hour (and a save of assets or
 * income does at once), so the last write of a month is its month-end figure.
 */
const netWorthSnapshotSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    monthKey: { type: String, required: true, match: /^\d{4}-(0[1-9]|1[0-2])$/ },
    totalAssets: { type: Number, required: true, validate: wholeCents },
    totalDebts: { type: Number, required: true, validate: wholeCents },
    netWorth: { type: Number, required: true, validate: wholeCents },
  },
  { timestamps: { createdAt: false, updatedAt: true }, collection: "netWorthSnapshots" },
);

netWorthSnapshotSchema.index({ userId: 1, monthKey: -1 });

export function netWorthSnapshotId(userId: string, monthKey: string) {
  return `${userId}:${monthKey}`;
}

export type NetWorthSnapshotRecord = LeanOf<typeof netWorthSnapshotSchema>;

export const NetWorthSnapshot = defineModel("NetWorthSnapshot", netWorthSnapshotSchema);
