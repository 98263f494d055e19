import { Types } from "mongoose";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { describe, expect, test } from "vitest";
import { accountNetOfDays, splitDayFields, splitDayIncrements, summaryCards, summaryFields, summaryIncrements, SUMMARY_VERSION, toMonthTotals } from "./month-summary";
import { MONTH_TRANSACTIONS, totalsOf } from "../../../tests/month-figures";
import { applyLedgerBatch } from "./ledger.server";
import { getMonthTotals, listMonthSummaries, updateMonthSummaries } from "./month-summary.server";
import { MonthSummary, monthSummaryId, User } from "../../../models";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
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

  test("removal is the exact negative; deleted transactions count only as deleted", () => {
    expect(summaryIncrements([groceries], -1).get("2026-03")).toEqual({ count: -1, expense: -12000, "categories.food.expense": -12000 });
    expect(summaryIncrements([{ ...groceries, deleted: true }], 1).get("2026-03")).toEqual({ deletedCount: 1 });
    expect(summaryIncrements([{ ...groceries, deleted: true }], -1).get("2026-03")).toEqual({ deletedCount: -1 });
  });

  test("transactions without a category are counted under 'uncategorized'", () => {
    expect(summaryIncrements([{ ...groceries, category: "" }], 1).get("2026-03")).toEqual({
      count: 1,
      uncategorizedCount: 1,
      expense: 12000,
      "categories.uncategorized.expense": 12000,
    });
  });

  test("a month's increments read as the fields of its summary; each account's net is what its live transactions moved", () => {
    const [checking, card] = ["64b7f0c2a1b2c3d4e5f60718", "64b7f0c2a1b2c3d4e5f60719"];
    const [increments] = summaryIncrements(
      [
        { ...paycheck, accountId: checking },
        { ...groceries, accountId: card },
        { ...groceries, category: "", accountId: checking },
        { ...groceries, deleted: true, accountId: card },
      ],
      1,
    ).values();
    expect(summaryFields(increments)).toEqual({
      income: 300000,
      expense: 24000,
      count: 3,
      uncategorizedCount: 1,
      deletedCount: 1,
      unconvertedCount: 0,
      categories: { salary: { income: 300000 }, food: { expense: 12000 }, uncategorized: { expense: 12000 } },
      accounts: { [checking]: { net: 288000, count: 2 }, [card]: { net: -12000, count: 1 } },
      tags: {},
    });
  });

  test("each tag counts the live transactions that carry it and their income or expense; a transfer counts, but as neither", () => {
    const checking = "64b7f0c2a1b2c3d4e5f60718";
    const [increments] = summaryIncrements(
      [
        { ...groceries, accountId: checking, tagIds: ["trip", "food"] },
        { ...paycheck, accountId: checking, tagIds: ["trip"] },
        { ...groceries, accountId: checking, deleted: true, tagIds: ["trip"] },
        { ...groceries, category: TRANSFER_CATEGORY, accountId: checking, tagIds: ["trip"] },
      ],
      1,
    ).values();
    expect(summaryFields(increments).tags).toEqual({ trip: { count: 3, expense: 12000, income: 300000 }, food: { count: 1, expense: 12000 } });
  });

  test("each account's net by day, kept apart from the summary: the balance at any day of the month is read from it", () => {
    const checking = "64b7f0c2a1b2c3d4e5f60718";
    const rows = [
      { ...paycheck, date: "2026-03-01", accountId: checking },
      { ...groceries, date: "2026-03-05", accountId: checking },
      { ...groceries, amount: 500, date: "2026-03-05", accountId: checking },
      { ...groceries, amount: 999, date: "2026-03-20", accountId: checking, deleted: true },
      { ...groceries, amount: 2500, date: "2026-03-31", accountId: checking },
    ];
    const [increments] = summaryIncrements(rows, 1).values();
    const { totals, days } = splitDayIncrements(increments);
    expect(days).toEqual({ [`accounts.${checking}.d01`]: 300000, [`accounts.${checking}.d05`]: -12500, [`accounts.${checking}.d31`]: -2500 });
    expect(summaryFields(totals).accounts).toEqual({ [checking]: { net: 300000 - 12000 - 500 - 2500, count: 4 } });
    const split = splitDayFields(summaryFields(increments));
    expect(split.summary).toEqual(summaryFields(totals));
    expect(split.days).toEqual({ [checking]: { d01: 300000, d05: -12500, d31: -2500 } });
    expect(accountNetOfDays(split.days[checking], "2026-03-05", { through: false })).toBe(300000);
    expect(accountNetOfDays(split.days[checking], "2026-03-05", { through: true })).toBe(287500);
    expect(accountNetOfDays(split.days[checking], "2026-03-31", { through: true })).toBe(285000);
    expect(accountNetOfDays(undefined, "2026-04-02", { through: true })).toBe(0);
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
      unconverted: 0,
      categories: {
        salary: { income: 300000, expense: 0, allocated: 0 },
        food: { income: 0, expense: 0, allocated: 2000 },
      },
    });
    expect(await getMonthTotals(userId, "2026-04")).toEqual({ income: 0, expense: 0, count: 0, unconverted: 0, categories: {} });
  });

  test("deleting and restoring moves a transaction between the live and the deleted counts", async () => {
    const userId = await createGoogleUser();
    const lunch = await createTransactionFor(userId, { amount: 1500, date: "2026-03-02", description: "Lunch" });
    await createTransactionFor(userId, { amount: 900, date: "2026-03-03", description: "Bus", category: "" });
    const counts = async () => {
      const [march] = await listMonthSummaries(userId);
      return { count: march.count, uncategorizedCount: march.uncategorizedCount, deletedCount: march.deletedCount };
    };
    expect(await counts()).toEqual({ count: 2, uncategorizedCount: 1, deletedCount: 0 });
    await applyLedgerBatch(userId, { deleted: [lunch.id] });
    expect(await counts()).toEqual({ count: 1, uncategorizedCount: 1, deletedCount: 1 });
    await applyLedgerBatch(userId, { restored: [lunch.id] });
    expect(await counts()).toEqual({ count: 2, uncategorizedCount: 1, deletedCount: 0 });
  });

  test("summaries of an older layout are rebuilt from the transactions when first read", async () => {
    const userId = await createGoogleUser();
    await createTransactionFor(userId, { amount: 1500, date: "2026-03-02", description: "Lunch" });
    const deleted = await createTransactionFor(userId, { amount: 700, date: "2026-03-09", description: "Snack" });
    await applyLedgerBatch(userId, { deleted: [deleted.id] });
    // As a summary was stored before the tab counts: no version, no counts but live ones, and a stale month.
    const owner = new Types.ObjectId(userId);
    await MonthSummary.collection.deleteMany({ userId: owner });
    await MonthSummary.collection.insertMany([
      { _id: monthSummaryId(userId, "2026-03") as never, userId: owner, monthKey: "2026-03", income: 0, expense: 1500, count: 1, categories: { food: { expense: 1500 } } },
      { _id: monthSummaryId(userId, "2025-01") as never, userId: owner, monthKey: "2025-01", income: 0, expense: 0, count: 0, categories: {} },
    ]);

    const summaries = await listMonthSummaries(userId);
    expect(summaries).toEqual([
      expect.objectContaining({ monthKey: "2026-03", version: SUMMARY_VERSION, expense: 1500, count: 1, uncategorizedCount: 0, deletedCount: 1, categories: { food: { expense: 1500 } } }),
    ]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ expense: 1500, count: 1 });
  });
});

