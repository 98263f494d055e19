import * as z from "zod/mini";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "./messages";

/*
 * The upload form's schema, for the browser and the server. The browser imports this module only on
 * demand (useLazyForm, through load-schemas.ts), the server through upload-form.server.ts.
 */

/** The upload form: a bank file, neither empty nor over the size limit (no file chosen arrives as none). */
export const UploadSchema = z.object({
  file: z.file({ error: IMPORT_MESSAGES.chooseFile }).check(
    z.minSize(1, { error: IMPORT_MESSAGES.empty }),
    z.maxSize(IMPORT_LIMITS.maxBytes, { error: IMPORT_MESSAGES.tooBig }),
  ),
});
