import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  buildMinimumsOnlyPlan,
  buildPayoffPlan,
  compareWithMinimums,
  DEFAULT_EXTRA_PAYMENT,
  MAX_PLAN_MONTHS,
  monthlyInterest,
  orderForStrategy,
  payoffDate,
  payoffMonths,
  percentPaid,
  PLAN_STRATEGIES,
  type PayoffDebt,
  type PayoffPlan,
} from "./payoff";
import { toCents } from "~/lib/money";

function debt(id: string, balance: number, aprBasisPoints: number, minimum: number, name = id): PayoffDebt {
  return { id, name, balance: toCents(balance), aprBasisPoints, minimum: toCents(minimum) };
}

function finishedPlan(plan: PayoffPlan) {
  if (!plan.finished) throw new Error(`the plan did not finish: ${plan.reason}`);
  return plan;
}

const noExtra = { extra: toCents(0), strategy: "avalanche" } as const;

describe("monthly interest: balance × APR / 12, half up to the cent", () => {
  test.each([
    // balance, basis points, interest: worked as balance × bp / 120000
    [30000, 1200, 300], // $300 at 12%: 1% a month = 300 exactly
    [50, 1200, 1], // 0.5 cent rounds up
    [49, 1200, 0], // 0.49 cent rounds down
    [150, 1200, 2], // 1.5 cents rounds up
    [60000, 1, 1], // 60000 × 1 / 120000 = 0.5 rounds up
    [59999, 1, 0], // 0.499991 rounds down
    [123456, 1999, 2057], // 246788544 / 120000 = 2056.57 rounds up
    [100000, 0, 0], // 0% charges nothing
  ])("%i cents at %i bp → %i cents", (balance, aprBasisPoints, interest) => {
    expect(monthlyInterest(toCents(balance), aprBasisPoints)).toBe(interest);
  });

  test("a zero or negative balance is charged nothing", () => {
    expect(monthlyInterest(toCents(0), 1999)).toBe(0);
    expect(monthlyInterest(toCents(-50000), 1999)).toBe(0);
  });

  test("balances up to 10^13 cents are exact, where a float product would round", () => {
    // 9,999,999,824,002 × 1999 = 19,989,999,648,179,998 = 166,583,330,401 × 120000 + 59,998: just under half, so down
    // (the float product rounds to …180,000, which would give …402).
    expect(monthlyInterest(toCents(9999999824002), 1999)).toBe(166583330401);
    // 9,999,999,999,990 × 10000 / 120000 = 833,333,333,332.5: exactly half, so up.
    expect(monthlyInterest(toCents(9999999999990), 10000)).toBe(833333333333);
  });
});

describe("months to pay off one debt (spec §4)", () => {
  test("the spec formula, rounded up to a whole month", () => {
    // $1,000 at 12% (r = 0.01) paying $100: −ln(1 − 0.1) / ln(1.01) = 10.59 → 11
    expect(payoffMonths(toCents(100000), 1200, toCents(10000))).toEqual({ kind: "months", months: 11 });
    // paying one cent more than the $10 interest: ln(1001) / ln(1.01) = 694.3 → 695
    expect(payoffMonths(toCents(100000), 1200, toCents(1001))).toEqual({ kind: "months", months: 695 });
  });

  test("a payment that clears the debt exactly takes exactly that many months, whatever float noise says", () => {
    // $1,200 at 1% a month paying $1,212: one month.
    expect(payoffMonths(toCents(120000), 1200, toCents(121200))).toEqual({ kind: "months", months: 1 });
    // $20,100 paying $10,201: 2010000 + 20100 − 1020100 = 1010000, then 1010000 + 10100 − 1020100 = 0. Two months.
    expect(payoffMonths(toCents(2010000), 1200, toCents(1020100))).toEqual({ kind: "months", months: 2 });
    // $252.20 at 60% (5% a month) paying $92.61: 25220 + 1261 − 9261 = 17220, 17220 + 861 − 9261 = 8820, 8820 + 441 − 9261 = 0.
    // Three months, though the formula computes 3.0000000000000004.
    expect(payoffMonths(toCents(25220), 6000, toCents(9261))).toEqual({ kind: "months", months: 3 });
    expect(buildPayoffPlan([debt("card", 25220, 6000, 9261)], noExtra)).toMatchObject({ finished: true, months: 3, totalInterest: 2563 });
  });

  test("at 0% it is balance / payment, rounded up", () => {
    expect(payoffMonths(toCents(100000), 0, toCents(30000))).toEqual({ kind: "months", months: 4 }); // 3.33 → 4
    expect(payoffMonths(toCents(100000), 0, toCents(25000))).toEqual({ kind: "months", months: 4 }); // exactly 4
  });

  test("a payment not above the monthly interest never pays it off", () => {
    // $1,000 at 12% charges $10 a month.
    expect(payoffMonths(toCents(100000), 1200, toCents(1000))).toEqual({ kind: "never" });
    expect(payoffMonths(toCents(100000), 1200, toCents(999))).toEqual({ kind: "never" });
  });

  test("no balance or no payment is invalid debt data", () => {
    expect(payoffMonths(toCents(0), 1200, toCents(10000))).toEqual({ kind: "invalid" });
    expect(payoffMonths(toCents(-100), 1200, toCents(10000))).toEqual({ kind: "invalid" });
    expect(payoffMonths(toCents(100000), 1200, toCents(0))).toEqual({ kind: "invalid" });
    expect(payoffMonths(toCents(100000), 0, toCents(-1))).toEqual({ kind: "invalid" });
  });
});

