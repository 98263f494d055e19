import { Schema, type InferSchemaType, type Types } from "mongoose";
import { defineModel } from "./define-model";

/** What a rule changes of one transaction (only the fields it changes are set). */
const ruledFieldsSchema = new Schema(
  {
    category: { type: String },
    description: { type: String },
    tagIds: { type: [String], default: undefined },
    allocations: { type: [{ _id: false, categoryId: String, amount: Number }], default: undefined },
  },
  { _id: false },
);

const changeSchema = new Schema({ transactionId: { type: String, required: true }, before: ruledFieldsSchema, after: ruledFieldsSchema }, { _id: false });

/** One transaction as a preview shows it, before and after the rule. */
const exampleSchema = new Schema(
  { transactionId: String, date: String, type: String, amount: Number, currency: String, before: ruledFieldsSchema, after: ruledFieldsSchema },
  { _id: false },
);

/**
 * A rule run on a user's past transactions (features/rules/rule-runs.server.ts): a preview of what it would
 * change, or an application through the ledger with what each transaction was before (so it can be undone).
 * `rule` is the rule as it was run (a saved one's, or a form's not yet saved when `ruleId` is null), its
 * tags by id (`new:<name>` for a tag a draft would add). `status` follows the job; `undo` the undoing.
 */
const ruleRunSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    ruleId: { type: String, default: null },
    rule: { type: Schema.Types.Mixed, required: true },
    kind: { type: String, enum: ["preview", "apply"], required: true },
    status: { type: String, enum: ["queued", "running", "done", "failed", "too-many"], default: "queued" },
    /** Live transactions read, those the conditions match, those the rule would change (or changed). */
    scanned: { type: Number, default: 0 },
    matched: { type: Number, default: 0 },
    changing: { type: Number, default: 0 },
    examples: { type: [exampleSchema], default: [] },
    /** An application's changes, written `written` so far through the ledger. */
    changes: { type: [changeSchema], default: [] },
    written: { type: Number, default: 0 },
    undo: {
      status: { type: String, enum: ["queued", "running", "done", null], default: null },
      restored: { type: Number, default: 0 },
      kept: { type: Number, default: 0 },
    },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: "ruleRuns", minimize: false },
);
ruleRunSchema.index({ userId: 1, ruleId: 1 });

export type RuleRunRecord = InferSchemaType<typeof ruleRunSchema> & { _id: Types.ObjectId };

export const RuleRun = defineModel("RuleRun", ruleRunSchema);
