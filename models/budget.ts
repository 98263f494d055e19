import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/** A monthly budget, or one category's budget of a month; `amount` in cents. */
const budgetEntrySchema = new Schema(
  {
    amount: { type: Number, required: true, validate: wholeCents },
    userSet: { type: Boolean, default: false },
    carriedOver: { type: Boolean, default: false },
  },
  { _id: false },
);

/**
 * Budgets of one user: the monthly budget (`kind: "month"`, `_id`
 * "<userId>:<yyyy-MM>") and the per-category budgets of a month (`kind:
 * "categories"`, `_id` "<userId>:categories-<yyyy-MM>", `categories` maps a
 * category id to { amount, userSet, carriedOver }). Amounts in cents.
 */
const budgetSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    kind: { type: String, enum: ["month", "categories"], required: true },
    monthKey: { type: String, required: true },
    amount: { type: Number, default: 0, validate: wholeCents },
    userSet: { type: Boolean, default: false },
    carriedOver: { type: Boolean, default: false },
    categories: { type: Map, of: budgetEntrySchema, default: () => new Map() },
  },
  { timestamps: { createdAt: false, updatedAt: true }, minimize: false },
);

budgetSchema.index({ userId: 1, kind: 1, monthKey: 1 });

export function monthBudgetId(userId: string, monthKey: string) {
  return `${userId}:${monthKey}`;
}

export function categoryBudgetsId(userId: string, monthKey: string) {
  return `${userId}:categories-${monthKey}`;
}

export type BudgetRecord = LeanOf<typeof budgetSchema>;

export const Budget = defineModel("Budget", budgetSchema);
