import { describe, expect, test } from "vitest";
import type { MonthTotals } from "~/features/transactions/month-summary";
import { savingsRate } from "~/features/savings/savings";
import { toCents } from "~/lib/money";
import {
  analyticsFigures,
  analyticsUrl,
  categoryExpense,
  change,
  compareMonths,
  expenseSlices,
  isSavingsCategory,
  monthFigures,
  monthIncome,
  netExpenses,
  parseTab,
  PIE_PALETTE,
  percentOf,
  changeShareText,
  savingsCategories,
  savingsSpend,
  sliceColor,
  spendingByTag,
  tagPeriod,
  trendMonthKeys,
  unallocatedSavings,
} from "./analytics";

const cents = toCents;

function totals(partial: Partial<MonthTotals>): MonthTotals {
  return { income: 0, expense: 0, count: 0, unconverted: 0, categories: {}, ...partial };
}

const categories = [
  { id: "salary", name: "Paycheck 1", type: "income" as const },
  { id: "housing", name: "Housing", type: "expense" as const },
  { id: "food", name: "Food & Dining", type: "expense" as const },
  { id: "savings", name: "Savings", type: "expense" as const },
  { id: "brokerage", name: "Stock INVESTMENTS", type: "expense" as const },
];

describe("a category counts as savings when its name contains savings, save or investment (any case)", () => {
  test.each([
    ["Savings", true],
    ["Emergency SAVINGS", true],
    ["Save for a car", true],
    ["Investment", true],
    ["investments", true],
    ["Stock INVESTMENTS", true],
    ["Food & Dining", false],
    ["Invest", false],
    ["Sav", false],
  ])("%s → %s", (name, expected) => {
    expect(isSavingsCategory(name)).toBe(expected);
  });
});

describe("expense per category = expenses minus income allocated to it, floored at 0", () => {
  test.each([
    [{ income: 0, expense: 5000, allocated: 1200 }, 3800],
    [{ income: 0, expense: 5000, allocated: 5000 }, 0],
    [{ income: 0, expense: 1000, allocated: 2500 }, 0],
    [{ income: 300, expense: 0, allocated: 0 }, 0],
  ])("%o → %i", (categoryTotals, expected) => {
    expect(categoryExpense(categoryTotals)).toBe(expected);
  });

  test("a category the month never touched spends 0", () => {
    expect(categoryExpense(undefined)).toBe(0);
  });
});

describe("net expenses = total expenses minus allocated income, floored at 0", () => {
  test("$500.00 spent, $120.00 + $30.00 placed against categories → $350.00", () => {
    const month = totals({
      expense: 50000,
      categories: { food: { income: 0, expense: 20000, allocated: 12000 }, housing: { income: 0, expense: 30000, allocated: 3000 } },
    });
    expect(netExpenses(month)).toBe(35000);
  });

  test("more allocated than spent → 0", () => {
    expect(netExpenses(totals({ expense: 1000, categories: { food: { income: 0, expense: 1000, allocated: 4000 } } }))).toBe(0);
  });
});

describe("income = budget when the month has no income and a budget exists", () => {
  test("income recorded: the income, whatever the budget", () => {
    expect(monthIncome(totals({ income: 250000 }), cents(300000))).toEqual({ income: 250000, fromBudget: false });
  });
  test("no income, a $3,000.00 budget: $3,000.00 from the budget", () => {
    expect(monthIncome(totals({ expense: 1000 }), cents(300000))).toEqual({ income: 300000, fromBudget: true });
  });
  test("no income, no budget: 0", () => {
    expect(monthIncome(totals({}), cents(0))).toEqual({ income: 0, fromBudget: false });
  });
});

describe("savings rate = savings spend / income × 100, one decimal", () => {
  test.each([
    [50000, 400000, 12.5],
    [12345, 100000, 12.3],
    // 49 / 400 = 12.25%: the tie rounds up (one exact division, no float drift).
    [49, 400, 12.3],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [100000, 100000, 100],
    [0, 100000, 0],
  ])("%i of %i → %d%", (savings, income, expected) => {
    expect(savingsRate(cents(savings), cents(income))).toBe(expected);
  });

  test("no income → 0", () => {
    expect(savingsRate(cents(5000), cents(0))).toBe(0);
  });

  test("percentOf keeps the sign", () => {
    expect(percentOf(-25, 200)).toBe(-12.5);
    expect(percentOf(0, 200)).toBe(0);
  });
});

