import { parseWithZod } from "@conform-to/zod/v4";
import { IMPORT_MESSAGES } from "./messages";
import { UploadSchema } from "./schema";

/** The upload form checked, with the status of a refusal: 413 for a file over the size limit, else 400. */
export function parseUploadForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: UploadSchema });
  const tooBig = submission.status !== "success" && submission.error?.file?.includes(IMPORT_MESSAGES.tooBig);
  return { submission, refusalStatus: tooBig ? 413 : 400 };
}
