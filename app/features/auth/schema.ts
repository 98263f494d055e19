import * as z from "zod/mini";
import { LOGIN_MESSAGES, PASSWORD_RESET_MESSAGES, SIGN_UP_MESSAGES } from "./messages";
import { passwordMessages, RESET_PASSWORD_MIN_LENGTH, signUpPasswordProblems } from "./password-rules";
import { currentCodeField } from "./two-factor-schema";

/*
 * One schema per form, for the browser and the server. The browser imports this module only on demand
 * (useLazyForm), the server through auth-form.server.ts: a route that imported it would carry zod
 * on every visit.
 */

export const LoginSchema = z.object({
  email: z.email({ error: LOGIN_MESSAGES.invalidEmail }),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }),
  redirect: z.optional(z.string()),
});

/** The second step of signing in with two-factor sign-in on. */
export const TwoFactorSignInSchema = z.object({ code: currentCodeField });

const emailFormat = z.email();

/** All fields, email format, password rules, confirmation. */
export const SignUpSchema = z
  .object({
    email: z.optional(z.string()),
    password: z.optional(z.string()),
    confirmPassword: z.optional(z.string()),
    redirect: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      const { email, password, confirmPassword } = value;
      if (!email || !password || !confirmPassword) {
        ctx.issues.push({ code: "custom", message: passwordMessages.fillAll, input: value, path: [] });
        return;
      }
      if (!emailFormat.safeParse(email.trim()).success) {
        ctx.issues.push({ code: "custom", message: SIGN_UP_MESSAGES.invalidEmail, input: email, path: ["email"] });
      }
      for (const message of signUpPasswordProblems(password)) {
        ctx.issues.push({ code: "custom", message, input: password, path: ["password"] });
      }
      if (password !== confirmPassword) {
        ctx.issues.push({ code: "custom", message: passwordMessages.mismatch, input: confirmPassword, path: ["confirmPassword"] });
      }
    }),
  );

export const ForgotPasswordSchema = z.object({
  email: z.pipe(
    z
      .string({ error: PASSWORD_RESET_MESSAGES.emailRequired })
      .check(z.trim(), z.minLength(1, { error: PASSWORD_RESET_MESSAGES.emailRequired })),
    z.email({ error: PASSWORD_RESET_MESSAGES.invalidEmail }),
  ),
});

export const ResetPasswordSchema = z
  .object({
    oobCode: z.optional(z.string()),
    password: z.optional(z.string()),
    confirmPassword: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.oobCode) {
        ctx.issues.push({ code: "custom", message: PASSWORD_RESET_MESSAGES.invalidCode, input: value, path: [] });
        return;
      }
      if (!value.password || !value.confirmPassword) {
        ctx.issues.push({ code: "custom", message: passwordMessages.fillAll, input: value, path: [] });
        return;
      }
      if (value.password !== value.confirmPassword) {
        ctx.issues.push({ code: "custom", message: passwordMessages.mismatch, input: value.confirmPassword, path: ["confirmPassword"] });
      } else if (value.password.length < RESET_PASSWORD_MIN_LENGTH) {
        ctx.issues.push({ code: "custom", message: passwordMessages.resetTooShort, input: value.password, path: ["password"] });
      }
    }),
  );
