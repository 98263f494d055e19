export const LOGIN_MESSAGES = {
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  invalidEmail: "Please enter a valid email address.",
  passwordRequired: "Please enter your password",
  disabled: "This account has been disabled. Please contact support.",
  tooManyAttempts: "Too many failed login attempts. Please try again later.",
  unexpected: "An unexpected error occurred during login.",
} as const;

export const SIGN_UP_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  failed: "Failed to create an account.",
} as const;

export const PASSWORD_RESET_MESSAGES = {
  emailRequired: "Please enter your email address",
  invalidEmail: "Please enter a valid email address.",
  invalidCode: "Invalid reset code",
} as const;
