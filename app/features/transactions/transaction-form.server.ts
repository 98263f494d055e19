import { parseWithZod } from "@conform-to/zod/v4";
import { transactionSchema } from "./schema";
import type { AccountChoice, CategoryChoice } from "./transactions";

/** The Add/Edit transaction form as the actions read it, against the categories and accounts the form offered. */
export const parseTransactionForm = (formData: FormData, categories: readonly CategoryChoice[], accounts: readonly AccountChoice[]) =>
  parseWithZod(formData, { schema: transactionSchema(categories, accounts) });
