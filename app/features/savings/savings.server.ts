import mongoose, { Types } from "mongoose";
import { SavingsGoal, Transaction, User, type SavingsGoalRecord, type TransactionRecord } from "../../../models";
import { getAccount, listAccounts, mainAccountId } from "~/features/accounts/accounts.server";
import { getOrCarryOverMonthBudget } from "~/features/budgets/budgets.server";
import { LedgerRefusedError, type LedgerEntry } from "~/features/transactions/ledger";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { applyLedgerBatch, submittedTransactions } from "~/features/transactions/ledger.server";
import { toObjectId } from "~/integrations/database.server";
import { listMonthSummaries, type ListedMonthSummary } from "~/features/transactions/month-summary.server";
import { accountTotalsOf, reportedParts, toMonthTotals } from "~/features/transactions/month-summary";
import type { Cents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { SAVINGS_CATEGORY, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { newSubmissionKey, submittedId } from "~/utils/submission.server";
import {
  contributionDescription,
  contributionOf,
  DEFAULT_WITHDRAWAL_REASON,
  goalProgress,
  isGoalAccount,
  netSavings,
  RECENT_SAVINGS_ROWS,
  resolveActiveGoal,
  savingsLedgerTotals,
  savingsRate,
  totalSaved,
  withdrawalFits,
  type GoalAccountOption,
  type SavingsEntry,
  type SavingsGoalItem,
} from "./savings";

/** A goal's fields as its forms give them; `accountId` left out keeps the goal's account (none for a new goal). */
export type SavingsGoalInput = { name: string; target: Cents; deadline: string; accountId?: string | null };
type SavingsGoalEdit = SavingsGoalInput & { current: Cents };

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

const GOAL_FIELDS = { name: 1, target: 1, current: 1, deadline: 1, accountId: 1, createdAt: 1, pendingContribution: 1 } as const;
type PendingContribution = { submissionKey: string; amount: number; date: string; description: string; accountId?: Types.ObjectId | null };
type ListedGoal = Pick<SavingsGoalRecord, "_id" | "name" | "target" | "current" | "deadline" | "createdAt"> & {
  accountId?: Types.ObjectId | null;
  pendingContribution?: PendingContribution | null;
};

function toGoalItem(goal: ListedGoal): SavingsGoalItem {
  return {
    id: String(goal._id),
    name: goal.name,
    target: goal.target as Cents,
    current: (goal.current ?? 0) as Cents,
    deadline: goal.deadline,
    progress: goalProgress(goal.current ?? 0, goal.target),
    createdAt: new Date(goal.createdAt).toISOString(),
    accountId: goal.accountId ? String(goal.accountId) : null,
  };
}

/**
 * The transaction a contribution writes: for a goal without an account a savings expense; for one with an
 * account a transfer from the main account into it (decision 196), handed to the ledger as its side in the
 * main account, the side the savings figures read.
 */
function contributionEntry(userId: string, pending: PendingContribution): LedgerEntry {
  const { amount, date, description } = pending;
  if (!pending.accountId) return { type: "expense", amount, category: SAVINGS_CATEGORY, date, description, source: "savings" };
  return { type: "expense", amount, category: TRANSFER_CATEGORY, date, description, accountId: mainAccountId(userId), transferAccountId: String(pending.accountId), source: "savings" };
}

/**
 * Writes a goal's pending contribution through the ledger (a copy sent
 * before is not written twice), then clears it. The caller holds the ledger.
 */
async function finishContribution(userId: string, goal: Pick<ListedGoal, "_id" | "pendingContribution">) {
  const pending = goal.pendingContribution;
  if (!pending) return null;
  const result = await applyLedgerBatch(userId, { submission: { key: pending.submissionKey, scope: String(goal._id) }, added: [contributionEntry(userId, pending)] });
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

/** Whether `accountId` may be given to a goal now: one of the user's open accounts that hold money, not the main account. */
async function isUsableGoalAccount(userId: string, accountId: string) {
  const account = await getAccount(userId, accountId);
  return account !== null && isGoalAccount(account, mainAccountId(userId));
}

/**
 * The accounts the goal forms offer (those a goal may be given now) and those the goals name that no
 * longer may be (closed since, say): a goal's rows and its edit form still name its own.
 */
export async function listGoalAccounts(userId: string, goals: Array<Pick<SavingsGoalItem, "accountId">>): Promise<GoalAccountOption[]> {
  const named = new Set(goals.flatMap((goal) => goal.accountId ?? []));
  const mainId = mainAccountId(userId);
  return (await listAccounts(userId))
    .map((account) => ({ id: account.id, name: account.name, usable: isGoalAccount(account, mainId) }))
    .filter((account) => account.usable || named.has(account.id));
}

type GoalAddResult = { ok: true; goal: SavingsGoalItem } | { ok: false; reason: "account-refused" };

/**
 * Adds a goal (current 0), in the account it names if any (refused unless one a goal may be given); it
 * becomes the active goal when it is the first or none is active. With the form's submission key its id is
 * derived from the key: the same form sent again adds nothing and answers with that goal.
 */
export async function addSavingsGoal(userId: string, input: SavingsGoalInput, submissionKey: string | null = null): Promise<GoalAddResult> {
  const _id = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, "savings-goal") : undefined);
  const sentBefore = submissionKey ? await getSavingsGoal(userId, _id.toString()) : null;
  if (sentBefore) return { ok: true, goal: sentBefore };
  const accountId = input.accountId ?? null;
  if (accountId !== null && !(await isUsableGoalAccount(userId, accountId))) return { ok: false, reason: "account-refused" };
  const created = await SavingsGoal.create({ _id, userId: owner(userId), name: input.name, target: input.target, current: 0, deadline: input.deadline, accountId });
  const goal = toGoalItem(created.toObject());
  const { activeGoalId } = await readSavingsState(userId);
  const ids = (await listSavingsGoals(userId)).map((item) => item.id);
  if (!activeGoalId || !ids.includes(activeGoalId)) await writeActiveGoal(userId, goal.id);
  return { ok: true, goal };
}

type GoalUpdateResult = { ok: true; goal: SavingsGoalItem; contributed: Cents } | { ok: false; reason: "not-found" | "account-refused" };

/**
 * Rewrites the user's goal from the form. Raising its current amount writes
 * a contribution for the increase through the ledger (dated `today`,
 * described with the goal's name): a savings expense, or for a goal with an
 * account a transfer from the main account into it (decision 196); lowering
 * it writes no transaction. A new account must be one a goal may be given; a
 * goal keeps its own when it no longer is (closed since), but takes no
 * contribution there. The raise and the contribution it owes are one write
 * of the goal, the transaction follows (so a crash between leaves the
 * contribution pending, finished on the next read, never lost nor booked
 * twice), all holding the user's ledger. With the form's submission key, the
 * same form sent again writes nothing more and answers as the first did.
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
    const storedAccountId = stored.accountId ? String(stored.accountId) : null;
    const accountId = edit.accountId === undefined ? storedAccountId : edit.accountId;
    const accountChecked = accountId !== storedAccountId || contributed > 0;
    if (accountId !== null && accountChecked && !(await isUsableGoalAccount(userId, accountId))) return { ok: false, reason: "account-refused" };
    const pendingContribution =
      contributed > 0 ? { submissionKey: contributionKey, amount: contributed, date: today, description: contributionDescription(edit.name), accountId: accountId && new Types.ObjectId(accountId) } : null;
    const written = await SavingsGoal.findOneAndUpdate(
      { _id, userId: owner(userId) },
      { $set: { name: edit.name, target: edit.target, deadline: edit.deadline, current: edit.current, accountId: accountId && new Types.ObjectId(accountId), pendingContribution } },
      { returnDocument: "after", runValidators: true },
    ).lean<ListedGoal>();
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

const TRANSFER_FIELDS = { type: 1, amount: 1, date: 1, monthKey: 1, description: 1, reported: 1 } as const;
type StoredTransfer = Pick<TransactionRecord, "_id" | "type" | "amount" | "date" | "monthKey" | "description" | "reported">;

/**
 * The user's live savings transfers, read by their sides in the main account (decision 196): equalities
 * only, and few rows, one per contribution to or withdrawal from a goal's account. Amounts in the reporting
 * currency, as goals count (one no rate converts yet is left out, as from every total).
 */
async function listSavingsTransfers(userId: string): Promise<StoredTransfer[]> {
  const transfers = await Transaction.find({ userId: owner(userId), category: TRANSFER_CATEGORY, source: "savings", accountId: new Types.ObjectId(mainAccountId(userId)), deleted: false })
    .select(TRANSFER_FIELDS)
    .lean<StoredTransfer[]>();
  return transfers.flatMap((transfer) => {
    const reported = reportedParts(transfer);
    return reported ? [{ ...transfer, amount: reported.amount }] : [];
  });
}

/** What the savings transfers of each of `months` moved into goals' accounts, less what they moved back (cents, by month key). */
export async function savingsMovedByMonth(userId: string, months: string[]): Promise<Record<string, number>> {
  const moved: Record<string, number> = Object.fromEntries(months.map((month) => [month, 0]));
  for (const transfer of await listSavingsTransfers(userId)) {
    if (!(transfer.monthKey in moved)) continue;
    moved[transfer.monthKey] += transfer.type === "expense" ? transfer.amount : -transfer.amount;
  }
  return moved;
}

/** The savings balance: live savings expenses and contributions to goals' accounts + initial savings − withdrawals (all months, from the month summaries and the savings transfers). */
export async function getSavingsBalance(userId: string): Promise<Cents> {
  const [summaries, state, transfers] = await Promise.all([listMonthSummaries(userId), readSavingsState(userId), listSavingsTransfers(userId)]);
  return totalSaved(savingsLedgerTotals(summaries.map(toMonthTotals), transfers), state.initialSavings);
}

/** A withdrawal as its form gives it; `accountId`: the goal's account it comes out of, or null (savings kept in no account). */
export type WithdrawalInput = { amount: Cents; date: string; reason: string; accountId?: string | null };

type WithdrawalResult = { ok: true; id: string } | { ok: false; reason: "above-balance" | "account-refused" | "above-account-balance" };

/**
 * Records a withdrawal through the ledger, refused above the current savings balance. Without an account
 * it is an income in `savings` whose whole amount is offset against `savings` (decision 142), so it is no
 * new income, lowers the month's net savings, and lowers the balance. From an account (one a goal may be
 * given, holding at least the amount) it is a transfer from it back into the main account (decision 196).
 */
export async function recordWithdrawal(userId: string, withdrawal: WithdrawalInput, submissionKey: string | null = null): Promise<WithdrawalResult> {
  return withLedgerLock(userId, () => writeWithdrawal(userId, withdrawal, submissionKey));
}

/** Why a withdrawal of `amount` may not come out of `accountId`: not an account a goal may be given, or more than it holds. */
async function accountWithdrawalRefusal(userId: string, accountId: string, amount: Cents) {
  const account = await getAccount(userId, accountId);
  if (!account || !isGoalAccount(account, mainAccountId(userId))) return "account-refused" as const;
  const balance = account.openingBalance + (accountTotalsOf(await listMonthSummaries(userId)).get(accountId)?.net ?? 0);
  return withdrawalFits(amount, balance) ? null : ("above-account-balance" as const);
}

/** The transaction a withdrawal writes; a transfer is handed to the ledger as its side in the main account, the side the savings figures read. */
function withdrawalEntry(userId: string, withdrawal: WithdrawalInput): LedgerEntry {
  const { amount, date } = withdrawal;
  const description = withdrawal.reason || DEFAULT_WITHDRAWAL_REASON;
  if (withdrawal.accountId) {
    return { type: "income", amount, category: TRANSFER_CATEGORY, date, description, accountId: mainAccountId(userId), transferAccountId: withdrawal.accountId, source: "savings" };
  }
  return { type: "income", amount, category: SAVINGS_CATEGORY, date, description, allocations: [{ categoryId: SAVINGS_CATEGORY, amount }], source: "savings" };
}

/** The withdrawal, holding the user's ledger: its checks against the balances and its write see no other write between them. */
async function writeWithdrawal(userId: string, withdrawal: WithdrawalInput, submissionKey: string | null): Promise<WithdrawalResult> {
  const submission = submissionKey ? { key: submissionKey } : undefined;
  const [sent] = submission ? await submittedTransactions(userId, submission, 1) : [];
  if (sent) return { ok: true, id: String(sent._id) };
  if (!withdrawalFits(withdrawal.amount, await getSavingsBalance(userId))) return { ok: false, reason: "above-balance" };
  const refusal = withdrawal.accountId ? await accountWithdrawalRefusal(userId, withdrawal.accountId, withdrawal.amount) : null;
  if (refusal) return { ok: false, reason: refusal };
  const result = await applyLedgerBatch(userId, { submission, added: [withdrawalEntry(userId, withdrawal)] });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return { ok: true, id: String(result.added[0]._id) };
}

type StoredEntry = Pick<TransactionRecord, "_id" | "amount" | "date" | "description" | "allocations">;
const ENTRY_FIELDS = { amount: 1, date: 1, description: 1, allocations: 1 } as const;

function withdrawnPart(transaction: Pick<TransactionRecord, "allocations">) {
  return (transaction.allocations ?? []).filter((allocation) => allocation.categoryId === SAVINGS_CATEGORY).reduce((sum, allocation) => sum + allocation.amount, 0);
}

/** Months whose summary counts `field` of the savings category. */
function monthsWith(summaries: ListedMonthSummary[], field: "expense" | "allocated") {
  return summaries.filter((summary) => (summary.categories?.[SAVINGS_CATEGORY]?.[field] ?? 0) > 0).map((summary) => summary.monthKey);
}

function toEntry(transaction: Pick<TransactionRecord, "_id" | "date" | "description">, amount: number): SavingsEntry {
  return { id: String(transaction._id), date: transaction.date, amount: amount as Cents, description: transaction.description };
}

function newestFirst(a: SavingsEntry, b: SavingsEntry) {
  return b.date.localeCompare(a.date) || b.id.localeCompare(a.id);
}

/**
 * The newest `limit` entries: those `readMonth` reads from each of `months` and the savings transfers
 * given, month by month from the newest. A month is taken whole, so once `limit` are found no month left
 * holds a newer one.
 */
async function newestEntries(months: string[], transfers: SavingsEntry[], limit: number, readMonth: (monthKey: string) => Promise<SavingsEntry[]>) {
  const found: SavingsEntry[] = [];
  for (const monthKey of [...new Set([...months, ...transfers.map((entry) => monthKeyOf(entry.date))])].sort().reverse()) {
    if (found.length >= limit) break;
    const read = months.includes(monthKey) ? await readMonth(monthKey) : [];
    found.push(...[...read, ...transfers.filter((entry) => monthKeyOf(entry.date) === monthKey)].sort(newestFirst));
  }
  return found.slice(0, limit);
}

/** What the savings lists read, when the caller has it already. */
type SavingsReads = { summaries: ListedMonthSummary[]; transfers: StoredTransfer[] };

async function savingsReads(userId: string, known?: SavingsReads): Promise<SavingsReads> {
  if (known) return known;
  const [summaries, transfers] = await Promise.all([listMonthSummaries(userId), listSavingsTransfers(userId)]);
  return { summaries, transfers };
}

/**
 * The newest live savings expenses and contributions to goals' accounts (the 'Recent Savings
 * Transactions'), read month by month from the months whose summary counts a savings expense, until
 * `limit` are found.
 */
export async function listRecentSavings(userId: string, limit = RECENT_SAVINGS_ROWS, known?: SavingsReads): Promise<SavingsEntry[]> {
  const { summaries, transfers } = await savingsReads(userId, known);
  const contributions = transfers.filter((transfer) => transfer.type === "expense").map((transfer) => toEntry(transfer, transfer.amount));
  return newestEntries(monthsWith(summaries, "expense"), contributions, limit, async (monthKey) => {
    const month = await Transaction.find({ userId: owner(userId), category: SAVINGS_CATEGORY, monthKey, type: "expense", deleted: false }).select(ENTRY_FIELDS).lean<StoredEntry[]>();
    return month.map((entry) => toEntry(entry, entry.amount));
  });
}

/**
 * The live withdrawals, newest first: every income that offsets `savings`
 * (those recorded here and any the transaction form placed on savings), each
 * with the part it takes from savings, and every withdrawal from a goal's
 * account — the same amounts the total subtracts.
 */
export async function listWithdrawals(userId: string, limit = 100, known?: SavingsReads): Promise<SavingsEntry[]> {
  const { summaries, transfers } = await savingsReads(userId, known);
  const fromAccounts = transfers.filter((transfer) => transfer.type === "income").map((transfer) => toEntry(transfer, transfer.amount));
  const entries = await newestEntries(monthsWith(summaries, "allocated"), fromAccounts, limit, async (monthKey) => {
    const month = await Transaction.find({ userId: owner(userId), monthKey, type: "income", deleted: false }).select(ENTRY_FIELDS).lean<StoredEntry[]>();
    return month.filter((entry) => withdrawnPart(entry) > 0).map((entry) => toEntry(entry, withdrawnPart(entry)));
  });
  return entries.map((entry) => ({ ...entry, description: entry.description || DEFAULT_WITHDRAWAL_REASON }));
}

/** Whether a stored income is a withdrawal: it offsets `savings`, or is a savings transfer's side in the main account. */
function isWithdrawal(userId: string, transaction: Pick<TransactionRecord, "allocations" | "category" | "source" | "accountId">) {
  const fromAccount = transaction.category === TRANSFER_CATEGORY && transaction.source === "savings" && String(transaction.accountId) === mainAccountId(userId);
  return fromAccount || withdrawnPart(transaction) > 0;
}

/** Soft-deletes the user's withdrawal through the ledger (it can be restored on /transactions; a transfer's two sides go together); false when the id is no withdrawal of theirs. */
export async function deleteWithdrawal(userId: string, withdrawalId: string): Promise<boolean> {
  const _id = toObjectId(withdrawalId);
  if (!_id) return false;
  const stored = await Transaction.findOne({ _id, userId: owner(userId), type: "income", deleted: false })
    .select({ allocations: 1, category: 1, source: 1, accountId: 1 })
    .lean<Pick<TransactionRecord, "allocations" | "category" | "source" | "accountId">>();
  if (!stored || !isWithdrawal(userId, stored)) return false;
  const result = await applyLedgerBatch(userId, { deleted: [withdrawalId] });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return result.deleted.some((outcome) => outcome.status === "done");
}

type SavingsOverview = {
  initialSavings: Cents;
  /** Live savings expenses and contributions to goals' accounts, all months ('App Transactions'). */
  appTransactions: Cents;
  withdrawn: Cents;
  totalSaved: Cents;
  /** This month's net savings ÷ this month's income, one decimal. */
  savingsRate: number;
  monthKey: string;
  monthlyBudget: Cents;
  goals: SavingsGoalItem[];
  activeGoalId: string | null;
  /** The accounts the goal forms offer and those goals name; the withdrawal form offers the usable ones goals name. */
  accounts: GoalAccountOption[];
  recent: SavingsEntry[];
  withdrawals: SavingsEntry[];
};

/** Everything the savings panel shows, from the month summaries and the savings transfers (no scan of the other transactions). */
export async function getSavingsOverview(userId: string, today: string): Promise<SavingsOverview> {
  const monthKey = monthKeyOf(today);
  const [summaries, transfers, state, goals, budget] = await Promise.all([
    listMonthSummaries(userId),
    listSavingsTransfers(userId),
    readSavingsState(userId),
    listSavingsGoals(userId),
    getOrCarryOverMonthBudget(userId, monthKey),
  ]);
  const totals = savingsLedgerTotals(summaries.map(toMonthTotals), transfers);
  const month = toMonthTotals(summaries.find((summary) => summary.monthKey === monthKey));
  const monthSavings = savingsLedgerTotals([month], transfers.filter((transfer) => transfer.monthKey === monthKey));
  const reads = { summaries, transfers };
  return {
    initialSavings: state.initialSavings,
    appTransactions: totals.contributed,
    withdrawn: totals.withdrawn,
    totalSaved: totalSaved(totals, state.initialSavings),
    savingsRate: savingsRate(netSavings(monthSavings), month.income),
    monthKey,
    monthlyBudget: budget.amount as Cents,
    goals,
    activeGoalId: resolveActiveGoal(state.activeGoalId, goals.map((goal) => goal.id)),
    accounts: await listGoalAccounts(userId, goals),
    recent: await listRecentSavings(userId, RECENT_SAVINGS_ROWS, reads),
    withdrawals: await listWithdrawals(userId, 100, reads),
  };
}

/** The goals, the active one and the accounts goals may name: what the goals manager shows (the analytics Savings tab embeds it). */
export async function getGoalsManagerState(userId: string) {
  const [goals, { activeGoalId }] = await Promise.all([listSavingsGoals(userId), readSavingsState(userId)]);
  return { goals, activeGoalId, accounts: await listGoalAccounts(userId, goals) };
}
