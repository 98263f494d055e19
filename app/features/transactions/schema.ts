import * as z from "zod/mini";
import { isDebtCategoryId, isUncategorized } from "~/features/categories/categories";
import { centsField } from "~/lib/amount-field";
import { isRateText } from "~/lib/conversion";
import { DEFAULT_CURRENCY } from "~/lib/currency";
import { isIsoDate } from "~/lib/month";
import { parseTagNames } from "~/features/tags/tags";
import {
  DESCRIPTION_MAX_LENGTH,
  expectedCategoryType,
  isSplitPartCategory,
  MIN_SPLIT_PARTS,
  TRANSACTION_MESSAGES,
  TRANSACTION_TYPES,
  parseTransferChoice,
  type AccountChoice,
  type CategoryChoice,
} from "./transactions";

/** An amount field: text in, integer minor units of `currency` (above zero) out. */
function amountInCents(currency: string) {
  return centsField(TRANSACTION_MESSAGES.invalidAmount, (cents) => cents > 0, currency);
}

type SplitPartValue = { category: string; amount: number };
type FormValue = { type: "expense" | "income"; amount: number; category: string; showExpenseCategories: boolean; splits: SplitPartValue[] };

/** Issues of the split parts: each an offered expense category (not a debt or savings) chosen once; together they make the amount. */
function splitIssues(value: FormValue, typeOf: ReadonlyMap<string, string>) {
  const issues: Array<{ message: string; path: Array<string | number> }> = [];
  if (value.type !== "expense") return [{ message: TRANSACTION_MESSAGES.splitExpenseOnly, path: ["splits"] }];
  if (value.splits.length < MIN_SPLIT_PARTS) issues.push({ message: TRANSACTION_MESSAGES.splitNeedsTwo, path: ["splits"] });
  const seen = new Set<string>();
  value.splits.forEach((part, index) => {
    const path = ["splits", index, "category"];
    if (!isSplitPartCategory(part.category)) issues.push({ message: TRANSACTION_MESSAGES.splitNoDebtOrSavings, path });
    else if (typeOf.get(part.category) !== "expense") issues.push({ message: TRANSACTION_MESSAGES.categoryRequired, path });
    else if (seen.has(part.category)) issues.push({ message: TRANSACTION_MESSAGES.splitCategoryTwice, path });
    seen.add(part.category);
  });
  const assigned = value.splits.reduce((sum, part) => sum + part.amount, 0);
  if (value.splits.length >= 2 && assigned !== value.amount) issues.push({ message: TRANSACTION_MESSAGES.splitMustAddUp, path: ["splits"] });
  return issues;
}

/**
 * The Add/Edit transaction form, shared by the browser and the server. The
 * amount leaves as integer cents. `categories` are the ones the form offered;
 * the select only hides the group that does not fit (some browsers list it
 * anyway), so the choice is checked against the type (and the offset switch)
 * here. An expense may instead be split: `splits` lists its parts. When the
 * user has several open accounts the form offers them (`accounts`): the
 * chosen one must be one of those; without a choice the ledger uses the main account.
 * A category choice may instead be a transfer with another of those accounts
 * ("Transfer to/from account"), one that goes the way of the type. Amounts
 * are read in `currency`, the chosen account's (formCurrency); `rate` is an
 * optional rate the user got for an account in another currency than their
 * reporting one. A transfer with an account of another currency asks what
 * the other side moved (`transferAmount`, in `otherCurrency`), unless it is
 * the transfer the edited transaction already is (`keptTransferTo`: its
 * other side keeps its amount).
 */