describe("payoff date", () => {
  test("is the month that many calendar months on, whatever the day", () => {
    expect(payoffDate("2026-01-31", 1)).toBe("2026-02");
    expect(payoffDate("2025-11-15", 3)).toBe("2026-02");
    expect(payoffDate("2026-01-01", 0)).toBe("2026-01");
    expect(payoffDate(new Date(2026, 0, 31), 13)).toBe("2027-02");
    expect(payoffDate("2026-05-20", MAX_PLAN_MONTHS)).toBe("2126-05");
  });
});

describe("percent paid", () => {
  test.each([
    [100000, 25000, 75],
    [100000, 100000, 0],
    [100000, 0, 100],
    [100000, 150000, 0], // owing more than at the start: clamped to 0
    [100000, -5000, 100], // overpaid: clamped to 100
    [0, 0, 0], // nothing to pay
    [-100, 50, 0],
  ])("of %i owing %i: %d%", (total, current, percent) => {
    expect(percentPaid(toCents(total), toCents(current))).toBe(percent);
  });

  test("is not rounded", () => {
    expect(percentPaid(toCents(3), toCents(2))).toBeCloseTo(33.333333, 5);
  });
});

describe("strategy order", () => {
  const card = debt("card", 300000, 2499, 9000);
  const car = debt("car", 1200000, 699, 30000);
  const store = debt("store", 80000, 2499, 2500);
  const medical = debt("medical", 50000, 0, 5000);
  const debts = [card, car, store, medical];
  const ids = (ordered: PayoffDebt[]) => ordered.map((each) => each.id);

  test("avalanche: highest APR first, a tie going to the smaller balance", () => {
    expect(ids(orderForStrategy(debts, "avalanche"))).toEqual(["store", "card", "car", "medical"]);
  });

  test("snowball: smallest balance first", () => {
    expect(ids(orderForStrategy(debts, "snowball"))).toEqual(["medical", "store", "card", "car"]);
  });

  test("avalanche ties on APR and balance go by name, then id", () => {
    const tied = [debt("3", 1000, 1500, 0, "Visa"), debt("2", 1000, 1500, 0, "Amex"), debt("1", 1000, 1500, 0, "Visa")];
    expect(ids(orderForStrategy(tied, "avalanche"))).toEqual(["2", "1", "3"]);
  });

  test("snowball ties on balance go to the higher APR, then name, then id", () => {
    const tied = [debt("b", 1000, 900, 0, "Visa"), debt("a", 1000, 900, 0, "Visa"), debt("c", 1000, 900, 0, "Amex"), debt("d", 1000, 2000, 0, "Zed")];
    expect(ids(orderForStrategy(tied, "snowball"))).toEqual(["d", "c", "a", "b"]);
  });

  test("custom: the named debts in that order, unknown and repeated ids ignored, the rest in avalanche order", () => {
    expect(ids(orderForStrategy(debts, "custom", ["car", "ghost", "medical", "car"]))).toEqual(["car", "medical", "store", "card"]);
  });

  test("custom without an order is avalanche", () => {
    expect(ids(orderForStrategy(debts, "custom"))).toEqual(["store", "card", "car", "medical"]);
    expect(ids(orderForStrategy(debts, "custom", []))).toEqual(["store", "card", "car", "medical"]);
  });

  test("the input is left as it was", () => {
    orderForStrategy(debts, "snowball");
    expect(ids(debts)).toEqual(["card", "car", "store", "medical"]);
  });
});

