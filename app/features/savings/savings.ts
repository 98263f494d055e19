import type { Cents } from "~/lib/money";
import type { AccountKind } from "~/features/accounts/accounts";
import { SAVINGS_CATEGORY } from "~/features/categories/categories";
import type { MonthTotals } from "~/features/transactions/month-summary";
import type { TransactionType } from "~/features/transactions/transactions";

export const SAVINGS_PATH = "/savings";
/** The `intent` values of the savings forms (the analytics page's Savings tab posts the goal ones here too). */
export const SAVINGS_INTENTS = {
  addGoal: "add-goal",
  updateGoal: "update-goal",
  deleteGoal: "delete-goal",
  selectGoal: "select-goal",
  setInitial: "set-initial",
  addWithdrawal: "add-withdrawal",
  deleteWithdrawal: "delete-withdrawal",
} as const;
export type SavingsIntent = (typeof SAVINGS_INTENTS)[keyof typeof SAVINGS_INTENTS];
/** Rows of 'Recent Savings Transactions'. */
export const RECENT_SAVINGS_ROWS = 5;
/** A goal's deadline when none is chosen: a year (365 days) from the day it is added. */
const DEFAULT_DEADLINE_DAYS = 365;
export const GOAL_NAME_MAX_LENGTH = 100;
export const REASON_MAX_LENGTH = 200;
/** The largest amount a savings form takes: $1 billion, far below where cents stop being exact. */
export const SAVINGS_MAX_CENTS = 100_000_000_000;
/** The reason of a withdrawal recorded without one. */
export const DEFAULT_WITHDRAWAL_REASON = "Withdrawal";
/** The account choice of a goal whose money is not kept in an account, and of a withdrawal from such savings. */
export const NO_ACCOUNT_LABEL = "No account";

export const SAVINGS_MESSAGES = {
  // Validation
  goalNameRequired: "Please enter a goal name",
  goalTargetInvalid: "Please enter a valid amount greater than 0",
  goalCurrentInvalid: "Please enter a valid amount",
  goalNameTooLong: `Goal name must be at most ${GOAL_NAME_MAX_LENGTH} characters`,
  deadlineInvalid: "Please enter a valid date",
  withdrawalInvalid: "Please enter a valid withdrawal amount",
  withdrawalAboveBalance: "Withdrawal amount cannot exceed your current savings balance",
  withdrawalDateInvalid: "Please enter a valid date",
  reasonTooLong: `Reason must be at most ${REASON_MAX_LENGTH} characters`,
  accountInvalid: "Please choose one of your open savings, checking, cash, investment or other accounts",
  withdrawalAboveAccount: "Withdrawal amount cannot exceed the balance of this account",
  initialInvalid: "Please enter a valid amount",
  // Notifications and failures
  goalNotFound: "Savings goal not found",
  goalUpdatedSuccessfully: "Savings goal updated successfully",
  goalAdded: "New savings goal added!",
  goalUpdated: "Savings goal updated!",
  goalDeleted: "Savings goal deleted",
  activeGoalUpdated: "Active savings goal updated",
  withdrawalRecorded: "Withdrawal recorded successfully",
  withdrawalDeleted: "Withdrawal deleted",
  initialUpdated: "Initial savings updated successfully",
  loadGoalsFailed: (message: string) => `Failed to load savings goals: ${message}`,
  listenerFailed: "Failed to set up savings goals listener",
  loadFailed: "Failed to load savings data",
  addFailed: "Failed to add savings goal",
  updateFailed: "Failed to update savings goal",
  deleteFailed: "Failed to delete savings goal",
  totalFailed: "Failed to update total savings",
  // Screen texts
  confirmDelete: "Are you sure you want to delete this savings goal? This action cannot be undone.",
  noGoals: "No savings goals yet. Add one to track your progress!",
  noWithdrawals: "No withdrawals recorded yet.",
  initialHint: "Enter the amount you already had saved before starting to track in this app.",
  goalAchieved: "Goal Achieved!",
} as const;

