import { categoryLabel, isDebtCategoryId, isTransferCategory, isUncategorized, SAVINGS_CATEGORY, type CategoryType } from "~/features/categories/categories";

export const DESCRIPTION_MAX_LENGTH = 500;

/** Fewest parts of a split expense. */
export const MIN_SPLIT_PARTS = 2;

/** Whether an expense category may take a split's part: not a debt or savings, whose own ledgers move with their category. */
export function isSplitPartCategory(categoryId: string) {
  return !isDebtCategoryId(categoryId) && categoryId !== SAVINGS_CATEGORY;
}

export const TRANSACTION_MESSAGES = {
  invalidAmount: "Please enter a valid amount",
  categoryRequired: "Please select a category",
  accountRequired: "Please choose one of your open accounts",
  transferSameAccount: "A transfer moves money between two different accounts: choose another account",
  transferAmountRequired: "Please enter the amount in the other account's currency",
  invalidRate: "Please enter the rate as a positive number, such as 1.0832",
  debtTakesPayments: "A debt takes payments (expenses) only, not income",
  invalidDate: "Please enter a valid date",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  splitExpenseOnly: "Only an expense can be split",
  splitNeedsTwo: "A split needs at least two categories",
  splitCategoryTwice: "Choose each category once",
  splitNoDebtOrSavings: "Debt payments and savings cannot be part of a split",
  splitMustAddUp: "The split amounts must add up to the amount",
  added: "Transaction added successfully",
  addFailed: "Failed to add transaction",
  updated: "Transaction updated successfully",
  updateFailed: "Failed to update transaction",
  deleted: "Transaction deleted successfully",
  deleteFailed: "Failed to delete transaction",
  restored: "Transaction restored successfully",
  restoreFailed: "Failed to restore transaction",
  transferLinked: "Linked as a transfer: neither income nor expense",
  transferNotLinked: "These two transactions cannot be linked as a transfer: they need the same amount, one out of an account and one into another",
  resetDone: "Data reset successfully",
  resetFailed: "Error resetting data",
  nothingSelected: "Select at least one transaction to delete",
  nothingSelectedToTag: "Select at least one transaction to tag",
  noTagChange: "Type a tag to add, or choose one to take off",
  tagged: (count: number) => (count === 1 ? "Tags updated on 1 transaction" : `Tags updated on ${count} transactions`),
  tooManySelected: (max: number) => `Select at most ${max} transactions at once`,
  bulkDeleted: (count: number) => (count === 1 ? "Transaction deleted successfully" : `${count} transactions deleted successfully`),
} as const;

