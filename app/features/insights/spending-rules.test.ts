import { describe, expect, test } from "vitest";
import type { MonthTotals } from "~/features/transactions/month-summary";
import { toCents } from "~/lib/money";
import type { Insight, InsightCategory, InsightTransaction } from "./insights";
import { difficultyOfCut, normalisePayee, spendingRules, type SpendingRulesInput } from "./spending-rules";

const cents = toCents;

/** A month's totals with these expenses per category (no income placed against them) and this income in `salary`. */
function spend(expenses: Record<string, number>, income = 0): MonthTotals {
  const categories: MonthTotals["categories"] = {};
  for (const [id, expense] of Object.entries(expenses)) categories[id] = { income: 0, expense, allocated: 0 };
  if (income > 0) categories.salary = { income, expense: 0, allocated: 0 };
  const expense = Object.values(expenses).reduce((sum, amount) => sum + amount, 0);
  return { income, expense, count: Object.keys(categories).length, unconverted: 0, categories };
}

const EMPTY: MonthTotals = { income: 0, expense: 0, count: 0, unconverted: 0, categories: {} };

function category(id: string, name: string, planned = 0, type: "income" | "expense" = "expense"): InsightCategory {
  return { id, name, type, planned: cents(planned) };
}

const CATEGORIES = [
  category("salary", "Paycheck 1", 0, "income"),
  category("investments", "Investments", 0, "income"),
  category("housing", "Housing"),
  category("food", "Food & Dining"),
  category("transportation", "Transportation"),
  category("shopping", "Shopping"),
  category("entertainment", "Entertainment"),
  category("travel", "Travel"),
  category("savings", "Savings"),
  category("debt_d1", "💳 Visa"),
];

function withPlans(plans: Record<string, number>) {
  return CATEGORIES.map((entry) => (entry.id in plans ? { ...entry, planned: cents(plans[entry.id]) } : entry));
}

let nextId = 0;
function expense(date: string, categoryId: string, amount: number, description = "", id = `t${++nextId}`): InsightTransaction {
  return { id, type: "expense", category: categoryId, amount: cents(amount), date, description };
}

function input(overrides: Partial<SpendingRulesInput>): SpendingRulesInput {
  return { month: "2025-11", currency: "USD", categories: CATEGORIES, current: EMPTY, previous: EMPTY, monthlyBudget: cents(0), history: [], ...overrides };
}

function titles(insights: Insight[]) {
  return insights.map((insight) => insight.title);
}

function insightTitled(insights: Insight[], title: string) {
  const found = insights.find((insight) => insight.title === title);
  if (!found) throw new Error(`no insight "${title}" among ${JSON.stringify(titles(insights))}`);
  return found;
}

describe("with no data at all", () => {
  test("one insight asks for transactions, with no citations, and there are no patterns", () => {
    const result = spendingRules(input({}));
    expect(result.patterns).toEqual([]);
    expect(result.insights).toEqual([
      {
        title: "Add transactions to get insights",
        description: "There are no transactions yet, so there is nothing to analyse.",
        recommendation: "Add your income and expenses for November 2025, or import them from a bank file, and insights will appear here.",
        potentialSavings: null,
        confidence: 0.7,
        difficulty: "easy",
        citations: [],
      },
    ]);
  });

  test("a history of only malformed dates counts as none, and nothing throws", () => {
    const history = [expense("2025-13-45", "food", 1000, "Bad month"), expense("", "food", 1000, "No date")];
    expect(titles(spendingRules(input({ history })).insights)).toEqual(["Add transactions to get insights"]);
  });

  test("an empty month after a month with data says the month has no transactions yet", () => {
    const result = spendingRules(input({ previous: spend({ food: 50000 }) }));
    expect(result.insights).toHaveLength(1);
    expect(result.insights[0]).toMatchObject({ title: "No transactions in November 2025 yet", citations: [], potentialSavings: null });
    expect(result.patterns).toEqual([]);
  });

  test("a month with data but nothing to flag says so and names its largest category", () => {
    const result = spendingRules(input({ current: spend({ housing: 150000, food: 20000 }), previous: spend({ housing: 150000, food: 20000 }) }));
    expect(result.insights).toEqual([
      {
        title: "No problems found in November 2025",
        description: "You spent $1,700.00 in November 2025; your largest category was Housing ($1,500.00). No category is over its budget and no expense stands out from its usual amount.",
        recommendation: "Give Housing a budget so next month's insights can measure it against a plan.",
        potentialSavings: null,
        confidence: 0.7,
        difficulty: "easy",
        citations: [{ kind: "category", id: "housing", label: "Housing" }],
      },
    ]);
  });
});

