import type { Cents } from "~/lib/money";
import { ACCOUNT_KIND_LABELS, isLiabilityKind, type AccountKind } from "~/features/accounts/accounts";
import { debtIdOfCategory } from "~/features/categories/categories";

export const DEBT_MANAGEMENT_PATH = "/debt-management";
/** Where the overview's forms post: its index route, not the layout it shares the URL with. */
export const DEBT_ACTION = `${DEBT_MANAGEMENT_PATH}?index`;
/** The panels a debt card opens under itself; each lives in the query (`?pay=<id>`), so it opens without JavaScript. */
export type DebtPanel = "edit" | "pay" | "history";

/** The element of a debt's open panel: the fragment of the URL that opens it, so the browser scrolls to it and focuses it (decision 219). */
export function debtPanelId(debtId: string, panel: DebtPanel) {
  return `debt-${debtId}-${panel}`;
}

/** The overview with one debt's panel open and in view. */
export function debtPanelUrl(debtId: string, panel: DebtPanel) {
  return `${DEBT_MANAGEMENT_PATH}?${panel}=${encodeURIComponent(debtId)}#${encodeURIComponent(debtPanelId(debtId, panel))}`;
}

/** The element of a debt's card. */
export function debtCardId(debtId: string) {
  return `debt-${debtId}`;
}

/**
 * The overview scrolled to a debt's card: where closing one of its panels, adding the debt and saving it
 * return to (the fragment also replaces the form's, which a redirect would otherwise keep).
 */
export function debtCardUrl(debtId: string) {
  return `${DEBT_MANAGEMENT_PATH}#${encodeURIComponent(debtCardId(debtId))}`;
}

/** The `intent` values of the overview's forms. */
export const DEBT_INTENTS = {
  add: "add",
  update: "update",
  delete: "delete",
  pay: "pay",
  clearPlan: "clear-plan",
} as const;
export type DebtIntent = (typeof DEBT_INTENTS)[keyof typeof DEBT_INTENTS];
export const DEBT_TABS = [
  { path: DEBT_MANAGEMENT_PATH, label: "Overview" },
  { path: `${DEBT_MANAGEMENT_PATH}/calculator`, label: "Calculator" },
  { path: `${DEBT_MANAGEMENT_PATH}/strategies`, label: "Strategies" },
  { path: `${DEBT_MANAGEMENT_PATH}/money-picture`, label: "Your Money Picture" },
] as const;

export const DEBT_TYPE_LABELS = {
  credit_card: "Credit Card",
  loan: "Personal Loan",
  mortgage: "Mortgage",
  student_loan: "Student Loan",
  car_loan: "Car Loan",
  other: "Other",
} as const;
export type DebtType = keyof typeof DEBT_TYPE_LABELS;
export const DEBT_TYPES = Object.keys(DEBT_TYPE_LABELS) as DebtType[];

export const DEBT_PRIORITY_LABELS = { low: "Low", medium: "Medium", high: "High" } as const;
export type DebtPriority = keyof typeof DEBT_PRIORITY_LABELS;
export const DEBT_PRIORITIES = Object.keys(DEBT_PRIORITY_LABELS) as DebtPriority[];

export const DEBT_MESSAGES = {
  nameRequired: "Debt name is required",
  totalPositive: "Total amount must be greater than 0",
  balanceNotNegative: "Current balance must be 0 or greater",
  balanceRequired: "Enter the current balance, or link the debt to its account",
  balanceAboveTotal: "Current balance cannot be greater than total amount",
  rateRange: "Interest rate must be between 0 and 100",
  minimumPositive: "Minimum payment must be greater than 0",
  typeInvalid: "Please choose a debt type",
  priorityInvalid: "Please choose a priority",
  dueDateInvalid: "Please enter a valid date",
  descriptionTooLong: "Description must be at most 500 characters",
  nameTooLong: "Debt name must be at most 100 characters",
  accountInvalid: "Please choose one of your open credit card or loan accounts",
  accountTaken: (debtName: string) => `This account is already linked to ${debtName}`,
  payFromInvalid: "Please choose an open account to pay from",
  added: "Debt added successfully",
  updated: "Debt updated successfully",
  deleted: "Debt deleted successfully",
  addFailed: "Failed to add debt",
  updateFailed: "Failed to update debt",
  deleteFailed: "Failed to delete debt",
  paymentAdded: "Payment added successfully",
  paymentFailed: "Failed to add payment",
  paymentInvalid: "Please enter a valid amount",
  paymentAboveBalance: (balance: string) => `Payment cannot be more than the current balance of ${balance}`,
  loadFailed: "Failed to load debts",
  appliedViaTransaction: (amount: string) => `Payment of ${amount} applied to debt`,
  confirmDelete: "Are you sure you want to delete this debt? This action cannot be undone.",
  planSaved: "Plan saved",
  planCleared: "Plan removed",
  extraInvalid: "Please enter a valid amount",
} as const;

export const DEBT_NAME_MAX_LENGTH = 100;
export const DEBT_DESCRIPTION_MAX_LENGTH = 500;
/** The most a debt may be: $10 billion, so plan arithmetic stays exact. */
export const DEBT_MAX_CENTS = 1_000_000_000_000;

/** Description of a payment made with 'Pay' on the debt tracker. */
export const MANUAL_PAYMENT_DESCRIPTION = "Manual payment via debt tracker";

/** How the payment history names a payment entered as a transaction. */
export function paymentViaTransactionLabel(description: string) {
  return `Payment via transaction: ${description.trim() || "Manual payment"}`;
}

export const DASHBOARD_DEBTS_SHOWN = 3;