/** A goal as the page shows it; `progress` derived from current and target; `accountId` the account its money is kept in, or null. */
export type SavingsGoalItem = { id: string; name: string; target: Cents; current: Cents; deadline: string; progress: number; createdAt: string; accountId: string | null };

/** An account the goal forms offer or a goal names; `usable`: one a goal may be given now (a goal keeps its own when it no longer is). */
export type GoalAccountOption = { id: string; name: string; usable: boolean };

/** The kinds of account that hold money: a card or a loan owes it, so savings are never kept there. */
const GOAL_ACCOUNT_KINDS: ReadonlySet<AccountKind> = new Set(["savings", "checking", "cash", "investment", "other"]);

/**
 * Whether a goal may be given `account` to keep its money in: one of the user's open accounts that hold money,
 * other than the main account, which contributions come from and withdrawals go back to.
 */
export function isGoalAccount(account: { id: string; kind: AccountKind; closed: boolean }, mainAccountId: string) {
  return !account.closed && GOAL_ACCOUNT_KINDS.has(account.kind) && account.id !== mainAccountId;
}

/** The accounts a withdrawal may come out of: those goals keep their money in that a goal may still be given. */
export function withdrawalAccounts(goals: Array<Pick<SavingsGoalItem, "accountId">>, accounts: GoalAccountOption[]) {
  const named = new Set(goals.map((goal) => goal.accountId));
  return accounts.filter((account) => account.usable && named.has(account.id));
}

/**
 * The side in the main account of a live savings transfer (decision 196): an expense is a contribution
 * to a goal that has an account (money out of the main account into the goal's), an income a withdrawal
 * from such an account (money back into the main account).
 */
export type SavingsTransfer = { type: TransactionType; amount: number };

/** A savings transaction (an expense in `savings`, a contribution to a goal's account) or a withdrawal (income offset against `savings`, money back from a goal's account). */
export type SavingsEntry = { id: string; date: string; amount: Cents; description: string };

/** The description of the transaction a goal's raised current amount writes: it names the goal. */
export function contributionDescription(goalName: string) {
  return `Contribution to ${goalName}`;
}

/** Goal progress: round(current / target × 100), half up, capped at 100; 0 when the target is not above 0. Integer arithmetic, so no float can round wrong. */
export function goalProgress(current: number, target: number) {
  if (!(target > 0) || !(current > 0)) return 0;
  return Math.min(100, Math.floor((current * 200 + target) / (target * 2)));
}

type ProgressBand = "grey" | "yellow" | "blue" | "green";

/** The progress bar's colour: grey up to 50, yellow above 50, blue above 75, green at 100. */
export function progressBand(progress: number): ProgressBand {
  if (progress >= 100) return "green";
  if (progress > 75) return "blue";
  if (progress > 50) return "yellow";
  return "grey";
}

export const PROGRESS_BAND_CLASSES: Record<ProgressBand, string> = {
  grey: "bg-slate-400",
  yellow: "bg-yellow-400",
  blue: "bg-blue-500",
  green: "bg-green-500",
};

/** What is still to save towards a goal (never below 0). */
export function amountToGo(current: number, target: number) {
  return Math.max(0, target - current) as Cents;
}

/**
 * The default deadline of a goal added on `today` (yyyy-MM-dd). Days are counted in UTC, where none is
 * skipped or doubled, rather than with date-fns, which would weigh on the savings and analytics pages.
 */
export function defaultDeadline(today: string) {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + DEFAULT_DEADLINE_DAYS);
  return day.toISOString().slice(0, 10);
}

/** The savings figures the ledger holds, over the months given. */
type SavingsLedgerTotals = {
  /** Live expenses in the `savings` category and contributions moved into goals' accounts: what the app's transactions put aside. */
  contributed: Cents;
  /** Income offset against `savings` and withdrawals moved back from goals' accounts: what was taken back out. */
  withdrawn: Cents;
};