describe("payoff plan", () => {
  test("one debt: minimum plus extra every month, the last month paying only what is left", () => {
    // $300 at 1% a month, minimum $50 + extra $50 = $100 a month:
    // 1: 30000 + 300 = 30300 − 10000 = 20300
    // 2: 20300 + 203 = 20503 − 10000 = 10503
    // 3: 10503 + 105 (105.03) = 10608 − 10000 = 608
    // 4: 608 + 6 (6.08) = 614 − 614 = 0
    const plan = finishedPlan(buildPayoffPlan([debt("card", 30000, 1200, 5000)], { extra: toCents(5000), strategy: "avalanche" }));
    expect(plan.schedule.map((month) => [month.interest, month.payment, month.debts[0].balance])).toEqual([
      [300, 10000, 20300],
      [203, 10000, 10503],
      [105, 10000, 608],
      [6, 614, 0],
    ]);
    expect(plan).toMatchObject({ months: 4, totalInterest: 614, totalPaid: 30614, monthlyAmount: 10000, payoffMonth: { card: 4 }, order: ["card"] });
  });

  // Snowball on A ($110 at 0%, minimum $10) and B ($300 at 1% a month, minimum $30), extra $20: $60 a month.
  const snowballDebts = [debt("A", 11000, 0, 1000), debt("B", 30000, 1200, 3000)];

  test("the money left after minimums goes to the first debt in order and spills to the next the month it is paid off", () => {
    // 1: A 11000 − 1000 − 2000 = 8000;  B 30000 + 300 = 30300 − 3000 = 27300
    // 2: A 5000;                         B 27300 + 273 = 27573 − 3000 = 24573
    // 3: A 2000;                         B 24573 + 246 (245.73) = 24819 − 3000 = 21819
    // 4: A 2000 − 1000 − 1000 = 0, so 1000 of the 2000 spills: B 21819 + 218 (218.19) = 22037 − 3000 − 1000 = 18037
    // 5: A's minimum rolls over, B gets all 6000: 18037 + 180 (180.37) = 18217 − 6000 = 12217
    // 6: 12217 + 122 (122.17) = 12339 − 6000 = 6339
    // 7: 6339 + 63 (63.39) = 6402 − 6000 = 402
    // 8: 402 + 4 (4.02) = 406 − 406 = 0
    const plan = finishedPlan(buildPayoffPlan(snowballDebts, { extra: toCents(2000), strategy: "snowball" }));
    expect(plan.schedule[3]).toEqual({
      month: 4,
      payment: 6000,
      interest: 218,
      debts: [
        { id: "A", interest: 0, payment: 2000, balance: 0 },
        { id: "B", interest: 218, payment: 4000, balance: 18037 },
      ],
    });
    expect(plan.schedule[4].debts).toEqual([
      { id: "A", interest: 0, payment: 0, balance: 0 },
      { id: "B", interest: 180, payment: 6000, balance: 12217 },
    ]);
    expect(plan.schedule.map((month) => month.payment)).toEqual([6000, 6000, 6000, 6000, 6000, 6000, 6000, 406]);
    expect(plan.schedule.map((month) => month.debts[1].balance)).toEqual([27300, 24573, 21819, 18037, 12217, 6339, 402, 0]);
    // 300 + 273 + 246 + 218 + 180 + 122 + 63 + 4 = 1406; paid 41000 + 1406 = 7 × 6000 + 406
    expect(plan).toMatchObject({ months: 8, totalInterest: 1406, totalPaid: 42406, monthlyAmount: 6000, payoffMonth: { A: 4, B: 8 }, order: ["A", "B"] });
  });

  test("the strategy order is in the result, computed from the starting balances", () => {
    expect(buildPayoffPlan(snowballDebts, { extra: toCents(2000), strategy: "avalanche" }).order).toEqual(["B", "A"]);
    expect(buildPayoffPlan(snowballDebts, { extra: toCents(2000), strategy: "custom", customOrder: ["A"] }).order).toEqual(["A", "B"]);
  });

  test("tied debts at 0%: the extra goes to the one first by name, then everything to the other", () => {
    // Alpha and Beta: $100 each at 0%, minimum $10, extra $10: $30 a month.
    // 1–5: Alpha −2000 a month → 0 in month 5; Beta −1000 a month → 5000
    // 6: Beta 5000 − 3000 = 2000;  7: Beta 2000 − 2000 = 0 (1000 unspent)
    const plan = finishedPlan(buildPayoffPlan([debt("b", 10000, 0, 1000, "Beta"), debt("a", 10000, 0, 1000, "Alpha")], { extra: toCents(1000), strategy: "avalanche" }));
    expect(plan.order).toEqual(["a", "b"]);
    expect(plan.schedule.map((month) => month.debts.map((each) => each.balance))).toEqual([
      [9000, 8000],
      [8000, 6000],
      [7000, 4000],
      [6000, 2000],
      [5000, 0],
      [2000, 0],
      [0, 0],
    ]);
    expect(plan).toMatchObject({ months: 7, totalInterest: 0, totalPaid: 20000, monthlyAmount: 3000, payoffMonth: { a: 5, b: 7 } });
    expect(plan.schedule[6].payment).toBe(2000);
  });

  test("a debt already at zero is paid off in month 0, never paid, and its minimum rolls to the others from the start", () => {
    // Paid ($0, minimum $25) and Loan ($100 at 0%, minimum $10), no extra: $35 a month, all to Loan.
    // 1: 10000 − 3500 = 6500;  2: 3000;  3: 3000 − 3000 = 0
    const plan = finishedPlan(buildPayoffPlan([debt("paid", 0, 2000, 2500), debt("loan", 10000, 0, 1000)], noExtra));
    expect(plan).toMatchObject({ months: 3, totalInterest: 0, totalPaid: 10000, monthlyAmount: 3500, payoffMonth: { paid: 0, loan: 3 } });
    expect(plan.schedule.map((month) => month.debts)).toEqual([
      [
        { id: "paid", interest: 0, payment: 0, balance: 0 },
        { id: "loan", interest: 0, payment: 3500, balance: 6500 },
      ],
      [
        { id: "paid", interest: 0, payment: 0, balance: 0 },
        { id: "loan", interest: 0, payment: 3500, balance: 3000 },
      ],
      [
        { id: "paid", interest: 0, payment: 0, balance: 0 },
        { id: "loan", interest: 0, payment: 3000, balance: 0 },
      ],
    ]);
  });

  test("no debts, or only paid ones: finished in 0 months", () => {
    expect(buildPayoffPlan([], { extra: DEFAULT_EXTRA_PAYMENT, strategy: "snowball" })).toEqual({
      finished: true,
      months: 0,
      totalInterest: 0,
      totalPaid: 0,
      monthlyAmount: 50000,
      payoffMonth: {},
      order: [],
      schedule: [],
    });
    expect(buildPayoffPlan([debt("paid", 0, 1999, 0)], noExtra)).toMatchObject({ finished: true, months: 0, payoffMonth: { paid: 0 }, schedule: [] });
  });

  test("a monthly amount not above the first month's interest never finishes", () => {
    // $1,000 at 1% a month charges $10; minimum $9 + extra $1 = $10.
    expect(buildPayoffPlan([debt("card", 100000, 1200, 900)], { extra: toCents(100), strategy: "avalanche" })).toEqual({
      finished: false,
      reason: "payment-below-interest",
      monthlyAmount: 1000,
      order: ["card"],
    });
    // One cent more does finish.
    expect(buildPayoffPlan([debt("card", 100000, 1200, 900)], { extra: toCents(101), strategy: "avalanche" }).finished).toBe(true);
    // Nothing paid at 0% never finishes either.
    expect(buildPayoffPlan([debt("loan", 10000, 0, 0)], noExtra)).toMatchObject({ finished: false, reason: "payment-below-interest" });
  });

  test("a plan past 100 years says it is too long", () => {
    // $10M at 0.01% charges 1,000,000,000 / 120000 = 8333.33 → 8333 cents; paying 8334 takes the balance down a cent a month
    // (999,999,999, 999,999,998, …), and the interest falls a cent only every 120,000 cents.
    expect(buildPayoffPlan([debt("loan", 1000000000, 1, 8334)], noExtra)).toEqual({ finished: false, reason: "too-long", monthlyAmount: 8334, order: ["loan"] });
    // At 0%, a cent a month: 1200 cents take exactly the 1200 months allowed, 1201 cents one month too many.
    expect(finishedPlan(buildPayoffPlan([debt("loan", 1200, 0, 1)], noExtra)).months).toBe(MAX_PLAN_MONTHS);
    expect(buildPayoffPlan([debt("loan", 1201, 0, 1)], noExtra)).toMatchObject({ finished: false, reason: "too-long" });
  });

  test("a debt that grows past exact cents while the money goes elsewhere is too long, not an error", () => {
    // Custom order pays the $1M loan at 0% first with $2 a month; the card ($12 at 100%, no minimum) grows 1/12 a month
    // and passes 2^53 cents around month 370, long before the loan is paid.
    const debts = [debt("loan", 100000000, 0, 0), debt("card", 1200, 10000, 0)];
    expect(buildPayoffPlan(debts, { extra: toCents(200), strategy: "custom", customOrder: ["loan"] })).toMatchObject({ finished: false, reason: "too-long" });
  });
});