describe("spending rule 1: top categories and their change from last month", () => {
  const foodHistory = [
    expense("2025-11-12", "food", 6000, "Costco", "f-nov-12"),
    expense("2025-11-03", "food", 1250, "Coffee", "f-nov-3"),
    expense("2025-11-20", "food", 7000, "", "f-nov-20"),
    expense("2025-11-21", "food", 4000, "Deli", "f-nov-21"),
    expense("2025-10-10", "food", 50000, "Groceries", "f-oct"),
    expense("2025-09-10", "food", 50000, "Groceries", "f-sep"),
  ];

  test("an increase of 28% and $140 is an insight saving the increase, citing the category and its 3 largest expenses", () => {
    const { insights } = spendingRules(input({ current: spend({ food: 64000 }), previous: spend({ food: 50000 }), history: foodHistory }));
    expect(insights).toEqual([
      {
        title: "Food & Dining up 28.0% from October",
        // The largest expense, $70.00, is exactly half of the $140.00 rise, not more: no one-off hint.
        description: "Food & Dining: $640.00 this month, up $140.00 (28.0%) from October.",
        recommendation: "Aim to bring Food & Dining back to October's $500.00: that saves $140.00 a month.",
        potentialSavings: 14000,
        // Food had expenses in 2 months before November (September, October): 0.5 + 2 × 0.05.
        confidence: 0.6,
        // $140 of $640 is 21.9%: more than a tenth, at most a quarter.
        difficulty: "medium",
        citations: [
          { kind: "category", id: "food", label: "Food & Dining" },
          { kind: "transaction", id: "f-nov-20", label: "Nov 20 · Food & Dining · $70.00" },
          { kind: "transaction", id: "f-nov-12", label: "Nov 12 · Costco · $60.00" },
          { kind: "transaction", id: "f-nov-21", label: "Nov 21 · Deli · $40.00" },
        ],
      },
    ]);
  });

  test("a rise of more than ten times last month's spending says so, not an exploding percentage (decision 221)", () => {
    const { insights, patterns } = spendingRules(input({ current: spend({ food: 652399 }), previous: spend({ food: 125 }), history: [expense("2025-10-10", "food", 125, "Gum")] }));
    const insight = insightTitled(insights, "Food & Dining up more than 10× from October");
    expect(insight.description).toMatch(/^Food & Dining: \$6,523\.99 this month, up \$6,522\.74 \(more than 10×\) from October\./);
    expect(patterns[0].anomaly).toBe("Up more than 10× from October ($6,522.74 more).");
  });

  test("a single expense above half the rise is pointed out as a possible one-off", () => {
    const history = [expense("2025-11-12", "food", 8000, "Birthday dinner", "big")];
    const [insight] = spendingRules(input({ current: spend({ food: 64000 }), previous: spend({ food: 50000 }), history })).insights;
    expect(insight.description).toBe(
      "Food & Dining: $640.00 this month, up $140.00 (28.0%) from October. One expense, Nov 12 · Birthday dinner · $80.00, is more than half of that rise: check whether it was a one-off before cutting back.",
    );
  });

  test.each([
    // previous, current, flagged
    [20000, 22000, true], // +$20.00 and +10.0%: both edges met
    [20200, 22200, false], // +$20.00 but +9.9%
    [10000, 11999, false], // +20.0% but $19.99
    [10000, 12000, true], // +20.0% and $20.00
    [50000, 40000, false], // a fall
  ])("food from %i to %i cents: an insight is %s", (previous, current, flagged) => {
    const { insights } = spendingRules(input({ current: spend({ food: current }), previous: spend({ food: previous }) }));
    expect(insights.some((insight) => insight.title.startsWith("Food & Dining up"))).toBe(flagged);
  });

  test("spending in a category that had none last month is new spending, when last month has data", () => {
    const result = spendingRules(input({ current: spend({ food: 50000, travel: 80000 }), previous: spend({ food: 50000 }) }));
    expect(result.insights[0]).toMatchObject({
      title: "New spending on Travel: $800.00",
      description: "Travel: $800.00 this month, new this month (nothing in October).",
      recommendation: "Decide whether Travel is a new regular cost; if not, not repeating it saves $800.00 next month.",
      potentialSavings: 80000,
      difficulty: "hard",
    });
    expect(result.patterns.find((pattern) => pattern.categoryId === "travel")).toMatchObject({ trend: "increasing", anomaly: "New this month: nothing was spent on it in October." });
  });

  test("without last month's figures nothing counts as a rise, and the patterns say there is nothing to compare, with no trend", () => {
    const history = [expense("2025-09-10", "food", 50000, "Groceries", "f-sep")];
    const result = spendingRules(input({ current: spend({ food: 64000 }), history }));
    expect(result.insights.some((insight) => insight.title.includes(" up "))).toBe(false);
    expect(result.patterns).toEqual([
      {
        categoryId: "food",
        categoryName: "Food & Dining",
        pattern: "Food & Dining: $640.00 this month, no figures for October to compare with.",
        trend: null,
        anomaly: null,
        citations: [{ kind: "category", id: "food", label: "Food & Dining" }],
      },
    ]);
  });

  test("a category's spend is its expenses less the income placed against it", () => {
    const current: MonthTotals = { income: 0, expense: 70000, count: 3, unconverted: 0, categories: { food: { income: 0, expense: 70000, allocated: 15000 } } };
    const [pattern] = spendingRules(input({ current, previous: spend({ food: 50000 }) })).patterns;
    expect(pattern.pattern).toBe("Food & Dining: $550.00 this month, up $50.00 (10.0%) from October.");
  });

  test("uncategorized spending is a category of its own, whatever the empty id its expenses carry", () => {
    const history = [expense("2025-11-04", "", 5000, "Market", "market")];
    const [pattern] = spendingRules(input({ current: spend({ uncategorized: 5000 }), previous: spend({ uncategorized: 5000 }), history })).patterns;
    expect(pattern).toMatchObject({
      categoryId: "uncategorized",
      categoryName: "Uncategorized",
      citations: [
        { kind: "category", id: "uncategorized", label: "Uncategorized" },
        { kind: "transaction", id: "market", label: "Nov 4 · Market · $50.00" },
      ],
    });
  });

  test("savings and debt payments are not spending: no rise, no pattern", () => {
    const result = spendingRules(input({ current: spend({ savings: 80000, debt_d1: 60000, food: 10000 }), previous: spend({ savings: 20000, debt_d1: 20000, food: 10000 }) }));
    expect(result.patterns.map((pattern) => pattern.categoryId)).toEqual(["food"]);
    expect(result.insights.some((insight) => insight.title.includes("Savings up") || insight.title.includes("Visa"))).toBe(false);
  });

  test("patterns: the top 5 categories by spend, each with its change, expenses and largest expense", () => {
    const current = spend({ housing: 150000, food: 64000, transportation: 30000, shopping: 15000, entertainment: 4990, travel: 1000 });
    const previous = spend({ housing: 150000, food: 50000, transportation: 33400, shopping: 10000, entertainment: 10000, travel: 1000 });
    const history = [expense("2025-11-01", "housing", 150000, "Rent", "rent"), expense("2025-11-05", "shopping", 9000, "Shoes", "shoes"), expense("2025-11-06", "shopping", 6000, "Books", "books")];
    const { patterns } = spendingRules(input({ current, previous, history }));
    expect(patterns.map((pattern) => [pattern.categoryName, pattern.trend, pattern.anomaly])).toEqual([
      ["Housing", "stable", null],
      ["Food & Dining", "increasing", null], // +28.0%
      ["Transportation", "decreasing", null], // −10.2%
      ["Shopping", "increasing", "Up 50.0% from October ($50.00 more)."], // exactly +50%
      ["Entertainment", "decreasing", "Down 50.1% from October ($50.10 less)."],
    ]);
    expect(patterns[0]).toEqual({
      categoryId: "housing",
      categoryName: "Housing",
      pattern: "Housing: $1,500.00 this month, the same as in October. 1 expense; the largest: Nov 1 · Rent · $1,500.00.",
      trend: "stable",
      anomaly: null,
      citations: [
        { kind: "category", id: "housing", label: "Housing" },
        { kind: "transaction", id: "rent", label: "Nov 1 · Rent · $1,500.00" },
      ],
    });
    expect(patterns[3].pattern).toBe("Shopping: $150.00 this month, up $50.00 (50.0%) from October. 2 expenses; the largest: Nov 5 · Shoes · $90.00.");
  });

  test.each([
    // previous, current, trend, anomaly
    [10000, 10990, "stable", false], // +9.9%
    [10000, 11000, "increasing", false], // +10.0%
    [10000, 9010, "stable", false], // −9.9%
    [10000, 9000, "decreasing", false], // −10.0%
    [10000, 14990, "increasing", false], // +49.9%
    [10000, 15000, "increasing", true], // +50.0%
    [10000, 5000, "decreasing", true], // −50.0%
  ] as const)("from %i to %i cents: %s, anomaly %s", (previous, current, trend, anomaly) => {
    const [pattern] = spendingRules(input({ current: spend({ food: current }), previous: spend({ food: previous }) })).patterns;
    expect(pattern.trend).toBe(trend);
    expect(pattern.anomaly !== null).toBe(anomaly);
  });
});

