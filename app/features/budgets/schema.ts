import * as z from "zod/mini";
import { centsField } from "~/lib/amount-field";
import { isMonthKey } from "~/lib/month";
import { BUDGET_INTENTS, BUDGET_MESSAGES } from "./budgets";

/*
 * The dashboard's monthly-budget form. The action reads it through this schema (budget-form.server.ts);
 * the browser does not load it: the dashboard has no room for conform's form hook (decision 191).
 */
export const MonthBudgetSchema = z.object({
  intent: z.literal(BUDGET_INTENTS.setMonthBudget),
  month: z.string({ error: BUDGET_MESSAGES.monthInvalid }).check(z.refine(isMonthKey, { error: BUDGET_MESSAGES.monthInvalid })),
  amount: z.pipe(z.string({ error: BUDGET_MESSAGES.budgetRequired }), centsField(BUDGET_MESSAGES.budgetInvalid)),
});
