const SIGN_UP_PASSWORD_MIN_LENGTH = 8;
export const RESET_PASSWORD_MIN_LENGTH = 6;

export const passwordMessages = {
  tooShort: "Password must be at least 8 characters long",
  uppercase: "Password must contain at least one uppercase letter",
  lowercase: "Password must contain at least one lowercase letter",
  number: "Password must contain at least one number",
  special: "Password must contain at least one special character",
  mismatch: "Passwords do not match",
  resetTooShort: "Password must be at least 6 characters long",
  fillAll: "Please fill in all fields",
  tooWeak: "Password is too weak. Please choose a stronger password.",
} as const;

/** The rule a new password must meet, said under its field. */
export const PASSWORD_RULE_HINT = "At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.";

/** Every sign-up rule the password breaks, always in this order: length, uppercase, lowercase, number, special character. */
export function signUpPasswordProblems(password: string) {
  const problems: string[] = [];
  if (password.length < SIGN_UP_PASSWORD_MIN_LENGTH) problems.push(passwordMessages.tooShort);
  if (!/[A-Z]/.test(password)) problems.push(passwordMessages.uppercase);
  if (!/[a-z]/.test(password)) problems.push(passwordMessages.lowercase);
  if (!/[0-9]/.test(password)) problems.push(passwordMessages.number);
  if (!/[^A-Za-z0-9]/.test(password)) problems.push(passwordMessages.special);
  return problems;
}

export function isStrongPassword(password: string) {
  return signUpPasswordProblems(password).length === 0;
}
