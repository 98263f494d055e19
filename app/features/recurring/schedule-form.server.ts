import { parseWithZod } from "@conform-to/zod/v4";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { formCurrency, type AccountChoice, type CategoryChoice } from "~/features/transactions/transactions";
import { getAccountChoices, getCategoryChoices } from "~/features/transactions/transactions.server";
import { RECURRING_MESSAGES } from "./recurring";
import type { ScheduleInput } from "./recurring.server";
import { scheduleFormSchema } from "./schema";

/** What the schedule form offers: the user's open accounts (none when the main one is the only one), the categories, the main account's currency. */
export async function scheduleFormChoices(userId: string, ...heldIn: Array<string | null>) {
  const [{ offered, mainCurrency }, categories] = await Promise.all([getAccountChoices(userId, ...heldIn), getCategoryChoices(userId)]);
  return { accounts: offered, categories, mainCurrency };
}

export type ScheduleFormChoices = { accounts: AccountChoice[]; categories: CategoryChoice[]; mainCurrency: string };

/**
 * The schedule form checked against the user's choices: the amount read in the chosen account's currency,
 * the account one offered (the main one when none is), the category one of the bill's or paycheck's way.
 */
export function parseScheduleForm(userId: string, formData: FormData, choices: ScheduleFormChoices) {
  const currency = formCurrency(choices.accounts, formData.get("accountId"), choices.mainCurrency);
  const submission = parseWithZod(formData, {
    schema: scheduleFormSchema(currency).check((context) => {
      const value = context.value;
      if (choices.accounts.length > 0 && !choices.accounts.some((account) => account.id === value.accountId)) {
        context.issues.push({ code: "custom", message: RECURRING_MESSAGES.chooseAccount, path: ["accountId"], input: value.accountId });
      }
      const categoryType = value.type === "income" ? "income" : "expense";
      if (value.category !== "" && !choices.categories.some((category) => category.id === value.category && category.type === categoryType)) {
        context.issues.push({ code: "custom", message: RECURRING_MESSAGES.chooseCategory, path: ["category"], input: value.category });
      }
    }),
  });
  if (submission.status !== "success") return { submission, input: null } as const;
  const value = submission.value;
  const input: ScheduleInput = {
    name: value.name,
    type: value.type,
    accountId: choices.accounts.length > 0 ? value.accountId : mainAccountId(userId),
    currency,
    amount: value.amount,
    frequency: value.frequency,
    nextDate: value.nextDate,
    category: value.category,
    remind: value.remind !== undefined,
    remindDaysBefore: Number(value.remindDaysBefore),
  };
  return { submission, input } as const;
}
