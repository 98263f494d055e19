import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";

/**
 * A signed-in device. The cookie carries only `_id` (a random token); idle
 * expiry is enforced on read because FerretDB has no TTL indexes.
 */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    expiresAt: { type: Date, required: true },
    lastActiveAt: { type: Date, required: true },
    userAgent: { type: String, default: "" },
  },
  { timestamps: true },
);

export type SessionRecord = LeanOf<typeof sessionSchema>;

export const Session = defineModel("Session", sessionSchema);