describe("spending rule 2: categories over budget", () => {
  const history = [
    expense("2025-11-08", "transportation", 20000, "Car repair", "repair"),
    expense("2025-11-02", "transportation", 6000, "Fuel", "fuel-1"),
    expense("2025-11-16", "transportation", 6000, "Fuel", "fuel-2"),
    expense("2025-11-20", "transportation", 6520, "Parking", "parking"),
  ];

  test("an overage is an insight saving it, citing the category and its 3 largest expenses of the month", () => {
    const { insights } = spendingRules(
      input({ categories: withPlans({ transportation: 30000 }), current: spend({ transportation: 38520 }), previous: spend({ transportation: 38520 }), history }),
    );
    expect(insights).toEqual([
      {
        title: "Transportation is $85.20 over budget",
        description: "Transportation is $85.20 over its $300.00 budget (128.4%): $385.20 spent in November 2025, the same as in October.",
        recommendation:
          "Keep Transportation to $300.00 next month, starting with its largest expenses; if $385.20 is what it really costs, raise its budget and trim another category instead.",
        potentialSavings: 8520,
        confidence: 0.95,
        // $85.20 of $385.20 is 22.1%.
        difficulty: "medium",
        citations: [
          { kind: "category", id: "transportation", label: "Transportation" },
          { kind: "transaction", id: "repair", label: "Nov 8 · Car repair · $200.00" },
          { kind: "transaction", id: "parking", label: "Nov 20 · Parking · $65.20" },
          // Two fuel expenses of $60.00: the later one first.
          { kind: "transaction", id: "fuel-2", label: "Nov 16 · Fuel · $60.00" },
        ],
      },
    ]);
  });

  test.each([
    [30000, 30000, false], // exactly on budget
    [30000, 30001, true], // one cent over
    [0, 38520, false], // no budget
  ])("planned %i, spent %i: over budget %s", (planned, spent, over) => {
    const { insights } = spendingRules(input({ categories: withPlans({ transportation: planned }), current: spend({ transportation: spent }), previous: spend({ transportation: spent }) }));
    expect(insights.some((insight) => insight.title.startsWith("Transportation is"))).toBe(over);
  });

  test("a category both over budget and up from last month gets one insight, which tells the rise", () => {
    const { insights } = spendingRules(input({ categories: withPlans({ transportation: 30000 }), current: spend({ transportation: 38520 }), previous: spend({ transportation: 30000 }) }));
    expect(titles(insights)).toEqual(["Transportation is $85.20 over budget"]);
    expect(insights[0].description).toBe("Transportation is $85.20 over its $300.00 budget (128.4%): $385.20 spent in November 2025, up $85.20 (28.4%) from October.");
  });

  test("saving or paying a debt beyond its plan is not overspending", () => {
    const { insights } = spendingRules(input({ categories: withPlans({ savings: 10000, debt_d1: 10000 }), current: spend({ savings: 20000, debt_d1: 20000 }), previous: spend({ savings: 20000, debt_d1: 20000 }) }));
    expect(insights.some((insight) => insight.title.includes("over budget"))).toBe(false);
  });

  test("difficulty: cutting up to a tenth is easy, up to a quarter medium, more hard", () => {
    expect([difficultyOfCut(100, 1000), difficultyOfCut(101, 1000), difficultyOfCut(250, 1000), difficultyOfCut(251, 1000)]).toEqual(["easy", "medium", "medium", "hard"]);
  });
});