describe("savings spend: the expense (net of allocations) of every savings category", () => {
  test("Savings $400.00 − $50.00 allocated, Stock INVESTMENTS $100.00; Food is not savings", () => {
    const month = totals({
      categories: {
        savings: { income: 0, expense: 40000, allocated: 5000 },
        brokerage: { income: 0, expense: 10000, allocated: 0 },
        food: { income: 0, expense: 9000, allocated: 0 },
      },
    });
    expect(savingsSpend(month, categories)).toBe(45000);
  });

  test("an income category named Investments is not savings spend", () => {
    const withIncome = [...categories, { id: "investments", name: "Investments", type: "income" as const }];
    expect(savingsCategories(withIncome).map((category) => category.id)).toEqual(["savings", "brokerage"]);
    const month = totals({ categories: { investments: { income: 0, expense: 7000, allocated: 0 } } });
    expect(savingsSpend(month, withIncome)).toBe(0);
  });
});

test("unallocated savings = max(0, month's savings − sum of the goals' current)", () => {
  const goal = (current: number, accountId: string | null = null) => ({ current: cents(current), accountId });
  expect(unallocatedSavings(cents(45000), [goal(10000), goal(5000)])).toBe(30000);
  expect(unallocatedSavings(cents(45000), [goal(50000)])).toBe(0);
  expect(unallocatedSavings(cents(45000), [])).toBe(45000);
  // A goal kept in an account holds no savings-category money.
  expect(unallocatedSavings(cents(45000), [goal(10000), goal(50000, "rainy-day")])).toBe(35000);
});

describe("a month's figures", () => {
  test("income $4,000.00, expenses $1,500.00 of which $200.00 offset, savings $500.00: balance $2,700.00, rate 12.5%", () => {
    const month = totals({
      income: 400000,
      expense: 150000,
      count: 5,
      categories: {
        salary: { income: 400000, expense: 0, allocated: 0 },
        food: { income: 0, expense: 60000, allocated: 20000 },
        housing: { income: 0, expense: 40000, allocated: 0 },
        savings: { income: 0, expense: 50000, allocated: 0 },
      },
    });
    expect(monthFigures("2026-03", month, categories, cents(0))).toEqual({
      month: "2026-03",
      income: 400000,
      incomeFromBudget: false,
      expenses: 130000,
      balance: 270000,
      savings: 50000,
      savingsRate: 12.5,
      count: 5,
    });
  });

  test("no income but a $2,000.00 budget: balance and rate use the budget", () => {
    const month = totals({ expense: 30000, count: 1, categories: { savings: { income: 0, expense: 30000, allocated: 0 } } });
    expect(monthFigures("2026-03", month, categories, cents(200000))).toMatchObject({
      income: 200000,
      incomeFromBudget: true,
      expenses: 30000,
      balance: 170000,
      savingsRate: 15,
    });
  });

  test("a balance can go below zero", () => {
    expect(monthFigures("2026-03", totals({ income: 1000, expense: 3000 }), categories, cents(0)).balance).toBe(-2000);
  });
});

