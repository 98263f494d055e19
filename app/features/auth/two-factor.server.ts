import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { TwoFactor } from "../../../models";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { noteSecurityChange, type ChangeMadeBy } from "./security-events.server";
import { hasPassword, verifyUserPassword } from "./user.server";
import { seal, unseal } from "./sealed.server";
import { authenticatorCode, formatRecoveryCode, ISSUER, RECENT_SIGN_IN_MINUTES, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, recoveryCode } from "./two-factor";

const SEAL_PURPOSE = "two-factor";
/** Codes of the step before and after the current one count too: clocks drift, people type slowly. */
const WINDOW = 1;
const STEP_SECONDS = 30;

function totpOf(secret: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: STEP_SECONDS, secret: Secret.fromBase32(secret) });
}

function hashCode(code: string) {
  return createHash("sha256").update(code).digest("hex");
}

function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""));
}

type TwoFactorStatus = { enabled: boolean; settingUp: boolean; recoveryCodesLeft: number };

export async function getTwoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const record = await TwoFactor.findOne({ userId }).select({ enabledAt: 1, pendingSecret: 1, recoveryCodeHashes: 1 }).lean();
  return { enabled: Boolean(record?.enabledAt), settingUp: Boolean(record?.pendingSecret), recoveryCodesLeft: record?.recoveryCodeHashes?.length ?? 0 };
}

export async function isTwoFactorEnabled(userId: string) {
  return (await getTwoFactorStatus(userId)).enabled;
}