describe("spending rule 3: unusual transactions", () => {
  // Four earlier Shopping expenses: $10, $20, $30, $40, so the median is $25.00.
  const earlier = [
    expense("2025-07-10", "shopping", 1000, "Socks"),
    expense("2025-08-10", "shopping", 2000, "Shirt"),
    expense("2025-09-10", "shopping", 3000, "Jeans"),
    expense("2025-10-10", "shopping", 4000, "Jacket"),
  ];

  function unusualFor(history: InsightTransaction[], month = "2025-11") {
    const totals = spend({ shopping: 10000 });
    return spendingRules(input({ month, current: totals, previous: totals, history })).insights.filter((insight) => insight.title.includes("nusually large"));
  }

  test("3× the median and $50 above it, with 4 earlier expenses, is unusual; cited, with no saving claimed", () => {
    const history = [expense("2025-11-20", "shopping", 7500, "Best Buy", "best-buy"), ...earlier];
    expect(unusualFor(history)).toEqual([
      {
        title: "Unusually large Shopping expense: $75.00",
        description: "Nov 20 · Best Buy · $75.00 is 3.0× your usual Shopping expense of $25.00 (the median of 4 earlier ones).",
        recommendation:
          "Check that it is right (not a duplicate, a wrong amount or a charge you did not make) and ask for a refund if not. If it was a planned one-off, put a little aside each month for the next one.",
        potentialSavings: null,
        // 0.5 + 4 × 0.04
        confidence: 0.66,
        difficulty: "easy",
        citations: [
          { kind: "category", id: "shopping", label: "Shopping" },
          { kind: "transaction", id: "best-buy", label: "Nov 20 · Best Buy · $75.00" },
        ],
      },
    ]);
  });

  test("just under 3× the median is not unusual", () => {
    expect(unusualFor([expense("2025-11-20", "shopping", 7499, "Best Buy"), ...earlier])).toEqual([]);
  });

  test("3× the median but less than $50 above it is not unusual", () => {
    // Median $10.00: $59.99 is 6× but only $49.99 above; $60.00 is $50.00 above.
    const cheap = [1000, 1000, 1000, 1000].map((amount, index) => expense(`2025-0${6 + index}-01`, "shopping", amount, "Socks"));
    expect(unusualFor([expense("2025-11-20", "shopping", 5999, "Gift"), ...cheap])).toEqual([]);
    expect(unusualFor([expense("2025-11-20", "shopping", 6000, "Gift"), ...cheap])).toHaveLength(1);
  });

  test("three earlier expenses are too few to judge by", () => {
    expect(unusualFor([expense("2025-11-20", "shopping", 50000, "TV"), ...earlier.slice(1)])).toEqual([]);
  });

  test("only expenses before it count, and only the month's expenses are judged", () => {
    const later = expense("2025-11-25", "shopping", 2500, "Belt");
    // The same $75.00 in October is last month's: not judged.
    expect(unusualFor([later, expense("2025-10-20", "shopping", 7500, "Best Buy"), ...earlier])).toEqual([]);
    // On Nov 20 only the four expenses before it count (the Nov 25 one comes after it).
    expect(unusualFor([later, expense("2025-11-20", "shopping", 7500, "Best Buy"), ...earlier])).toHaveLength(1);
  });

  test("several unusual expenses of one category make one insight, largest first", () => {
    const history = [expense("2025-11-20", "shopping", 9000, "Phone", "phone"), expense("2025-11-21", "shopping", 30000, "Laptop", "laptop"), ...earlier];
    const [insight] = unusualFor(history);
    expect(insight.title).toBe("2 unusually large Shopping expenses");
    // Each is judged by the expenses before it: the laptop's earlier ones include the phone, 5 in all, median $30.00.
    expect(insight.description).toBe(
      "Nov 21 · Laptop · $300.00 is 10.0× your usual Shopping expense of $30.00 (the median of 5 earlier ones). Nov 20 · Phone · $90.00 is 3.6× your usual Shopping expense of $25.00 (the median of 4 earlier ones).",
    );
    expect(insight.citations.map((citation) => citation.id)).toEqual(["shopping", "laptop", "phone"]);
  });
});

