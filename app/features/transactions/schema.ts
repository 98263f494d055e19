import * as z from "zod/mini";
import { isUncategorized } from "~/features/categories/categories";
import { isDebtCategoryId } from "~/features/debts/debts";
import { parseAmountToCents } from "~/lib/money";
import { isIsoDate } from "~/lib/month";
import { DESCRIPTION_MAX_LENGTH, expectedCategoryType, TRANSACTION_MESSAGES, TRANSACTION_TYPES, type CategoryChoice } from "./transactions";

/**
 * The Add/Edit transaction form, shared by the browser and the server. The
 * amount leaves as integer cents. `categories` are the ones the form offered;
 * the select only hides the group that does not fit (some browsers list it
 * anyway), so the choice is checked against the type (and the offset switch) here.
 */
export function transactionSchema(categories: readonly CategoryChoice[]) {
  const typeOf = new Map(categories.map((category) => [category.id, category.type]));
  return z
    .object({
      type: z._default(z.enum(TRANSACTION_TYPES), "expense"),
      amount: z.pipe(
        z.string({ error: TRANSACTION_MESSAGES.invalidAmount }),
        z.transform((value, ctx) => {
          const cents = parseAmountToCents(value);
          if (cents === null || cents <= 0) {
            ctx.issues.push({ code: "custom", message: TRANSACTION_MESSAGES.invalidAmount, input: value });
            return z.NEVER;
          }
          return cents;
        }),
      ),
      category: z.string({ error: TRANSACTION_MESSAGES.categoryRequired }).check(
        z.trim(),
        z.refine((id) => !isUncategorized(id), { error: TRANSACTION_MESSAGES.categoryRequired }),
      ),
      date: z.string({ error: TRANSACTION_MESSAGES.invalidDate }).check(z.refine(isIsoDate, { error: TRANSACTION_MESSAGES.invalidDate })),
      description: z._default(
        z.string().check(z.trim(), z.maxLength(DESCRIPTION_MAX_LENGTH, { error: TRANSACTION_MESSAGES.descriptionTooLong })),
        "",
      ),
      showExpenseCategories: z._default(z.boolean(), false),
    })
    .check(
      z.refine((value) => !(value.type === "income" && isDebtCategoryId(value.category)), {
        error: TRANSACTION_MESSAGES.debtTakesPayments,
        path: ["category"],
        when: ({ value }) => typeof (value as { category?: unknown }).category === "string",
      }),
      z.refine((value) => typeOf.get(value.category) === expectedCategoryType(value.type, value.showExpenseCategories), {
        error: TRANSACTION_MESSAGES.categoryRequired,
        path: ["category"],
        // Also when other fields failed, so every error shows at once; not when the category itself already did.
        when: ({ value, issues }) =>
          typeof (value as { category?: unknown }).category === "string" && !issues.some((issue) => issue.path?.[0] === "category"),
      }),
    );
}

export type TransactionFormValue = z.output<ReturnType<typeof transactionSchema>>;