/** Sums the `savings` category of the months' summaries and the savings transfers of the same months. */
export function savingsLedgerTotals(months: Array<Pick<MonthTotals, "categories">>, transfers: SavingsTransfer[] = []): SavingsLedgerTotals {
  let contributed = 0;
  let withdrawn = 0;
  for (const month of months) {
    const totals = month.categories[SAVINGS_CATEGORY];
    if (!totals) continue;
    contributed += totals.expense;
    withdrawn += totals.allocated;
  }
  for (const transfer of transfers) {
    if (transfer.type === "expense") contributed += transfer.amount;
    else withdrawn += transfer.amount;
  }
  return { contributed: contributed as Cents, withdrawn: withdrawn as Cents };
}

/** What a month put aside net of what came back out, never below 0: the savings of a savings rate. */
export function netSavings(totals: SavingsLedgerTotals) {
  return Math.max(0, totals.contributed - totals.withdrawn) as Cents;
}

/** Total saved = savings transactions + initial savings − withdrawals; also the balance a withdrawal may not exceed. */
export function totalSaved(totals: SavingsLedgerTotals, initialSavings: number) {
  return (totals.contributed + initialSavings - totals.withdrawn) as Cents;
}

/** Whether a withdrawal of `amount` fits in the savings balance (it may not exceed it). */
export function withdrawalFits(amount: number, balance: number) {
  return amount <= balance;
}

/** Savings rate: savings ÷ income × 100 with one decimal (half up); 0 without income or savings. */
export function savingsRate(savings: number, income: number) {
  if (!(income > 0) || !(savings > 0)) return 0;
  const doubled = savings * 2000 + income;
  // Exact integer rounding while the numbers allow it; beyond, a float is off by far less than the decimal shown.
  return Number.isSafeInteger(doubled) && Number.isSafeInteger(income * 2) ? Math.floor(doubled / (income * 2)) / 10 : Math.round((savings / income) * 1000) / 10;
}

/** "12.5%" — the rate always shown with its one decimal. */
export function formatRate(rate: number) {
  return `${rate.toFixed(1)}%`;
}

/** The parts of the breakdown bar (Initial vs Added), as whole percents of their sum. */
export function breakdownShares(initial: number, added: number) {
  const positiveAdded = Math.max(0, added);
  const sum = Math.max(0, initial) + positiveAdded;
  if (sum === 0) return { initial: 0, added: 0 };
  const initialShare = Math.round((Math.max(0, initial) * 100) / sum);
  return { initial: initialShare, added: 100 - initialShare };
}

/**
 * The active goal after goals change (decision 141): the one chosen while it exists;
 * otherwise the first goal (oldest), or none. A goal added when none is
 * active thus becomes active, and deleting the active goal passes it on to
 * the first remaining.
 */
export function resolveActiveGoal(activeGoalId: string | null | undefined, goalIds: string[]) {
  if (activeGoalId && goalIds.includes(activeGoalId)) return activeGoalId;
  return goalIds[0] ?? null;
}

/** How much a goal's new current amount raises it: the contribution to write to the ledger (0 when it stays or falls). */
export function contributionOf(previous: number, next: number) {
  return Math.max(0, next - previous) as Cents;
}

type GoalsPanel = { adding: boolean; editId: string | null; deleteId: string | null };

/**
 * What the query opens in the goals manager (`goal=new`, `goal=<id>`,
 * `deleteGoal=<id>`); null when it names a goal that is not among `goalIds`
 * (the page answers 404, as for any other record id).
 */
export function goalsPanelOf(params: URLSearchParams, goalIds: readonly string[]): GoalsPanel | null {
  const named = (name: "goal" | "deleteGoal") => {
    const id = params.get(name);
    return id === null || (name === "goal" && id === "new") ? null : id;
  };
  const editId = named("goal");
  const deleteId = named("deleteGoal");
  if ([editId, deleteId].some((id) => id !== null && !goalIds.includes(id))) return null;
  return { adding: params.get("goal") === "new", editId, deleteId };
}