/** What the payments counted in the month summaries gave each debt: its category's expenses, all months. */
export function paidPerDebt(summaries: Array<{ categories?: Record<string, { expense?: number | null }> | null }>) {
  const paid = new Map<string, number>();
  for (const summary of summaries) {
    for (const [categoryId, totals] of Object.entries(summary.categories ?? {})) {
      const debtId = debtIdOfCategory(categoryId);
      if (debtId && totals.expense) paid.set(debtId, (paid.get(debtId) ?? 0) + totals.expense);
    }
  }
  return paid;
}

/**
 * A debt as it leaves the server: string ids, money in cents, the rate in basis points. A debt linked to
 * an account (`accountId`) owes what the account owes.
 */
export type DebtItem = {
  id: string;
  name: string;
  type: DebtType;
  totalAmount: Cents;
  currentBalance: Cents;
  aprBasisPoints: number;
  minimumPayment: Cents;
  dueDate: string | null;
  priority: DebtPriority;
  description: string;
  createdAt: string;
  accountId: string | null;
  accountName: string | null;
};

/** A payment in a debt's history: one live expense in its category, or for a linked debt one live income in its account. */
export type DebtPayment = { id: string; amount: Cents; date: string; description: string };

type DebtStatistics = { totalDebt: Cents; totalMinimumPayments: Cents; averageInterestRate: number; count: number };

/**
 * The average rate of the debts weighted by what each still owes, in percent (decision 220): the rate the
 * debts cost together. A $250,000 mortgage at 3.75% and an $800 card at 24% cost 3.81%, not the 13.88% of
 * the plain mean. A debt paid off or overpaid owes nothing and counts for nothing; 0 when nothing is owed.
 */
export function balanceWeightedRate(debts: ReadonlyArray<Pick<DebtItem, "currentBalance" | "aprBasisPoints">>) {
  let owed = 0;
  let weighted = 0;
  for (const debt of debts) {
    const balance = Math.max(0, debt.currentBalance);
    owed += balance;
    weighted += balance * debt.aprBasisPoints;
  }
  return owed === 0 ? 0 : weighted / owed / 100;
}

/**
 * The tracker's statistics: total of the balances still owed (an overpaid debt
 * owes nothing), total of the minimums and the balance-weighted average rate.
 */
export function debtStatistics(debts: Array<Pick<DebtItem, "currentBalance" | "minimumPayment" | "aprBasisPoints">>): DebtStatistics {
  let totalDebt = 0;
  let totalMinimumPayments = 0;
  for (const debt of debts) {
    totalDebt += Math.max(0, debt.currentBalance);
    totalMinimumPayments += debt.minimumPayment;
  }
  return {
    totalDebt: totalDebt as Cents,
    totalMinimumPayments: totalMinimumPayments as Cents,
    averageInterestRate: balanceWeightedRate(debts),
    count: debts.length,
  };
}

/** One of the user's accounts as the debt forms offer it: a debt may be linked to one, a payment comes from one. */
export type DebtAccount = { id: string; name: string; kind: AccountKind; closed: boolean };

type LinkedDebt = Pick<DebtItem, "id" | "name" | "accountId">;

/**
 * The accounts a debt may be linked to (`debt` null for a new one): the user's credit card and loan
 * accounts, whose balance is what they owe, open or the one the debt is linked to already, and not
 * linked to another debt. Other kinds ("other" included) may hold money, so their balance is no debt.
 */
export function linkableAccounts(accounts: DebtAccount[], debts: LinkedDebt[], debt: Pick<DebtItem, "id" | "accountId"> | null) {
  const linkedElsewhere = new Set(debts.filter((other) => other.id !== debt?.id).flatMap((other) => other.accountId ?? []));
  return accounts.filter((account) => isLiabilityKind(account.kind) && (!account.closed || account.id === debt?.accountId) && !linkedElsewhere.has(account.id));
}

/** Why `debt` (null for a new one) may not be linked to `accountId`, or null when it may (or stays unlinked). */
export function linkRefusal(accountId: string | null, accounts: DebtAccount[], debts: LinkedDebt[], debt: Pick<DebtItem, "id" | "accountId"> | null) {
  if (accountId === null) return null;
  const linkedElsewhere = debts.find((other) => other.id !== debt?.id && other.accountId === accountId);
  if (linkedElsewhere) return DEBT_MESSAGES.accountTaken(linkedElsewhere.name);
  return linkableAccounts(accounts, debts, debt).some((account) => account.id === accountId) ? null : DEBT_MESSAGES.accountInvalid;
}

/** The accounts a debt's payment may come from: every open one but the debt's own. */
export function payFromAccounts(accounts: DebtAccount[], debt: Pick<DebtItem, "accountId">) {
  return accounts.filter((account) => !account.closed && account.id !== debt.accountId);
}

/** "Visa (Credit card)": an account as the debt forms list it. */
export function accountChoiceLabel(account: Pick<DebtAccount, "name" | "kind" | "closed">) {
  return `${account.name} (${ACCOUNT_KIND_LABELS[account.kind]}${account.closed ? ", closed" : ""})`;
}

/**
 * How a linked debt's history names a payment into its account: the tracker's own by its description, a
 * transfer by the account it came from, any other money in (a refund, a bank's row not yet linked as a
 * transfer) as a payment via a transaction.
 */
export function linkedPaymentLabel(payment: { source: string; description: string; fromAccountName: string | null }) {
  if (payment.source === "debt") return payment.description;
  const description = payment.description.trim();
  if (payment.fromAccountName !== null) return `Transfer from ${payment.fromAccountName}${description ? `: ${description}` : ""}`;
  return paymentViaTransactionLabel(description);
}

/** 1999 → "19.99": basis points as the percent people type. */
export function basisPointsToPercentText(basisPoints: number) {
  return (basisPoints / 100).toFixed(2);
}
