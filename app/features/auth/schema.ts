import * as z from "zod/mini";
import { passwordMessages, signUpPasswordProblems } from "./password-rules";

export const SIGN_UP_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  failed: "Failed to create an account.",
} as const;

const emailFormat = z.email();

/** One schema for the browser and the server: all fields, email format, password rules, confirmation. */
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
