import { Schema, type InferSchemaType } from "mongoose";
import { defineModel } from "./define-model";

const INSIGHT_KINDS = ["spending", "debts"] as const;

/**
 * The last generated insights of one user, kind and month. `_id` is
 * "<userId>:<kind>:<yyyy-MM>" so a page reads it by `_id`. `items` holds the
 * insights and patterns (spending) or strategies (debts) as the feature
 * shapes them, citations already checked against the user's data.
 */
const insightResultSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    kind: { type: String, enum: INSIGHT_KINDS, required: true },
    month: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    source: { type: String, enum: ["model", "rules"], required: true },
    notice: { type: Schema.Types.Mixed, default: null },
    items: { type: Schema.Types.Mixed, required: true },
    generatedAt: { type: Date, required: true },
    /** The time of the refresh whose model answer is awaited (a background job asks): the rules engine's items stand in meanwhile. */
    modelPendingSince: { type: Date, default: null },
  },
  { minimize: false, collection: "insightResults" },
);

export type InsightResultRecord = InferSchemaType<typeof insightResultSchema>;

export function insightResultId(userId: string, kind: (typeof INSIGHT_KINDS)[number], month: string) {
  return `${userId}:${kind}:${month}`;
}

export const InsightResult = defineModel("InsightResult", insightResultSchema);

/**
 * The AI circuit breaker's state (cockatiel's `toJSON()`), one document per
 * model endpoint, shared by every app process.
 */
const aiCircuitSchema = new Schema(
  {
    _id: { type: String, required: true },
    state: { type: Schema.Types.Mixed, default: null },
    updatedAt: { type: Date, default: () => new Date() },
  },
  { minimize: false, collection: "aiCircuits" },
);

export const AiCircuit = defineModel("AiCircuit", aiCircuitSchema);