describe("the month compared with the previous one", () => {
  test("a change reads as a percent of the value before, 'new' after nothing, 'more than 10×' past 1000% (decision 221)", () => {
    expect(changeShareText(change(110000, 100000))).toBe("10.0%");
    expect(changeShareText(change(75000, 100000))).toBe("25.0%");
    // The month after a $1.25 month: 652274 / 125 = 521819.2% is no figure to read.
    expect(changeShareText(change(652399, 125))).toBe("more than 10×");
    expect(changeShareText(change(1100, 100))).toBe("1000.0%");
    expect(changeShareText(change(1101, 100))).toBe("more than 10×");
    expect(changeShareText(change(-50000, -100))).toBe("more than 10×");
    expect(changeShareText(change(5000, 0))).toBe("new");
    expect(changeShareText(change(10, 0, { points: true }))).toBe("new");
    expect(changeShareText(change(0, 0))).toBeNull();
    expect(changeShareText(change(400, 400))).toBeNull();
  });

  test("changes as differences and percents of the previous month, one decimal", () => {
    expect(change(110000, 100000)).toEqual({ current: 110000, previous: 100000, difference: 10000, percent: 10, direction: "up" });
    expect(change(-5000, 20000)).toEqual({ current: -5000, previous: 20000, difference: -25000, percent: -125, direction: "down" });
    // From a negative balance to a smaller negative one: up, as a share of |previous|.
    expect(change(-1000, -4000)).toMatchObject({ difference: 3000, percent: 75, direction: "up" });
    expect(change(5000, 0)).toMatchObject({ difference: 5000, percent: null, direction: "up" });
    expect(change(0, 0)).toMatchObject({ difference: 0, percent: null, direction: "same" });
    expect(change(12.3, 10.1, { points: true })).toMatchObject({ difference: 2.2, direction: "up" });
  });

  test("income, expenses, balance and savings rate of both months", () => {
    const march = monthFigures("2026-03", totals({ income: 400000, expense: 100000, categories: { savings: { income: 0, expense: 40000, allocated: 0 } } }), categories, cents(0));
    const february = monthFigures("2026-02", totals({ income: 320000, expense: 160000, categories: { savings: { income: 0, expense: 16000, allocated: 0 } } }), categories, cents(0));
    const comparison = compareMonths(march, february);
    expect(comparison.previousMonth).toBe("2026-02");
    expect(comparison.income).toMatchObject({ current: 400000, previous: 320000, difference: 80000, percent: 25 });
    expect(comparison.expenses).toMatchObject({ current: 100000, previous: 160000, difference: -60000, percent: -37.5, direction: "down" });
    expect(comparison.balance).toMatchObject({ current: 300000, previous: 160000, difference: 140000, percent: 87.5 });
    // 10% against 5%: +5 points, +100%.
    expect(comparison.savingsRate).toMatchObject({ current: 10, previous: 5, difference: 5, percent: 100 });
  });
});

