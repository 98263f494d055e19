import { Schema, type Types } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/**
 * One reconciliation of an account against a bank statement: the statement's date and closing balance,
 * the account's balance on that date by its transactions (`clearedBalance`, before any adjustment), the
 * difference between the two, and what the user did. `matched`: the transactions up to the date were
 * cleared (`transactionCount` of them), after an adjustment transaction of `adjustment` when the two
 * differed; `unmatched`: the difference was kept as a note and nothing was cleared. Amounts are signed
 * cents from the user's side, like the account's balance (what a card owes is below zero).
 */
const reconciliationSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    accountId: { type: Schema.Types.ObjectId, ref: "Account", required: true },
    statementDate: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    statementBalance: { type: Number, required: true, validate: wholeCents },
    clearedBalance: { type: Number, required: true, validate: wholeCents },
    difference: { type: Number, required: true, validate: wholeCents },
    adjustment: { type: Number, default: 0, validate: wholeCents },
    status: { type: String, enum: ["matched", "unmatched"] as const, required: true },
    transactionCount: { type: Number, default: 0 },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "reconciliations" },
);
// An account's reconciliations, the latest statement first.
reconciliationSchema.index({ userId: 1, accountId: 1, statementDate: -1 });

export type ReconciliationRecord = LeanOf<typeof reconciliationSchema> & { _id: Types.ObjectId; createdAt: Date };

export const Reconciliation = defineModel("Reconciliation", reconciliationSchema);
