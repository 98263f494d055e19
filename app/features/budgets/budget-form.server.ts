import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { DASHBOARD_INTENT, DASHBOARD_MESSAGES } from "~/features/dashboard/dashboard";
import { parseAmountToCents } from "~/lib/money";
import { isMonthKey } from "~/lib/month";

/**
 * Validated on the server only: the dashboard ships no form library, which
 * keeps its client JavaScript small; the messages reach the page through the
 * action's reply with and without JavaScript.
 */
const MonthBudgetSchema = z.object({
  intent: z.literal(DASHBOARD_INTENT.setBudget),
  month: z.string({ error: DASHBOARD_MESSAGES.monthInvalid }).refine(isMonthKey, { error: DASHBOARD_MESSAGES.monthInvalid }),
  amount: z.string({ error: DASHBOARD_MESSAGES.budgetRequired }).transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null) {
      context.issues.push({ code: "custom", message: DASHBOARD_MESSAGES.budgetInvalid, input: value });
      return z.NEVER;
    }
    return cents;
  }),
});

/**
 * The monthly-budget form's fields checked against the schema. Kept in this
 * server module, not the route: the classic compiler cannot drop the form
 * library from the dashboard's browser bundle when the route imports it.
 */
export function parseMonthBudgetForm(formData: FormData) {
  return parseWithZod(formData, { schema: MonthBudgetSchema });
}
