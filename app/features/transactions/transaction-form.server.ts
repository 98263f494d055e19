import { parseWithZod } from "@conform-to/zod/v4";
import { transactionSchema } from "./schema";
import type { CategoryChoice } from "./transactions";

/** The Add/Edit transaction form as the actions read it, against the categories the form offered. */
export const parseTransactionForm = (formData: FormData, categories: readonly CategoryChoice[]) =>
  parseWithZod(formData, { schema: transactionSchema(categories) });