describe("spending rule 4: recurring charges by payee and interval", () => {
  test.each([
    ["NETFLIX.COM 11/03 #8842", "netflix com"],
    ["Spotify P0A1B2 Nov 2025", "spotify"],
    ["  Gym   Membership - REF 123 ", "gym membership ref"],
    ["Café Müller, Oct", "café müller"],
    ["12345", ""],
  ])("payee of %j is %j", (description, payee) => {
    expect(normalisePayee(description)).toBe(payee);
  });

  const netflix = [
    expense("2025-11-05", "entertainment", 1799, "NETFLIX.COM 11/05", "netflix-nov"),
    expense("2025-10-05", "entertainment", 1549, "NETFLIX.COM 10/05", "netflix-oct"),
    expense("2025-09-04", "entertainment", 1549, "NETFLIX.COM 09/04", "netflix-sep"),
  ];
  const coffee = ["2025-11-01", "2025-11-08", "2025-11-15", "2025-11-22"].map((date, index) => expense(date, "food", 1000, `Coffee Club #${index}`, `coffee-${index}`));

  function recurringInsight(history: InsightTransaction[]) {
    const totals = spend({ entertainment: 1799, food: 4000 });
    return spendingRules(input({ current: totals, previous: totals, history })).insights.find((insight) => insight.title.includes("recurring"));
  }

  test("monthly and weekly charges are found, with their monthly cost, total and the smallest as the saving", () => {
    expect(recurringInsight([...netflix, ...coffee])).toEqual({
      // Weekly $10.00 is $10.00 × 52 / 12 = $43.33 a month; with Netflix's $17.99, $61.32.
      title: "2 recurring charges: $61.32 a month",
      description:
        "Found by payee and timing in your last 12 months: Coffee Club $10.00 weekly ($43.33 a month); NETFLIX.COM $17.99 monthly, up from $15.49. Together $61.32 a month, $735.84 a year.",
      recommendation: "Review each one and cancel what you no longer use: dropping just the smallest, NETFLIX.COM, saves $17.99 a month ($215.88 a year).",
      potentialSavings: 1799,
      // The fewest charges is 3: 0.6.
      confidence: 0.6,
      difficulty: "easy",
      citations: [
        { kind: "transaction", id: "coffee-3", label: "Nov 22 · Coffee Club #3 · $10.00" },
        { kind: "transaction", id: "netflix-nov", label: "Nov 5 · NETFLIX.COM 11/05 · $17.99" },
      ],
    });
  });

  test("the pattern of a category mentions its recurring charges", () => {
    const totals = spend({ entertainment: 1799 });
    const [pattern] = spendingRules(input({ current: totals, previous: totals, history: netflix })).patterns;
    expect(pattern.pattern).toBe("Entertainment: $17.99 this month, the same as in October. 1 expense; the largest: Nov 5 · NETFLIX.COM 11/05 · $17.99. Recurring: NETFLIX.COM ($17.99 a month).");
  });

  test("four charges raise the confidence by 0.05", () => {
    expect(recurringInsight([...netflix, expense("2025-08-04", "entertainment", 1549, "Netflix.com 08/04")])?.confidence).toBe(0.65);
  });

  test("a yearly charge costs a twelfth of it a month", () => {
    const yearly = ["2025-11-10", "2024-11-09", "2023-11-10"].map((date) => expense(date, "entertainment", 12000, "Cloud Storage Annual"));
    expect(recurringInsight(yearly)?.title).toBe("1 recurring charge: $10.00 a month");
  });

  test("two charges are not enough", () => {
    expect(recurringInsight(netflix.slice(0, 2))).toBeUndefined();
  });

  test("an interval outside every cadence is not recurring", () => {
    const everyTwentyDays = ["2025-11-20", "2025-10-31", "2025-10-11"].map((date) => expense(date, "entertainment", 1000, "Arcade"));
    expect(recurringInsight(everyTwentyDays)).toBeUndefined();
  });

  test("amounts must stay within 20% of the latest", () => {
    const charges = (earlierAmount: number) => [expense("2025-11-05", "entertainment", 1000, "Gym"), expense("2025-10-05", "entertainment", 1000, "Gym"), expense("2025-09-05", "entertainment", earlierAmount, "Gym")];
    expect(recurringInsight(charges(1200))?.title).toBe("1 recurring charge: $10.00 a month");
    expect(recurringInsight(charges(1201))).toBeUndefined();
  });

  test("a charge that stopped more than one interval before the month's end is not reported", () => {
    const stopped = ["2025-10-25", "2025-09-25", "2025-08-25"].map((date) => expense(date, "entertainment", 1000, "Old Magazine"));
    // Oct 25 to Nov 30 is 36 days, beyond the 35 a monthly charge may take.
    expect(recurringInsight(stopped)).toBeUndefined();
    const running = ["2025-10-26", "2025-09-26", "2025-08-26"].map((date) => expense(date, "entertainment", 1000, "Old Magazine"));
    expect(recurringInsight(running)).toBeDefined();
  });

  test("regular savings transfers and debt payments are not subscriptions", () => {
    const transfers = ["2025-11-01", "2025-10-01", "2025-09-01"].flatMap((date) => [expense(date, "savings", 50000, "Transfer to savings"), expense(date, "debt_d1", 20000, "Visa payment")]);
    expect(recurringInsight(transfers)).toBeUndefined();
  });
});

