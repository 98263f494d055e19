import { parseWithZod } from "@conform-to/zod/v4";
import { transactionSchema } from "./schema";
import { formCurrency, transferCurrency, type AccountChoice, type CategoryChoice } from "./transactions";

/**
 * The Add/Edit transaction form as the actions read it, against the categories and accounts the form offered;
 * its amounts in the chosen account's currency (`mainCurrency` when the main account is the only one), a
 * transfer's other amount in the other account's. `keptTransferTo`: the other account of the edited transfer.
 */
export function parseTransactionForm(formData: FormData, categories: readonly CategoryChoice[], accounts: readonly AccountChoice[], mainCurrency: string, keptTransferTo: string | null = null) {
  const currency = formCurrency(accounts, formData.get("accountId"), mainCurrency);
  const otherCurrency = transferCurrency(accounts, formData.get("category")) ?? currency;
  return parseWithZod(formData, { schema: transactionSchema(categories, accounts, currency, { otherCurrency, keptTransferTo }) });
}
