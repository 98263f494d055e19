import { deleteSpentResetCodes } from "../app/features/auth/password-reset.server";
import { deleteExpiredSessions } from "../app/features/auth/session.server";
import { deleteExpiredRateLimits } from "../app/utils/rate-limit.server";

export const CLEANUP_EXPIRED_AUTH = "cleanup-expired-auth";
export const CLEANUP_INTERVAL = "15 minutes";

/** FerretDB has no TTL indexes, so expired sessions, spent or expired reset codes and ended rate-limit windows are removed here. */
export async function cleanupExpiredAuth(now = new Date()) {
  const [sessions, tokens, rateLimits] = await Promise.all([deleteExpiredSessions(now), deleteSpentResetCodes(now), deleteExpiredRateLimits(now)]);
  return { sessions, tokens, rateLimits };
}
