import * as z from "zod/mini";
import { passwordMessages, signUpPasswordProblems } from "~/features/auth/password-rules";
import { DISPLAY_NAME_MAX_LENGTH, PROFILE_MESSAGES } from "./profile";

/* The profile's forms, for the browser (loaded on demand) and the server (profile-form.server.ts). */

export const DisplayNameSchema = z.object({
  displayName: z.string({ error: PROFILE_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, { error: PROFILE_MESSAGES.nameRequired }),
    z.maxLength(DISPLAY_NAME_MAX_LENGTH, { error: PROFILE_MESSAGES.nameTooLong }),
  ),
});

/** The browser checks against the options the server listed; the server against its own Intl. */
export function currencySchema(isOffered: (code: string) => boolean) {
  return z.object({
    currency: z.string({ error: PROFILE_MESSAGES.currencyRequired }).check(z.refine(isOffered, { error: PROFILE_MESSAGES.currencyUnsupported })),
  });
}

/** The sign-up password rules and messages; the current password only when the account has one. */
export function changePasswordSchema(requiresCurrentPassword: boolean) {
  return z
    .object({
      currentPassword: z.optional(z.string()),
      newPassword: z.optional(z.string()),
      confirmNewPassword: z.optional(z.string()),
    })
    .check(
      z.superRefine((value, ctx) => {
        const { currentPassword, newPassword, confirmNewPassword } = value;
        if ((requiresCurrentPassword && !currentPassword) || !newPassword || !confirmNewPassword) {
          ctx.issues.push({ code: "custom", message: passwordMessages.fillAll, input: value, path: [] });
          return;
        }
        for (const message of signUpPasswordProblems(newPassword)) {
          ctx.issues.push({ code: "custom", message, input: newPassword, path: ["newPassword"] });
        }
        if (newPassword !== confirmNewPassword) {
          ctx.issues.push({ code: "custom", message: passwordMessages.mismatch, input: confirmNewPassword, path: ["confirmNewPassword"] });
        }
      }),
    );
}
