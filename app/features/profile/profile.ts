export const DISPLAY_NAME_MAX_LENGTH = 80;

/** The `intent` values of the profile page's forms. */
export const PROFILE_INTENTS = {
  updateName: "update-name",
  updateCurrency: "update-currency",
  changePassword: "change-password",
  signOutEverywhere: "sign-out-everywhere",
  updateAi: "update-ai",
} as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[keyof typeof PROFILE_INTENTS];

export const PROFILE_MESSAGES = {
  nameRequired: "Please enter a display name",
  nameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  nameUpdated: "Profile updated successfully",
  currencyRequired: "Please choose a currency",
  currencyUnsupported: "Please choose a currency from the list",
  currencyUpdated: (code: string) => `Currency updated to ${code}`,
  currencyRecounting: (code: string) => `Currency updated to ${code}: your totals are being counted again in it`,
  incorrectCurrentPassword: "Current password is incorrect",
  tooManyAttempts: "Too many failed attempts. Please try again later.",
  passwordChanged: "Password changed successfully",
  passwordSet: "Password set successfully",
  signedOutEverywhere: "Signed out of all devices",
  aiOn: "AI insights turned on",
  aiOff: "AI insights turned off: insights are computed on Ledgerly's server only",
  aiChoiceInvalid: "Please choose on or off",
} as const;
