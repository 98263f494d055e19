import { describe, expect, test } from "vitest";
import { summaryIncrements } from "./month-summary";
import { getMonthTotals, updateMonthSummaries } from "./month-summary.server";
import { User } from "../../../models";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const paycheck = { type: "income" as const, category: "salary", amount: 300000, monthKey: "2026-03" };
const groceries = { type: "expense" as const, category: "food", amount: 12000, monthKey: "2026-03" };
const refund = {
  type: "income" as const,
  category: "food",
  amount: 2000,
  monthKey: "2026-03",
  allocations: [{ categoryId: "food", amount: 2000 }],
};

describe("summary increments", () => {
  test("income, expense and an offset land on the right totals", () => {
    const increments = summaryIncrements([paycheck, groceries, refund], 1).get("2026-03");
    expect(increments).toEqual({
      count: 3,
      income: 300000,
      "categories.salary.income": 300000,
      expense: 12000,
      "categories.food.expense": 12000,
      "categories.food.allocated": 2000,
    });
  });

  test("a split expense books each part on its own category, the whole amount once", () => {
    const split = { type: "expense" as const, category: "__split", amount: 10000, monthKey: "2026-03", allocations: [{ categoryId: "food", amount: 6000 }, { categoryId: "utilities", amount: 4000 }] };
    expect(summaryIncrements([split], 1).get("2026-03")).toEqual({ count: 1, expense: 10000, "categories.food.expense": 6000, "categories.utilities.expense": 4000 });
  });

  test("removal is the exact negative; deleted transactions count for nothing", () => {
    expect(summaryIncrements([groceries], -1).get("2026-03")).toEqual({ count: -1, expense: -12000, "categories.food.expense": -12000 });
    expect(summaryIncrements([{ ...groceries, deleted: true }], 1).size).toBe(0);
  });

  test("transactions without a category are counted under 'uncategorized'", () => {
    expect(summaryIncrements([{ ...groceries, category: "" }], 1).get("2026-03")).toEqual({
      count: 1,
      expense: 12000,
      "categories.uncategorized.expense": 12000,
    });
  });

  test("months are kept apart", () => {
    expect([...summaryIncrements([paycheck, { ...groceries, monthKey: "2026-04" }], 1).keys()]).toEqual(["2026-03", "2026-04"]);
  });
});

describe("stored month summaries", () => {
  test("adding and removing keeps the totals the database returns", async () => {
    const user = await User.create({ email: "summary@example.com", authProvider: "email" });
    const userId = String(user._id);
    await updateMonthSummaries(userId, [paycheck, groceries, refund], 1);
    await updateMonthSummaries(userId, [groceries], -1);
    expect(await getMonthTotals(userId, "2026-03")).toEqual({
      income: 300000,
      expense: 0,
      count: 2,
      categories: {
        salary: { income: 300000, expense: 0, allocated: 0 },
        food: { income: 0, expense: 0, allocated: 2000 },
      },
    });
    expect(await getMonthTotals(userId, "2026-04")).toEqual({ income: 0, expense: 0, count: 0, categories: {} });
  });
});