describe("paying only minimums", () => {
  test("each debt gets its own minimum and nothing rolls over", () => {
    // A: $110 at 0%, $10 a month → paid in month 11.
    // B: $300 at 1% a month, $30 a month:
    //  1: 30000 + 300 − 3000 = 27300    5: 19037 + 190 − 3000 = 16227    9: 7628 + 76 − 3000 = 4704
    //  2: 27300 + 273 − 3000 = 24573    6: 16227 + 162 − 3000 = 13389   10: 4704 + 47 − 3000 = 1751
    //  3: 24573 + 246 − 3000 = 21819    7: 13389 + 134 − 3000 = 10523   11: 1751 + 18 (17.51) = 1769 − 1769 = 0
    //  4: 21819 + 218 − 3000 = 19037    8: 10523 + 105 − 3000 = 7628
    // interest 300 + 273 + 246 + 218 + 190 + 162 + 134 + 105 + 76 + 47 + 18 = 1769
    const plan = finishedPlan(buildMinimumsOnlyPlan([debt("A", 11000, 0, 1000), debt("B", 30000, 1200, 3000)]));
    expect(plan.schedule.map((month) => month.debts.map((each) => each.balance))).toEqual([
      [10000, 27300],
      [9000, 24573],
      [8000, 21819],
      [7000, 19037],
      [6000, 16227],
      [5000, 13389],
      [4000, 10523],
      [3000, 7628],
      [2000, 4704],
      [1000, 1751],
      [0, 0],
    ]);
    expect(plan).toMatchObject({ months: 11, totalInterest: 1769, totalPaid: 42769, monthlyAmount: 4000, payoffMonth: { A: 11, B: 11 }, order: ["A", "B"] });
    expect(plan.schedule[10].payment).toBe(2769);
  });

  test("a paid-off debt's minimum goes nowhere", () => {
    // A: $20 at 0%, $10 a month → months 1–2; B: $50 at 0%, $10 a month → months 1–5, still $10 a month after A is paid.
    const plan = finishedPlan(buildMinimumsOnlyPlan([debt("A", 2000, 0, 1000), debt("B", 5000, 0, 1000), debt("paid", 0, 0, 700)]));
    expect(plan.schedule.map((month) => month.payment)).toEqual([2000, 2000, 1000, 1000, 1000]);
    expect(plan).toMatchObject({ months: 5, monthlyAmount: 2000, payoffMonth: { A: 2, B: 5, paid: 0 } });
  });

  test("one minimum not above its debt's interest never finishes, whatever the others", () => {
    // B charges $10 in month 1 and its minimum is $10.
    expect(buildMinimumsOnlyPlan([debt("A", 11000, 0, 1000), debt("B", 100000, 1200, 1000)])).toEqual({
      finished: false,
      reason: "payment-below-interest",
      monthlyAmount: 2000,
      order: ["A", "B"],
    });
  });

  test("past 100 years it is too long", () => {
    // The cent-a-month loan above.
    expect(buildMinimumsOnlyPlan([debt("loan", 1000000000, 1, 8334)])).toMatchObject({ finished: false, reason: "too-long" });
  });
});

