import { Schema, type InferSchemaType } from "mongoose";
import { defineModel } from "./define-model";

/**
 * A user's totals being counted again in a new reporting currency (`_id` the user id): every transaction's
 * reported amount is converted afresh, `done` of `total` so far; `finishedAt` set once all are.
 */
const reportingRecountSchema = new Schema(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true, match: /^[A-Z]{3}$/ },
    done: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
  },
  { collection: "reportingRecounts" },
);

export type ReportingRecountRecord = InferSchemaType<typeof reportingRecountSchema> & { _id: string };

export const ReportingRecount = defineModel("ReportingRecount", reportingRecountSchema);
