import { describe, expect, test } from "vitest";
import { DEFAULT_CATEGORIES } from "~/features/categories/categories";
import { EXPENSE_VIEWS, INCOME_VIEWS, rowValue, viewTotal } from "~/features/categories/category-figures";
import { budgetCard, dashboardUrl, dashboardFigures, unplannedCategories } from "./dashboard";
import { toMonthTotals } from "~/features/transactions/month-summary";
import { categoryOf, MONTH, MONTH_TRANSACTIONS, totalsOf } from "../../../tests/month-figures";
import { toCents } from "~/lib/money";

const category = categoryOf;
const month = MONTH;
const { salary, dividends, rent, groceries, dinner, refund } = MONTH_TRANSACTIONS;

describe("budget card", () => {
  const set = (amount: number) => ({ amount: toCents(amount), userSet: true, carriedOver: false });

  test("left, planned and percent allocated", () => {
    // 1,200 planned of a 1,500 budget = 80%; 1,500 − 450.25 spent = 1,049.75 left
    expect(budgetCard(set(150000), toCents(120000), toCents(45025))).toEqual({
      amount: 150000,
      userSet: true,
      carriedOver: false,
      left: 104975,
      planned: 120000,
      percentAllocated: 80,
      barPercent: 80,
      overAllocated: false,
    });
  });

  test("over 100% allocated: the bar stops at 100 and is flagged; left goes negative when spending exceeds the budget", () => {
    const card = budgetCard({ amount: toCents(100000), userSet: true, carriedOver: true }, toCents(125000), toCents(130000));
    expect(card).toMatchObject({ percentAllocated: 125, barPercent: 100, overAllocated: true, left: -30000, carriedOver: true });
  });

  test("exactly 100% is not over", () => {
    expect(budgetCard(set(100000), toCents(100000), toCents(0))).toMatchObject({ percentAllocated: 100, barPercent: 100, overAllocated: false });
  });

  test("a zero budget has no percentage; anything planned fills the bar as over", () => {
    expect(budgetCard(set(0), toCents(5000), toCents(0))).toMatchObject({ percentAllocated: null, barPercent: 100, overAllocated: true, left: 0 });
    expect(budgetCard({ amount: toCents(0), userSet: false, carriedOver: false }, toCents(0), toCents(2000))).toMatchObject({
      percentAllocated: null,
      barPercent: 0,
      overAllocated: false,
      left: -2000,
    });
  });
});

describe("dashboard figures", () => {
  const categories = [
    category("salary", "income", 320000),
    category("investments", "income", 0),
    category("housing", "expense", 120000),
    category("food", "expense", 50000),
    category("savings", "expense", 0),
  ];

  test("per-category rows: the month's category budget wins over the category's own amount", () => {
    const totals = totalsOf([salary, dividends, rent, groceries, dinner, refund]);
    const figures = dashboardFigures({
      totals,
      categories,
      categoryBudgets: {
        food: { amount: toCents(60000), userSet: true, carriedOver: true },
        savings: { amount: toCents(20000), userSet: true, carriedOver: false },
      },
      monthBudget: { amount: toCents(180000), userSet: true, carriedOver: false },
    });
    const rows = (list: typeof figures.income) => list.map(({ category: { id }, planned, actual, remaining }) => ({ id, planned, actual, remaining }));
    expect(rows(figures.income)).toEqual([
      { id: "salary", planned: 320000, actual: 300000, remaining: 20000 },
      { id: "investments", planned: 0, actual: 25050, remaining: -25050 },
    ]);
    // Food spent = 450.25 + 80.00 − 30.00 offset = 500.25
    expect(rows(figures.expense)).toEqual([
      { id: "housing", planned: 120000, actual: 120000, remaining: 0 },
      { id: "food", planned: 60000, actual: 50025, remaining: 9975 },
      { id: "savings", planned: 20000, actual: 0, remaining: 20000 },
    ]);
    expect(figures.cards).toEqual({ income: 325050, expenses: 170025, balance: 155025 });
    // planned 1,200 + 600 + 200 = 2,000 of 1,800 → 111.1…%; left 1,800 − 1,700.25 = 99.75
    expect(figures.budget).toMatchObject({ planned: 200000, left: 9975, barPercent: 100, overAllocated: true });
    expect(figures.budget.percentAllocated).toBeCloseTo(111.11, 2);
  });

  test("tabs pick planned, actual or remaining; section totals add the tab's values", () => {
    const figures = dashboardFigures({
      totals: totalsOf([salary, groceries, refund]),
      categories,
      categoryBudgets: {},
      monthBudget: { amount: toCents(0), userSet: false, carriedOver: false },
    });
    const food = figures.expense.find((row) => row.category.id === "food")!;
    expect([rowValue(food, "planned"), rowValue(food, "spent"), rowValue(food, "remaining")]).toEqual([50000, 42025, 7975]);
    expect(INCOME_VIEWS.map((view) => viewTotal(figures.income, view))).toEqual([320000, 300000, 20000]);
    expect(EXPENSE_VIEWS.map((view) => viewTotal(figures.expense, view))).toEqual([170000, 42025, 127975]);
  });

  test("the default categories with no transactions and no budgets", () => {
    const figures = dashboardFigures({
      totals: toMonthTotals(null),
      categories: DEFAULT_CATEGORIES,
      categoryBudgets: {},
      monthBudget: { amount: toCents(0), userSet: false, carriedOver: false },
    });
    expect(figures.income).toHaveLength(2);
    expect(figures.expense).toHaveLength(6);
    expect(figures.budget).toMatchObject({ amount: 0, planned: 0, left: 0, percentAllocated: null, barPercent: 0 });
  });
});

describe("categories without a plan", () => {
  test("names the expense categories planned at $0, those already spent in first, with display names; debts are left out", () => {
    const categories = [
      category("housing", "expense", 120000),
      { ...category("gym membership", "expense", 0), name: "gym membership" },
      category("food", "expense", 0),
      category("utilities", "expense", 0),
      { ...category("debt_1", "expense", 0), isDebt: true },
      category("salary", "income", 0),
    ];
    const totals = totalsOf([
      { type: "expense", category: "food", amount: 3500, monthKey: month },
      { type: "expense", category: "gym membership", amount: 4000, monthKey: month },
      { type: "expense", category: "debt_1", amount: 10000, monthKey: month },
    ]);
    const { expense } = dashboardFigures({ totals, categories, categoryBudgets: {}, monthBudget: { amount: toCents(0), userSet: false, carriedOver: false } });
    expect(unplannedCategories(expense)).toEqual([
      { id: "gym membership", name: "Gym Membership", spent: 4000 },
      { id: "food", name: "Food", spent: 3500 },
      { id: "utilities", name: "Utilities", spent: 0 },
    ]);
  });
});

describe("dashboard links", () => {
  test("change the given query values and keep the others", () => {
    expect(dashboardUrl("?month=2026-03&incomeView=received", { expenseView: "spent" })).toBe(
      "/dashboard?month=2026-03&incomeView=received&expenseView=spent",
    );
    expect(dashboardUrl("month=2026-03&editBudget=1", { editBudget: null, month: "2026-04" })).toBe("/dashboard?month=2026-04");
    expect(dashboardUrl("", { editBudget: null })).toBe("/dashboard");
  });
});
