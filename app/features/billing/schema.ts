import * as z from "zod/mini";
import { BILLING_INTERVALS, PLAN_MESSAGES } from "./plans";

/** "Subscribe Now" and "Change Plan" post the billing interval; the server picks its price. */
export const BillingIntervalSchema = z.object({
  interval: z.enum(BILLING_INTERVALS, { error: PLAN_MESSAGES.invalidInterval }),
});