describe("comparison with paying only minimums", () => {
  const debts = [debt("A", 11000, 0, 1000), debt("B", 30000, 1200, 3000)];

  test("saves the difference in interest and months", () => {
    // The $20-extra snowball plan above: 8 months, 1406 interest; minimums only: 11 months, 1769 interest.
    const plan = buildPayoffPlan(debts, { extra: toCents(2000), strategy: "snowball" });
    expect(compareWithMinimums(plan, buildMinimumsOnlyPlan(debts))).toEqual({ interestSaved: 363, monthsSaved: 3 });
  });

  test("nothing to compare when paying only minimums never clears the debts", () => {
    // $1,000 at 1% a month with a $10 minimum never shrinks; with $5 extra it does.
    const stuck = [debt("card", 100000, 1200, 1000)];
    const plan = buildPayoffPlan(stuck, { extra: toCents(500), strategy: "avalanche" });
    expect(plan.finished).toBe(true);
    expect(compareWithMinimums(plan, buildMinimumsOnlyPlan(stuck))).toEqual({ interestSaved: null, monthsSaved: null });
  });

  test("nothing to compare when the plan itself does not finish", () => {
    const stuck = [debt("card", 100000, 1200, 900)];
    expect(compareWithMinimums(buildPayoffPlan(stuck, noExtra), buildMinimumsOnlyPlan(debts))).toEqual({ interestSaved: null, monthsSaved: null });
  });
});

