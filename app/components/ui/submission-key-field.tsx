import { SUBMISSION_KEY_FIELD } from "~/utils/submission";

/** The form's one-time submission key (from its page's loader): the same form sent twice writes once. */
export function SubmissionKeyField({ value }: { value: string }) {
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={value} />;
}
