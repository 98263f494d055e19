import * as z from "zod/mini";
import { TWO_FACTOR_MESSAGES } from "./two-factor";

/* The security page's two-factor forms, for the browser (loaded on demand) and the server (auth-form.server.ts). */

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

/** A current code from the authenticator app, or a recovery code: what the sign-in's second step asks too. */
export const currentCodeField = required(TWO_FACTOR_MESSAGES.codeRequired);

/**
 * A two-factor form: the code of the key being set up (`newCode`), a current code or recovery code
 * (`code`), the password; each only when the form asks for it.
 */
export function twoFactorFormSchema(asks: { newCode: boolean; code: boolean; password: boolean }) {
  return z.object({
    newCode: asks.newCode ? required(TWO_FACTOR_MESSAGES.newCodeRequired) : z.optional(z.string()),
    code: asks.code ? currentCodeField : z.optional(z.string()),
    password: asks.password ? z.string({ error: TWO_FACTOR_MESSAGES.passwordRequired }) : z.optional(z.string()),
  });
}
