import { describe, expect, test } from "vitest";
import { getOrCarryOverCategoryBudgets, getOrCarryOverMonthBudget, setCategoryAmount, setCategoryBudget, setMonthBudget } from "./budgets.server";
import { CATEGORY_MESSAGES } from "~/features/categories/categories";
import { getCategory } from "~/features/categories/categories.server";
import { toCents, type Cents } from "~/lib/money";
import { Budget, categoryBudgetsId, monthBudgetId, User } from "../../../models";
import { runInRequestScope } from "~/utils/request-scope.server";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

let userCount = 0;
async function newUserId() {
  userCount += 1;
  const user = await User.create({ email: `budgets-${userCount}@example.com`, authProvider: "email" });
  return String(user._id);
}

function stored(id: string) {
  return Budget.findById(id).lean();
}

describe("monthly budget", () => {
  test("setting stores a user-set budget; setting again replaces it", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2026-03", toCents(150000));
    const first = await stored(monthBudgetId(userId, "2026-03"));
    expect(first).toMatchObject({ kind: "month", monthKey: "2026-03", amount: 150000, userSet: true, carriedOver: false });
    expect(String(first?.userId)).toBe(userId);
    expect(first?.updatedAt).toBeInstanceOf(Date);

    await setMonthBudget(userId, "2026-03", toCents(99999));
    expect(await getOrCarryOverMonthBudget(userId, "2026-03")).toEqual({ amount: 99999, userSet: true, carriedOver: false });
    expect(await Budget.countDocuments({ userId, kind: "month" })).toBe(1);
  });

  test("a month without a budget carries the previous month's user-set one over and stores it", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2026-03", toCents(150000));
    expect(await getOrCarryOverMonthBudget(userId, "2026-04")).toEqual({ amount: 150000, userSet: true, carriedOver: true });
    expect(await stored(monthBudgetId(userId, "2026-04"))).toMatchObject({
      kind: "month",
      monthKey: "2026-04",
      amount: 150000,
      userSet: true,
      carriedOver: true,
    });
    // The carried-over month carries on to the next one.
    expect(await getOrCarryOverMonthBudget(userId, "2026-05")).toEqual({ amount: 150000, userSet: true, carriedOver: true });
  });

  test("a later change to the earlier month does not change a month that already carried it over", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2026-03", toCents(150000));
    await getOrCarryOverMonthBudget(userId, "2026-04");
    await setMonthBudget(userId, "2026-03", toCents(10000));
    expect(await getOrCarryOverMonthBudget(userId, "2026-04")).toEqual({ amount: 150000, userSet: true, carriedOver: true });
  });

  test("the carry-over crosses a year boundary", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2025-12", toCents(70000));
    expect(await getOrCarryOverMonthBudget(userId, "2026-01")).toEqual({ amount: 70000, userSet: true, carriedOver: true });
  });

  test("no budget anywhere: 0, not user-set, and nothing stored", async () => {
    const userId = await newUserId();
    expect(await getOrCarryOverMonthBudget(userId, "2026-04")).toEqual({ amount: 0, userSet: false, carriedOver: false });
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });

  test("only the previous month counts, and budgets are per user", async () => {
    const userId = await newUserId();
    const otherUserId = await newUserId();
    await setMonthBudget(userId, "2026-02", toCents(150000));
    await setMonthBudget(otherUserId, "2026-03", toCents(80000));
    expect(await getOrCarryOverMonthBudget(userId, "2026-04")).toEqual({ amount: 0, userSet: false, carriedOver: false });
    expect(await getOrCarryOverMonthBudget(userId, "2026-03")).toEqual({ amount: 150000, userSet: true, carriedOver: true });
    expect(await getOrCarryOverMonthBudget(otherUserId, "2026-03")).toEqual({ amount: 80000, userSet: true, carriedOver: false });
  });

  test("a manual update of a carried-over month makes it the user's own", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2026-03", toCents(150000));
    await getOrCarryOverMonthBudget(userId, "2026-04");
    await setMonthBudget(userId, "2026-04", toCents(0));
    expect(await stored(monthBudgetId(userId, "2026-04"))).toMatchObject({ amount: 0, userSet: true, carriedOver: false });
  });

  test("refuses amounts that are not whole non-negative cents and malformed months", async () => {
    const userId = await newUserId();
    await expect(setMonthBudget(userId, "2026-03", toCents(-1))).rejects.toThrow();
    await expect(setMonthBudget(userId, "2026-03", 12.5 as Cents)).rejects.toThrow();
    await expect(setMonthBudget(userId, "2026-13", toCents(100))).rejects.toThrow();
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });
});

