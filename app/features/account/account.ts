/** The `intent` values of the account's data page: deleting the account is its one form that writes. */
export const ACCOUNT_INTENTS = { deleteAccount: "delete-account" } as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[keyof typeof ACCOUNT_INTENTS];
