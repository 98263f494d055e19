import mongoose from "mongoose";
import { PasswordResetToken, Session } from "../models";

export const CLEANUP_EXPIRED_AUTH = "cleanup-expired-auth";
export const CLEANUP_INTERVAL = "15 minutes";

/**
 * FerretDB has no TTL indexes, so expired sessions and spent or expired reset
 * codes are removed here (reads already refuse them).
 */
export async function cleanupExpiredAuth(now = new Date()) {
  const [sessions, tokens] = await Promise.all([
    Session.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) }),
    PasswordResetToken.deleteMany({
      $or: [{ expiresAt: mongoose.trusted({ $lte: now }) }, { usedAt: mongoose.trusted({ $ne: null }) }],
    }),
  ]);
  return { sessions: sessions.deletedCount, tokens: tokens.deletedCount };
}
