import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { debtRules, type DebtRulesInput } from "./debt-rules";
import type { InsightTransaction } from "./insights";

const cents = toCents;

describe("debt rules", () => {
  type Debt = DebtRulesInput["debts"][number];
  function debt(id: string, name: string, balance: number, aprBasisPoints: number, minimum: number, type = "credit_card"): Debt {
    return { id, name, balance: cents(balance), aprBasisPoints, minimum: cents(minimum), type };
  }
  function debts(list: Debt[], extra = 50000, recentTransactions: InsightTransaction[] = []) {
    return debtRules({ currency: "USD", debts: list, extra: cents(extra), recentTransactions });
  }

  // Visa $1,000 at 12% (1% a month), minimum $100; Store Card $500 at 6% (0.5% a month), minimum $50.
  const visa = debt("d1", "Visa", 100000, 1200, 10000);
  const store = debt("d2", "Store Card", 50000, 600, 5000);

  test("no debts, or none still owed, give no strategies", () => {
    expect(debts([])).toEqual([]);
    expect(debts([debt("d1", "Visa", 0, 1200, 10000)])).toEqual([]);
  });

  test("avalanche against snowball with $1,000 extra: figures worked month by month", () => {
    // $1,150 a month. Avalanche, month 1: interest $10.00 + $2.50; minimums leave Visa $910, Store $452.50;
    // the $1,000 rest clears Visa and takes $90 off Store ($362.50). Month 2: Store's interest $1.81 (1.8125 half up), then paid.
    // Interest $14.31. Snowball, month 1: the rest clears Store ($452.50) and takes $547.50 off Visa ($362.50);
    // month 2: Visa's interest $3.63 (3.625 half up). Interest $16.13.
    // Minimums only: Visa takes 11 months and $58.98, Store 11 months and $14.23: $73.21.
    const [method, highest] = debts([visa, store], 100000);
    expect(method).toEqual({
      title: "Avalanche saves $1.82 over snowball",
      description:
        "With $1,150.00 a month (minimums plus $1,000.00 extra): avalanche (highest rate first, starting with Visa at 12%) is debt-free in 2 months with $14.31 interest; snowball (smallest balance first, starting with Store Card at $500.00) takes 2 months with $16.13 interest. Minimums only: 11 months and $73.21 interest.",
      strategy: "Pay the minimum on every debt and put the extra $1,000.00 on Visa (12% APR) until it is gone, then roll its payment onto the next highest rate.",
      potentialSavings: 182,
      difficulty: "medium",
      citations: [
        { kind: "debt", id: "d1", label: "Visa" },
        { kind: "debt", id: "d2", label: "Store Card" },
      ],
    });
    expect(highest).toEqual({
      title: "Visa costs $10.00 a month in interest",
      description:
        "Visa (Credit Card, 12% APR) has your highest rate: its $1,000.00 balance costs about $10.00 a month, $120.00 a year. Putting the $1,000.00 extra on it first saves $58.90 interest compared with paying only minimums.",
      strategy:
        "Send every spare dollar to Visa while paying the minimums on the rest; a 0% balance-transfer card or a lower-rate consolidation loan would cut this interest further.",
      // $73.21 − $14.31
      potentialSavings: 5890,
      difficulty: "medium",
      citations: [{ kind: "debt", id: "d1", label: "Visa" }],
    });
  });

  test("when the highest rate is also the smallest balance both methods cost the same, and snowball is advised", () => {
    const [method] = debts([debt("d1", "Visa", 50000, 2400, 5000), debt("d3", "Car", 1000000, 600, 30000, "car_loan")]);
    expect(method.title).toBe("Avalanche and snowball cost the same");
    expect(method.description).toMatch(/Both cost the same, so choose snowball: clearing the smallest balance first gives the quickest win\.$/);
    expect(method.strategy).toBe("Pay the minimum on every debt and put the extra $500.00 on Visa (the smallest balance) until it is gone, then roll its payment onto the next smallest.");
    expect(method.potentialSavings).toBeNull();
    expect(method.citations).toEqual([{ kind: "debt", id: "d1", label: "Visa" }]);
  });

  test("when rounding makes snowball a cent cheaper, snowball is advised with that saving", () => {
    // Found by searching small plans: avalanche $297.80 of interest, snowball $297.79.
    const [method] = debts([debt("a", "Card A", 18500, 2448, 18500), debt("b", "Card B", 285700, 2504, 15300)], 7200);
    expect(method).toMatchObject({ title: "Snowball saves $0.01 over avalanche", potentialSavings: 1 });
    expect(method.strategy).toContain("on Card A (the smallest balance)");
  });

  test("a rate-less debt list has no highest-rate strategy", () => {
    const titlesOf = debts([debt("d1", "Friend", 50000, 0, 5000), debt("d2", "Family", 90000, 0, 5000)]).map((strategy) => strategy.title);
    expect(titlesOf).toEqual(["Avalanche and snowball cost the same"]);
  });

  test("one debt: the plan with the extra against the minimum alone", () => {
    // $1,100 a month: month 1 interest $10.00, then the whole $1,010.00 is paid.
    expect(debts([visa], 100000)).toEqual([
      {
        title: "Paying $1,100.00 a month clears Visa in 1 month",
        description: "Paying $1,100.00 a month (minimums plus $1,000.00 extra) clears Visa in 1 month with $10.00 interest. The minimum alone: 11 months and $58.98 interest.",
        strategy: "Pay $1,100.00 to Visa every month, set up as an automatic payment.",
        potentialSavings: 4898,
        difficulty: "medium",
        citations: [{ kind: "debt", id: "d1", label: "Visa" }],
      },
    ]);
  });

  test("a minimum below the interest is urgent and comes first; payments that cannot beat the interest say so", () => {
    // $10,000 at 24%: $200.00 interest a month against a $50.00 minimum; with $100 extra, $150 a month.
    const stuck = debt("d1", "Visa", 1000000, 2400, 5000);
    const [urgent, method, ...rest] = debts([stuck], 10000);
    expect(urgent).toEqual({
      title: "Urgent: Visa's minimum never pays it down",
      description: "Visa: the $50.00 minimum is less than the $200.00 interest it charges each month, so its $10,000.00 balance never goes down.",
      // The 36-month payment of $10,000 at 2% a month: 200 / (1 − 1.02^−36) = 392.329… → $392.33.
      strategy: "Pay more than the interest now: $392.33 a month on Visa clears it in 3 years. Call the lender to ask for a lower rate or a hardship plan.",
      potentialSavings: null,
      difficulty: "hard",
      citations: [{ kind: "debt", id: "d1", label: "Visa" }],
    });
    expect(method).toEqual({
      title: "Your payments cannot clear your debts",
      description: "Your minimums plus $100.00 extra: $150.00 a month, but the debts charge $200.00 in interest a month, so the balances would never go down.",
      strategy: "Pay at least $50.01 more each month just to start bringing the balances down, and put it on Visa (the highest rate).",
      potentialSavings: null,
      difficulty: "hard",
      citations: [{ kind: "debt", id: "d1", label: "Visa" }],
    });
    expect(rest).toEqual([]);
  });

  test("a minimum equal to the interest also never pays down; a plan beyond 100 years says so", () => {
    // $12,000 at 1%: $10.00 interest a month, equal to the minimum; a cent extra shrinks it too slowly to finish in 1,200 months.
    const [urgent, method] = debts([debt("d1", "Loan", 1200000, 100, 1000, "loan")], 1);
    expect(urgent.description).toBe("Loan: the $10.00 minimum only equals the $10.00 interest it charges each month, so its $12,000.00 balance never goes down.");
    expect(method.description).toBe("At your minimums plus $0.01 extra: $10.01 a month, the debts would take more than 100 years to pay off.");
    expect(method.strategy).toBe("Raise the monthly payment and put every extra dollar on Loan (the highest rate).");
  });

  test("a 0% debt with no minimum is stuck too; clearing it in 3 years is its balance over 36, rounded up", () => {
    const [urgent] = debts([debt("d1", "Friend", 50000, 0, 0, "other")]);
    // $500.00 / 36 = $13.888… → $13.89.
    expect(urgent.strategy).toBe("Pay more than the interest now: $13.89 a month on Friend clears it in 3 years. Call the lender to ask for a lower rate or a hardship plan.");
  });

  test("two stuck debts are listed in one urgent strategy citing both", () => {
    const [urgent] = debts([debt("d1", "Visa", 1000000, 2400, 5000), debt("d2", "Store", 100000, 2400, 1000)], 100000);
    expect(urgent.title).toBe("Urgent: 2 minimums never pay their debts down");
    expect(urgent.citations.map((citation) => citation.id)).toEqual(["d1", "d2"]);
  });

  test("when only avalanche finishes, it is the one advised", () => {
    // Snowball pays the 0% debt first while the 24% one, on a $1 minimum, grows past what $211 a month can cover.
    const [, method] = debts([debt("z", "Zero", 100000, 0, 100), debt("b", "Big", 1000000, 2400, 100)], 20900);
    expect(method.title).toBe("Avalanche: the only method that clears your debts");
    expect(method.description).toContain("snowball (smallest balance first) would take more than 100 years while the high-rate debt grows");
    expect(method.citations).toEqual([{ kind: "debt", id: "b", label: "Big" }]);
  });

  describe("debt rule 4: debt payments in recent transactions", () => {
    const recent: InsightTransaction[] = [
      { id: "p1", type: "expense", category: "debt_d1", amount: cents(5000), date: "2025-11-03", description: "Visa payment" },
      { id: "g1", type: "expense", category: "food", amount: cents(3000), date: "2025-11-02", description: "Groceries" },
      { id: "p2", type: "expense", category: "debt_d1", amount: cents(25000), date: "2025-10-03", description: "" },
      { id: "x1", type: "expense", category: "debt_gone", amount: cents(9000), date: "2025-10-02", description: "Old loan" },
      { id: "r1", type: "income", category: "debt_d1", amount: cents(1000), date: "2025-10-01", description: "Refund" },
    ];

    test("payments are totalled per debt and cited; a missing payment and a payment below the minimum are pointed out", () => {
      const strategies = debts([visa, store], 100000, recent);
      expect(strategies).toHaveLength(3);
      expect(strategies[2]).toEqual({
        title: "$300.00 paid toward your debts recently",
        description:
          "Your 5 most recent transactions include 2 debt payments: Visa $300.00 (2 payments, latest Nov 3). Note that the latest Visa payment, $50.00, is below its $100.00 minimum. No payment to Store Card appears among them.",
        strategy:
          "Check that Store Card is not overdue, then make every minimum an automatic payment on payday so none is missed, and send anything above the minimums to Visa (the highest rate).",
        potentialSavings: null,
        difficulty: "easy",
        citations: [
          { kind: "debt", id: "d1", label: "Visa" },
          { kind: "transaction", id: "p1", label: "Nov 3 · Visa payment · $50.00" },
          { kind: "transaction", id: "p2", label: "Oct 3 · Visa · $250.00" },
        ],
      });
    });

    test("without debt payments there is no such strategy", () => {
      expect(debts([visa, store], 100000, recent.filter((transaction) => !transaction.id.startsWith("p"))).map((strategy) => strategy.title)).toEqual([
        "Avalanche saves $1.82 over snowball",
        "Visa costs $10.00 a month in interest",
      ]);
    });
  });

  test("the same input gives the same output", () => {
    const list = [visa, store, debt("d3", "Car", 1200000, 650, 30000, "car_loan")];
    expect(debts(list)).toEqual(debts(list));
  });
});
