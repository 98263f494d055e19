import mongoose, { Types } from "mongoose";
import { SavingsGoal, Transaction, User, type SavingsGoalRecord, type TransactionRecord } from "../../../models";
import { getOrCarryOverMonthBudget } from "~/features/budgets/budgets.server";
import { LedgerRefusedError } from "~/features/transactions/ledger";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { applyLedgerBatch, submittedTransactions } from "~/features/transactions/ledger.server";
import { toObjectId } from "~/utils/db.server";
import { listMonthSummaries, type ListedMonthSummary } from "~/features/transactions/month-summary.server";
import { toMonthTotals } from "~/features/transactions/month-summary";
import type { Cents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { SAVINGS_CATEGORY } from "~/features/categories/categories";
import { newSubmissionKey, submittedId } from "~/utils/submission.server";
import {
  contributionDescription,
  contributionOf,
  DEFAULT_WITHDRAWAL_REASON,
  goalProgress,
  RECENT_SAVINGS_ROWS,
  resolveActiveGoal,
  savingsLedgerTotals,
  savingsRate,
  totalSaved,
  withdrawalFits,
  type SavingsEntry,
  type SavingsGoalItem,
} from "./savings";

export type SavingsGoalInput = { name: string; target: Cents; deadline: string };
type SavingsGoalEdit = SavingsGoalInput & { current: Cents };

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

const GOAL_FIELDS = { name: 1, target: 1, current: 1, deadline: 1, createdAt: 1, pendingContribution: 1 } as const;
type PendingContribution = { submissionKey: string; amount: number; date: string; description: string };
type ListedGoal = Pick<SavingsGoalRecord, "_id" | "name" | "target" | "current" | "deadline" | "createdAt"> & { pendingContribution?: PendingContribution | null };

function toGoalItem(goal: ListedGoal): SavingsGoalItem {
  return {
    id: String(goal._id),
    name: goal.name,
    target: goal.target as Cents,
    current: (goal.current ?? 0) as Cents,
    deadline: goal.deadline,
    progress: goalProgress(goal.current ?? 0, goal.target),
    createdAt: new Date(goal.createdAt).toISOString(),
  };
}

/**
 * Writes a goal's pending contribution through the ledger (a copy sent
 * before is not written twice), then clears it. The caller holds the ledger.
 */
async function finishContribution(userId: string, goal: Pick<ListedGoal, "_id" | "pendingContribution">) {
  const pending = goal.pendingContribution;
  if (!pending) return null;
  const result = await applyLedgerBatch(userId, {
    submission: { key: pending.submissionKey, scope: String(goal._id) },
    added: [{ type: "expense", amount: pending.amount, category: SAVINGS_CATEGORY, date: pending.date, description: pending.description, source: "savings" }],
  });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  await SavingsGoal.updateOne({ _id: goal._id, userId: owner(userId), "pendingContribution.submissionKey": pending.submissionKey }, { $set: { pendingContribution: null } });
  return pending;
}

/** Finishes the contributions the user's goals still wait for (a raise whose transaction a crash cut off); returns how many. */
export async function finishPendingContributions(userId: string) {
  const waiting = await SavingsGoal.find({ userId: owner(userId), pendingContribution: mongoose.trusted({ $ne: null }) })
    .select({ pendingContribution: 1 })
    .lean<Array<Pick<ListedGoal, "_id" | "pendingContribution">>>();
  if (waiting.length === 0) return 0;
  await withLedgerLock(userId, async () => {
    for (const goal of waiting) await finishContribution(userId, goal);
  });
  return waiting.length;
}

/** The user's goals, oldest first (the first is the one that becomes active when the chosen one goes); a contribution still pending is finished first. */
export async function listSavingsGoals(userId: string): Promise<SavingsGoalItem[]> {
  const read = () => SavingsGoal.find({ userId: owner(userId) }).select(GOAL_FIELDS).lean<ListedGoal[]>();
  let goals = await read();
  if (goals.some((goal) => goal.pendingContribution)) {
    await finishPendingContributions(userId);
    goals = await read();
  }
  return goals.map(toGoalItem).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The user's goal; null when the id is not one of theirs. */
export async function getSavingsGoal(userId: string, goalId: string): Promise<SavingsGoalItem | null> {
  const _id = toObjectId(goalId);
  if (!_id) return null;
  const goal = await SavingsGoal.findOne({ _id, userId: owner(userId) }).select(GOAL_FIELDS).lean<ListedGoal>();
  return goal ? toGoalItem(goal) : null;
}

async function readSavingsState(userId: string) {
  const user = await User.findById(userId).select({ "savings.initialSavings": 1, "savings.activeGoalId": 1 }).lean<{ savings?: { initialSavings?: number; activeGoalId?: string | null } }>();
  return { initialSavings: (user?.savings?.initialSavings ?? 0) as Cents, activeGoalId: user?.savings?.activeGoalId ?? null };
}

async function writeActiveGoal(userId: string, activeGoalId: string | null) {
  await User.updateOne({ _id: userId }, { $set: { "savings.activeGoalId": activeGoalId } });
}

/**
 * Adds a goal (current 0); it becomes the active goal when it is the first
 * or none is active. With the form's submission key its id is derived from
 * the key: the same form sent again adds nothing and answers with that goal.
 */
export async function addSavingsGoal(userId: string, input: SavingsGoalInput, submissionKey: string | null = null): Promise<SavingsGoalItem> {
  const _id = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, "savings-goal") : undefined);
  const sentBefore = submissionKey ? await getSavingsGoal(userId, _id.toString()) : null;
  if (sentBefore) return sentBefore;
  const created = await SavingsGoal.create({ _id, userId: owner(userId), name: input.name, target: input.target, current: 0, deadline: input.deadline });
  const goal = toGoalItem(created.toObject());
  const { activeGoalId } = await readSavingsState(userId);
  const ids = (await listSavingsGoals(userId)).map((item) => item.id);
  if (!activeGoalId || !ids.includes(activeGoalId)) await writeActiveGoal(userId, goal.id);
  return goal;
}

