import * as z from "zod/mini";
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_SUBJECTS } from "./contact";

function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));
}

/** The contact form, for the browser (loaded on demand) and the server (contact-form.server.ts). */
export const ContactSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z.pipe(
    requiredText(CONTACT_MESSAGES.emailRequired, CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid),
    z.email({ error: CONTACT_MESSAGES.emailInvalid }),
  ),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subjectRequired }),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});