export function transactionSchema(
  categories: readonly CategoryChoice[],
  accounts: readonly AccountChoice[] = [],
  currency: string = DEFAULT_CURRENCY,
  { otherCurrency = currency, keptTransferTo = null }: { otherCurrency?: string; keptTransferTo?: string | null } = {},
) {
  const currencyOfAccount = new Map(accounts.map((account) => [account.id, account.currency]));
  const typeOf = new Map(categories.map((category) => [category.id, category.type]));
  const offeredAccounts = new Set(accounts.map((account) => account.id));
  const isSplit = (value: unknown) => ((value as { splits?: unknown[] }).splits?.length ?? 0) > 0;
  const categoryOf = (value: unknown) => (value as { category?: unknown }).category;
  const transferOf = (value: unknown) => {
    const category = categoryOf(value);
    return typeof category === "string" && !isSplit(value) ? parseTransferChoice(category) : null;
  };
  const transferTo = (value: unknown) => transferOf(value)?.accountId ?? null;
  // Without a choice the account that holds it is the first offered (the main one).
  const holder = (value: unknown) => (value as { accountId?: string }).accountId ?? accounts[0]?.id;
  return z
    .object({
      type: z._default(z.enum(TRANSACTION_TYPES), "expense"),
      amount: amountInCents(currency),
      category: z._default(z.string().check(z.trim()), ""),
      date: z.string({ error: TRANSACTION_MESSAGES.invalidDate }).check(z.refine(isIsoDate, { error: TRANSACTION_MESSAGES.invalidDate })),
      description: z._default(
        z.string().check(z.trim(), z.maxLength(DESCRIPTION_MAX_LENGTH, { error: TRANSACTION_MESSAGES.descriptionTooLong })),
        "",
      ),
      showExpenseCategories: z._default(z.boolean(), false),
      tags: z._default(
        z.string().check(
          z.superRefine((text, ctx) => {
            const parsed = parseTagNames(text);
            if (!parsed.ok) ctx.addIssue({ code: "custom", input: text, message: parsed.message });
          }),
        ),
        "",
      ),
      rate: z.optional(z.string().check(z.trim(), z.refine(isRateText, { error: TRANSACTION_MESSAGES.invalidRate }))),
      transferAmount: z.optional(centsField(TRANSACTION_MESSAGES.invalidAmount, (cents) => cents > 0, otherCurrency)),
      accountId: z.optional(z.string().check(z.refine((accountId) => offeredAccounts.has(accountId), { error: TRANSACTION_MESSAGES.accountRequired }))),
      splits: z._default(
        z.array(
          z.object({
            category: z.string({ error: TRANSACTION_MESSAGES.categoryRequired }).check(z.trim()),
            amount: amountInCents(currency),
          }),
        ),
        [],
      ),
    })
    .check(
      z.refine((value) => !isUncategorized(value.category), {
        error: TRANSACTION_MESSAGES.categoryRequired,
        path: ["category"],
        when: ({ value }) => !isSplit(value),
      }),
      z.refine((value) => transferOf(value)?.type === value.type, {
        error: TRANSACTION_MESSAGES.categoryRequired,
        path: ["category"],
        when: ({ value }) => transferTo(value) !== null,
      }),
      z.refine((value) => offeredAccounts.has(transferTo(value) ?? ""), {
        error: TRANSACTION_MESSAGES.accountRequired,
        path: ["category"],
        when: ({ value, issues }) => transferTo(value) !== null && !issues.some((issue) => issue.path?.[0] === "category"),
      }),
      z.refine((value) => transferTo(value) !== holder(value), {
        error: TRANSACTION_MESSAGES.transferSameAccount,
        path: ["category"],
        when: ({ value, issues }) => transferTo(value) !== null && !issues.some((issue) => issue.path?.[0] === "category" || issue.path?.[0] === "accountId"),
      }),
      z.refine((value) => (value as { transferAmount?: number }).transferAmount !== undefined, {
        error: TRANSACTION_MESSAGES.transferAmountRequired,
        path: ["transferAmount"],
        when: ({ value, issues }) => {
          const other = transferTo(value);
          const crossesCurrencies = other !== null && currencyOfAccount.get(other) !== currencyOfAccount.get(holder(value) ?? "");
          return crossesCurrencies && other !== keptTransferTo && !issues.some((issue) => ["category", "accountId", "transferAmount"].includes(String(issue.path?.[0])));
        },
      }),
      z.refine((value) => !(value.type === "income" && isDebtCategoryId(value.category)), {
        error: TRANSACTION_MESSAGES.debtTakesPayments,
        path: ["category"],
        when: ({ value }) => !isSplit(value) && typeof categoryOf(value) === "string",
      }),
      z.refine((value) => typeOf.get(value.category) === expectedCategoryType(value.type, value.showExpenseCategories), {
        error: TRANSACTION_MESSAGES.categoryRequired,
        path: ["category"],
        // Also when other fields failed, so every error shows at once; not when the category itself already did.
        when: ({ value, issues }) =>
          !isSplit(value) &&
          typeof categoryOf(value) === "string" &&
          transferTo(value) === null &&
          !issues.some((issue) => issue.path?.[0] === "category"),
      }),
      z.superRefine((value, ctx) => {
        if (value.splits.length === 0) return;
        for (const issue of splitIssues(value, typeOf)) ctx.addIssue({ code: "custom", input: value, ...issue });
      }),
    );
}
