import { Types } from "mongoose";
import { describe, expect, test } from "vitest";
import { SavingsGoal, Transaction, User } from "../../../models";
import { action, loader } from "~/routes/_app.savings";
import { toCents } from "~/lib/money";
import { todayIso } from "~/lib/month";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { createAccountFor, createGoogleUser, createPremiumUser, createSavingsGoalFor, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest as get, outcome, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { defaultDeadline, SAVINGS_MESSAGES } from "./savings";
import { recordWithdrawal } from "./savings.server";

useTestDatabase();

function post(cookie: string, fields: Record<string, string>) {
  return postRequest("/savings", cookie, fields);
}

function errorsOf(result: unknown) {
  return (result as { data: { result?: { error?: Record<string, string[]> } } }).data;
}

async function submit(cookie: string, fields: Record<string, string>) {
  return outcome(() => action({ request: post(cookie, fields), params: {}, context: {} }));
}

async function loadPage(cookie: string, query = "") {
  return outcome(() => loader({ request: get(`/savings${query}`, cookie), params: {}, context: {} }));
}

async function everything(userId: string) {
  return {
    goals: await SavingsGoal.find({ userId }).lean(),
    transactions: await Transaction.find({ userId }).lean(),
    savings: (await User.findById(userId).lean())?.savings,
  };
}

describe("/savings", () => {
  test("a free user sees the locked screen (200); a post goes back to it and writes nothing", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    expect(await loadPage(cookie)).toEqual({ locked: true });
    expect(statusOf(await submit(cookie, { intent: "add-goal", name: "Car", target: "500" }))).toBe(302);
    expect(await SavingsGoal.countDocuments({ userId })).toBe(0);
  });

  test("with no goals the 'New Goal' form opens by itself; adding one writes it (deadline a year out) and says so", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const page = (await loadPage(cookie)) as { locked: false; overview: { goals: unknown[] } };
    expect(page.overview.goals).toEqual([]);
    const response = (await submit(cookie, { intent: "add-goal", name: "  Emergency Fund ", target: "1000" })) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe(SAVINGS_MESSAGES.goalAdded);
    expect(await SavingsGoal.findOne({ userId }).lean()).toMatchObject({ name: "Emergency Fund", target: 100000, current: 0, deadline: defaultDeadline(todayIso()) });
  });

  test("a goal without a name or with a target of 0 is refused with the spec's messages (400, nothing written)", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const before = await everything(userId);
    const refused = await submit(cookie, { intent: "add-goal", name: "  ", target: "0" });
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused).result?.error).toMatchObject({ name: [SAVINGS_MESSAGES.goalNameRequired], target: [SAVINGS_MESSAGES.goalTargetInvalid] });
    expect(statusOf(await submit(cookie, { intent: "add-goal", name: "Car", target: "-5" }))).toBe(400);
    expect(statusOf(await submit(cookie, { intent: "add-goal", name: "Car", target: "5", deadline: "2026-02-30" }))).toBe(400);
    expect(await everything(userId)).toEqual(before);
  });

  test("editing a goal's current amount up writes a savings expense for the increase through the ledger", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const goal = await createSavingsGoalFor(userId);
    const response = (await submit(cookie, { intent: "update-goal", goalId: goal.id, name: "Rainy Day", target: "1000", current: "1000", deadline: "2027-01-01" })) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe(SAVINGS_MESSAGES.goalUpdated);
    expect(await SavingsGoal.findById(goal.id).lean()).toMatchObject({ name: "Rainy Day", current: 100000, deadline: "2027-01-01" });
    expect(await Transaction.find({ userId }).lean()).toMatchObject([
      { type: "expense", category: "savings", amount: 100000, description: "Contribution to Rainy Day", source: "savings", date: todayIso() },
    ]);
    const page = (await loadPage(cookie)) as { overview: { goals: Array<{ progress: number }>; totalSaved: number; recent: unknown[] } };
    expect(page.overview.goals[0].progress).toBe(100);
    expect(page.overview.totalSaved).toBe(100000);
    expect(page.overview.recent).toHaveLength(1);
  });

  test("a bad edit is refused (400) and writes nothing", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const goal = await createSavingsGoalFor(userId);
    const before = await everything(userId);
    const refused = await submit(cookie, { intent: "update-goal", goalId: goal.id, name: "Car", target: "1000", current: "12.345" });
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused).result?.error?.current).toEqual([SAVINGS_MESSAGES.goalCurrentInvalid]);
    expect(await everything(userId)).toEqual(before);
  });

  test("selecting and deleting a goal", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const first = await createSavingsGoalFor(userId);
    const second = await createSavingsGoalFor(userId, { name: "Car" });
    const selected = (await submit(cookie, { intent: "select-goal", goalId: second.id })) as Response;
    expect((await toastOf(selected))?.message).toBe(SAVINGS_MESSAGES.activeGoalUpdated);
    expect((await User.findById(userId).lean())?.savings?.activeGoalId).toBe(second.id);
    const page = (await loadPage(cookie, `?deleteGoal=${second.id}`)) as { panel: { deleteId: string } };
    expect(page.panel.deleteId).toBe(second.id);
    const deleted = (await submit(cookie, { intent: "delete-goal", goalId: second.id })) as Response;
    expect((await toastOf(deleted))?.message).toBe(SAVINGS_MESSAGES.goalDeleted);
    expect(await SavingsGoal.countDocuments({ userId })).toBe(1);
    expect((await User.findById(userId).lean())?.savings?.activeGoalId).toBe(first.id);
  });

  test("another user's goal or withdrawal is a 404 to see, edit, select or delete, and stays as it was", async () => {
    const owner = await createPremiumUser();
    await createTransactionFor(owner, { category: "savings", amount: toCents(50000), description: "" });
    const goal = await createSavingsGoalFor(owner);
    const withdrawal = await recordWithdrawal(owner, { amount: toCents(1000), date: "2026-03-05", reason: "" });
    if (!withdrawal.ok) throw new Error("refused");
    const before = await everything(owner);
    const cookie = await cookieFor(await createPremiumUser());
    expect(statusOf(await loadPage(cookie, `?goal=${goal.id}`))).toBe(404);
    expect(statusOf(await loadPage(cookie, `?deleteGoal=${goal.id}`))).toBe(404);
    expect(statusOf(await submit(cookie, { intent: "update-goal", goalId: goal.id, name: "Mine", target: "1", current: "900" }))).toBe(404);
    expect(statusOf(await submit(cookie, { intent: "select-goal", goalId: goal.id }))).toBe(404);
    expect(statusOf(await submit(cookie, { intent: "delete-goal", goalId: goal.id }))).toBe(404);
    expect(statusOf(await submit(cookie, { intent: "delete-withdrawal", withdrawalId: withdrawal.id }))).toBe(404);
    expect(await everything(owner)).toEqual(before);
  });

  test("a withdrawal above the savings balance is refused with the spec's message; within it, it is recorded and can be deleted", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    await createTransactionFor(userId, { category: "savings", amount: toCents(20000), description: "" });
    await submit(cookie, { intent: "set-initial", initialSavings: "$1,000" });
    const before = await everything(userId);

    const tooMuch = await submit(cookie, { intent: "add-withdrawal", amount: "1200.01", date: "2026-03-06", reason: "" });
    expect(statusOf(tooMuch)).toBe(400);
    expect(errorsOf(tooMuch).result?.error?.amount).toEqual([SAVINGS_MESSAGES.withdrawalAboveBalance]);
    const zero = await submit(cookie, { intent: "add-withdrawal", amount: "0", reason: "" });
    expect(errorsOf(zero).result?.error?.amount).toEqual([SAVINGS_MESSAGES.withdrawalInvalid]);
    expect(await everything(userId)).toEqual(before);

    const recorded = (await submit(cookie, { intent: "add-withdrawal", amount: "1200", date: "", reason: "Vacation payment" })) as Response;
    expect((await toastOf(recorded))?.message).toBe(SAVINGS_MESSAGES.withdrawalRecorded);
    const page = (await loadPage(cookie)) as { overview: { totalSaved: number; withdrawn: number; withdrawals: Array<{ id: string; date: string; description: string }> } };
    expect(page.overview).toMatchObject({ totalSaved: 0, withdrawn: 120000 });
    expect(page.overview.withdrawals).toMatchObject([{ date: todayIso(), description: "Vacation payment", amount: 120000 }]);

    const deleted = (await submit(cookie, { intent: "delete-withdrawal", withdrawalId: page.overview.withdrawals[0].id })) as Response;
    expect((await toastOf(deleted))?.message).toBe(SAVINGS_MESSAGES.withdrawalDeleted);
    expect(((await loadPage(cookie)) as { overview: { totalSaved: number } }).overview.totalSaved).toBe(120000);
  });

  test("initial savings: stripped of other characters, empty clears it, anything else is 'Please enter a valid amount'", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const saved = (await submit(cookie, { intent: "set-initial", initialSavings: "$2,500.50" })) as Response;
    expect((await toastOf(saved))?.message).toBe(SAVINGS_MESSAGES.initialUpdated);
    expect((await User.findById(userId).lean())?.savings?.initialSavings).toBe(250050);
    const before = await everything(userId);
    for (const typed of ["abc", "1.234", "."]) {
      const refused = await submit(cookie, { intent: "set-initial", initialSavings: typed });
      expect(statusOf(refused), typed).toBe(400);
      expect(errorsOf(refused).result?.error?.initialSavings).toEqual([SAVINGS_MESSAGES.initialInvalid]);
    }
    expect(statusOf(await submit(cookie, { intent: "set-initial" }))).toBe(400);
    expect(await everything(userId)).toEqual(before);
    await submit(cookie, { intent: "set-initial", initialSavings: "" });
    expect((await User.findById(userId).lean())?.savings?.initialSavings).toBe(0);
  });

  test("a goal's Account: the page offers the user's accounts that may hold it; another user's account is refused (400, nothing written); with one of theirs a raise is a transfer into it", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const rainyDay = await createAccountFor(userId, { name: "Rainy day" });
    await createAccountFor(userId, { name: "Visa", kind: "credit_card" });
    const theirs = await createAccountFor(await createPremiumUser(), { name: "Theirs" });
    const page = (await loadPage(cookie, "?goal=new")) as { overview: { accounts: unknown[] } };
    expect(page.overview.accounts).toEqual([{ id: rainyDay.id, name: "Rainy day", usable: true }]);

    const before = await everything(userId);
    for (const accountId of [theirs.id, "not-an-id"]) {
      const refused = await submit(cookie, { intent: "add-goal", name: "Car", target: "500", accountId });
      expect(statusOf(refused)).toBe(400);
      expect(errorsOf(refused).result?.error?.accountId).toEqual([SAVINGS_MESSAGES.accountInvalid]);
    }
    expect(await everything(userId)).toEqual(before);

    await submit(cookie, { intent: "add-goal", name: "Car", target: "500", accountId: rainyDay.id });
    const goal = await SavingsGoal.findOne({ userId }).lean();
    expect(String(goal?.accountId)).toBe(rainyDay.id);
    const moved = await submit(cookie, { intent: "update-goal", goalId: String(goal?._id), name: "Car", target: "500", current: "125", accountId: theirs.id });
    expect(errorsOf(moved).result?.error?.accountId).toEqual([SAVINGS_MESSAGES.accountInvalid]);
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const raised = (await submit(cookie, { intent: "update-goal", goalId: String(goal?._id), name: "Car", target: "500", current: "125", accountId: rainyDay.id })) as Response;
    expect((await toastOf(raised))?.message).toBe(SAVINGS_MESSAGES.goalUpdated);
    expect(await Transaction.find({ userId, category: TRANSFER_CATEGORY }).sort({ type: 1 }).lean()).toMatchObject([
      { type: "expense", amount: 12500, source: "savings", accountId: new Types.ObjectId(userId) },
      { type: "income", amount: 12500, source: "savings", accountId: new Types.ObjectId(rainyDay.id) },
    ]);
    const after = (await loadPage(cookie)) as { overview: { totalSaved: number; recent: unknown[]; goals: Array<{ progress: number; accountId: string }> } };
    expect(after.overview).toMatchObject({ totalSaved: 12500, recent: [{ amount: 12500 }], goals: [{ progress: 25, accountId: rainyDay.id }] });

    // Back to no account: the goal keeps its money where it is, the next raise is a savings expense.
    await submit(cookie, { intent: "update-goal", goalId: String(goal?._id), name: "Car", target: "500", current: "150", accountId: "" });
    expect(await SavingsGoal.findById(goal?._id).lean()).toMatchObject({ accountId: null, current: 15000 });
    expect(await Transaction.find({ userId, category: "savings" }).lean()).toMatchObject([{ type: "expense", amount: 2500 }]);
  });

  test("a withdrawal from a goal's account is refused above what it holds or from another user's account; within it, it moves back to the main account", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const rainyDay = await createAccountFor(userId, { name: "Rainy day" });
    const goal = await createSavingsGoalFor(userId, { accountId: rainyDay.id });
    await submit(cookie, { intent: "update-goal", goalId: goal.id, name: goal.name, target: "1000", current: "200", accountId: rainyDay.id });
    await submit(cookie, { intent: "set-initial", initialSavings: "1000" });
    const theirs = await createAccountFor(await createPremiumUser(), { name: "Theirs" });
    const before = await everything(userId);

    const aboveAccount = await submit(cookie, { intent: "add-withdrawal", amount: "200.01", reason: "", accountId: rainyDay.id });
    expect(statusOf(aboveAccount)).toBe(400);
    expect(errorsOf(aboveAccount).result?.error?.amount).toEqual([SAVINGS_MESSAGES.withdrawalAboveAccount]);
    const notTheirs = await submit(cookie, { intent: "add-withdrawal", amount: "10", reason: "", accountId: theirs.id });
    expect(statusOf(notTheirs)).toBe(400);
    expect(errorsOf(notTheirs).result?.error?.accountId).toEqual([SAVINGS_MESSAGES.accountInvalid]);
    expect(await everything(userId)).toEqual(before);

    const recorded = (await submit(cookie, { intent: "add-withdrawal", amount: "50", reason: "Dentist", accountId: rainyDay.id })) as Response;
    expect((await toastOf(recorded))?.message).toBe(SAVINGS_MESSAGES.withdrawalRecorded);
    const page = (await loadPage(cookie)) as { overview: { totalSaved: number; withdrawals: unknown[] } };
    expect(page.overview).toMatchObject({ totalSaved: 115000, withdrawals: [{ amount: 5000, description: "Dentist", date: todayIso() }] });
    expect(await Transaction.findOne({ userId, category: TRANSFER_CATEGORY, type: "income", accountId: new Types.ObjectId(userId), deleted: false }).lean()).toMatchObject({ amount: 5000, source: "savings" });
  });

  test("an unknown intent is a 400 that writes nothing", async () => {
    const userId = await createPremiumUser();
    const before = await everything(userId);
    expect(statusOf(await submit(await cookieFor(userId), { intent: "drop-everything" }))).toBe(400);
    expect(await everything(userId)).toEqual(before);
  });
});
