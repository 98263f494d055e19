import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { expenseSlices, trendSeries, type MonthFigures } from "../analytics";
import { OverviewPanel, TrendsPanel } from "./analytics-page";
import { drawCharts } from "./chart-geometry";

/** The charts as the server sends them: drawn by the loader, the drawing is in the HTML, no JavaScript needed. */

const current: MonthFigures = {
  month: "2026-03",
  income: toCents(400000),
  incomeFromBudget: false,
  expenses: toCents(250000),
  balance: toCents(150000),
  savings: toCents(50000),
  savingsRate: 12.5,
  count: 5,
};
const slices = expenseSlices(
  {
    income: 400000,
    expense: 250000,
    count: 4,
    unconverted: 0,
    categories: {
      housing: { income: 0, expense: 150000, allocated: 0 },
      food: { income: 0, expense: 50000, allocated: 0 },
      savings: { income: 0, expense: 50000, allocated: 0 },
    },
  },
  [
    { id: "housing", name: "Housing" },
    { id: "food", name: "Food & Dining" },
    { id: "savings", name: "Savings" },
  ],
);

describe("overview charts in the server HTML", () => {
  const charts = drawCharts({ slices, current, trend: [] });
  const html = renderToString(<OverviewPanel charts={charts} slices={slices} hasExpenseCategories current={current} currency="USD" monthName="March 2026" />);

  test("the pie: an <svg role=img> with a title, a description of the key figures, one path per slice, a table", () => {
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain("<title");
    expect(html).toContain("Expense distribution, March 2026</title>");
    expect(html).toContain("Expenses of $2,500.00 across 3 categories. Largest: Housing $1,500.00 (60.0%), Food &amp; Dining $500.00 (20.0%), Savings $500.00 (20.0%).</desc>");
    // Housing, 60%: 216° clockwise from 12 o'clock, ending at (100·sin 216°, −100·cos 216°) = (−58.78, 80.9), a large arc.
    expect(html).toContain('d="M0,-100A100,100,0,1,1,-58.78,80.9L0,0Z"');
    expect((html.match(/<path /g) ?? []).length).toBe(3);
    expect(html).toContain("<summary");
    expect(html).toContain("Show data table");
    expect(html).toContain("max-h-[150px]");
    expect(html).toContain("min-h-[200px]");
  });

  test("the bar: income and expenses named with their amounts", () => {
    expect(html).toContain("Income vs expenses, March 2026</title>");
    expect(html).toContain("Income $4,000.00, expenses $2,500.00, balance $1,500.00.</desc>");
    expect((html.match(/<rect /g) ?? []).length).toBe(2);
  });

  test("empty states", () => {
    const nothing = { ...current, income: toCents(0), expenses: toCents(0) };
    const none = renderToString(
      <OverviewPanel charts={drawCharts({ slices: [], current: nothing, trend: [] })} slices={[]} hasExpenseCategories={false} current={nothing} currency="USD" monthName="March 2026" />,
    );
    expect(none).toContain("No expense categories available");
    expect(none).toContain("Please check your category configuration");
    expect(none).toContain("No income or expense data available");
    expect(none).not.toContain("<svg");
    const incomeOnly = { ...current, expenses: toCents(0) };
    const noSpending = renderToString(
      <OverviewPanel charts={drawCharts({ slices: [], current: incomeOnly, trend: [] })} slices={[]} hasExpenseCategories current={incomeOnly} currency="USD" monthName="March 2026" />,
    );
    expect(noSpending).toContain("No transaction data available");
  });
});

describe("the trend in the server HTML", () => {
  const months = ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"];
  const points = trendSeries(months.map((month, index) => ({ ...current, month, income: toCents(100000 * index), expenses: toCents(50000 * index) })));

  test("two lines, months labelled 'MMM yyyy', the figures in the description", () => {
    const html = renderToString(<TrendsPanel charts={drawCharts({ slices: [], current, trend: points })} trend={points} currency="USD" />);
    expect(html).toContain("Income and expenses, Oct 2025 to Mar 2026</title>");
    expect(html).toContain("Income: Oct 2025 $0.00, Nov 2025 $1,000.00");
    expect(html).toContain(">Mar 2026</text>");
    expect((html.match(/<path /g) ?? []).length).toBe(2);
    expect((html.match(/<circle /g) ?? []).length).toBe(12);
  });

  test("six empty months: the empty state", () => {
    const empty = trendSeries([]);
    const html = renderToString(<TrendsPanel charts={drawCharts({ slices: [], current, trend: empty })} trend={empty} currency="USD" />);
    expect(html).toContain("No income or expense data available");
  });
});