describe("category budgets", () => {
  test("setting stores a user-set entry next to the others; setting again replaces it", async () => {
    const userId = await newUserId();
    await setCategoryBudget(userId, "2026-03", "food", toCents(40000));
    await setCategoryBudget(userId, "2026-03", "housing", toCents(120000));
    await setCategoryBudget(userId, "2026-03", "food", toCents(45000));
    const document = await stored(categoryBudgetsId(userId, "2026-03"));
    expect(document).toMatchObject({ kind: "categories", monthKey: "2026-03" });
    expect(String(document?.userId)).toBe(userId);
    expect(document?.categories).toEqual({
      food: { amount: 45000, userSet: true, carriedOver: false },
      housing: { amount: 120000, userSet: true, carriedOver: false },
    });
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-03")).toEqual(document?.categories);
  });

  test("a month without its own copies the latest earlier month with user-set entries, user-set entries only", async () => {
    const userId = await newUserId();
    await setCategoryBudget(userId, "2026-02", "food", toCents(40000));
    await setCategoryBudget(userId, "2026-02", "housing", toCents(120000));
    await setCategoryBudget(userId, "2026-01", "healthcare", toCents(9000));
    // An entry that is not user-set, as another writer might leave it.
    await Budget.updateOne(
      { _id: categoryBudgetsId(userId, "2026-02") },
      { $set: { "categories.utilities": { amount: 5000, userSet: false, carriedOver: false } } },
    );
    // A later month whose document has no user-set entry is passed over.
    await Budget.create({
      _id: categoryBudgetsId(userId, "2026-03"),
      userId,
      kind: "categories",
      monthKey: "2026-03",
      categories: { savings: { amount: 100, userSet: false, carriedOver: false } },
    });

    const expected = {
      food: { amount: 40000, userSet: true, carriedOver: true },
      housing: { amount: 120000, userSet: true, carriedOver: true },
    };
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-05")).toEqual(expected);
    expect(await stored(categoryBudgetsId(userId, "2026-05"))).toMatchObject({ kind: "categories", monthKey: "2026-05", categories: expected });
    // Months before the copied one are not touched, and later months see the stored copy.
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-02")).toMatchObject({ food: { carriedOver: false } });
    await setCategoryBudget(userId, "2026-04", "food", toCents(1));
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-05")).toEqual(expected);
  });

  test("a later month never copies from the future, nor from another user", async () => {
    const userId = await newUserId();
    const otherUserId = await newUserId();
    await setCategoryBudget(userId, "2026-06", "food", toCents(40000));
    await setCategoryBudget(otherUserId, "2026-03", "food", toCents(50000));
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-05")).toEqual({});
    expect(await Budget.exists({ _id: categoryBudgetsId(userId, "2026-05") })).toBeNull();
  });

  test("the first edit of a month keeps the entries it carries over", async () => {
    const userId = await newUserId();
    await setCategoryBudget(userId, "2026-03", "food", toCents(40000));
    await setCategoryBudget(userId, "2026-03", "housing", toCents(120000));
    await setCategoryBudget(userId, "2026-04", "food", toCents(30000));
    expect(await getOrCarryOverCategoryBudgets(userId, "2026-04")).toEqual({
      food: { amount: 30000, userSet: true, carriedOver: false },
      housing: { amount: 120000, userSet: true, carriedOver: true },
    });
  });

  test("refuses ids that cannot be map keys and bad amounts", async () => {
    const userId = await newUserId();
    await expect(setCategoryBudget(userId, "2026-03", "a.b", toCents(100))).rejects.toThrow();
    await expect(setCategoryBudget(userId, "2026-03", "$food", toCents(100))).rejects.toThrow();
    await expect(setCategoryBudget(userId, "2026-03", "food", toCents(-100))).rejects.toThrow();
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });
});

describe("setCategoryAmount", () => {
  test("sets the category's budget of that month", async () => {
    const userId = await newUserId();
    expect(await setCategoryAmount(userId, "food", toCents(45000), "2025-03")).toMatchObject({ ok: true });
    const budgets = await Budget.findById(categoryBudgetsId(userId, "2025-03")).lean();
    expect(budgets?.categories.food).toEqual({ amount: 45000, userSet: true, carriedOver: false });
    expect((await getCategory(userId, "food"))?.budget).toBe(0);
  });

  test("refuses unknown categories, bad amounts and bad months without writing", async () => {
    const userId = await newUserId();
    expect(await setCategoryAmount(userId, "nope", toCents(100), "2025-03")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.notFound] });
    expect(await setCategoryAmount(userId, "food", toCents(-1), "2025-03")).toEqual({ ok: false, errors: ["Failed to update budget"] });
    expect(await setCategoryAmount(userId, "food", toCents(100), "2025-13")).toEqual({ ok: false, errors: ["Failed to update budget"] });
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });
});

describe("read once per page", () => {
  test("in a GET's request scope the month's budget and its category budgets come from one read; outside it each call reads", async () => {
    const userId = await newUserId();
    await setMonthBudget(userId, "2026-03", toCents(150000));
    await setCategoryBudget(userId, "2026-03", "food", toCents(40000));
    const changeBoth = () =>
      Promise.all([
        Budget.updateOne({ _id: monthBudgetId(userId, "2026-03") }, { $set: { amount: 1 } }),
        Budget.updateOne({ _id: categoryBudgetsId(userId, "2026-03") }, { $set: { "categories.food.amount": 2 } }),
      ]);

    const inScope = await runInRequestScope(async () => {
      const month = await getOrCarryOverMonthBudget(userId, "2026-03");
      await changeBoth();
      const categories = await getOrCarryOverCategoryBudgets(userId, "2026-03");
      return [month.amount, categories.food?.amount];
    });
    expect(inScope).toEqual([150000, 40000]);

    expect((await getOrCarryOverMonthBudget(userId, "2026-03")).amount).toBe(1);
    expect((await getOrCarryOverCategoryBudgets(userId, "2026-03")).food?.amount).toBe(2);
  });
});
