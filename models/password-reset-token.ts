import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";

/** Only the SHA-256 of the emailed code is stored; a code works once, before expiresAt. */
const passwordResetTokenSchema = new Schema(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type PasswordResetTokenRecord = LeanOf<typeof passwordResetTokenSchema>;

export const PasswordResetToken = defineModel("PasswordResetToken", passwordResetTokenSchema);
