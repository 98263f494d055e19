import { toCents, ZERO_CENTS, type Cents } from "~/lib/money";

export const ACCOUNTS_PATH = "/accounts";
export const accountPath = (accountId: string) => `${ACCOUNTS_PATH}/${accountId}`;

/** The `intent` values of the accounts pages' forms. */
export const ACCOUNTS_INTENTS = {
  add: "add-account",
  update: "update-account",
  close: "close-account",
  reopen: "reopen-account",
  /** The reconcile page's finishing buttons: clear a matching statement, add an adjustment of the difference and clear, or keep the difference as a note. */
  finishReconciliation: "finish-reconciliation",
  adjustAndFinish: "adjust-and-finish-reconciliation",
  keepDifference: "keep-reconciliation-difference",
} as const;

export const ACCOUNT_KIND_LABELS = {
  checking: "Checking",
  savings: "Savings",
  credit_card: "Credit card",
  cash: "Cash",
  loan: "Loan",
  investment: "Investment",
  other: "Other",
} as const;
export type AccountKind = keyof typeof ACCOUNT_KIND_LABELS;
export const ACCOUNT_KINDS = Object.keys(ACCOUNT_KIND_LABELS) as AccountKind[];

/** Kinds whose balance is what the user owes: a balance below zero is a debt, shown as an amount owed. */
const LIABILITY_KINDS: ReadonlySet<AccountKind> = new Set(["credit_card", "loan"]);

export function isLiabilityKind(kind: AccountKind) {
  return LIABILITY_KINDS.has(kind);
}

/** Where every transaction of a user went before they had accounts, and where new ones go until they choose. */
export const MAIN_ACCOUNT_NAME = "Main account";
export const ACCOUNT_NAME_MAX_LENGTH = 60;

export const ACCOUNTS_MESSAGES = {
  nameRequired: "Account name is required",
  nameTooLong: `Account name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`,
  nameTaken: "You already have an account with this name",
  kindInvalid: "Please choose an account type",
  balanceInvalid: "Please enter a valid amount",
  dateInvalid: "Please enter a valid date",
  currencyInvalid: "Please choose a currency from the list",
  closeNotZero: "Bring the balance to zero before closing this account: move what is left to another account first",
  closeLastOpen: "Keep at least one open account",
  added: "Account added",
  updated: "Account saved",
  closed: "Account closed",
  reopened: "Account reopened",
  failed: "Your change could not be saved. Please try again.",
} as const;

/** An account as pages show it: its figures in cents, signed from the user's side (a card's debt is below zero). */
export type AccountSummary = {
  id: string;
  name: string;
  kind: AccountKind;
  onBudget: boolean;
  openingBalance: Cents;
  openingDate: string;
  closed: boolean;
  currency: string;
  balance: Cents;
  /** The balance in the user's reporting currency at the latest rate; null while no rate is known. */
  reportedBalance: Cents | null;
  /** How many live transactions it holds. */
  count: number;
};

/** The accounts page's totals in the reporting currency; `unconverted` names the accounts no rate brings into it yet (left out). */
export type AccountsOverview = { assets: Cents; liabilities: Cents; net: Cents; unconverted: string[] };

/** "1 transaction", "1,234 transactions". */
export function transactionCount(count: number) {
  return count === 1 ? "1 transaction" : `${count.toLocaleString("en-US")} transactions`;
}

/**
 * The totals of the accounts page, in the reporting currency: what the open asset accounts hold, what the open liability accounts
 * owe (as a positive amount), and the difference. A liability account in credit adds to the assets side;
 * an overdrawn asset account to the liabilities side, as a bank statement would put them.
 */
export function accountsOverview(accounts: Array<Pick<AccountSummary, "name" | "reportedBalance" | "closed">>): AccountsOverview {
  let assets = 0;
  let liabilities = 0;
  const unconverted: string[] = [];
  for (const account of accounts) {
    if (account.closed) continue;
    if (account.reportedBalance === null) unconverted.push(account.name);
    else if (account.reportedBalance >= 0) assets += account.reportedBalance;
    else liabilities -= account.reportedBalance;
  }
  return { assets: toCents(assets), liabilities: toCents(liabilities), net: toCents(assets - liabilities), unconverted };
}

/** How a transaction moves its account's balance: income adds, an expense takes away. */
export function signedAmount(transaction: { type: "income" | "expense"; amount: number }): Cents {
  return toCents(transaction.type === "income" ? transaction.amount : -transaction.amount);
}

/**
 * A register page's rows (newest first) with the balance after each, from the balance after the newest
 * row on the page: each older row's balance is the newer one's less what the newer one moved.
 */
export function withRunningBalance<Row extends { type: "income" | "expense"; amount: number }>(rows: Row[], balanceAfterNewest: Cents) {
  let balance: number = balanceAfterNewest;
  return rows.map((row) => {
    const shown = { ...row, balance: toCents(balance) };
    balance -= signedAmount(row);
    return shown;
  });
}

/** Why an account may not be closed now, or null when it may: money left in it would drop out of every total. */
export function closeRefusal(account: Pick<AccountSummary, "balance">, openAccounts: number) {
  if (account.balance !== ZERO_CENTS) return ACCOUNTS_MESSAGES.closeNotZero;
  if (openAccounts <= 1) return ACCOUNTS_MESSAGES.closeLastOpen;
  return null;
}

/** The balance as the page words it: what a liability owes is shown as a positive "owed" amount. */
export function shownBalance(account: Pick<AccountSummary, "balance" | "kind">): { amount: Cents; owed: boolean } {
  const owed = isLiabilityKind(account.kind) && account.balance < 0;
  return { amount: toCents(owed ? -account.balance : account.balance), owed };
}
