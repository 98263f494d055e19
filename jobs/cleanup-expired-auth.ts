import { deleteSpentResetCodes } from "../app/features/auth/password-reset.server";
import { deleteExpiredSessions } from "../app/features/auth/session.server";

export const CLEANUP_EXPIRED_AUTH = "cleanup-expired-auth";
export const CLEANUP_INTERVAL = "15 minutes";

/** FerretDB has no TTL indexes, so expired sessions and spent or expired reset codes are removed here. */
export async function cleanupExpiredAuth(now = new Date()) {
  const [sessions, tokens] = await Promise.all([deleteExpiredSessions(now), deleteSpentResetCodes(now)]);
  return { sessions, tokens };
}