describe("spending rule 5: savings rate against the plan", () => {
  const categories = withPlans({ savings: 50000 });

  test("saving less than planned is an insight with the shortfall; with money left, move it now", () => {
    const current = spend({ savings: 20000, housing: 150000 }, 400000);
    const { insights } = spendingRules(input({ categories, current, previous: current }));
    expect(insightTitled(insights, "Savings $300.00 short of plan")).toEqual({
      title: "Savings $300.00 short of plan",
      description: "You put $200.00 into Savings in November 2025 against $500.00 planned: a savings rate of 5.0% of your $4,000.00 income.",
      // $4,000.00 income less $1,700.00 of expenses leaves $2,300.00.
      recommendation: "You still have $2,300.00 left after this month's expenses: move $300.00 to Savings now to meet the plan.",
      potentialSavings: 30000,
      confidence: 0.95,
      // $300 of $4,000 income is 7.5%.
      difficulty: "easy",
      citations: [{ kind: "category", id: "savings", label: "Savings" }],
    });
  });

  test("without the money left, a payday transfer is suggested", () => {
    const current = spend({ savings: 20000, housing: 370000 }, 400000);
    const { insights } = spendingRules(input({ categories, current, previous: current }));
    // $4,000.00 less $3,900.00 leaves $100.00, short of the $300.00.
    expect(insightTitled(insights, "Savings $300.00 short of plan").recommendation).toBe("Set up an automatic transfer of $500.00 to Savings on payday, so saving happens before spending.");
  });

  test("without income there is no savings insight", () => {
    const current = spend({ savings: 20000, housing: 150000 });
    expect(spendingRules(input({ categories, current, previous: current })).insights.some((insight) => insight.title.includes("Savings") || insight.title.includes("saved"))).toBe(false);
  });

  test("a rate of 20% or more, meeting the plan, is a positive insight", () => {
    const current = spend({ savings: 80000, housing: 150000 }, 400000);
    const { insights } = spendingRules(input({ categories, current, previous: current }));
    expect(insights).toEqual([
      {
        title: "You saved 20.0% of your income",
        description: "You put $800.00 into Savings out of $4,000.00 income in November 2025: at or above the 20% many planners aim for.",
        // Net expenses $2,300.00: 3 months is $6,900.00, 6 months $13,800.00.
        recommendation:
          "Keep the transfer automatic. Once an emergency fund covers 3 to 6 months of expenses ($6,900.00 to $13,800.00 at this month's spending), send the surplus to investments or to paying off debt early.",
        potentialSavings: null,
        confidence: 0.95,
        difficulty: "easy",
        citations: [{ kind: "category", id: "savings", label: "Savings" }],
      },
    ]);
  });

  test("meeting the plan below 20% says nothing; with no plan, the gap to 20% is an insight", () => {
    const current = spend({ savings: 79600, housing: 150000 }, 400000);
    expect(spendingRules(input({ categories: withPlans({ savings: 79600 }), current, previous: current })).insights.map((insight) => insight.title)).toEqual(["No problems found in November 2025"]);
    const [insight] = spendingRules(input({ current, previous: current })).insights;
    expect(insight).toMatchObject({
      title: "Savings rate 19.9%: below 20%",
      description: "You saved $796.00 of your $4,000.00 income in November 2025 (19.9%). Saving 20% would mean $800.00.",
      recommendation: "Give Savings a monthly budget of $800.00 and transfer it on payday.",
      potentialSavings: 400,
      difficulty: "easy",
    });
  });

  test("an income category named Investments is not savings", () => {
    const current = spend({ housing: 150000 }, 400000);
    current.categories.investments = { income: 100000, expense: 0, allocated: 0 };
    const [insight] = spendingRules(input({ current, previous: current })).insights;
    expect(insight.title).toBe("Savings rate 0.0%: below 20%");
    expect(insight.potentialSavings).toBe(80000);
  });
});

