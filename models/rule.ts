import { Schema, type InferSchemaType } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/** One condition of a rule; which fields are set follows `field` (see app/features/rules/rules.ts). */
const conditionSchema = new Schema(
  {
    field: { type: String, enum: ["description", "amount", "type", "account", "date"], required: true },
    operator: { type: String, default: null },
    text: { type: String, default: null },
    cents: { type: Number, default: null, validate: wholeCents },
    upTo: { type: Number, default: null, validate: wholeCents },
    currency: { type: String, default: null },
    type: { type: String, enum: ["income", "expense", null], default: null },
    accountId: { type: String, default: null },
    from: { type: String, default: null },
    to: { type: String, default: null },
  },
  { _id: false },
);

const splitPartSchema = new Schema(
  {
    categoryId: { type: String, required: true },
    cents: { type: Number, default: null, validate: wholeCents },
    percent: { type: Number, default: null },
    rest: { type: Boolean, default: false },
  },
  { _id: false },
);

/** One action of a rule; which fields are set follows `kind`. */
const actionSchema = new Schema(
  {
    kind: { type: String, enum: ["set-category", "rename", "add-tags", "transfer", "split"], required: true },
    categoryId: { type: String, default: null },
    description: { type: String, default: null },
    /** Ids of the user's tags. */
    tagIds: { type: [String], default: undefined },
    /** Names, in rules stored before tags had ids (moved to `tagIds` at start). */
    tags: { type: [String], default: undefined },
    accountId: { type: String, default: null },
    parts: { type: [splitPartSchema], default: undefined },
    currency: { type: String, default: null },
  },
  { _id: false },
);

/**
 * A user's rule: conditions on a transaction and what to fill in when they hold. `position` orders the
 * user's rules (they run lowest first).
 */
const ruleSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    name: { type: String, required: true },
    match: { type: String, enum: ["all", "any"], default: "all" },
    conditions: { type: [conditionSchema], default: [] },
    actions: { type: [actionSchema], default: [] },
    position: { type: Number, required: true },
    /** How many of the user's live transactions its conditions matched when last counted (`countedAt`). */
    matchCount: { type: Number, default: null },
    countedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
ruleSchema.index({ userId: 1, position: 1 });

export type RuleRecord = LeanOf<typeof ruleSchema>;
/** One action as a lean read holds it: a plain object. */
export type RuleActionRecord = InferSchemaType<typeof actionSchema>;

export const Rule = defineModel("Rule", ruleSchema);