type GoalUpdateResult = { ok: true; goal: SavingsGoalItem; contributed: Cents } | { ok: false; reason: "not-found" };

/**
 * Rewrites the user's goal from the form. Raising its current amount writes
 * a savings expense for the increase through the ledger (dated `today`,
 * described with the goal's name); lowering it writes no transaction. The
 * raise and the contribution it owes are one write of the goal, the
 * transaction follows (so a crash between leaves the contribution pending,
 * finished on the next read, never lost nor booked twice), all holding the
 * user's ledger. With the form's submission key, the same form sent again
 * writes nothing more and answers as the first did.
 */
export async function updateSavingsGoal(userId: string, goalId: string, edit: SavingsGoalEdit, today: string, submissionKey: string | null = null): Promise<GoalUpdateResult> {
  const _id = toObjectId(goalId);
  if (!_id) return { ok: false, reason: "not-found" };
  return withLedgerLock(userId, async (): Promise<GoalUpdateResult> => {
    const stored = await SavingsGoal.findOne({ _id, userId: owner(userId) }).select(GOAL_FIELDS).lean<ListedGoal>();
    if (!stored) return { ok: false, reason: "not-found" };
    // One page renders an edit form per goal with the same key: each goal's contribution is a submission of its own (scoped by the goal).
    const contributionKey = submissionKey ?? newSubmissionKey();
    const finished = await finishContribution(userId, stored);
    const [sent] = submissionKey ? await submittedTransactions(userId, { key: submissionKey, scope: goalId }, 1) : [];
    if (sent || finished?.submissionKey === contributionKey) {
      const goal = await SavingsGoal.findOne({ _id, userId: owner(userId) }).select(GOAL_FIELDS).lean<ListedGoal>();
      return goal ? { ok: true, goal: toGoalItem(goal), contributed: (sent?.amount ?? finished?.amount ?? 0) as Cents } : { ok: false, reason: "not-found" };
    }
    const contributed = contributionOf(stored.current ?? 0, edit.current);
    const pendingContribution = contributed > 0 ? { submissionKey: contributionKey, amount: contributed, date: today, description: contributionDescription(edit.name) } : null;
    const written = await SavingsGoal.findOneAndUpdate({ _id, userId: owner(userId) }, { $set: { ...edit, pendingContribution } }, { returnDocument: "after", runValidators: true }).lean<ListedGoal>();
    if (!written) return { ok: false, reason: "not-found" };
    await finishContribution(userId, written);
    return { ok: true, goal: toGoalItem(written), contributed };
  });
}

