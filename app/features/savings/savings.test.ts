import { describe, expect, test } from "vitest";
import type { MonthTotals } from "~/features/transactions/month-summary";
import {
  amountToGo,
  breakdownShares,
  contributionOf,
  defaultDeadline,
  formatRate,
  goalProgress,
  isGoalAccount,
  netSavings,
  progressBand,
  resolveActiveGoal,
  savingsLedgerTotals,
  savingsRate,
  totalSaved,
  withdrawalAccounts,
  withdrawalFits,
} from "./savings";

describe("goal progress (§4): round(current / target × 100), capped at 100", () => {
  test.each([
    [0, 100000, 0],
    [25000, 100000, 25],
    [1, 200, 1], // 0.5 rounds half up
    [1, 201, 0], // 0.4975…
    [33333, 100000, 33],
    [99500, 100000, 100], // 99.5 rounds up to 100
    [99499, 100000, 99],
    [150000, 100000, 100],
    [5000, 0, 0], // no target: 0
    [5000, -1, 0],
  ])("current %i of target %i → %i", (current, target, progress) => {
    expect(goalProgress(current, target)).toBe(progress);
  });
});

describe("progress colour (§9): grey up to 50, yellow above 50, blue above 75, green at 100", () => {
  test.each([
    [0, "grey"],
    [50, "grey"],
    [51, "yellow"],
    [75, "yellow"],
    [76, "blue"],
    [99, "blue"],
    [100, "green"],
  ] as const)("%i%% is %s", (progress, band) => {
    expect(progressBand(progress)).toBe(band);
  });
});

test("amount to go never goes below zero", () => {
  expect(amountToGo(25000, 100000)).toBe(75000);
  expect(amountToGo(120000, 100000)).toBe(0);
});

test("a goal's deadline defaults to 365 days from today", () => {
  expect(defaultDeadline("2026-03-05")).toBe("2027-03-05");
  expect(defaultDeadline("2027-03-01")).toBe("2028-02-29");
});

describe("total saved (§9) = savings transactions + initial savings − withdrawals", () => {
  const months: Array<Pick<MonthTotals, "categories">> = [
    { categories: { savings: { income: 0, expense: 30000, allocated: 5000 }, food: { income: 0, expense: 999, allocated: 0 } } },
    { categories: { savings: { income: 0, expense: 20000, allocated: 0 } } },
    { categories: {} },
  ];
  test("sums the savings category of every month", () => {
    expect(savingsLedgerTotals(months)).toEqual({ contributed: 50000, withdrawn: 5000 });
    expect(totalSaved(savingsLedgerTotals(months), 100000)).toBe(145000);
  });
  test("and the savings transfers: a contribution into a goal's account (the main account's expense side) adds, a withdrawal from one takes away", () => {
    const transfers = [
      { type: "expense", amount: 7000 },
      { type: "income", amount: 2000 },
      { type: "expense", amount: 1000 },
    ] as const;
    expect(savingsLedgerTotals(months, [...transfers])).toEqual({ contributed: 58000, withdrawn: 7000 });
    expect(totalSaved(savingsLedgerTotals(months, [...transfers]), 100000)).toBe(151000);
    expect(savingsLedgerTotals([], [...transfers])).toEqual({ contributed: 8000, withdrawn: 2000 });
  });
  test("a month's net savings never go below zero", () => {
    expect(netSavings(savingsLedgerTotals([], [{ type: "expense", amount: 3000 }, { type: "income", amount: 1000 }]))).toBe(2000);
    expect(netSavings(savingsLedgerTotals([], [{ type: "income", amount: 1000 }]))).toBe(0);
  });
  test("a withdrawal fits up to the balance, not a cent more", () => {
    expect(withdrawalFits(145000, 145000)).toBe(true);
    expect(withdrawalFits(145001, 145000)).toBe(false);
  });
});

describe("savings rate (§9) = savings ÷ income × 100, one decimal, 0 without income", () => {
  test.each([
    [50000, 400000, 12.5],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 0, 0],
    [0, 100, 0],
    [500, 100, 500],
  ])("%i of %i → %d", (savings, income, rate) => {
    expect(savingsRate(savings, income)).toBe(rate);
  });
  test("shown with its one decimal", () => {
    expect(formatRate(12)).toBe("12.0%");
    expect(formatRate(33.3)).toBe("33.3%");
  });
});

describe("the active goal (§4)", () => {
  test("stays the chosen one while it exists", () => {
    expect(resolveActiveGoal("b", ["a", "b"])).toBe("b");
  });
  test("a first goal, or one added when none is active, becomes active", () => {
    expect(resolveActiveGoal(null, ["a"])).toBe("a");
  });
  test("deleting the active goal makes the first remaining active, or none", () => {
    expect(resolveActiveGoal("gone", ["a", "b"])).toBe("a");
    expect(resolveActiveGoal("gone", [])).toBeNull();
  });
});

test("only a raise of a goal's current amount is a contribution", () => {
  expect(contributionOf(10000, 25000)).toBe(15000);
  expect(contributionOf(25000, 10000)).toBe(0);
  expect(contributionOf(10000, 10000)).toBe(0);
});

test("the breakdown bar shares Initial and Added in whole percents", () => {
  expect(breakdownShares(75000, 25000)).toEqual({ initial: 75, added: 25 });
  expect(breakdownShares(0, 0)).toEqual({ initial: 0, added: 0 });
  expect(breakdownShares(100, -50)).toEqual({ initial: 100, added: 0 });
});

describe("the account a goal keeps its money in (decision 196)", () => {
  const MAIN = "a".repeat(24);
  test.each([
    ["savings", true],
    ["checking", true],
    ["cash", true],
    ["investment", true],
    ["other", true],
    ["credit_card", false],
    ["loan", false],
  ] as const)("an open %s account: %s", (kind, allowed) => {
    expect(isGoalAccount({ id: "b".repeat(24), kind, closed: false }, MAIN)).toBe(allowed);
  });
  test("never a closed account, nor the main account (contributions come from it)", () => {
    expect(isGoalAccount({ id: "b".repeat(24), kind: "savings", closed: true }, MAIN)).toBe(false);
    expect(isGoalAccount({ id: MAIN, kind: "checking", closed: false }, MAIN)).toBe(false);
  });
  test("a withdrawal comes out of an account a goal keeps its money in and that a goal may still be given", () => {
    const accounts = [
      { id: "kept", name: "Rainy day", usable: true },
      { id: "closed", name: "Old savings", usable: false },
      { id: "unused", name: "Wallet", usable: true },
    ];
    expect(withdrawalAccounts([{ accountId: "kept" }, { accountId: "closed" }, { accountId: null }], accounts)).toEqual([accounts[0]]);
  });
});