describe("every finished plan adds up", () => {
  const debtSet = fc
    .array(
      fc.record({
        balance: fc.oneof(fc.integer({ min: 1, max: 500000 }), fc.integer({ min: -1000, max: 0 })),
        aprBasisPoints: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 10000 })),
        minimum: fc.integer({ min: 0, max: 20000 }),
        name: fc.constantFrom("Card", "Car", "Loan"),
      }),
      { maxLength: 5 },
    )
    .map((drawn) => drawn.map(({ balance, aprBasisPoints, minimum, name }, index) => debt(`d${index}`, balance, aprBasisPoints, minimum, name)));
  const scenario = debtSet.chain((debts) =>
    fc.record({
      debts: fc.constant(debts),
      extra: fc.integer({ min: 0, max: 60000 }),
      strategy: fc.constantFrom(...PLAN_STRATEGIES),
      customOrder: fc.shuffledSubarray(debts.map((each) => each.id)),
    }),
  );

  const sumOf = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

  function expectConsistent(plan: PayoffPlan, debts: PayoffDebt[], spendsAllButLastMonth: boolean) {
    if (!plan.finished) return;
    const balances = debts.map((each) => Math.max(each.balance, 0));
    const wrongMonths = plan.schedule.filter((month) => {
      const debtsWrong = month.debts.map((each, index) => {
        const wrong = each.balance < 0 || each.payment !== each.interest + balances[index] - each.balance;
        balances[index] = each.balance;
        return wrong;
      });
      return (
        debtsWrong.includes(true) ||
        month.payment > plan.monthlyAmount ||
        (spendsAllButLastMonth && month.month < plan.months && month.payment !== plan.monthlyAmount) ||
        month.payment !== sumOf(month.debts.map((each) => each.payment)) ||
        month.interest !== sumOf(month.debts.map((each) => each.interest))
      );
    });
    expect(wrongMonths).toEqual([]);
    expect(balances.every((balance) => balance === 0)).toBe(true);
    expect(plan.schedule).toHaveLength(plan.months);
    expect(plan.totalPaid).toBe(sumOf(debts.map((each) => Math.max(each.balance, 0))) + plan.totalInterest);
    expect(plan.totalInterest).toBe(sumOf(plan.schedule.map((month) => month.interest)));
    expect(Math.max(0, ...Object.values(plan.payoffMonth))).toBe(plan.months);
  }

  test("balances never below 0, each month within the monthly amount, payments = interest + what the balances fell", () => {
    let finishedPlans = 0;
    fc.assert(
      fc.property(scenario, ({ debts, extra, strategy, customOrder }) => {
        const plan = buildPayoffPlan(debts, { extra: toCents(extra), strategy, customOrder });
        const minimumsOnly = buildMinimumsOnlyPlan(debts);
        expectConsistent(plan, debts, true);
        expectConsistent(minimumsOnly, debts, false);
        if (plan.finished) finishedPlans++;
        // Every debt gets at least its minimum, so the plan is never worse than minimums only.
        if (minimumsOnly.finished) {
          const saved = compareWithMinimums(plan, minimumsOnly);
          expect(saved.interestSaved).toBeGreaterThanOrEqual(0);
          expect(saved.monthsSaved).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300, seed: 20260514 },
    );
    expect(finishedPlans).toBeGreaterThan(100);
  });
});