/** Deletes the user's goal (false when it is not theirs); when it was the active one, the first remaining becomes active, or none. */
export async function deleteSavingsGoal(userId: string, goalId: string): Promise<boolean> {
  const _id = toObjectId(goalId);
  if (!_id) return false;
  const removed = await SavingsGoal.deleteOne({ _id, userId: owner(userId) });
  if (removed.deletedCount === 0) return false;
  const { activeGoalId } = await readSavingsState(userId);
  const next = resolveActiveGoal(activeGoalId === goalId ? null : activeGoalId, (await listSavingsGoals(userId)).map((goal) => goal.id));
  if (next !== activeGoalId) await writeActiveGoal(userId, next);
  return true;
}

/** Makes the user's goal the active one; false when it is not theirs. */
export async function selectSavingsGoal(userId: string, goalId: string): Promise<boolean> {
  if (!(await getSavingsGoal(userId, goalId))) return false;
  await writeActiveGoal(userId, goalId);
  return true;
}

/** The amount saved before tracking began (cents, 0 clears it). */
export async function setInitialSavings(userId: string, cents: Cents) {
  await User.updateOne({ _id: userId }, { $set: { "savings.initialSavings": cents } });
}

/** The savings balance: live savings expenses + initial savings − withdrawals (all months, from the month summaries). */
export async function getSavingsBalance(userId: string): Promise<Cents> {
  const [summaries, state] = await Promise.all([listMonthSummaries(userId), readSavingsState(userId)]);
  return totalSaved(savingsLedgerTotals(summaries.map(toMonthTotals)), state.initialSavings);
}

type WithdrawalResult = { ok: true; id: string } | { ok: false; reason: "above-balance" };

/**
 * Records a withdrawal as a ledger transaction: an income in `savings` whose
 * whole amount is offset against `savings` (decision 142), so it is no new
 * income, lowers the month's net savings, and lowers the balance. Refused
 * above the current savings balance.
 */
export async function recordWithdrawal(userId: string, withdrawal: { amount: Cents; date: string; reason: string }, submissionKey: string | null = null): Promise<WithdrawalResult> {
  return withLedgerLock(userId, () => writeWithdrawal(userId, withdrawal, submissionKey));
}

/** The withdrawal, holding the user's ledger: its check against the balance and its write see no other write between them. */
async function writeWithdrawal(userId: string, withdrawal: { amount: Cents; date: string; reason: string }, submissionKey: string | null): Promise<WithdrawalResult> {
  const submission = submissionKey ? { key: submissionKey } : undefined;
  const [sent] = submission ? await submittedTransactions(userId, submission, 1) : [];
  if (sent) return { ok: true, id: String(sent._id) };
  if (!withdrawalFits(withdrawal.amount, await getSavingsBalance(userId))) return { ok: false, reason: "above-balance" };
  const result = await applyLedgerBatch(userId, {
    submission,
    added: [
      {
        type: "income",
        amount: withdrawal.amount,
        category: SAVINGS_CATEGORY,
        date: withdrawal.date,
        description: withdrawal.reason || DEFAULT_WITHDRAWAL_REASON,
        allocations: [{ categoryId: SAVINGS_CATEGORY, amount: withdrawal.amount }],
        source: "savings",
      },
    ],
  });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return { ok: true, id: String(result.added[0]._id) };
}

type StoredEntry = Pick<TransactionRecord, "_id" | "amount" | "date" | "description" | "allocations">;
const ENTRY_FIELDS = { amount: 1, date: 1, description: 1, allocations: 1 } as const;

function withdrawnPart(transaction: Pick<TransactionRecord, "allocations">) {
  return (transaction.allocations ?? []).filter((allocation) => allocation.categoryId === SAVINGS_CATEGORY).reduce((sum, allocation) => sum + allocation.amount, 0);
}

/** Months whose summary counts `field` of the savings category, newest first. */
function monthsWith(summaries: ListedMonthSummary[], field: "expense" | "allocated") {
  return summaries
    .filter((summary) => (summary.categories?.[SAVINGS_CATEGORY]?.[field] ?? 0) > 0)
    .map((summary) => summary.monthKey)
    .sort()
    .reverse();
}

function newestFirst(a: StoredEntry, b: StoredEntry) {
  return b.date.localeCompare(a.date) || String(b._id).localeCompare(String(a._id));
}

/**
 * The newest live savings expenses (the 'Recent Savings Transactions'), read
 * month by month from the months whose summary counts one, until `limit` are found.
 */
