import * as z from "zod/mini";
import { centsField } from "~/lib/amount-field";
import { parseAmountToCents, ZERO_CENTS } from "~/lib/money";
import { CATEGORY_INTENTS, CATEGORY_MESSAGES, CATEGORY_TYPES, categoryNameErrors, newCategoryNameErrors } from "./categories";

/*
 * The schemas of the category forms a person types in. The action reads every form through them
 * (category-form.server.ts); the browser does not load them: the forms are on the dashboard, which
 * has no room for conform's form hook (decision 191).
 */

/** A typed name, refused with the messages `errorsOf` finds in it. */
function nameField(errorsOf: (name: string) => string[]) {
  return z.string({ error: CATEGORY_MESSAGES.nameEmpty }).check(
    z.superRefine((name, context) => {
      for (const message of errorsOf(name)) context.issues.push({ code: "custom", message, input: name });
    }),
  );
}

/** Add Category: name, type and the amount planned (budget) or expected (income) each month. */
export const AddCategorySchema = z.object({
  intent: z.literal(CATEGORY_INTENTS.add),
  name: nameField(newCategoryNameErrors),
  type: z.enum(CATEGORY_TYPES, { error: CATEGORY_MESSAGES.invalidType }),
  // The spec: an amount that cannot be read is stored as 0, not refused.
  amount: z.pipe(
    z.optional(z.string()),
    z.transform((text) => parseAmountToCents(text) ?? ZERO_CENTS),
  ),
});

/** A category's new name (its id stays). */
export const RenameCategorySchema = z.object({
  intent: z.literal(CATEGORY_INTENTS.rename),
  categoryId: z.string(),
  name: nameField(categoryNameErrors),
});

/** A category's planned or expected amount for one month. */
export const CategoryAmountSchema = z.object({
  intent: z.literal(CATEGORY_INTENTS.amount),
  categoryId: z.string(),
  month: z.string(),
  amount: centsField(CATEGORY_MESSAGES.budgetFailed),
});
