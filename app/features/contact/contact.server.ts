import { ContactSubmission } from "../../../models";
import type { CONTACT_SUBJECTS } from "./contact";

type NewContactSubmission = {
  name: string;
  email: string;
  subject: (typeof CONTACT_SUBJECTS)[number];
  message: string;
  userId: string | null;
};

/** Stores a message from the contact form; it starts with status 'new' (the model's default). */
export async function createContactSubmission(submission: NewContactSubmission) {
  const created = await ContactSubmission.create(submission);
  return String(created._id);
}
