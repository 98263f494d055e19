import { Schema, type InferSchemaType, type Types } from "mongoose";
import { defineModel } from "./define-model";
import { wholeCents } from "./money";

/**
 * A transaction of an account in another currency than its user's reporting currency, in the reporting
 * currency: `amount` null while no rate converts it (it waits out of the totals), `rateDay` the day of
 * the European Central Bank's rates used (earlier than the transaction's on a weekend or holiday), or
 * `rate` the rate the user typed (units of `currency` per unit of the account's currency).
 */
const reportedSchema = new Schema(
  {
    amount: { type: Number, default: null, validate: wholeCents },
    currency: { type: String, required: true, match: /^[A-Z]{3}$/ },
    rateDay: { type: String, default: null },
    rate: { type: String, default: null },
  },
  { _id: false },
);

/** What an imported row was in its file (unsigned minor units of `currency`) when it was converted into the account's currency at the rate of `rateDay`. */
const fileAmountSchema = new Schema(
  {
    amount: { type: Number, required: true, min: 1, validate: wholeCents },
    currency: { type: String, required: true, match: /^[A-Z]{3}$/ },
    rateDay: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
  },
  { _id: false },
);

const allocationSchema = new Schema(
  { categoryId: { type: String, required: true }, amount: { type: Number, required: true, min: 1, validate: wholeCents } },
  { _id: false },
);

/**
 * One income or expense of an account, or one side of a transfer between two
 * accounts (its type says which way the money moved). Amounts are positive integer cents; `monthKey`
 * (yyyy-MM) is stored so month queries and rollups group by equality.
 */
const transactionSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    /** The user's account that holds it (a layout before had none: the start moves those into the main account). */
    accountId: { type: Schema.Types.ObjectId, ref: "Account", default: null },
    type: { type: String, enum: ["income", "expense"] as const, required: true },
    category: { type: String, default: "" },
    /** Minor units of its account's currency. */
    amount: { type: Number, required: true, min: 1, validate: wholeCents },
    /** Null when its account is in the reporting currency. */
    reported: { type: reportedSchema, default: null },
    fileAmount: { type: fileAmountSchema, default: null },
    date: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    monthKey: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    description: { type: String, default: "" },
    descriptionLower: { type: String, default: "" },
    allocations: { type: [allocationSchema], default: [] },
    /** Ids (as text) of the user's tags it carries. */
    tagIds: { type: [String], default: [] },
    deleted: { type: Boolean, default: false },
    source: { type: String, default: "manual" },
    bankName: { type: String, default: null },
    importKey: { type: String, default: null },
    /** A transfer's other account (set with `category` "__transfer"): where the money went (an expense) or came from (an income). */
    transferAccountId: { type: Schema.Types.ObjectId, ref: "Account", default: null },
    /** A transfer's other side: the transaction in `transferAccountId` that mirrors it. */
    transferPeerId: { type: Schema.Types.ObjectId, default: null },
    /** The import that wrote it, so that import can be undone. */
    importBatchId: { type: Schema.Types.ObjectId, default: null },
    /** The bank's own id of the transaction (OFX FITID, CAMT entry reference, a file's id column). */
    bankTransactionId: { type: String, default: null },
    /** A linked bank's account that holds it (Plaid's account id). */
    bankAccountId: { type: String, default: null },
    /** A linked bank's transaction that has not posted yet. */
    pending: { type: Boolean, default: false },
    /** When its fields were last edited (an undone import keeps what was edited since). */
    editedAt: { type: Date, default: null },
    /** A reconciliation found it on a statement; an edit of its date, amount, way or account clears the mark. */
    cleared: { type: Boolean, default: false },
    /** The reconciliation that cleared it. */
    reconciliationId: { type: Schema.Types.ObjectId, default: null },
    /** The user's schedule (a recurring bill or paycheck, as text) whose due date `scheduleDate` it met. */
    scheduleId: { type: String, default: null },
    scheduleDate: { type: String, default: null },
  },
  { timestamps: true },
);

transactionSchema.index({ userId: 1, monthKey: 1 });
// An account's register, newest first.
transactionSchema.index({ userId: 1, accountId: 1, date: -1 });
transactionSchema.index({ userId: 1, deleted: 1, date: -1 });
transactionSchema.index({ userId: 1, importKey: 1 });
transactionSchema.index({ userId: 1, importBatchId: 1 });
// A linked bank's sync finds each transaction by the bank's id.
transactionSchema.index({ userId: 1, bankTransactionId: 1 });
// A category's transactions: its detail dialog and a debt's payment history.
transactionSchema.index({ userId: 1, category: 1, monthKey: 1 });
// The due dates a schedule's transactions met.
transactionSchema.index({ userId: 1, scheduleId: 1 });
// A tag's transactions: the list filtered by tag and spending by tag.
transactionSchema.index({ userId: 1, tagIds: 1 });

// Inference types an array of subdocuments as a hydrated DocumentArray; lean reads hold plain objects.
type TransactionFields = Omit<InferSchemaType<typeof transactionSchema>, "allocations" | "reported" | "fileAmount"> & {
  fileAmount?: InferSchemaType<typeof fileAmountSchema> | null;
  allocations: Array<InferSchemaType<typeof allocationSchema>>;
  reported?: InferSchemaType<typeof reportedSchema> | null;
};

/** A stored transaction as a lean read returns it; `Pick` the fields a projection reads. */
export type TransactionRecord = TransactionFields & { _id: Types.ObjectId };

export const Transaction = defineModel("Transaction", transactionSchema);
