import { createHash, randomBytes } from "node:crypto";
import { data } from "@remix-run/node";
import { BODY_MESSAGES } from "./form-body.server";
import { isSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission";

/** A new key for a form about to be rendered. */
export function newSubmissionKey() {
  return randomBytes(16).toString("base64url");
}

/** The form's submission key; null when it sent none, and a 400 (nothing written) when it sent one that is not a key. */
export function submissionKeyOf(formData: FormData) {
  const value = formData.get(SUBMISSION_KEY_FIELD);
  if (value === null || value === "") return null;
  if (!isSubmissionKey(value)) throw data(BODY_MESSAGES.unreadable, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return value;
}

/**
 * The id (24 hex digits, an ObjectId's text) of the `index`th document of
 * kind `purpose` that the user's submission `key` creates: the same every
 * time the form is sent again, so a unique _id refuses the copy.
 */
export function submittedId(userId: string, key: string, purpose: string, index = 0) {
  return createHash("sha256").update(`${userId}\n${key}\n${purpose}\n${index}`).digest("hex").slice(0, 24);
}
