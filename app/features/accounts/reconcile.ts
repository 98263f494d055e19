import { formatMoney, toCents, type Cents } from "~/lib/money";
import { accountPath, transactionCount } from "./accounts";

export const reconcilePath = (accountId: string) => `${accountPath(accountId)}/reconcile`;

/** The page with a statement checked: its figures and the transactions it would clear. */
export function checkedStatementPath(accountId: string, statement: { statementDate: string; statementBalance: string }) {
  return `${reconcilePath(accountId)}?${new URLSearchParams(statement)}`;
}

export const RECONCILE_MESSAGES = {
  dateInvalid: "Please enter the statement date",
  balanceInvalid: "Please enter the statement balance as an amount, such as 1250.00",
  closed: "This account is closed: reopen it to reconcile it",
  beforeOpening: (openingDate: string) => `The statement date can't be before the account's opening date, ${openingDate}`,
  beforeReconciled: (reconciledThrough: string) => `This account is reconciled up to ${reconciledThrough}: enter a statement from that day or later`,
  changed: "Your transactions changed since you checked this statement: here are its figures again",
  matched: (count: number) => `Reconciled: ${transactionCount(count)} marked cleared`,
  adjusted: (adjustment: string, count: number) => `Reconciled with an adjustment of ${adjustment}: ${transactionCount(count)} marked cleared`,
  kept: "Statement saved with its difference: nothing was marked cleared",
  failed: "Your reconciliation could not be saved. Please try again.",
} as const;

/** What finishing a checked statement does: clear it (it matches), add an adjustment of the difference and clear, or keep the difference as a note. */
export type FinishingChoice = "clear" | "adjust" | "keep-difference";
export type ReconciliationStatus = "matched" | "unmatched";

/** A reconciliation as pages show it; amounts signed from the user's side, like the account's balance. */
export type ReconciliationSummary = {
  id: string;
  statementDate: string;
  statementBalance: Cents;
  /** The account's balance on the statement date by its transactions, before any adjustment. */
  clearedBalance: Cents;
  /** The statement's balance less `clearedBalance`. */
  difference: Cents;
  /** The adjustment transaction added to match (zero when none). */
  adjustment: Cents;
  status: ReconciliationStatus;
  /** How many transactions it marked cleared. */
  transactionCount: number;
  /** The day it was done (yyyy-MM-dd, UTC). */
  recordedOn: string;
};

/** The statement date up to which the account is reconciled: its latest matched statement's; null when none. */
export function reconciledThrough(history: Array<Pick<ReconciliationSummary, "statementDate" | "status">>) {
  const matched = history.filter((reconciliation) => reconciliation.status === "matched").map((reconciliation) => reconciliation.statementDate);
  return matched.length === 0 ? null : matched.reduce((latest, date) => (date > latest ? date : latest));
}

/** What the statement says the account holds beyond what its transactions add up to (below zero: less). */
export function statementDifference(statementBalance: Cents, balanceOnStatementDate: Cents) {
  return toCents(statementBalance - balanceOnStatementDate);
}

/**
 * Why a statement of `statementDate` cannot be reconciled against the account, or null when it can: a
 * closed account takes no adjustment; before the opening date the account had no balance; before the
 * last matched statement, transactions cleared since would count against a statement that never had them.
 */
export function statementRefusal(statementDate: string, account: { openingDate: string; closed: boolean }, reconciledThrough: string | null) {
  if (account.closed) return RECONCILE_MESSAGES.closed;
  if (statementDate < account.openingDate) return RECONCILE_MESSAGES.beforeOpening(account.openingDate);
  if (reconciledThrough !== null && statementDate < reconciledThrough) return RECONCILE_MESSAGES.beforeReconciled(reconciledThrough);
  return null;
}

/**
 * The reconciliation `choice` records for a statement `difference` away from the account's transactions;
 * null when the choice does not fit the difference (the page it came from showed other figures).
 */
export function finishing(choice: FinishingChoice, difference: Cents): { status: ReconciliationStatus; adjustment: Cents } | null {
  const matches = difference === 0;
  if (choice === "clear") return matches ? { status: "matched", adjustment: toCents(0) } : null;
  if (matches) return null;
  return choice === "adjust" ? { status: "matched", adjustment: difference } : { status: "unmatched", adjustment: toCents(0) };
}

/** An amount that moves a balance, as registers show it: "+$12.00", "−$2.50". */
export function signedMoney(cents: Cents, currency: string) {
  return `${cents < 0 ? "−" : "+"}${formatMoney(toCents(Math.abs(cents)), currency)}`;
}

/** What a reconciliation came to, in the words of the history list. */
export function reconciliationResult(reconciliation: Pick<ReconciliationSummary, "status" | "difference" | "adjustment" | "transactionCount">, currency: string) {
  if (reconciliation.status === "unmatched") return `Difference of ${formatMoney(toCents(Math.abs(reconciliation.difference)), currency)}, nothing cleared`;
  const cleared = `${transactionCount(reconciliation.transactionCount)} cleared`;
  return reconciliation.adjustment === 0 ? `Matched, ${cleared}` : `Matched with an adjustment of ${signedMoney(reconciliation.adjustment, currency)}, ${cleared}`;
}

/** The message that confirms a finished reconciliation. */
export function finishedMessage(reconciliation: Pick<ReconciliationSummary, "status" | "adjustment" | "transactionCount">, currency: string) {
  if (reconciliation.status === "unmatched") return RECONCILE_MESSAGES.kept;
  if (reconciliation.adjustment === 0) return RECONCILE_MESSAGES.matched(reconciliation.transactionCount);
  return RECONCILE_MESSAGES.adjusted(signedMoney(reconciliation.adjustment, currency), reconciliation.transactionCount);
}
