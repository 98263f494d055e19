import mongoose from "mongoose";
import { afterEach, describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { loader } from "~/routes/_app.analytics";
import { getSavingsOverview, updateSavingsGoal } from "~/features/savings/savings.server";
import { createAccountFor, createBudget, createGoogleUser, createPremiumUser, createSavingsGoalFor, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { APP, cookieFor, getRequest } from "../../../tests/setup/route-requests";
import { Budget, MonthSummary } from "../../../models";

useTestDatabase();

async function load(path: string, userId: string) {
  const request = getRequest(path, await cookieFor(userId));
  return loader({ request, params: {}, context: {} });
}

/** Narrows a loader answer to the unlocked page's data. */
function unlocked(data: Awaited<ReturnType<typeof loader>>) {
  if (data.locked) throw new Error("expected the unlocked page");
  return data;
}

afterEach(() => {
  mongoose.set("debug", false);
});

describe("/analytics", () => {
  test("a free user gets the locked screen (200, no figures) and nothing is written", async () => {
    const userId = await createGoogleUser();
    const summaries = await MonthSummary.countDocuments({ userId });
    expect(await load("/analytics?month=2026-03", userId)).toEqual({ locked: true });
    expect(await MonthSummary.countDocuments({ userId })).toBe(summaries);
  });

  test("a visitor is sent to sign in", async () => {
    const thrown = await loader({ request: new Request(`${APP}/analytics`), params: {}, context: {} }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
  });

  test("a premium user's month against the previous one, the pie, the trend and savings (§9 rules)", async () => {
    const userId = await createPremiumUser();
    // March: income $4,000; food $600 with $100 of income placed against it; housing $1,500; savings $500.
    await createTransactionFor(userId, { type: "income", category: "salary", amount: 400000, date: "2026-03-01" });
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 60000, date: "2026-03-05" });
    await createTransactionFor(userId, { type: "income", category: "food", amount: 10000, date: "2026-03-06", showExpenseCategories: true });
    await createTransactionFor(userId, { type: "expense", category: "housing", amount: 150000, date: "2026-03-02" });
    await createTransactionFor(userId, { type: "expense", category: "savings", amount: 50000, date: "2026-03-20" });
    // February: no income, a $3,000 budget, food $200.
    await createBudget(userId, "2026-02", toCents(300000));
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 20000, date: "2026-02-10" });

    const data = unlocked(await load("/analytics?month=2026-03&tab=trends", userId));
    expect(data.month).toBe("2026-03");
    expect(data.tab).toBe("trends");
    // Net expenses 2,600 − 100 = 2,500; balance 4,000 − 2,500 = 1,500; savings 500 / 4,000 = 12.5%.
    expect(data.current).toEqual({
      month: "2026-03",
      income: 400000,
      incomeFromBudget: false,
      expenses: 250000,
      balance: 150000,
      savings: 50000,
      savingsRate: 12.5,
      count: 5,
    });
    // February: income is its budget (3,000), balance 2,800, rate 0.
    expect(data.comparison.previousMonth).toBe("2026-02");
    expect(data.comparison.income).toMatchObject({ current: 400000, previous: 300000, difference: 100000, percent: 33.3, direction: "up" });
    expect(data.comparison.expenses).toMatchObject({ current: 250000, previous: 20000, difference: 230000, percent: 1150 });
    expect(data.comparison.balance).toMatchObject({ current: 150000, previous: 280000, difference: -130000, percent: -46.4, direction: "down" });
    expect(data.comparison.savingsRate).toMatchObject({ current: 12.5, previous: 0, difference: 12.5, percent: null });
    expect(data.slices.map(({ id, amount, percent }) => ({ id, amount, percent }))).toEqual([
      { id: "housing", amount: 150000, percent: 60 },
      { id: "food", amount: 50000, percent: 20 },
      { id: "savings", amount: 50000, percent: 20 },
    ]);
    expect(data.trend).toEqual([
      { month: "2025-10", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2025-11", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2025-12", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2026-01", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2026-02", income: 300000, incomeFromBudget: true, expenses: 20000 },
      { month: "2026-03", income: 400000, incomeFromBudget: false, expenses: 250000 },
    ]);
    // The default income category "Investments" matches the name rule but is income, not savings spend.
    expect(data.savingsCategories).toEqual([{ id: "savings", name: "Savings", amount: 50000 }]);
  });

  test("a user-set budget carries over one month for the income rule, and reading it stores nothing", async () => {
    const userId = await createPremiumUser();
    await createBudget(userId, "2026-01", toCents(200000));
    const budgets = await Budget.countDocuments({ userId });
    const data = unlocked(await load("/analytics?month=2026-02", userId));
    expect(data.current).toMatchObject({ income: 200000, incomeFromBudget: true, expenses: 0, balance: 200000 });
    expect(await Budget.countDocuments({ userId })).toBe(budgets);
  });

  test("no activity: empty pie (expense categories exist) and an empty trend", async () => {
    const userId = await createPremiumUser();
    const data = unlocked(await load("/analytics?month=2026-03", userId));
    expect(data.hasExpenseCategories).toBe(true);
    expect(data.slices).toEqual([]);
    expect(data.current).toMatchObject({ income: 0, expenses: 0, balance: 0, savingsRate: 0 });
    expect(data.trend.every((point) => point.income === 0 && point.expenses === 0)).toBe(true);
  });

  test.each(["month=2026-13&", "month=garbage&", "month=1900-01&", "month=&", "month[$gt]=&", ""])("a bad or missing month (%s) falls back to the current month, an unknown tab to Overview", async (query) => {
    const userId = await createPremiumUser();
    const data = unlocked(await load(`/analytics?${query}tab=nonsense`, userId));
    expect(data.month).toBe(monthKeyOf(new Date()));
    expect(data.tab).toBe("overview");
  });

  test("figures come from month summaries: of the transactions only the savings transfers are read, and the reads do not grow with them", async () => {
    const userId = await createPremiumUser();
    const collectionsRead = async () => {
      const read: string[] = [];
      mongoose.set("debug", (collection: string) => {
        read.push(collection);
      });
      await load("/analytics?month=2026-03", userId);
      mongoose.set("debug", false);
      return read;
    };
    await createTransactionFor(userId, { amount: 1000 });
    const few = await collectionsRead();
    for (let index = 0; index < 20; index += 1) await createTransactionFor(userId, { amount: 100 + index, date: `2026-0${1 + (index % 3)}-0${1 + (index % 9)}` });
    const many = await collectionsRead();
    // The feature's own reads (the session and user reads belong to sign-in): six summaries and seven budgets by _id, after one look at the
    // ledger's journal, and one read of the savings transfers (by equalities: what moved into goals' accounts, no other transaction).
    const featureReads = (read: string[]) => read.filter((collection) => collection !== "sessions" && collection !== "users").sort();
    const expected = [...Array(7).fill("budgets"), "ledgerJournals", ...Array(6).fill("monthSummaries"), "transactions"];
    expect(featureReads(few)).toEqual(expected);
    expect(featureReads(many)).toEqual(expected);
  });

  test("the Savings tab embeds the goals manager: the month's savings not yet in a goal, another user's goal is a 404", async () => {
    const userId = await createPremiumUser();
    // March 2026: $300.00 to savings; a goal raised to $120.00 on 2026-03-20 writes a $120.00 savings contribution too.
    await createTransactionFor(userId, { type: "expense", amount: toCents(30000), category: "savings", date: "2026-03-05", description: "To savings" });
    const goal = await createSavingsGoalFor(userId);
    await updateSavingsGoal(userId, goal.id, { name: goal.name, target: goal.target, deadline: goal.deadline, current: toCents(12000) }, "2026-03-20");
    const page = unlocked(await load("/analytics?month=2026-03&tab=savings", userId));
    expect(page.goals?.goals.map(({ id, current }) => ({ id, current }))).toEqual([{ id: goal.id, current: 12000 }]);
    expect(page.goals?.panel).toEqual({ adding: false, editId: null, deleteId: null });
    // Saved in March: 300 + 120 = 420; in goals: 120; not yet in a goal: 300.
    expect(page.current.savings).toBe(42000);

    const stranger = await createPremiumUser();
    const thrown = await load(`/analytics?month=2026-03&tab=savings&goal=${goal.id}`, stranger).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(404);
  });

  test("a contribution to a goal kept in an account is a transfer: no expense, not in the savings categories, yet saved: the savings and the rate count it as /savings does (decisions 196, 200)", async () => {
    const userId = await createPremiumUser();
    // March 2026: $4,000.00 income, $300.00 to savings; a goal in 'Rainy day' raised to $500.00 (a transfer) and one in no account to $120.00.
    await createTransactionFor(userId, { type: "income", amount: toCents(400000), category: "salary", date: "2026-03-01", description: "Pay" });
    await createTransactionFor(userId, { type: "expense", amount: toCents(30000), category: "savings", date: "2026-03-05", description: "To savings" });
    const account = await createAccountFor(userId, { name: "Rainy day" });
    const kept = await createSavingsGoalFor(userId, { name: "House", accountId: account.id });
    await updateSavingsGoal(userId, kept.id, { name: kept.name, target: kept.target, deadline: kept.deadline, current: toCents(50000) }, "2026-03-10");
    const loose = await createSavingsGoalFor(userId);
    await updateSavingsGoal(userId, loose.id, { name: loose.name, target: loose.target, deadline: loose.deadline, current: toCents(12000) }, "2026-03-20");
    const page = unlocked(await load("/analytics?month=2026-03&tab=savings", userId));
    // Expenses: 300 + 120 savings expenses; the 500 moved into the account is no expense, but it is saved: 920 of 4,000 = 23%.
    expect(page.current).toMatchObject({ income: 400000, expenses: 42000, savings: 92000, savingsRate: 23 });
    expect((await getSavingsOverview(userId, "2026-03-31")).savingsRate).toBe(23);
    expect(page.slices.map(({ id, amount }) => ({ id, amount }))).toEqual([{ id: "savings", amount: 42000 }]);
    expect(page.goals?.goals.map(({ name, accountId }) => ({ name, accountId }))).toEqual([
      { name: "House", accountId: account.id },
      { name: "Emergency Fund", accountId: null },
    ]);
  });

  test("the Trends tab reports spending by tag over the period asked for, from the month summaries", async () => {
    const userId = await createPremiumUser();
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 18000, date: "2026-02-10", tags: "Lisbon trip" });
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", tags: "Lisbon trip, Coffee" });
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 999, date: "2025-12-31", tags: "Coffee" });
    const data = unlocked(await load("/analytics?month=2026-03&tab=trends&tagsFrom=2026-02&tagsTo=2026-03", userId));
    expect(data.tagSpending).toEqual({
      period: { from: "2026-02", to: "2026-03" },
      hasTags: true,
      tags: [
        { id: expect.any(String), name: "Lisbon trip", count: 2, expense: 18450, income: 0 },
        { id: expect.any(String), name: "Coffee", count: 1, expense: 450, income: 0 },
      ],
    });
    expect(unlocked(await load("/analytics?month=2026-03", userId)).tagSpending).toBeNull();
  });
});
