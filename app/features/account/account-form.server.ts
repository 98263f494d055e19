import { parseWithZod } from "@conform-to/zod/v4";
import { deleteAccountSchema } from "./schema";

/** The account deletion form as the action reads it, with the schema the browser checks. */
export const parseDeleteAccountForm = (formData: FormData, confirmsWithPassword: boolean) =>
  parseWithZod(formData, { schema: deleteAccountSchema(confirmsWithPassword) });
