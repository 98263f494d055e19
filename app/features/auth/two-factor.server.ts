import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { TwoFactor } from "../../../models";
import { reserveAttempts } from "~/utils/rate-limit.server";
import { seal, unseal } from "./sealed.server";
import { authenticatorCode, formatRecoveryCode, ISSUER, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, recoveryCode } from "./two-factor";

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

export type TwoFactorStatus = { enabled: boolean; settingUp: boolean; recoveryCodesLeft: number };

export async function getTwoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const record = await TwoFactor.findOne({ userId }).select({ enabledAt: 1, pendingSecret: 1, recoveryCodeHashes: 1 }).lean();
  return { enabled: Boolean(record?.enabledAt), settingUp: Boolean(record?.pendingSecret), recoveryCodesLeft: record?.recoveryCodeHashes?.length ?? 0 };
}

export async function isTwoFactorEnabled(userId: string) {
  return (await getTwoFactorStatus(userId)).enabled;
}

/** What the setup page shows: the secret (for typing in), the otpauth link, and its QR code as SVG. */
export async function setupDetails(secret: string, accountLabel: string) {
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

/**
 * Turns two-factor sign-in on when `code` comes from the secret being set up;
 * resolves to the recovery codes, shown once, or null.
 */
export async function confirmTwoFactorSetup(userId: string, input: string, now = Date.now()) {
  const code = authenticatorCode(input);
  const record = await TwoFactor.findOne({ userId }).select("+pendingSecret").lean();
  const secret = record?.pendingSecret ? unseal(SEAL_PURPOSE, record.pendingSecret) : null;
  if (!code || !secret) return null;
  const step = matchingStep(secret, code, now);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  await TwoFactor.updateOne(
    { userId },
    { $set: { secret: seal(SEAL_PURPOSE, secret), pendingSecret: null, enabledAt: new Date(now), lastUsedStep: step, recoveryCodeHashes: codes.map(hashCode) } },
  );
  return codes.map(formatRecoveryCode);
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

/** Turns two-factor sign-in off, when a second factor proves it is the user asking. */
export async function disableTwoFactor(userId: string, input: string, now = Date.now()) {
  if (!(await verifySecondFactor(userId, input, now))) return false;
  await TwoFactor.deleteOne({ userId });
  return true;
}

/** New recovery codes replace the old ones, when a second factor proves it is the user asking. */
export async function renewRecoveryCodes(userId: string, input: string, now = Date.now()) {
  if (!(await verifySecondFactor(userId, input, now))) return null;
  const codes = newRecoveryCodes();
  await TwoFactor.updateOne({ userId }, { $set: { recoveryCodeHashes: codes.map(hashCode) } });
  return codes.map(formatRecoveryCode);
}
