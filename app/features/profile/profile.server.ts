import { format } from "date-fns";
import mongoose from "mongoose";
import { Session, User, type UserRecord } from "../../../models";
import { startReportingRecount } from "~/features/transactions/ledger.server";
import { DEFAULT_CURRENCY } from "~/lib/currency";
import { isSupportedCurrency } from "~/lib/currency-list";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { destroyUserSessions } from "~/features/auth/session.server";
import { hasPassword, setPassword, verifyUserPassword } from "~/features/auth/user.server";

const PROFILE_FIELDS = { email: 1, displayName: 1, authProvider: 1, createdAt: 1, currency: 1, aiInsights: 1 } as const;

type ProfileRecord = Pick<UserRecord, keyof typeof PROFILE_FIELDS>;

/** The profile page's account details; `memberSince` is the sign-up date written out ("November 5, 2026"). */
export async function getProfile(userId: string) {
  const user = await User.findById(userId).select(PROFILE_FIELDS).lean<ProfileRecord>();
  if (!user) return null;
  return {
    email: user.email,
    displayName: user.displayName ?? "",
    authProvider: user.authProvider === "google" ? "google" : "email",
    memberSince: format(user.createdAt, "MMMM d, yyyy"),
    currency: user.currency ?? DEFAULT_CURRENCY,
    aiInsights: user.aiInsights !== false,
  };
}

/** Whether insights may be asked of the configured AI model (off: only the local rules engine reads the user's data). */
export async function updateAiInsights(userId: string, enabled: boolean) {
  await User.updateOne({ _id: userId }, { $set: { aiInsights: enabled } });
}

/** Devices signed in right now: sessions past their idle window are not counted even before they are swept. */
export async function countActiveSessions(userId: string, now = new Date()) {
  return Session.countDocuments({ userId, expiresAt: mongoose.trusted({ $gt: now }) });
}

/** Stores an already validated display name (the profile form trims it and keeps it to 1–80 characters). */
export async function updateDisplayName(userId: string, displayName: string) {
  await User.updateOne({ _id: userId }, { $set: { displayName: displayName.trim() } });
}

/**
 * Makes `currency` the user's reporting currency. When it changes, their totals are to be counted again in
 * it (`startReportingRecount`; the caller queues the job): resolves to whether it changed.
 */
export async function updateCurrency(userId: string, currency: string) {
  if (!isSupportedCurrency(currency)) throw new Error(`unsupported currency: ${currency}`);
  const before = await User.findOneAndUpdate({ _id: userId }, { $set: { currency } }, { returnDocument: "before" }).lean<{ currency?: string }>();
  const changed = (before?.currency ?? DEFAULT_CURRENCY) !== currency;
  if (changed) await startReportingRecount(userId, currency);
  return changed;
}

type PasswordChange = { ok: true } | { ok: false; reason: "incorrect-current-password" | "rate-limited" };

/**
 * Sets a new password. Users who already have one must give it, and wrong
 * guesses count against the same per-account limit as failed sign-ins. Every
 * other session ends; the one in `keepSessionId` stays signed in.
 */
export async function changePassword({
  userId,
  email,
  currentPassword,
  newPassword,
  keepSessionId,
}: {
  userId: string;
  email: string;
  currentPassword: string | undefined;
  newPassword: string;
  keepSessionId: string | null;
}): Promise<PasswordChange> {
  if (await hasPassword(userId)) {
    const reservation = await reserveAttempts(["loginFailuresPerAccount", email]);
    if (!reservation) return { ok: false, reason: "rate-limited" };
    if (!(await verifyUserPassword(userId, currentPassword ?? ""))) return { ok: false, reason: "incorrect-current-password" };
    await reservation.succeeded();
  }
  await setPassword(userId, newPassword);
  await destroyUserSessions(userId, { except: keepSessionId ?? undefined });
  return { ok: true };
}
