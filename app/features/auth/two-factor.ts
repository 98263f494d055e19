/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238): the rules that need no database. */

/** An account without a password proves itself with a sign-in this recent instead (decision 177). */
export const RECENT_SIGN_IN_MINUTES = 10;

/** The `intent` values of the security page's forms: two-factor changes, and signing devices out. */
export const SECURITY_INTENTS = {
  startSetup: "start-two-factor",
  confirmSetup: "confirm-two-factor",
  cancelSetup: "cancel-two-factor",
  disable: "disable-two-factor",
  renewCodes: "renew-recovery-codes",
  signOutSession: "sign-out-session",
  signOutOthers: "sign-out-others",
} as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[keyof typeof SECURITY_INTENTS];

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  newCodeRequired: "Enter the 6-digit code your authenticator app shows for the new key",
  passwordRequired: "Enter your password to confirm",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongNewCode: "That code is not from the new key. Check the new entry in your authenticator app and try again.",
  wrongPassword: "That password is not right",
  signInAgain: `For your safety, sign out and sign in again with Google, then make this change within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  tooManyAttempts: "Too many wrong codes. Please try again later.",
  tooManyChangeAttempts: "Too many wrong codes or passwords. Please try again later.",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-factor sign-in is off",
  replaced: "Two-factor sign-in now uses your new authenticator app. Keep your new recovery codes somewhere safe.",
  codesRenewed: "New recovery codes made; the old ones no longer work",
  notSetUp: "Start the setup again: scan the new code with your authenticator app",
  signInExpired: "Your sign-in took too long. Please enter your email and password again.",
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** How long after the password the second step may be finished. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;
export const ISSUER = "Ledgerly";

/** An authenticator code: 6 digits, spaces allowed ("123 456"). */
export function authenticatorCode(input: string) {
  const digits = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed ("abcd-efgh-jk", any case, with or without dashes and spaces), normalised for hashing. */
export function recoveryCode(input: string) {
  const letters = input.toLowerCase().replace(/[\s-]+/g, "");
  return /^[a-z2-9]{10}$/.test(letters) ? letters : null;
}

/** How a recovery code is shown: "abcde-fghjk". */
export function formatRecoveryCode(code: string) {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Letters and digits a person cannot confuse (no 0/o, 1/l/i). */
export const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
