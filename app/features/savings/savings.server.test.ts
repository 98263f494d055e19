import { describe, expect, test } from "vitest";
import { SavingsGoal, Transaction, User } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { closeAccount, listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { toCents } from "~/lib/money";
import { createAccountFor, createPremiumUser, createSavingsGoalFor, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import {
  addSavingsGoal,
  deleteSavingsGoal,
  deleteWithdrawal,
  getSavingsBalance,
  getSavingsOverview,
  listGoalAccounts,
  listRecentSavings,
  listSavingsGoals,
  listWithdrawals,
  recordWithdrawal,
  selectSavingsGoal,
  setInitialSavings,
  updateSavingsGoal,
} from "./savings.server";

useTestDatabase();

async function activeGoalOf(userId: string) {
  return (await User.findById(userId).lean())?.savings?.activeGoalId ?? null;
}

describe("savings goals", () => {
  test("a new goal starts at 0; the first becomes active, later ones do not", async () => {
    const userId = await createPremiumUser();
    const first = await createSavingsGoalFor(userId);
    const second = await createSavingsGoalFor(userId, { name: "Car" });
    expect(first).toMatchObject({ name: "Emergency Fund", target: 100000, current: 0, progress: 0, deadline: "2027-03-05" });
    expect(await activeGoalOf(userId)).toBe(first.id);
    expect((await listSavingsGoals(userId)).map((goal) => goal.id)).toEqual([first.id, second.id]);
  });

  test("deleting the active goal makes the first remaining active, then none", async () => {
    const userId = await createPremiumUser();
    const first = await createSavingsGoalFor(userId);
    const second = await createSavingsGoalFor(userId, { name: "Car" });
    const third = await createSavingsGoalFor(userId, { name: "Trip" });
    expect(await selectSavingsGoal(userId, third.id)).toBe(true);
    expect(await deleteSavingsGoal(userId, third.id)).toBe(true);
    expect(await activeGoalOf(userId)).toBe(first.id);
    expect(await deleteSavingsGoal(userId, second.id)).toBe(true);
    expect(await activeGoalOf(userId)).toBe(first.id);
    expect(await deleteSavingsGoal(userId, first.id)).toBe(true);
    expect(await activeGoalOf(userId)).toBeNull();
    // A goal added when none is active becomes active.
    const fourth = await createSavingsGoalFor(userId, { name: "House" });
    expect(await activeGoalOf(userId)).toBe(fourth.id);
  });

  test("raising a goal's current amount writes a savings expense for the increase through the ledger; lowering it writes none", async () => {
    const userId = await createPremiumUser();
    const goal = await createSavingsGoalFor(userId);
    const raised = await updateSavingsGoal(userId, goal.id, { name: "Emergency Fund", target: toCents(100000), deadline: goal.deadline, current: toCents(25000) }, "2026-03-10");
    expect(raised).toMatchObject({ ok: true, contributed: 25000, goal: { current: 25000, progress: 25 } });
    await updateSavingsGoal(userId, goal.id, { name: "Emergency Fund", target: toCents(100000), deadline: goal.deadline, current: toCents(40000) }, "2026-03-11");
    await updateSavingsGoal(userId, goal.id, { name: "Emergency Fund", target: toCents(100000), deadline: goal.deadline, current: toCents(10000) }, "2026-03-12");
    const written = await Transaction.find({ userId }).sort({ date: 1 }).lean();
    expect(written.map(({ type, category, amount, date, description, source }) => ({ type, category, amount, date, description, source }))).toEqual([
      { type: "expense", category: "savings", amount: 25000, date: "2026-03-10", description: "Contribution to Emergency Fund", source: "savings" },
      { type: "expense", category: "savings", amount: 15000, date: "2026-03-11", description: "Contribution to Emergency Fund", source: "savings" },
    ]);
    expect((await getMonthTotals(userId, "2026-03")).categories.savings).toMatchObject({ expense: 40000 });
    expect((await SavingsGoal.findById(goal.id).lean())?.current).toBe(10000);
  });

  test("another user's goal is neither changed, selected nor deleted", async () => {
    const owner = await createPremiumUser();
    const intruder = await createPremiumUser();
    const goal = await createSavingsGoalFor(owner);
    expect(await updateSavingsGoal(intruder, goal.id, { name: "Mine", target: toCents(1), deadline: goal.deadline, current: toCents(500) }, "2026-03-10")).toEqual({ ok: false, reason: "not-found" });
    expect(await selectSavingsGoal(intruder, goal.id)).toBe(false);
    expect(await deleteSavingsGoal(intruder, goal.id)).toBe(false);
    expect(await deleteSavingsGoal(intruder, "not-an-id")).toBe(false);
    expect(await SavingsGoal.findById(goal.id).lean()).toMatchObject({ name: "Emergency Fund", current: 0 });
    expect(await Transaction.countDocuments({ userId: intruder })).toBe(0);
  });
});

describe("the savings balance and withdrawals", () => {
  test("total saved = savings expenses + initial savings − withdrawals, and a withdrawal above it is refused", async () => {
    const userId = await createPremiumUser();
    await createTransactionFor(userId, { category: "savings", amount: toCents(30000), date: "2026-02-10", description: "" });
    await createTransactionFor(userId, { category: "food", amount: toCents(5000) });
    await setInitialSavings(userId, toCents(10000));
    expect(await getSavingsBalance(userId)).toBe(40000);

    expect(await recordWithdrawal(userId, { amount: toCents(40001), date: "2026-03-05", reason: "" })).toEqual({ ok: false, reason: "above-balance" });
    const recorded = await recordWithdrawal(userId, { amount: toCents(15000), date: "2026-03-05", reason: "Vacation payment" });
    expect(recorded.ok).toBe(true);
    expect(await getSavingsBalance(userId)).toBe(25000);
    expect(await recordWithdrawal(userId, { amount: toCents(25001), date: "2026-03-06", reason: "" })).toEqual({ ok: false, reason: "above-balance" });
    await recordWithdrawal(userId, { amount: toCents(25000), date: "2026-03-06", reason: "" });
    expect(await getSavingsBalance(userId)).toBe(0);

    expect(await listWithdrawals(userId)).toEqual([
      { id: expect.any(String), date: "2026-03-06", amount: 25000, description: "Withdrawal" },
      { id: recorded.ok ? recorded.id : "", date: "2026-03-05", amount: 15000, description: "Vacation payment" },
    ]);
  });

  test("a withdrawal is an income offset against savings: no new income, the month's net savings fall, the dashboard's total stays right", async () => {
    const userId = await createPremiumUser();
    await createTransactionFor(userId, { type: "income", category: "salary", amount: toCents(400000), date: "2026-03-01", description: "Pay" });
    await createTransactionFor(userId, { category: "savings", amount: toCents(50000), date: "2026-03-02", description: "" });
    await recordWithdrawal(userId, { amount: toCents(10000), date: "2026-03-20", reason: "Emergency expense" });
    const month = await getMonthTotals(userId, "2026-03");
    expect(month.income).toBe(400000);
    expect(month.expense).toBe(50000);
    expect(month.categories.savings).toEqual({ income: 0, expense: 50000, allocated: 10000 });
    const stored = await Transaction.findOne({ userId, type: "income", category: "savings" }).lean();
    expect(stored).toMatchObject({ amount: 10000, description: "Emergency expense", source: "savings", allocations: [{ categoryId: "savings", amount: 10000 }] });

    const overview = await getSavingsOverview(userId, "2026-03-25");
    expect(overview).toMatchObject({ appTransactions: 50000, withdrawn: 10000, totalSaved: 40000, savingsRate: 10 });
  });

  test("deleting a withdrawal (through the ledger) gives the balance back; deleting it on /transactions does the same", async () => {
    const userId = await createPremiumUser();
    await createTransactionFor(userId, { category: "savings", amount: toCents(30000), date: "2026-03-01", description: "" });
    const first = await recordWithdrawal(userId, { amount: toCents(10000), date: "2026-03-05", reason: "" });
    const second = await recordWithdrawal(userId, { amount: toCents(5000), date: "2026-03-06", reason: "" });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(await getSavingsBalance(userId)).toBe(15000);
    expect(await deleteWithdrawal(userId, first.id)).toBe(true);
    expect(await deleteWithdrawal(userId, first.id)).toBe(false);
    expect(await getSavingsBalance(userId)).toBe(25000);
    await applyLedgerBatch(userId, { deleted: [second.id] });
    expect(await getSavingsBalance(userId)).toBe(30000);
    expect(await listWithdrawals(userId)).toEqual([]);
  });

  test("another user's withdrawal, or a transaction that is no withdrawal, is not deleted", async () => {
    const owner = await createPremiumUser();
    const intruder = await createPremiumUser();
    await createTransactionFor(owner, { category: "savings", amount: toCents(30000), description: "" });
    const withdrawal = await recordWithdrawal(owner, { amount: toCents(1000), date: "2026-03-05", reason: "" });
    const groceries = await createTransactionFor(intruder);
    if (!withdrawal.ok) throw new Error("refused");
    expect(await deleteWithdrawal(intruder, withdrawal.id)).toBe(false);
    expect(await deleteWithdrawal(intruder, groceries.id)).toBe(false);
    expect(await deleteWithdrawal(intruder, "nope")).toBe(false);
    expect(await Transaction.findById(withdrawal.id).lean()).toMatchObject({ deleted: false });
  });

  test("recent savings transactions are the newest five savings expenses", async () => {
    const userId = await createPremiumUser();
    for (const [day, month] of [["01", "01"], ["15", "02"], ["03", "03"], ["04", "03"], ["20", "03"], ["10", "04"]]) {
      await createTransactionFor(userId, { category: "savings", amount: toCents(1000), date: `2026-${month}-${day}`, description: "" });
    }
    await createTransactionFor(userId, { category: "food", date: "2026-04-11" });
    expect((await listRecentSavings(userId)).map((entry) => entry.date)).toEqual(["2026-04-10", "2026-03-20", "2026-03-04", "2026-03-03", "2026-02-15"]);
  });
});

describe("goals kept in an account (decision 196)", () => {
  async function balances(userId: string) {
    const { accounts } = await listAccountsWithBalances(userId, "2026-03-25");
    return Object.fromEntries(accounts.map((account) => [account.name, account.balance]));
  }

  async function transferSides(userId: string) {
    const sides = await Transaction.find({ userId, category: TRANSFER_CATEGORY }).sort({ type: 1 }).lean();
    return sides.map(({ type, amount, date, description, source, deleted, accountId, transferAccountId }) => ({
      type,
      amount,
      date,
      description,
      source,
      deleted,
      accountId: String(accountId),
      transferAccountId: String(transferAccountId),
    }));
  }

  /** A premium user paid $4,000.00 in March, with a savings account 'Rainy day' and a goal kept in it. */
  async function userWithGoalInAccount() {
    const userId = await createPremiumUser();
    const account = await createAccountFor(userId, { name: "Rainy day" });
    await createTransactionFor(userId, { type: "income", category: "salary", amount: toCents(400000), date: "2026-03-01", description: "Pay" });
    const goal = await createSavingsGoalFor(userId, { accountId: account.id });
    const raise = (current: number, today = "2026-03-10", key: string | null = null) =>
      updateSavingsGoal(userId, goal.id, { name: goal.name, target: goal.target, deadline: goal.deadline, current: toCents(current) }, today, key);
    return { userId, account, goal, raise };
  }

  test("raising it writes a transfer from the main account into the goal's: the account's balance rises, the savings figures count it, the month's expenses do not", async () => {
    const { userId, account, goal, raise } = await userWithGoalInAccount();
    expect(goal.accountId).toBe(account.id);
    expect(await raise(30000)).toMatchObject({ ok: true, contributed: 30000, goal: { current: 30000, progress: 30, accountId: account.id } });

    const main = mainAccountId(userId);
    expect(await transferSides(userId)).toEqual([
      { type: "expense", amount: 30000, date: "2026-03-10", description: "Contribution to Emergency Fund", source: "savings", deleted: false, accountId: main, transferAccountId: account.id },
      { type: "income", amount: 30000, date: "2026-03-10", description: "Contribution to Emergency Fund", source: "savings", deleted: false, accountId: account.id, transferAccountId: main },
    ]);
    expect(await balances(userId)).toEqual({ "Main account": 370000, "Rainy day": 30000 });
    const month = await getMonthTotals(userId, "2026-03");
    expect(month).toMatchObject({ income: 400000, expense: 0 });
    expect(month.categories.savings).toBeUndefined();

    // Saved 300 of 4,000 income this month: 7.5%.
    const overview = await getSavingsOverview(userId, "2026-03-25");
    expect(overview).toMatchObject({ appTransactions: 30000, withdrawn: 0, totalSaved: 30000, savingsRate: 7.5 });
    expect(overview.recent).toEqual([{ id: expect.any(String), date: "2026-03-10", amount: 30000, description: "Contribution to Emergency Fund" }]);
    expect(overview.accounts).toEqual([{ id: account.id, name: "Rainy day", usable: true }]);
    expect(await getSavingsBalance(userId)).toBe(30000);
  });

  test("the same raise sent twice writes one transfer; a contribution a crash left pending is finished as a transfer", async () => {
    const { userId, account, goal, raise } = await userWithGoalInAccount();
    await raise(20000, "2026-03-10", "one-key");
    expect(await raise(20000, "2026-03-10", "one-key")).toMatchObject({ ok: true, contributed: 20000, goal: { current: 20000 } });
    expect(await Transaction.countDocuments({ userId, category: TRANSFER_CATEGORY })).toBe(2);

    // The raise to $250.00 was written with its contribution; the crash came before the ledger wrote it.
    const pendingContribution = { submissionKey: "cut-off", amount: 5000, date: "2026-03-12", description: "Contribution to Emergency Fund", accountId: account.id };
    await SavingsGoal.updateOne({ _id: goal.id }, { $set: { current: 25000, pendingContribution } });
    expect((await listSavingsGoals(userId))[0]).toMatchObject({ current: 25000 });
    expect((await SavingsGoal.findById(goal.id).lean())?.pendingContribution).toBeNull();
    expect(await balances(userId)).toEqual({ "Main account": 375000, "Rainy day": 25000 });
    expect(await getSavingsBalance(userId)).toBe(25000);
  });

  test("only one of the user's own open accounts that hold money, other than the main account, may be named: anything else is refused and nothing is written", async () => {
    const userId = await createPremiumUser();
    const card = await createAccountFor(userId, { name: "Visa", kind: "credit_card" });
    const loan = await createAccountFor(userId, { name: "Car loan", kind: "loan" });
    const closed = await createAccountFor(userId, { name: "Old savings" });
    expect(await closeAccount(userId, closed.id, "2026-03-25")).toEqual({ ok: true });
    const theirs = await createAccountFor(await createPremiumUser(), { name: "Theirs" });
    const goal = await createSavingsGoalFor(userId);
    const fields = { name: "Car", target: toCents(50000), deadline: "2027-03-05" };

    for (const accountId of [theirs.id, card.id, loan.id, closed.id, mainAccountId(userId), "0123456789abcdef01234567"]) {
      expect(await addSavingsGoal(userId, { ...fields, accountId })).toEqual({ ok: false, reason: "account-refused" });
      expect(await updateSavingsGoal(userId, goal.id, { ...fields, accountId, current: toCents(100) }, "2026-03-10")).toEqual({ ok: false, reason: "account-refused" });
    }
    expect(await SavingsGoal.find({ userId }).lean()).toMatchObject([{ name: "Emergency Fund", current: 0, accountId: null }]);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await listGoalAccounts(userId, [])).toEqual([]);

    // Cash, checking, investment and other accounts hold money too.
    for (const kind of ["cash", "checking", "investment", "other"] as const) {
      const account = await createAccountFor(userId, { name: `My ${kind}`, kind });
      expect(await addSavingsGoal(userId, { ...fields, name: `In ${kind}`, accountId: account.id })).toMatchObject({ ok: true, goal: { accountId: account.id } });
    }
  });

  test("a goal keeps its account once it is closed, but takes no contribution into it; without an account it contributes as before", async () => {
    const { userId, account, goal } = await userWithGoalInAccount();
    expect(await closeAccount(userId, account.id, "2026-03-25")).toEqual({ ok: true });
    const edit = { name: "Rainy Day Fund", target: goal.target, deadline: goal.deadline };
    expect(await updateSavingsGoal(userId, goal.id, { ...edit, accountId: account.id, current: toCents(0) }, "2026-03-10")).toMatchObject({ ok: true, goal: { name: "Rainy Day Fund", accountId: account.id } });
    expect(await listGoalAccounts(userId, [{ accountId: account.id }])).toEqual([{ id: account.id, name: "Rainy day", usable: false }]);

    expect(await updateSavingsGoal(userId, goal.id, { ...edit, accountId: account.id, current: toCents(1000) }, "2026-03-10")).toEqual({ ok: false, reason: "account-refused" });
    expect(await Transaction.countDocuments({ userId, source: "savings" })).toBe(0);
    expect((await SavingsGoal.findById(goal.id).lean())?.current).toBe(0);

    expect(await updateSavingsGoal(userId, goal.id, { ...edit, accountId: null, current: toCents(1000) }, "2026-03-10")).toMatchObject({ ok: true, goal: { accountId: null, current: 1000 } });
    expect(await Transaction.find({ userId, source: "savings" }).lean()).toMatchObject([{ type: "expense", category: "savings", amount: 1000 }]);
  });

  test("a withdrawal from a goal's account is a transfer back into the main account: listed and subtracted, refused above either balance, deleted with both sides", async () => {
    const { userId, account, raise } = await userWithGoalInAccount();
    await raise(30000);
    await setInitialSavings(userId, toCents(50000));
    expect(await getSavingsBalance(userId)).toBe(80000);

    expect(await recordWithdrawal(userId, { amount: toCents(80001), date: "2026-03-15", reason: "", accountId: account.id })).toEqual({ ok: false, reason: "above-balance" });
    expect(await recordWithdrawal(userId, { amount: toCents(30001), date: "2026-03-15", reason: "", accountId: account.id })).toEqual({ ok: false, reason: "above-account-balance" });
    const card = await createAccountFor(userId, { name: "Visa", kind: "credit_card" });
    const theirs = await createAccountFor(await createPremiumUser(), { name: "Theirs" });
    for (const accountId of [card.id, theirs.id, mainAccountId(userId)]) {
      expect(await recordWithdrawal(userId, { amount: toCents(100), date: "2026-03-15", reason: "", accountId })).toEqual({ ok: false, reason: "account-refused" });
    }
    expect(await Transaction.countDocuments({ userId, category: TRANSFER_CATEGORY })).toBe(2);

    const recorded = await recordWithdrawal(userId, { amount: toCents(10000), date: "2026-03-15", reason: "Car repair", accountId: account.id });
    if (!recorded.ok) throw new Error(recorded.reason);
    expect(await getSavingsBalance(userId)).toBe(70000);
    expect(await balances(userId)).toEqual({ "Main account": 380000, "Rainy day": 20000, Visa: 0 });
    expect(await listWithdrawals(userId)).toEqual([{ id: recorded.id, date: "2026-03-15", amount: 10000, description: "Car repair" }]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 400000, expense: 0 });
    // This month's net savings: 300 in, 100 back out, of 4,000 income: 5.0%.
    expect(await getSavingsOverview(userId, "2026-03-25")).toMatchObject({ appTransactions: 30000, withdrawn: 10000, totalSaved: 70000, savingsRate: 5 });

    expect(await deleteWithdrawal(userId, recorded.id)).toBe(true);
    expect((await transferSides(userId)).filter((side) => side.deleted)).toHaveLength(2);
    expect(await getSavingsBalance(userId)).toBe(80000);
    expect(await balances(userId)).toEqual({ "Main account": 370000, "Rainy day": 30000, Visa: 0 });
  });

  test("the recent savings and the withdrawals list savings kept in no account and in accounts together, newest first", async () => {
    const { userId, account, goal, raise } = await userWithGoalInAccount();
    await createTransactionFor(userId, { category: "savings", amount: toCents(1000), date: "2026-02-01", description: "" });
    await createTransactionFor(userId, { category: "savings", amount: toCents(2000), date: "2026-03-20", description: "" });
    await raise(5000, "2026-03-10");
    await raise(8000, "2026-04-02");
    await recordWithdrawal(userId, { amount: toCents(500), date: "2026-03-21", reason: "Offset" });
    await recordWithdrawal(userId, { amount: toCents(700), date: "2026-03-11", reason: "Back", accountId: account.id });
    expect((await listRecentSavings(userId)).map(({ date, amount }) => [date, amount])).toEqual([
      ["2026-04-02", 3000],
      ["2026-03-20", 2000],
      ["2026-03-10", 5000],
      ["2026-02-01", 1000],
    ]);
    expect((await listRecentSavings(userId, 2)).map(({ date }) => date)).toEqual(["2026-04-02", "2026-03-20"]);
    expect((await listWithdrawals(userId)).map(({ date, amount, description }) => [date, amount, description])).toEqual([
      ["2026-03-21", 500, "Offset"],
      ["2026-03-11", 700, "Back"],
    ]);
    // 1,000 + 2,000 + 8,000 in, 500 + 700 out.
    expect(await getSavingsBalance(userId)).toBe(9800);
    expect((await listSavingsGoals(userId)).find((item) => item.id === goal.id)).toMatchObject({ current: 8000, progress: 8 });
  });
});
