import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/** Changes to how an account is protected, as its owner sees them listed on the security page. */
const SECURITY_EVENT_KINDS = ["two-factor-on", "two-factor-off", "two-factor-replaced", "recovery-codes-renewed"] as const;

/** One change: what it was, when (`createdAt`), and the device it was made from, in words ("Chrome on Linux"). */
const securityEventSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    kind: { type: String, enum: SECURITY_EVENT_KINDS, required: true },
    device: { type: String, default: "" },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "securityEvents", versionKey: false },
);

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export const SecurityEvent = defineModel("SecurityEvent", securityEventSchema);