export const TRANSACTION_TYPES = ["expense", "income"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTIONS_PATH = "/transactions";
export const NEW_TRANSACTION_PATH = "/transactions/new";
/** The Add/Edit transaction form's title: links to the form aim at it (`#transaction-form-title`), so it takes focus. */
export const TRANSACTION_FORM_TITLE_ID = "transaction-form-title";
export const editTransactionPath = (id: string) => `/transactions/${id}/edit`;

/** The tabs of the transactions page and sidebar; "all" (every live transaction) is for code, not a tab. */
export type TransactionTab = "new" | "tracked" | "deleted" | "all";
export type ListTab = Exclude<TransactionTab, "all">;
export const LIST_TABS: ReadonlyArray<{ tab: ListTab; label: string }> = [
  { tab: "new", label: "New" },
  { tab: "tracked", label: "Tracked" },
  { tab: "deleted", label: "Deleted" },
];

/** The tab that lists a transaction: Deleted, New (no category yet) or Tracked. */
export function listTabOf(transaction: { category: string; deleted: boolean }): ListTab {
  if (transaction.deleted) return "deleted";
  return isUncategorized(transaction.category) ? "new" : "tracked";
}

/**
 * Where to go after adding `added`: `redirectTo`, except that the
 * transactions page opens on the tab that lists it (users look for what they just added).
 */
export function landingAfterAdd(redirectTo: string, added: { category: string; deleted: boolean }) {
  const url = new URL(redirectTo, "http://app.invalid");
  if (url.pathname !== TRANSACTIONS_PATH) return redirectTo;
  url.searchParams.set("tab", listTabOf(added));
  url.searchParams.delete("cursor");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The tab a page opens on when none is asked for: New when something waits for a category, else Tracked when it has rows. */
export function tabWithRows(counts: Record<ListTab, number>): ListTab {
  return counts.new === 0 && counts.tracked > 0 ? "tracked" : "new";
}

export function isListTab(value: unknown): value is ListTab {
  return value === "new" || value === "tracked" || value === "deleted";
}

/** The forms the transactions page's action tells apart (the sidebar posts the same ones). */
export const TRANSACTION_INTENTS = {
  delete: "delete",
  restore: "restore",
  bulkDelete: "bulk-delete",
  bulkTag: "bulk-tag",
  linkTransfer: "link-transfer",
  reset: "reset",
} as const;

export type Allocation = { categoryId: string; amount: number };

/** A transaction as it leaves the server: string id, amounts in integer cents. */
export type TransactionItem = {
  id: string;
  type: TransactionType;
  category: string;
  amount: number;
  date: string;
  monthKey: string;
  description: string;
  allocations: Allocation[];
  deleted: boolean;
  source: string;
  bankName: string | null;
  /** A linked bank's transaction that has not posted yet. */
  pending: boolean;
  /** The account that holds it. */
  accountId: string;
  /** A transfer's other account (where the money went, or came from); null for an income or expense. */
  transferAccountId: string | null;
  /** A reconciliation found it on a statement. */
  cleared: boolean;
  /** Its amount in the reporting currency when its account is in another (amount null: no rate yet). */
  reported: { amount: number | null; currency: string; rateDay: string | null; rate: string | null } | null;
  /** What an imported row was in its file, converted into the account's currency at the rate of `rateDay`. */
  fileAmount: { amount: number; currency: string; rateDay: string } | null;
  /** The ids of its tags. */
  tagIds: string[];
};

/** What the pages say while the user's totals are counted again in a new reporting currency. */
export type ReportingRecountProgress = { currency: string; done: number; total: number };

/** An open account the form offers to hold a transaction, with the currency its amounts are in. */
export type AccountChoice = { id: string; name: string; currency: string };

/** The currency a form's amount is typed in: the chosen account's, the first offered, else the main account's. */
export function formCurrency(accounts: readonly AccountChoice[], accountId: unknown, mainCurrency: string) {
  return accounts.find((account) => account.id === accountId)?.currency ?? accounts[0]?.currency ?? mainCurrency;
}

/** The currency of the other account a form's category choice transfers with (null: no transfer, or an account not offered). */
export function transferCurrency(accounts: readonly AccountChoice[], category: unknown) {
  const transfer = typeof category === "string" ? parseTransferChoice(category) : null;
  return transfer ? (accounts.find((account) => account.id === transfer.accountId)?.currency ?? null) : null;
}

/** What the form offers as categories: enough to check that the choice fits the type. */
export type CategoryChoice = { id: string; name: string; type: CategoryType };

/**
 * The category type a transaction must use: expenses take expense categories,
 * income takes income categories, and an offset (income with 'Show expense
 * categories' on) takes the expense category it offsets.
 */
export function expectedCategoryType(type: TransactionType, showExpenseCategories: boolean): CategoryType {
  return type === "income" && !showExpenseCategories ? "income" : "expense";
}

/** How the form names a transfer with another account among its category choices ("Transfer to/from account"): the way and the account. */
const TRANSFER_CHOICE_PREFIXES: Record<TransactionType, string> = { expense: "transfer-to:", income: "transfer-from:" };

/** The category choice of a transfer of `type` (an expense goes to the account, an income comes from it). */
export function transferChoice(type: TransactionType, accountId: string) {
  return `${TRANSFER_CHOICE_PREFIXES[type]}${accountId}`;
}

/** The way and the other account a category choice names when it is a transfer, else null. */
export function parseTransferChoice(category: string): { type: TransactionType; accountId: string } | null {
  for (const type of TRANSACTION_TYPES) {
    if (category.startsWith(TRANSFER_CHOICE_PREFIXES[type])) return { type, accountId: category.slice(TRANSFER_CHOICE_PREFIXES[type].length) };
  }
  return null;
}

/** What a transfer's side is called: money out of its account goes to the other, money in comes from it. */
export function transferLabel(type: TransactionType, otherAccountName: string) {
  return type === "expense" ? `Transfer to ${otherAccountName}` : `Transfer from ${otherAccountName}`;
}

/** What a transaction is shown as: its category's name, or for a side of a transfer the account the money went to or came from. */
export function transactionLabel(
  transaction: Pick<TransactionItem, "type" | "category" | "transferAccountId">,
  categoryNames: ReadonlyMap<string, string>,
  accountNames: ReadonlyMap<string, string>,
) {
  if (!isTransferCategory(transaction.category)) return categoryLabel(transaction.category, categoryNames);
  return transferLabel(transaction.type, accountNames.get(transaction.transferAccountId ?? "") ?? "another account");
}
