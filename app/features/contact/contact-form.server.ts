import { parseWithZod } from "@conform-to/zod/v4";
import { ContactSchema } from "./schema";

export const parseContactForm = (formData: FormData) => parseWithZod(formData, { schema: ContactSchema });
