import { parseWithZod } from "@conform-to/zod/v4";
import type { AccountInput } from "./accounts.server";
import { AccountSchema } from "./schema";

/** The account form (add and edit) checked; the value is ready for `addAccount`/`updateAccount`. */
export function parseAccountForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: AccountSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { onBudget, openingBalance, ...rest } = submission.value;
  const input: AccountInput = { ...rest, onBudget: onBudget !== undefined, openingBalance: openingBalance ?? 0 };
  return { submission, input } as const;
}