describe("summary cards", () => {
  const { salary, dividends, rent, groceries, dinner, refund } = MONTH_TRANSACTIONS;

  test("income, expenses and balance by hand, with an offset lowering expenses instead of raising income", () => {
    const totals = totalsOf([salary, dividends, rent, groceries, dinner, refund]);
    // income 3000.00 + 250.50 = 3250.50; expenses 1200.00 + 450.25 + 80.00 − 30.00 offset = 1700.25
    expect(summaryCards(totals)).toEqual({ income: 325050, expenses: 170025, balance: 155025 });
  });

  test("an income split between an offset and income counts only its unallocated part as income", () => {
    const split = { ...salary, amount: 10000, allocations: [{ categoryId: "food", amount: 2500 }] };
    expect(summaryCards(totalsOf([split, groceries]))).toEqual({ income: 7500, expenses: 42525, balance: -35025 });
  });

  test("a negative balance when expenses exceed income", () => {
    expect(summaryCards(totalsOf([{ ...salary, amount: 50000 }, rent]))).toEqual({ income: 50000, expenses: 120000, balance: -70000 });
  });

  test("offsets larger than the expenses floor expenses at 0", () => {
    const bigRefund = { ...refund, amount: 60000, allocations: [{ categoryId: "food", amount: 60000 }] };
    expect(summaryCards(totalsOf([dinner, bigRefund]))).toEqual({ income: 0, expenses: 0, balance: 0 });
  });

  test("an empty month is all zeros", () => {
    expect(summaryCards(toMonthTotals(null))).toEqual({ income: 0, expenses: 0, balance: 0 });
  });
});
