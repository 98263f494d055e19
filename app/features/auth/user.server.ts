import type { GoogleIdentity } from "~/integrations/google.server";
import { Credential, User, type UserRecord } from "../../../models";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { readOncePerRequest } from "~/utils/request-scope.server";
import { hashPassword, spendVerificationTime, verifyPassword } from "./password-hash.server";

/** Fields the shell and most pages need; loaders ask for more only when they render it. */
const SHELL_USER_FIELDS = { email: 1, displayName: 1, photoURL: 1, premiumAccess: 1, currency: 1, aiInsights: 1 } as const;

type ShellUserFields = Pick<UserRecord, "_id" | keyof typeof SHELL_USER_FIELDS>;

/** With the shell's fields, what most pages read next: the user's categories and their settings. */
const PAGE_USER_FIELDS = { ...SHELL_USER_FIELDS, categories: 1, settings: 1 } as const;

type PageUserFields = Pick<UserRecord, "_id" | keyof typeof PAGE_USER_FIELDS>;

/**
 * The user's document with the fields a page reads (the shell's, the categories and settings), once per
 * GET: FerretDB reads a document whole whatever the projection, so one read serves the shell and the
 * categories alike. Outside a request scope (actions, jobs) each call reads afresh. Not to be changed.
 */
export function readPageUser(userId: string) {
  return readOncePerRequest(`user ${userId}`, () => User.findById(userId).select(PAGE_USER_FIELDS).lean<PageUserFields>());
}

export type ShellUser = Required<Omit<ShellUserFields, "_id">> & { id: string };

export async function getShellUser(userId: string): Promise<ShellUser | null> {
  const user: ShellUserFields | null = await readPageUser(userId);
  if (!user) return null;
  return {
    id: String(user._id),
    email: user.email,
    displayName: user.displayName ?? "",
    photoURL: user.photoURL ?? null,
    premiumAccess: Boolean(user.premiumAccess),
    currency: user.currency ?? "USD",
    aiInsights: user.aiInsights !== false,
  };
}

/** The currency the user's totals are counted in (their currency preference); USD for a user not found. */
export async function reportingCurrencyOf(userId: string) {
  return (await readPageUser(userId))?.currency ?? "USD";
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function emailIsTaken(email: string) {
  return Boolean(await User.exists({ email: normaliseEmail(email) }));
}

function defaultDisplayName(email: string) {
  return email.split("@")[0] ?? "";
}

export async function createEmailUser(email: string, password: string) {
  const normalised = normaliseEmail(email);
  const passwordHash = await hashPassword(password);
  const user = await User.create({
    email: normalised,
    displayName: defaultDisplayName(normalised),
    authProvider: "email",
    lastLogin: new Date(),
  });
  await Credential.create({ userId: user._id, passwordHash });
  return String(user._id);
}

type PasswordCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid-credentials" | "disabled" };

/**
 * Whether `password` is the user's. A right password kept in an older format
 * (bcrypt, or scrypt at a lower cost) is hashed again now, unless the
 * password changed meanwhile.
 */
export async function verifyUserPassword(userId: string, password: string) {
  const credential = await Credential.findOne({ userId }).select("+passwordHash").lean();
  if (!credential) {
    await spendVerificationTime(password);
    return false;
  }
  const { valid, needsRehash } = await verifyPassword(password, credential.passwordHash);
  if (valid && needsRehash) {
    await Credential.updateOne({ _id: credential._id, passwordHash: credential.passwordHash }, { $set: { passwordHash: await hashPassword(password) } });
  }
  return valid;
}

/** Unknown emails and wrong passwords give the same answer, so sign-in does not reveal who has an account. */
export async function verifyEmailPassword(email: string, password: string): Promise<PasswordCheck> {
  const user = await User.findOne({ email: normaliseEmail(email) }).select({ disabled: 1 }).lean<Pick<UserRecord, "_id" | "disabled">>();
  if (!user) {
    await spendVerificationTime(password);
    return { ok: false, reason: "invalid-credentials" };
  }
  if (!(await verifyUserPassword(String(user._id), password))) return { ok: false, reason: "invalid-credentials" };
  if (user.disabled) return { ok: false, reason: "disabled" };
  return { ok: true, userId: String(user._id) };
}

type SignInCheck = PasswordCheck | { ok: false; reason: "rate-limited" };

/**
 * Sign-in's check of an email and password, within its limits: the attempt is spent for the client's
 * address and for the account before the password is checked (so requests sent at once cannot all pass);
 * the right password gives the address its attempt back and clears the account's wrong ones.
 */
export async function checkSignIn(email: string, password: string, address: string): Promise<SignInCheck> {
  const account = normaliseEmail(email);
  const reservation = await reserveAttempts(["loginFailuresPerAddress", address], ["loginFailuresPerAccount", account]);
  if (!reservation) return { ok: false, reason: "rate-limited" };
  const check = await verifyEmailPassword(account, password);
  if (check.ok) await reservation.succeeded();
  return check;
}

export async function hasPassword(userId: string) {
  return Boolean(await Credential.exists({ userId }));
}

/** Sets (or first creates) the user's password. */
export async function setPassword(userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  const updated = await Credential.updateOne({ userId }, { $set: { passwordHash } });
  if (updated.matchedCount === 0) await Credential.create({ userId, passwordHash });
}

export async function recordLogin(userId: string) {
  await User.updateOne({ _id: userId }, { $set: { lastLogin: new Date() } });
}

/**
 * Finds the user of a Google identity, links it to an existing account with
 * the same verified email, or creates a new Google user.
 */
export async function upsertGoogleUser(identity: GoogleIdentity) {
  const email = normaliseEmail(identity.email);
  const byGoogleId = await User.findOne({ googleId: identity.googleId }).select({ disabled: 1 }).lean<Pick<UserRecord, "_id" | "disabled">>();
  if (byGoogleId) return { userId: String(byGoogleId._id), disabled: Boolean(byGoogleId.disabled) };

  const byEmail = await User.findOne({ email }).select({ disabled: 1, photoURL: 1 }).lean<Pick<UserRecord, "_id" | "disabled" | "photoURL">>();
  if (byEmail) {
    if (!identity.emailVerified) throw new Error("this Google account's email address is not verified");
    await User.updateOne(
      { _id: byEmail._id },
      { $set: { googleId: identity.googleId, emailVerified: true, photoURL: byEmail.photoURL ?? identity.photoURL } },
    );
    return { userId: String(byEmail._id), disabled: Boolean(byEmail.disabled) };
  }

  const user = await User.create({
    email,
    googleId: identity.googleId,
    displayName: identity.displayName || defaultDisplayName(email),
    photoURL: identity.photoURL,
    emailVerified: identity.emailVerified,
    authProvider: "google",
  });
  return { userId: String(user._id), disabled: false };
}