describe("spending rule 6: the overall monthly budget", () => {
  test("net expenses above the budget are an insight with the overage, citing the 3 largest categories and naming the biggest rise", () => {
    const current = spend({ housing: 150000, food: 30000, transportation: 15000, shopping: 5000 });
    const previous = spend({ housing: 150000, food: 28000, transportation: 14000, shopping: 5000 });
    const { insights } = spendingRules(input({ current, previous, monthlyBudget: cents(180000) }));
    expect(insightTitled(insights, "$200.00 over your monthly budget")).toEqual({
      title: "$200.00 over your monthly budget",
      description:
        "You spent $2,000.00 in November 2025 against a $1,800.00 budget (111.1%), not counting savings, debt and card payments or transfers. Largest categories: Housing $1,500.00, Food & Dining $300.00, Transportation $150.00.",
      recommendation: "To get back under $1,800.00, start with the biggest rise from October: Food & Dining, up $20.00.",
      potentialSavings: 20000,
      confidence: 0.95,
      // $200 of $2,000 is a tenth.
      difficulty: "easy",
      citations: [
        { kind: "category", id: "housing", label: "Housing" },
        { kind: "category", id: "food", label: "Food & Dining" },
        { kind: "category", id: "transportation", label: "Transportation" },
      ],
    });
  });

  test.each([
    [180000, 180000, 0, false], // exactly on budget
    [180000, 180001, 0, true], // a cent over
    [0, 180000, 0, false], // no budget
    [180000, 200000, 30000, false], // income placed against expenses brings net expenses to $1,700.00
  ])("budget %i, expenses %i, allocated %i: over %s", (budget, expenses, allocated, over) => {
    const current: MonthTotals = { income: 0, expense: expenses, count: 2, unconverted: 0, categories: { housing: { income: 0, expense: expenses, allocated } } };
    const { insights } = spendingRules(input({ current, previous: current, monthlyBudget: cents(budget) }));
    expect(insights.some((insight) => insight.title.includes("over your monthly budget"))).toBe(over);
  });
});

