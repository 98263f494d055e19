import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/**
 * A Stripe webhook event already applied. The event id is the `_id`, so the
 * unique index that refuses a second copy is the primary key itself.
 */
const processedStripeEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", default: null },
    processedAt: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false },
);

export const ProcessedStripeEvent = defineModel("ProcessedStripeEvent", processedStripeEventSchema);