/** What the setup page shows: the secret (for typing in), the otpauth link, and its QR code as SVG. */
async function setupDetails(secret: string, accountLabel: string) {
  const uri = totpOf(secret, accountLabel).toString();
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/** Starts (or restarts) the setup with a new secret; two-factor sign-in is not on until a code confirms it. */
export async function startTwoFactorSetup(userId: string, accountLabel: string) {
  const secret = new Secret({ size: 20 }).base32;
  await TwoFactor.updateOne({ userId }, { $set: { pendingSecret: seal(SEAL_PURPOSE, secret) }, $setOnInsert: { userId } }, { upsert: true });
  return setupDetails(secret, accountLabel);
}

/** Drops a setup that was not confirmed; two-factor sign-in stays as it was. */
export async function cancelTwoFactorSetup(userId: string) {
  await TwoFactor.updateOne({ userId }, { $set: { pendingSecret: null } });
  await TwoFactor.deleteOne({ userId, enabledAt: null });
}

/** The secret being set up, to show it again (a reload of the setup page). */
export async function pendingSetup(userId: string, accountLabel: string) {
  const record = await TwoFactor.findOne({ userId }).select("+pendingSecret").lean();
  const secret = record?.pendingSecret ? unseal(SEAL_PURPOSE, record.pendingSecret) : null;
  return secret ? setupDetails(secret, accountLabel) : null;
}

/** The step a code of `secret` matches now, or null. */
function matchingStep(secret: string, code: string, now: number) {
  const delta = totpOf(secret, "").validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

type PendingMatch = { sealed: string; secret: string; enabledAt: Date | null; step: number };

/** The setup waiting for its first code, when `input` is a code of its secret now. */
async function matchPending(userId: string, input: string, now: number): Promise<PendingMatch | null> {
  const code = authenticatorCode(input);
  const record = await TwoFactor.findOne({ userId }).select("+pendingSecret").lean();
  const sealed = record?.pendingSecret;
  const secret = sealed ? unseal(SEAL_PURPOSE, sealed) : null;
  if (!code || !sealed || !secret) return null;
  const step = matchingStep(secret, code, now);
  return step === null ? null : { sealed, secret, enabledAt: record.enabledAt ?? null, step };
}

/** Makes the matched setup the account's second factor, with new recovery codes; null when it changed meanwhile. */
async function commitPending(userId: string, match: PendingMatch, now: number) {
  const codes = newRecoveryCodes();
  const { modifiedCount } = await TwoFactor.updateOne(
    { userId, pendingSecret: match.sealed, enabledAt: match.enabledAt },
    { $set: { secret: seal(SEAL_PURPOSE, match.secret), pendingSecret: null, enabledAt: new Date(now), lastUsedStep: match.step, recoveryCodeHashes: codes.map(hashCode) } },
  );
  return modifiedCount === 1 ? codes.map(formatRecoveryCode) : null;
}

/**
 * Turns two-factor sign-in on, for an account that has it off, when `input`
 * comes from the secret being set up; resolves to the recovery codes, shown
 * once, or null. Replacing a second factor that is on takes proof
 * (`replaceAuthenticator`).
 */
export async function confirmTwoFactorSetup(userId: string, input: string, now = Date.now()) {
  const match = await matchPending(userId, input, now);
  return match && !match.enabledAt ? commitPending(userId, match, now) : null;
}

/**
 * Checks a second factor: an authenticator code not used before, or an unused
 * recovery code (which is then spent). Resolves to how it was proven, or null.
 */
export async function verifySecondFactor(userId: string, input: string, now = Date.now()): Promise<"authenticator" | "recovery-code" | null> {
  const record = await TwoFactor.findOne({ userId }).select("+secret +recoveryCodeHashes").lean();
  if (!record?.enabledAt || !record.secret) return null;
  const code = authenticatorCode(input);
  if (code) {
    const secret = unseal(SEAL_PURPOSE, record.secret);
    const step = secret ? matchingStep(secret, code, now) : null;
    if (step === null || step <= record.lastUsedStep) return null;
    // Only the write that moves lastUsedStep forward wins, so one code signs in once even when sent twice at once.
    const { modifiedCount } = await TwoFactor.updateOne({ userId, lastUsedStep: record.lastUsedStep }, { $set: { lastUsedStep: step } });
    return modifiedCount === 1 ? "authenticator" : null;
  }
  const recovery = recoveryCode(input);
  if (!recovery) return null;
  const hash = hashCode(recovery);
  const hashes = record.recoveryCodeHashes ?? [];
  if (!hashes.includes(hash)) return null;
  const { modifiedCount } = await TwoFactor.updateOne(
    { userId, recoveryCodeHashes: hash },
    { $set: { recoveryCodeHashes: hashes.filter((candidate) => candidate !== hash) } },
  );
  return modifiedCount === 1 ? "recovery-code" : null;
}

/**
 * The second step of sign-in, within its limit: the attempt is spent before the code is checked (so codes
 * sent at once cannot all be tried), and a right code clears the wrong ones before it.
 */
export async function checkSignInCode(userId: string, input: string, now = Date.now()): Promise<"ok" | "wrong" | "rate-limited"> {
  const reservation = await reserveAttempts(["twoFactorFailuresPerAccount", userId]);
  if (!reservation) return "rate-limited";
  if (!(await verifySecondFactor(userId, input, now))) return "wrong";
  await reservation.succeeded();
  return "ok";
}

/** Why a change of the second factor was refused; nothing changed. */
export type TwoFactorRefusal = "rate-limited" | "wrong-password" | "sign-in-again" | "wrong-code" | "wrong-new-code" | "not-set-up";

type Refused = { ok: false; reason: TwoFactorRefusal };
const refused = (reason: TwoFactorRefusal): Refused => ({ ok: false, reason });

/** What the person asking typed to prove it is the user, and when their session signed in. */
type ProofOfUser = { code: string; password: string | undefined; signedInAt: Date | null };

/**
 * Runs `change` once the person asking proved it is the user: the password (for an account without one, a
 * sign-in in the last RECENT_SIGN_IN_MINUTES), then a current code or an unused recovery code, which is
 * spent. Attempts are spent before anything is checked, against the account's code limit and, when the
 * password is asked, its password limit; a right answer clears them. The password comes first, so a wrong
 * one spends no code.
 */
async function withProof<T>(by: ChangeMadeBy, proof: ProofOfUser, now: number, change: () => Promise<T | null>): Promise<{ ok: true; value: T } | Refused> {
  const passwordSet = await hasPassword(by.userId);
  if (!passwordSet && (!proof.signedInAt || now - proof.signedInAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000)) return refused("sign-in-again");
  const reservation = passwordSet
    ? await reserveAttempts(["twoFactorFailuresPerAccount", by.userId], ["loginFailuresPerAccount", by.email])
    : await reserveAttempts(["twoFactorFailuresPerAccount", by.userId]);
  if (!reservation) return refused("rate-limited");
  if (passwordSet && !(await verifyUserPassword(by.userId, proof.password ?? ""))) return refused("wrong-password");
  if (!(await verifySecondFactor(by.userId, proof.code, now))) return refused("wrong-code");
  await reservation.succeeded();
  const value = await change();
  return value === null ? refused("not-set-up") : { ok: true, value };
}

/** Turns two-factor sign-in off, with proof that it is the user asking; the account is told by email. */
export async function turnOffTwoFactor(by: ChangeMadeBy, proof: ProofOfUser, now = Date.now()) {
  const outcome = await withProof(by, proof, now, async () => {
    await TwoFactor.deleteOne({ userId: by.userId });
    return true;
  });
  if (outcome.ok) await noteSecurityChange(by, "two-factor-off", new Date(now));
  return outcome;
}

/** New recovery codes replace the old ones, with proof that it is the user asking; the account is told by email. */
export async function renewRecoveryCodes(by: ChangeMadeBy, proof: ProofOfUser, now = Date.now()) {
  const outcome = await withProof(by, proof, now, async () => {
    const codes = newRecoveryCodes();
    await TwoFactor.updateOne({ userId: by.userId }, { $set: { recoveryCodeHashes: codes.map(hashCode) } });
    return codes.map(formatRecoveryCode);
  });
  if (outcome.ok) await noteSecurityChange(by, "recovery-codes-renewed", new Date(now));
  return outcome;
}

/**
 * Moves two-factor sign-in to the secret being set up (`newCode` one of its codes), with proof that it is
 * the user asking; the old secret and recovery codes stop working and the account is told by email.
 */
export async function replaceAuthenticator(by: ChangeMadeBy, proof: ProofOfUser, newCode: string, now = Date.now()) {
  const match = await matchPending(by.userId, newCode, now);
  if (!match) return refused("wrong-new-code");
  if (!match.enabledAt) return refused("not-set-up");
  const outcome = await withProof(by, proof, now, () => commitPending(by.userId, match, now));
  if (outcome.ok) await noteSecurityChange(by, "two-factor-replaced", new Date(now));
  return outcome;
}

/** Turns two-factor sign-in on (see confirmTwoFactorSetup) and tells the account by email. */
export async function turnOnTwoFactor(by: ChangeMadeBy, newCode: string, now = Date.now()) {
  const codes = await confirmTwoFactorSetup(by.userId, newCode, now);
  if (codes) await noteSecurityChange(by, "two-factor-on", new Date(now));
  return codes;
}