describe("a new user's first month, and money that is not spending", () => {
  /** Signed up this month: last month holds only the paycheck that came before the first expense. */
  const newUser = {
    current: spend({ housing: 120000, food: 42000, travel: 30000, debt_d1: 50000 }, 300000),
    previous: spend({}, 300000),
    history: [
      expense("2025-11-01", "housing", 120000, "Rent", "rent"),
      expense("2025-11-02", "food", 42000, "Groceries", "groceries"),
      expense("2025-11-09", "travel", 30000, "Train tickets", "train"),
      expense("2025-11-15", "debt_d1", 50000, "Visa payment", "visa"),
    ],
  };

  test("with no earlier month of spending there is no baseline: no Rising, no New this month, plain words instead", () => {
    const { insights, patterns } = spendingRules(input(newUser));
    expect(patterns.map((pattern) => [pattern.categoryName, pattern.trend, pattern.anomaly])).toEqual([
      ["Housing", null, null],
      ["Food & Dining", null, null],
      ["Travel", null, null],
    ]);
    expect(patterns[0].pattern).toBe("Housing: $1,200.00 this month. Your first month: trends appear once you have two months of data. 1 expense; the largest: Nov 1 · Rent · $1,200.00.");
    expect(titles(insights).filter((title) => / up |New spending/.test(title))).toEqual([]);
    expect(JSON.stringify(insights)).not.toContain("new this month");
  });

  test("an over-budget category in the first month says there is nothing to compare with yet", () => {
    const { insights } = spendingRules(input({ ...newUser, categories: withPlans({ food: 40000 }) }));
    expect(insightTitled(insights, "Food & Dining is $20.00 over budget").description).toBe(
      "Food & Dining is $20.00 over its $400.00 budget (105.0%): $420.00 spent in November 2025, your first month, so nothing to compare with yet.",
    );
  });

  test("the second month compares: a category up from the first is Rising", () => {
    const { patterns } = spendingRules(input({ month: "2025-12", current: spend({ food: 60000 }), previous: newUser.current, history: newUser.history }));
    expect(patterns[0]).toMatchObject({ categoryName: "Food & Dining", trend: "increasing" });
  });

  test("a card payment is not spending: no pattern, never potential savings, not over the monthly budget", () => {
    // Spending is $1,920.00 against a $2,000.00 budget; the $500.00 Visa payment would have put the month $420.00 over.
    const { insights, patterns } = spendingRules(input({ ...newUser, monthlyBudget: cents(200000) }));
    expect(patterns.map((pattern) => pattern.categoryId)).not.toContain("debt_d1");
    expect(titles(insights).some((title) => title.includes("over your monthly budget"))).toBe(false);
    expect(insights.flatMap((insight) => insight.citations).map((citation) => citation.id)).not.toContain("visa");
    expect(JSON.stringify(insights)).not.toContain("Visa");
  });

  test("over the monthly budget, the overage is the spending's alone, whatever the card payments", () => {
    const { insights } = spendingRules(input({ ...newUser, monthlyBudget: cents(180000) }));
    expect(insightTitled(insights, "$120.00 over your monthly budget")).toMatchObject({ potentialSavings: 12000 });
  });

  test("money moved between the user's own accounts is not spending, however large or regular", () => {
    const transfers = ["2025-09-28", "2025-10-28", "2025-11-28"].map((date, index) => expense(date, "__transfer", 90000, "Transfer to savings account", `move-${index}`));
    const current = { ...spend({ food: 42000 }), categories: { ...spend({ food: 42000 }).categories, __transfer: { income: 0, expense: 90000, allocated: 0 } } };
    const { insights, patterns } = spendingRules(input({ current, previous: spend({ food: 40000 }), history: [...newUser.history, ...transfers], monthlyBudget: cents(50000) }));
    expect(patterns.map((pattern) => pattern.categoryId)).toEqual(["food"]);
    expect(titles(insights).some((title) => title.includes("recurring") || title.includes("over your monthly budget"))).toBe(false);
  });
});

describe("ranking", () => {
  test("at most 6 insights, most money at stake first", () => {
    const categories = withPlans({ transportation: 30000, savings: 50000 });
    const current = spend({ housing: 150000, food: 64000, transportation: 38520, shopping: 60000, entertainment: 20000, travel: 10000, savings: 20000 }, 400000);
    const previous = spend({ housing: 150000, food: 50000, transportation: 30000, shopping: 10000, entertainment: 10000, travel: 5000, savings: 20000 }, 400000);
    const { insights } = spendingRules(input({ categories, current, previous, monthlyBudget: cents(330000) }));
    // Spending $3,425.20 (savings not counted) against $3,300.00.
    expect(insights.map((insight) => [insight.title, insight.potentialSavings])).toEqual([
      ["Shopping up 500.0% from October", 50000],
      ["Savings $300.00 short of plan", 30000],
      ["Food & Dining up 28.0% from October", 14000],
      ["$125.20 over your monthly budget", 12520],
      ["Entertainment up 100.0% from October", 10000],
      ["Transportation is $85.20 over budget", 8520],
      // Left out: Travel up $50.00.
    ]);
  });

  test("the same input gives the same output, whatever the order of the history", () => {
    const history = [
      expense("2025-11-20", "shopping", 48000, "Best Buy", "a"),
      ...["2025-07-10", "2025-08-10", "2025-09-10", "2025-10-10"].map((date, index) => expense(date, "shopping", 5000, "Target", `b${index}`)),
      ...["2025-11-05", "2025-10-05", "2025-09-05"].map((date, index) => expense(date, "entertainment", 1549, "Netflix", `c${index}`)),
      expense("2025-11-12", "food", 12000, "Costco", "d"),
      expense("2025-11-12", "food", 12000, "Costco", "e"),
    ];
    const build = (ordered: InsightTransaction[]) =>
      input({ categories: withPlans({ food: 20000 }), current: spend({ shopping: 48000, entertainment: 1549, food: 24000 }, 300000), previous: spend({ shopping: 10000, food: 20000 }, 300000), history: ordered });
    const first = spendingRules(build(history));
    expect(spendingRules(build(history))).toEqual(first);
    expect(spendingRules(build([...history].reverse()))).toEqual(first);
    expect(history[0].id).toBe("a");
  });
});
