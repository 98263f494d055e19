import * as z from "zod/mini";
import { ACCOUNT_MESSAGES } from "./account";

/* The account deletion form, for the browser (loaded on demand, load-schemas.ts) and the server (account-form.server.ts). */

/**
 * The deletion is confirmed with the password, or, for an account without one (Google sign-in), with its
 * email address; whether they are right is the deletion's to check.
 */
export function deleteAccountSchema(confirmsWithPassword: boolean) {
  return z.object({
    password: confirmsWithPassword ? z.string({ error: ACCOUNT_MESSAGES.passwordRequired }) : z.optional(z.string()),
    email: confirmsWithPassword
      ? z.optional(z.string())
      : z.string({ error: ACCOUNT_MESSAGES.emailRequired }).check(z.trim(), z.minLength(1, { error: ACCOUNT_MESSAGES.emailRequired })),
  });
}
