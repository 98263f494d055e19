import { Schema, type Types } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/**
 * One savings goal of a user: the one store of goals (decision 141). Money in
 * cents. `progress` is not stored: it is derived from `current` and `target`
 * on every read, so it can never disagree with them.
 */
const savingsGoalSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    name: { type: String, required: true },
    target: { type: Number, required: true, min: 1, validate: wholeCents },
    current: { type: Number, default: 0, min: 0, validate: wholeCents },
    /** yyyy-MM-dd; one year from the day the goal was added unless chosen. */
    deadline: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    /** The user's account the goal's money is kept in (decision 196): contributions are transfers into it. Null: none. */
    accountId: { type: Schema.Types.ObjectId, ref: "Account", default: null },
    /**
     * A raise of `current` whose savings transaction is not written yet:
     * recorded in the same write as the raise, cleared once the ledger holds
     * the transaction (whose id `submissionKey` fixes), so a crash between
     * the two leaves it to finish rather than lost. `accountId` is the goal's
     * account at the raise (the transfer's destination), null for a savings expense.
     */
    pendingContribution: {
      type: new Schema(
        {
          submissionKey: { type: String, required: true },
          amount: { type: Number, required: true, min: 1, validate: wholeCents },
          date: { type: String, required: true },
          description: { type: String, default: "" },
          accountId: { type: Schema.Types.ObjectId, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true, collection: "savingsGoals" },
);

export type SavingsGoalRecord = LeanOf<typeof savingsGoalSchema> & { _id: Types.ObjectId };

export const SavingsGoal = defineModel("SavingsGoal", savingsGoalSchema);
