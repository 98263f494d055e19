import { parseWithZod } from "@conform-to/zod/v4";
import { BillingIntervalSchema } from "./schema";

/** "Subscribe Now" and "Change Plan" as the actions read them: a route importing the schema would carry zod to the browser. */
export const parseBillingIntervalForm = (formData: FormData) => parseWithZod(formData, { schema: BillingIntervalSchema });
