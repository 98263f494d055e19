import { createHash, randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { PasswordResetToken, User, type PasswordResetTokenRecord, type UserRecord } from "../../../models";
import { sendEmail } from "~/integrations/email.server";
import { destroyUserSessions } from "./session.server";
import { normaliseEmail, setPassword } from "./user.server";

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

function hashCode(code: string) {
  return createHash("sha256").update(code).digest("hex");
}

function resetLink(origin: string, code: string) {
  const url = new URL("/reset-password", origin);
  url.searchParams.set("mode", "resetPassword");
  url.searchParams.set("oobCode", code);
  return url.toString();
}

/** Emails a reset link when the address has an account; says nothing either way. */
export async function requestPasswordReset(email: string, origin: string, now = new Date()) {
  const user = await User.findOne({ email: normaliseEmail(email) })
    .select({ email: 1, disabled: 1 })
    .lean<Pick<UserRecord, "_id" | "email" | "disabled">>();
  if (!user || user.disabled) return;
  const code = randomBytes(32).toString("base64url");
  await PasswordResetToken.create({
    tokenHash: hashCode(code),
    userId: user._id,
    email: user.email,
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  const link = resetLink(origin, code);
  await sendEmail({
    to: user.email,
    subject: "Reset your Ledgerly password",
    text: `Someone asked to reset the password of your Ledgerly account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this email: your password stays the same.`,
    html: `<p>Someone asked to reset the password of your Ledgerly account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If it was not you, ignore this email: your password stays the same.</p>`,
  });
}

type ResetCodeCheck =
  | { status: "valid"; email: string; userId: string; tokenId: string }
  | { status: "invalid" | "expired" };

export async function checkResetCode(code: string, now = new Date()): Promise<ResetCodeCheck> {
  const token = await PasswordResetToken.findOne({ tokenHash: hashCode(code) })
    .select({ userId: 1, email: 1, expiresAt: 1, usedAt: 1 })
    .lean<Pick<PasswordResetTokenRecord, "_id" | "userId" | "email" | "expiresAt" | "usedAt">>();
  if (!token || token.usedAt) return { status: "invalid" };
  if (token.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "valid", email: token.email, userId: String(token.userId), tokenId: String(token._id) };
}

/**
 * Sets the new password, spends the code (and every other open code of the
 * user) and signs the user out everywhere.
 */
export async function completePasswordReset(code: string, password: string, now = new Date()) {
  const check = await checkResetCode(code, now);
  if (check.status !== "valid") return check;
  const spent = await PasswordResetToken.updateOne({ _id: check.tokenId, usedAt: null }, { $set: { usedAt: now } });
  if (spent.modifiedCount !== 1) return { status: "invalid" as const };
  await setPassword(check.userId, password);
  await PasswordResetToken.updateMany(
    { userId: check.userId, usedAt: null },
    { $set: { usedAt: now } },
  );
  await destroyUserSessions(check.userId);
  return check;
}

/** Removes reset codes that are spent or expired (checkResetCode refuses them already); resolves how many. */
export async function deleteSpentResetCodes(now: Date) {
  const { deletedCount } = await PasswordResetToken.deleteMany({
    $or: [{ expiresAt: mongoose.trusted({ $lte: now }) }, { usedAt: mongoose.trusted({ $ne: null }) }],
  });
  return deletedCount;
}
