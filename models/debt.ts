import { Schema, type Types } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

const DEBT_TYPES = ["credit_card", "loan", "mortgage", "student_loan", "car_loan", "other"] as const;
const DEBT_PRIORITIES = ["low", "medium", "high"] as const;

/**
 * One debt of a user. Money in cents; the annual rate in basis points
 * (19.99% → 1999). What is owed is not stored: it is
 * `balanceBeforePayments` less the live expenses in the category
 * `debt_<_id>` (the payments, summed by the month summaries), so it goes
 * below zero when the payments exceed what was owed and no crash can leave
 * it out of step with them. A debt linked to one of the user's card or loan
 * accounts (`accountId`, at most one debt per account) owes what the account
 * owes instead, and `balanceBeforePayments` waits, unread, until it is
 * unlinked. `currentBalance` is the stored balance of the layout before,
 * read once to compute `balanceBeforePayments`.
 */
const debtSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    name: { type: String, required: true },
    type: { type: String, enum: DEBT_TYPES, default: "credit_card" },
    totalAmount: { type: Number, required: true, min: 1, validate: wholeCents },
    balanceBeforePayments: { type: Number, required: true, validate: wholeCents },
    currentBalance: { type: Number, validate: wholeCents },
    aprBasisPoints: { type: Number, required: true, min: 0, max: 10000, validate: wholeCents },
    minimumPayment: { type: Number, required: true, min: 1, validate: wholeCents },
    dueDate: { type: String, default: null },
    priority: { type: String, enum: DEBT_PRIORITIES, default: "medium" },
    description: { type: String, default: "" },
    accountId: { type: Schema.Types.ObjectId, ref: "Account", default: null },
  },
  { timestamps: true },
);

export type DebtRecord = LeanOf<typeof debtSchema> & { _id: Types.ObjectId };

export const Debt = defineModel("Debt", debtSchema);

/**
 * A user's saved payoff plan (one per user, `_id` the user id): the debts as
 * they were when it was saved and the choices made, so its schedule can be
 * computed again and set against the payments made since.
 */
const planDebtSchema = new Schema(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    balance: { type: Number, required: true, validate: wholeCents },
    aprBasisPoints: { type: Number, required: true, validate: wholeCents },
    minimum: { type: Number, required: true, validate: wholeCents },
  },
  { _id: false },
);

const debtPlanSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    strategy: { type: String, enum: ["avalanche", "snowball", "custom"], required: true },
    extra: { type: Number, required: true, min: 0, validate: wholeCents },
    customOrder: { type: [String], default: [] },
    /** Month 1 of the plan, yyyy-MM: the month after it was saved. */
    startMonth: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    debts: { type: [planDebtSchema], default: [] },
  },
  { timestamps: true, collection: "debtPlans" },
);

export type DebtPlanRecord = Omit<LeanOf<typeof debtPlanSchema>, "debts"> & { debts: Array<LeanOf<typeof planDebtSchema>> };

export const DebtPlan = defineModel("DebtPlan", debtPlanSchema);
