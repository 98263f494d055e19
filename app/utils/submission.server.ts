import { createHash, randomBytes } from "node:crypto";
import { BODY_MESSAGES, refuse } from "./form-body.server";
import { isSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission";

/** A key as this server issues it: 16 bytes, the first 6 the time of issue in milliseconds, the rest random (22 characters). */
const ISSUED_KEY_BYTES = 16;
const TIME_BYTES = 6;

/** A new key for a form about to be rendered. */
export function newSubmissionKey(now = Date.now()) {
  const bytes = Buffer.alloc(ISSUED_KEY_BYTES);
  bytes.writeUIntBE(now, 0, TIME_BYTES);
  randomBytes(ISSUED_KEY_BYTES - TIME_BYTES).copy(bytes, TIME_BYTES);
  return bytes.toString("base64url");
}

/** When an issued key was issued (ms); null for a key of another shape. */
function issuedAt(key: string) {
  const bytes = Buffer.from(key, "base64url");
  return bytes.length === ISSUED_KEY_BYTES && bytes.toString("base64url") === key ? bytes.readUIntBE(0, TIME_BYTES) : null;
}

/** The form's submission key; null when it sent none, and a 400 (nothing written) when it sent one that is not a key. */
export function submissionKeyOf(formData: FormData) {
  const value = formData.get(SUBMISSION_KEY_FIELD);
  if (value === null || value === "") return null;
  if (!isSubmissionKey(value)) refuse(400, BODY_MESSAGES.unreadable);
  return value;
}

/**
 * The id (24 hex digits, an ObjectId's text) of the `index`th document of
 * kind `purpose` that the user's submission `key` creates: the same every
 * time the form is sent again, so a unique _id refuses the copy. Like any
 * ObjectId it begins with a time, the key's (seconds, then milliseconds), so
 * what forms create still sorts in the order the forms were opened.
 */
export function submittedId(userId: string, key: string, purpose: string, index = 0) {
  const hash = createHash("sha256").update(`${userId}\n${key}\n${purpose}\n${index}`).digest();
  const issued = issuedAt(key);
  if (issued === null) return hash.subarray(0, 12).toString("hex");
  const id = Buffer.alloc(12);
  id.writeUInt32BE(Math.floor(issued / 1000));
  id.writeUInt16BE(issued % 1000, 4);
  hash.copy(id, 6, 0, 6);
  return id.toString("hex");
}
