import { parseWithZod } from "@conform-to/zod/v4";
import { transactionSchema } from "./schema";
import { formCurrency, type AccountChoice, type CategoryChoice } from "./transactions";

/**
 * The Add/Edit transaction form as the actions read it, against the categories and accounts the form offered;
 * its amounts in the chosen account's currency (`mainCurrency` when the main account is the only one).
 */
export const parseTransactionForm = (formData: FormData, categories: readonly CategoryChoice[], accounts: readonly AccountChoice[], mainCurrency: string) =>
  parseWithZod(formData, { schema: transactionSchema(categories, accounts, formCurrency(accounts, formData.get("accountId"), mainCurrency)) });
