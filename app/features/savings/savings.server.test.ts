import { describe, expect, test } from "vitest";
import { SavingsGoal, Transaction, User } from "../../../models";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { toCents } from "~/lib/money";
import { createPremiumUser, createSavingsGoalFor, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import {
  deleteSavingsGoal,
  deleteWithdrawal,
  getSavingsBalance,
  getSavingsOverview,
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
