import mongoose, { Schema } from "mongoose";

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

export const PasswordResetToken =
  mongoose.models.PasswordResetToken ?? mongoose.model("PasswordResetToken", passwordResetTokenSchema);
