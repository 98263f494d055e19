/**
 * A one-time submission key: rendered into every form that writes money (a
 * hidden field, so it works without JavaScript), sent back with the form, and
 * turned into the ids of what the form creates. Sending the same form again
 * (a double click, a retry after an outage) creates nothing new.
 */
export const SUBMISSION_KEY_FIELD = "submissionKey";

const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export function isSubmissionKey(value: unknown): value is string {
  return typeof value === "string" && SUBMISSION_KEY.test(value);
}
