import { parseWithZod } from "@conform-to/zod/v4";
import { MonthBudgetSchema } from "./schema";

/**
 * The monthly-budget form's fields checked against its schema. Kept in this server module, not the
 * route: the classic compiler cannot drop the form library from the dashboard's browser bundle when
 * the route imports it.
 */
export function parseMonthBudgetForm(formData: FormData) {
  return parseWithZod(formData, { schema: MonthBudgetSchema });
}