export async function listRecentSavings(userId: string, limit = RECENT_SAVINGS_ROWS, summaries?: ListedMonthSummary[]): Promise<SavingsEntry[]> {
  const found: StoredEntry[] = [];
  for (const monthKey of monthsWith(summaries ?? (await listMonthSummaries(userId)), "expense")) {
    if (found.length >= limit) break;
    const month = await Transaction.find({ userId: owner(userId), category: SAVINGS_CATEGORY, monthKey, type: "expense", deleted: false }).select(ENTRY_FIELDS).lean<StoredEntry[]>();
    found.push(...month.sort(newestFirst));
  }
  return found.slice(0, limit).map((entry) => ({ id: String(entry._id), date: entry.date, amount: entry.amount as Cents, description: entry.description }));
}

/**
 * The live withdrawals, newest first: every income that offsets `savings`
 * (those recorded here and any the transaction form placed on savings), each
 * with the part it takes from savings — the same amounts the total subtracts.
 */
export async function listWithdrawals(userId: string, limit = 100, summaries?: ListedMonthSummary[]): Promise<SavingsEntry[]> {
  const found: StoredEntry[] = [];
  for (const monthKey of monthsWith(summaries ?? (await listMonthSummaries(userId)), "allocated")) {
    if (found.length >= limit) break;
    const month = await Transaction.find({ userId: owner(userId), monthKey, type: "income", deleted: false }).select(ENTRY_FIELDS).lean<StoredEntry[]>();
    found.push(...month.filter((entry) => withdrawnPart(entry) > 0).sort(newestFirst));
  }
  return found.slice(0, limit).map((entry) => ({ id: String(entry._id), date: entry.date, amount: withdrawnPart(entry) as Cents, description: entry.description || DEFAULT_WITHDRAWAL_REASON }));
}

/** Soft-deletes the user's withdrawal through the ledger (it can be restored on /transactions); false when the id is no withdrawal of theirs. */
export async function deleteWithdrawal(userId: string, withdrawalId: string): Promise<boolean> {
  const _id = toObjectId(withdrawalId);
  if (!_id) return false;
  const stored = await Transaction.findOne({ _id, userId: owner(userId), type: "income", deleted: false }).select({ allocations: 1 }).lean<Pick<TransactionRecord, "allocations">>();
  if (!stored || withdrawnPart(stored) === 0) return false;
  const result = await applyLedgerBatch(userId, { deleted: [withdrawalId] });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return result.deleted.some((outcome) => outcome.status === "done");
}

type SavingsOverview = {
  initialSavings: Cents;
  /** Live savings expenses, all months ('App Transactions'). */
  appTransactions: Cents;
  withdrawn: Cents;
  totalSaved: Cents;
  /** This month's net savings ÷ this month's income, one decimal. */
  savingsRate: number;
  monthKey: string;
  monthlyBudget: Cents;
  goals: SavingsGoalItem[];
  activeGoalId: string | null;
  recent: SavingsEntry[];
  withdrawals: SavingsEntry[];
};

/** Everything the savings panel shows, from the month summaries (no scan of the transactions). */
export async function getSavingsOverview(userId: string, today: string): Promise<SavingsOverview> {
  const monthKey = monthKeyOf(today);
  const [summaries, state, goals, budget] = await Promise.all([listMonthSummaries(userId), readSavingsState(userId), listSavingsGoals(userId), getOrCarryOverMonthBudget(userId, monthKey)]);
  const totals = savingsLedgerTotals(summaries.map(toMonthTotals));
  const month = toMonthTotals(summaries.find((summary) => summary.monthKey === monthKey));
  const monthSavings = month.categories[SAVINGS_CATEGORY];
  const netMonthSavings = monthSavings ? Math.max(0, monthSavings.expense - monthSavings.allocated) : 0;
  return {
    initialSavings: state.initialSavings,
    appTransactions: totals.contributed,
    withdrawn: totals.withdrawn,
    totalSaved: totalSaved(totals, state.initialSavings),
    savingsRate: savingsRate(netMonthSavings, month.income),
    monthKey,
    monthlyBudget: budget.amount as Cents,
    goals,
    activeGoalId: resolveActiveGoal(state.activeGoalId, goals.map((goal) => goal.id)),
    recent: await listRecentSavings(userId, RECENT_SAVINGS_ROWS, summaries),
    withdrawals: await listWithdrawals(userId, 100, summaries),
  };
}

/** The goals and the active one: what the goals manager shows (the analytics Savings tab embeds it). */
export async function getGoalsManagerState(userId: string) {
  const [goals, { activeGoalId }] = await Promise.all([listSavingsGoals(userId), readSavingsState(userId)]);
  return { goals, activeGoalId };
}