test("trends cover the month and the five before it, oldest first, across a year end", () => {
  expect(trendMonthKeys("2026-03")).toEqual(["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
});

describe("the pie: 30 palette colours, then generated hues", () => {
  test("the palette has 30 distinct colours", () => {
    expect(PIE_PALETTE).toHaveLength(30);
    expect(new Set(PIE_PALETTE).size).toBe(30);
  });

  test("slice 0–29 take the palette; from 30 on, hues a golden angle apart", () => {
    expect(sliceColor(0)).toBe(PIE_PALETTE[0]);
    expect(sliceColor(29)).toBe(PIE_PALETTE[29]);
    expect(sliceColor(30)).toBe("hsl(0, 65%, 55%)");
    expect(sliceColor(31)).toBe("hsl(138, 65%, 55%)");
    expect(sliceColor(32)).toBe("hsl(275, 65%, 55%)");
    const generated = Array.from({ length: 40 }, (_, index) => sliceColor(30 + index));
    expect(new Set(generated).size).toBe(40);
  });

  test("slices: positive net expense only, largest first, shares of one decimal, names for uncategorized and deleted categories", () => {
    const month = totals({
      categories: {
        salary: { income: 400000, expense: 0, allocated: 0 },
        food: { income: 0, expense: 30000, allocated: 10000 },
        housing: { income: 0, expense: 50000, allocated: 0 },
        savings: { income: 0, expense: 5000, allocated: 5000 },
        uncategorized: { income: 0, expense: 15000, allocated: 0 },
        "old-pets": { income: 0, expense: 15000, allocated: 0 },
      },
    });
    expect(expenseSlices(month, categories)).toEqual([
      { id: "housing", name: "Housing", amount: 50000, percent: 50, color: PIE_PALETTE[0] },
      { id: "food", name: "Food & Dining", amount: 20000, percent: 20, color: PIE_PALETTE[1] },
      { id: "old-pets", name: "old-pets", amount: 15000, percent: 15, color: PIE_PALETTE[2] },
      { id: "uncategorized", name: "Uncategorized", amount: 15000, percent: 15, color: PIE_PALETTE[3] },
    ]);
  });

  test("more than 30 categories get generated colours", () => {
    const many = Object.fromEntries(Array.from({ length: 32 }, (_, index) => [`c${index}`, { income: 0, expense: 1000 + index, allocated: 0 }]));
    const slices = expenseSlices(totals({ categories: many }), []);
    expect(slices).toHaveLength(32);
    expect(slices[30].color).toBe("hsl(0, 65%, 55%)");
    expect(slices[31].color).toBe("hsl(138, 65%, 55%)");
  });
});

describe("the whole page's figures", () => {
  test("the month, its predecessor and the six-month trend, with each month's budget standing in for missing income", () => {
    const figures = analyticsFigures({
      month: "2026-03",
      categories,
      totals: {
        "2026-03": totals({ income: 300000, expense: 120000, count: 3, categories: { food: { income: 0, expense: 120000, allocated: 0 } } }),
        "2026-02": totals({ expense: 50000, count: 1, categories: { housing: { income: 0, expense: 50000, allocated: 0 } } }),
      },
      budgets: { "2026-02": cents(200000), "2026-01": cents(100000) },
    });
    expect(figures.comparison.income).toMatchObject({ current: 300000, previous: 200000, percent: 50 });
    expect(figures.comparison.balance).toMatchObject({ current: 180000, previous: 150000 });
    expect(figures.hasExpenseCategories).toBe(true);
    expect(figures.slices.map((slice) => slice.id)).toEqual(["food"]);
    expect(figures.trend).toEqual([
      { month: "2025-10", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2025-11", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2025-12", income: 0, incomeFromBudget: false, expenses: 0 },
      { month: "2026-01", income: 100000, incomeFromBudget: true, expenses: 0 },
      { month: "2026-02", income: 200000, incomeFromBudget: true, expenses: 50000 },
      { month: "2026-03", income: 300000, incomeFromBudget: false, expenses: 120000 },
    ]);
    expect(figures.savingsCategories).toEqual([
      { id: "savings", name: "Savings", amount: 0 },
      { id: "brokerage", name: "Stock INVESTMENTS", amount: 0 },
    ]);
  });

  test("no expense categories is told apart", () => {
    expect(analyticsFigures({ month: "2026-03", categories: [categories[0]], totals: {}, budgets: {} }).hasExpenseCategories).toBe(false);
  });
});

test("tabs: an unknown tab is Overview; URLs leave the default tab out", () => {
  expect(parseTab("trends")).toBe("trends");
  expect(parseTab("insights")).toBe("insights");
  expect(parseTab("patterns")).toBe("overview");
  expect(parseTab(null)).toBe("overview");
  expect(analyticsUrl("2026-03")).toBe("/analytics?month=2026-03");
  expect(analyticsUrl("2026-03", "savings")).toBe("/analytics?month=2026-03&tab=savings");
});

describe("spending by tag", () => {
  const tags = [
    { id: "trip", name: "Lisbon trip" },
    { id: "home", name: "Home" },
    { id: "gift", name: "Gifts" },
  ];
  const summaries = [
    { monthKey: "2026-01", tags: { trip: { count: 2, expense: 50000 }, home: { count: 1, expense: 9000, income: 2000 } } },
    { monthKey: "2026-02", tags: { trip: { count: 1, expense: 12000, income: 3000 }, gone: { count: 4, expense: 100 } } },
    { monthKey: "2026-03", tags: { gift: { count: 1, expense: 70000 } } },
  ];

  test("each tag's months in the period add up; a tag without transactions there, or no longer a tag, is left out; most spent first", () => {
    expect(spendingByTag(summaries, tags, { from: "2026-01", to: "2026-02" })).toEqual([
      { id: "trip", name: "Lisbon trip", count: 3, expense: 62000, income: 3000 },
      { id: "home", name: "Home", count: 1, expense: 9000, income: 2000 },
    ]);
    expect(spendingByTag(summaries, tags, { from: "2026-03", to: "2026-03" }).map((tag) => tag.id)).toEqual(["gift"]);
    expect(spendingByTag(summaries, tags, { from: "2025-01", to: "2025-12" })).toEqual([]);
  });

  test("the period asked for when it is one; else the year up to the month shown", () => {
    expect(tagPeriod("2026-03", "2026-01", "2026-02")).toEqual({ from: "2026-01", to: "2026-02" });
    expect(tagPeriod("2026-03", "2026-05", "2026-02")).toEqual({ from: "2025-04", to: "2026-03" });
    expect(tagPeriod("2026-03", "junk", null)).toEqual({ from: "2025-04", to: "2026-03" });
  });
});
