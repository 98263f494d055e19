import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { parseAmountToCents } from "~/lib/money";
import { isMonthKey } from "~/lib/month";
import { BUDGET_INTENTS, BUDGET_MESSAGES } from "./budgets";

/**
 * Validated on the server only: the dashboard ships no form library, which
 * keeps its client JavaScript small; the messages reach the page through the
 * action's reply with and without JavaScript.
 */
const MonthBudgetSchema = z.object({
  intent: z.literal(BUDGET_INTENTS.setMonthBudget),
  month: z.string({ error: BUDGET_MESSAGES.monthInvalid }).refine(isMonthKey, { error: BUDGET_MESSAGES.monthInvalid }),
  amount: z.string({ error: BUDGET_MESSAGES.budgetRequired }).transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null) {
      context.issues.push({ code: "custom", message: BUDGET_MESSAGES.budgetInvalid, input: value });
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
