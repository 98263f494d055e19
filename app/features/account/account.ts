/** The `intent` values of the account's data page: deleting the account is its one form that writes. */
export const ACCOUNT_INTENTS = { deleteAccount: "delete-account" } as const;
/** The delete section's title on /profile/data: the profile's "Delete my account" link aims at it, so it takes focus. */
export const DELETE_ACCOUNT_TITLE_ID = "delete-account";
export type AccountIntent = (typeof ACCOUNT_INTENTS)[keyof typeof ACCOUNT_INTENTS];

/** What the data page says: the deletion form's schema (schema.ts) and the deletion itself answer with them. */
export const ACCOUNT_MESSAGES = {
  passwordRequired: "Enter your password to confirm",
  wrongPassword: "That password is not right",
  tooManyAttempts: "Too many failed attempts. Please try again later.",
  emailRequired: "Type your email address to confirm",
  wrongEmail: "That is not the email address of this account",
  subscriptionNotCancelled:
    "We could not cancel your Premium subscription at Stripe, so nothing was deleted (you would still be charged). Please try again in a moment, or cancel it under Subscription first.",
  deleted: "Your account and all of its data were deleted.",
} as const;
