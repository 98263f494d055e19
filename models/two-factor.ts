import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/**
 * A user's two-factor sign-in: the authenticator secret (sealed: encrypted
 * with a key derived from SESSION_SECRET), the one being set up until it is
 * confirmed, and the SHA-256 hashes of the unused recovery codes. Never
 * selected unless asked for.
 */
const twoFactorSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, unique: true },
    secret: { type: String, default: null, select: false },
    pendingSecret: { type: String, default: null, select: false },
    enabledAt: { type: Date, default: null },
    recoveryCodeHashes: { type: [String], default: [], select: false },
    /** The 30-second step of the last code accepted: the same code never signs in twice. */
    lastUsedStep: { type: Number, default: 0 },
  },
  { timestamps: true, collection: "twoFactors" },
);

export const TwoFactor = defineModel("TwoFactor", twoFactorSchema);
