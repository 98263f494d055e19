import type { Cents } from "~/lib/money";
import { debtIdOfCategory } from "~/features/categories/categories";

export const DEBT_MANAGEMENT_PATH = "/debt-management";
/** Where the overview's forms post: its index route, not the layout it shares the URL with. */
export const DEBT_ACTION = `${DEBT_MANAGEMENT_PATH}?index`;
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
  balanceAboveTotal: "Current balance cannot be greater than total amount",
  rateRange: "Interest rate must be between 0 and 100",
  minimumPositive: "Minimum payment must be greater than 0",
  typeInvalid: "Please choose a debt type",
  priorityInvalid: "Please choose a priority",
  dueDateInvalid: "Please enter a valid date",
  descriptionTooLong: "Description must be at most 500 characters",
  nameTooLong: "Debt name must be at most 100 characters",
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

/** A debt as it leaves the server: string ids, money in cents, the rate in basis points. */
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
};

/** A payment in a debt's history: one live expense in its category. */
export type DebtPayment = { id: string; amount: Cents; date: string; description: string };

type DebtStatistics = { totalDebt: Cents; totalMinimumPayments: Cents; averageInterestRate: number; count: number };

/**
 * The tracker's statistics: total of the balances still owed (an overpaid debt
 * owes nothing), total of the minimums and the plain average of the rates.
 */
export function debtStatistics(debts: Array<Pick<DebtItem, "currentBalance" | "minimumPayment" | "aprBasisPoints">>): DebtStatistics {
  let totalDebt = 0;
  let totalMinimumPayments = 0;
  let rates = 0;
  for (const debt of debts) {
    totalDebt += Math.max(0, debt.currentBalance);
    totalMinimumPayments += debt.minimumPayment;
    rates += debt.aprBasisPoints;
  }
  return {
    totalDebt: totalDebt as Cents,
    totalMinimumPayments: totalMinimumPayments as Cents,
    averageInterestRate: debts.length === 0 ? 0 : rates / debts.length / 100,
    count: debts.length,
  };
}

/** 1999 → "19.99": basis points as the percent people type. */
export function basisPointsToPercentText(basisPoints: number) {
  return (basisPoints / 100).toFixed(2);
}
