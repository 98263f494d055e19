import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/**
 * Attempts counted by the rate limits (rate-limiter-flexible's Mongo store writes these documents: `key`
 * "<limit>:<address or account>", `points` used, `expire` when the window ends). Declared here so every app
 * process shares one count and the indexes are built with the others; expired ones are removed by a job
 * (FerretDB has no TTL indexes).
 */
const rateLimitSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    points: { type: Number, required: true },
    expire: { type: Date, default: null },
  },
  { collection: "rateLimits", versionKey: false },
);
rateLimitSchema.index({ expire: 1 });

export const RateLimit = defineModel("RateLimit", rateLimitSchema);
