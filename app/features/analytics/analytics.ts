import { formatRate, savingsRate } from "~/features/savings/savings";
import { capitalizeWords, isUncategorized, type Category } from "~/features/categories/categories";
import { summaryCards, type CategoryTotals, type MonthTotals } from "~/features/transactions/month-summary";
import { isMonthKey, shiftMonth } from "~/lib/month";
import { toCents, ZERO_CENTS, type Cents } from "~/lib/money";

/** The analytics rules (decision 140), on month summaries (cents). Pure: no database, no dates of "now". */

export const ANALYTICS_PATH = "/analytics";
export const SAVINGS_PATH = "/savings";
export const SUBSCRIBE_PATH = "/manage-subscription";

/** Trends cover the selected month and the five before it. */
const TREND_MONTHS = 6;

export const ANALYTICS_TEXT = {
  lockedTitle: "Analytics Locked",
  lockedBody: "Subscribe to unlock detailed financial analytics and insights to optimize your financial journey",
  subscribe: "Subscribe Now",
  noExpenseCategories: "No expense categories available",
  checkCategories: "Please check your category configuration",
  noTransactions: "No transaction data available",
  noIncomeOrExpense: "No income or expense data available",
} as const;

/** The tabs shown, as `?tab=` values (the first is the default). */
export const ANALYTICS_TABS = [
  { id: "overview", label: "Overview" },
  { id: "trends", label: "Trends" },
  { id: "savings", label: "Savings" },
  { id: "insights", label: "Insights" },
] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]["id"];

export function parseTab(value: string | null): AnalyticsTab {
  return ANALYTICS_TABS.find((tab) => tab.id === value)?.id ?? ANALYTICS_TABS[0].id;
}

/** The analytics URL of a month and tab (the default tab is left out). */
export function analyticsUrl(month: string, tab: AnalyticsTab = ANALYTICS_TABS[0].id) {
  const params = new URLSearchParams({ month });
  if (tab !== ANALYTICS_TABS[0].id) params.set("tab", tab);
  return `${ANALYTICS_PATH}?${params}`;
}

const SAVINGS_NAME = /savings|save|investment/i;

/** A category counts as savings when its name contains savings, save or investment (any case). */
export function isSavingsCategory(name: string) {
  return SAVINGS_NAME.test(name);
}

/** A category's expense is its expenses minus the income allocated to it, floored at 0. */
export function categoryExpense(totals: CategoryTotals | undefined): Cents {
  if (!totals) return ZERO_CENTS;
  return toCents(Math.max(0, totals.expense - totals.allocated));
}

/** Net expenses are the month's expenses minus all allocated income, floored at 0 (the dashboard's Expenses card). */
export function netExpenses(totals: MonthTotals): Cents {
  return summaryCards(totals).expenses;
}

/**
 * The month's income; when it has none and a budget exists, the budget
 * stands in (`fromBudget` says so, for the page to tell).
 */
export function monthIncome(totals: MonthTotals, budget: Cents): { income: Cents; fromBudget: boolean } {
  if (totals.income === 0 && budget > 0) return { income: budget, fromBudget: true };
  return { income: toCents(totals.income), fromBudget: false };
}

/** Rounds to one decimal (half away from zero on the tenth). */
function oneDecimal(value: number) {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10 || 0;
}

/** part / whole × 100 to one decimal, half away from zero; one division, so a tie such as 12.25 is exact. */
export function percentOf(part: number, whole: number) {
  const tenths = Math.round((Math.abs(part) * 1000) / Math.abs(whole));
  return (Math.sign(part) * Math.sign(whole) * tenths) / 10 || 0;
}

type NamedCategory = Pick<Category, "id" | "name"> & { type?: Category["type"] };

/**
 * The categories whose spending is savings: named as isSavingsCategory says, and not income
 * categories (the default income category "Investments" receives money, it
 * does not put any aside — decision 140).
 */
export function savingsCategories<Named extends NamedCategory>(categories: Named[]) {
  return categories.filter((category) => category.type !== "income" && isSavingsCategory(category.name));
}

/** The month's expense (net of allocated income) in every savings category. */
export function savingsSpend(totals: MonthTotals, categories: NamedCategory[]): Cents {
  const total = savingsCategories(categories).reduce((sum, category) => sum + categoryExpense(totals.categories[category.id]), 0);
  return toCents(total);
}

/**
 * Unallocated savings = the month's savings minus what the goals hold, floored at 0. A goal kept in an
 * account holds money moved there by transfers, not the savings categories' (decision 196): it is left out.
 */
export function unallocatedSavings(savings: Cents, goals: Array<{ current: Cents; accountId: string | null }>): Cents {
  const inGoals = goals.filter((goal) => goal.accountId === null).reduce((sum, goal) => sum + goal.current, 0);
  return toCents(Math.max(0, savings - inGoals));
}

export type MonthFigures = {
  month: string;
  income: Cents;
  /** The income shown is the month's budget (no income recorded). */
  incomeFromBudget: boolean;
  expenses: Cents;
  balance: Cents;
  savings: Cents;
  savingsRate: number;
  /** Transactions counted in the month. */
  count: number;
};

/**
 * The figures of one month, from its summary, the categories, its budget and what it moved into goals'
 * accounts (`savingsMoved`, net of what came back: transfers, so in no category, decision 196).
 */
export function monthFigures(month: string, totals: MonthTotals, categories: NamedCategory[], budget: Cents, savingsMoved = 0): MonthFigures {
  const { income, fromBudget } = monthIncome(totals, budget);
  const expenses = netExpenses(totals);
  const savings = toCents(Math.max(0, savingsSpend(totals, categories) + savingsMoved));
  return {
    month,
    income,
    incomeFromBudget: fromBudget,
    expenses,
    balance: toCents(income - expenses),
    savings,
    savingsRate: savingsRate(savings, income),
    count: totals.count,
  };
}

export type Change = {
  current: number;
  previous: number;
  /** current − previous (cents, or percentage points for the savings rate). */
  difference: number;
  /** The difference as a percent of |previous|, one decimal; null when previous is 0. */
  percent: number | null;
  direction: "up" | "down" | "same";
};

export function change(current: number, previous: number, { points = false }: { points?: boolean } = {}): Change {
  const difference = points ? oneDecimal(current - previous) : current - previous;
  return {
    current,
    previous,
    difference,
    percent: previous === 0 ? null : percentOf(difference, Math.abs(previous)),
    direction: difference > 0 ? "up" : difference < 0 ? "down" : "same",
  };
}

/** Past a change of this many percent of its base (ten times it), the percentage tells how small the base was, not how large the change (decision 221). */
export const LARGE_CHANGE_PERCENT = 1000;

/**
 * How large a period's change reads against the period before, wherever one is compared with the other
 * (decision 221): "12.5%" of the value before; "new" when there was nothing before; "more than 10×" past
 * LARGE_CHANGE_PERCENT (a $1.25 month followed by $6,524: not 521819.2%); null when nothing changed.
 */
export function changeShareText(change: Pick<Change, "percent" | "direction">) {
  if (change.direction === "same") return null;
  if (change.percent === null) return "new";
  if (Math.abs(change.percent) > LARGE_CHANGE_PERCENT) return "more than 10×";
  return formatRate(Math.abs(change.percent));
}

export type MonthComparison = {
  month: string;
  previousMonth: string;
  income: Change;
  expenses: Change;
  balance: Change;
  /** In percentage points. */
  savingsRate: Change;
};

/** The month against the one before it: income, expenses, balance and savings rate with their changes. */
export function compareMonths(current: MonthFigures, previous: MonthFigures): MonthComparison {
  return {
    month: current.month,
    previousMonth: previous.month,
    income: change(current.income, previous.income),
    expenses: change(current.expenses, previous.expenses),
    balance: change(current.balance, previous.balance),
    savingsRate: change(current.savingsRate, previous.savingsRate, { points: true }),
  };
}

/** The six months of the trend, oldest first, ending with `month`. */
export function trendMonthKeys(month: string) {
  return Array.from({ length: TREND_MONTHS }, (_, index) => shiftMonth(month, index - (TREND_MONTHS - 1)));
}

export type TrendPoint = Pick<MonthFigures, "month" | "income" | "incomeFromBudget" | "expenses">;

/** The trend series: income and net expenses of each month, as the month's own figures say. */
export function trendSeries(months: MonthFigures[]): TrendPoint[] {
  return months.map(({ month, income, incomeFromBudget, expenses }) => ({ month, income, incomeFromBudget, expenses }));
}

/** Whether a series has anything to draw. */
export function hasTrendData(points: TrendPoint[]) {
  return points.some((point) => point.income > 0 || point.expenses > 0);
}

/** The pie's 30 colours (Tableau 10, then 20 more of distinct hue and lightness); past them, generated hues. */
export const PIE_PALETTE = [
  "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
  "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
  "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2", "#c7c7c7", "#dbdb8d", "#9edae5",
] as const;

/** The golden angle, so generated hues never repeat and neighbours stay far apart. */
const GOLDEN_ANGLE = 137.508;

/** The colour of the slice at `index`: the palette first, then hsl hues a golden angle apart. */
export function sliceColor(index: number) {
  if (index < PIE_PALETTE.length) return PIE_PALETTE[index];
  const hue = Math.round(((index - PIE_PALETTE.length) * GOLDEN_ANGLE) % 360);
  return `hsl(${hue}, 65%, 55%)`;
}

export type PieSlice = {
  id: string;
  name: string;
  amount: Cents;
  /** Share of the slices' total, one decimal. */
  percent: number;
  color: string;
};

/**
 * The expense distribution: every category with a positive expense (its
 * expenses minus allocated income, floored at 0), largest first, coloured in
 * that order. Ids the summary holds for categories since deleted keep their
 * id as name; uncategorized spending is "Uncategorized".
 */
export function expenseSlices(totals: MonthTotals, categories: Pick<Category, "id" | "name">[]): PieSlice[] {
  const names = new Map(categories.map((category) => [category.id, capitalizeWords(category.name)]));
  const amounts = Object.entries(totals.categories)
    .map(([id, categoryTotals]) => ({ id, name: isUncategorized(id) ? "Uncategorized" : (names.get(id) ?? id), amount: categoryExpense(categoryTotals) }))
    .filter((slice) => slice.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
  const total = amounts.reduce((sum, slice) => sum + slice.amount, 0);
  return amounts.map((slice, index) => ({ ...slice, percent: percentOf(slice.amount, total), color: sliceColor(index) }));
}

/** Savings categories of the month with their expense, for the Savings tab. */
function savingsBreakdown(totals: MonthTotals, categories: NamedCategory[]) {
  return savingsCategories(categories).map((category) => ({ id: category.id, name: capitalizeWords(category.name), amount: categoryExpense(totals.categories[category.id]) }));
}

type AnalyticsInput = {
  month: string;
  categories: Pick<Category, "id" | "name" | "type">[];
  /** Month key → summary totals, for at least the six trend months. */
  totals: Record<string, MonthTotals>;
  /** Month key → the month's budget (0 when none), for the same months. */
  budgets: Record<string, Cents>;
  /** Month key → what the month moved into goals' accounts, net (none when absent). */
  savingsMoved?: Record<string, number>;
};

const EMPTY_TOTALS: MonthTotals = { income: 0, expense: 0, count: 0, unconverted: 0, categories: {} };

/** The whole page's figures for a month. */
export function analyticsFigures({ month, categories, totals, budgets, savingsMoved = {} }: AnalyticsInput) {
  const figuresOf = (key: string) => monthFigures(key, totals[key] ?? EMPTY_TOTALS, categories, budgets[key] ?? ZERO_CENTS, savingsMoved[key]);
  const current = figuresOf(month);
  const previous = figuresOf(shiftMonth(month, -1));
  const monthTotals = totals[month] ?? EMPTY_TOTALS;
  return {
    current,
    comparison: compareMonths(current, previous),
    hasExpenseCategories: categories.some((category) => category.type === "expense"),
    slices: expenseSlices(monthTotals, categories),
    trend: trendSeries(trendMonthKeys(month).map(figuresOf)),
    savingsCategories: savingsBreakdown(monthTotals, categories),
  };
}

export type AnalyticsFigures = ReturnType<typeof analyticsFigures>;

/** Spending by tag covers the selected month and the eleven before it unless another period is asked for. */
const TAG_PERIOD_MONTHS = 12;

/** The period of the spending by tag: `from` and `to` as asked when they make one (from ≤ to), else the year up to `month`. */
export function tagPeriod(month: string, from: string | null, to: string | null) {
  if (isMonthKey(from) && isMonthKey(to) && from <= to) return { from, to };
  return { from: shiftMonth(month, 1 - TAG_PERIOD_MONTHS), to: month };
}

export type TagSpending = { id: string; name: string; count: number; expense: Cents; income: Cents };

/**
 * Each tag's live transactions over the months `from`..`to` (yyyy-MM, inclusive), from the month summaries:
 * how many, what they spent and what came in, in the reporting currency. Tags without a transaction in the
 * period are left out; the most spent first (then by name).
 */
export function spendingByTag(
  summaries: ReadonlyArray<{ monthKey: string; tags?: Record<string, { count?: number; expense?: number; income?: number } | undefined> }>,
  tags: ReadonlyArray<{ id: string; name: string }>,
  { from, to }: { from: string; to: string },
): TagSpending[] {
  const totals = new Map(tags.map((tag) => [tag.id, { ...tag, count: 0, expense: 0, income: 0 }]));
  for (const summary of summaries) {
    if (summary.monthKey < from || summary.monthKey > to) continue;
    for (const [tagId, month] of Object.entries(summary.tags ?? {})) {
      const tag = totals.get(tagId);
      if (!tag) continue;
      tag.count += month?.count ?? 0;
      tag.expense += month?.expense ?? 0;
      tag.income += month?.income ?? 0;
    }
  }
  return [...totals.values()]
    .filter((tag) => tag.count > 0)
    .sort((a, b) => b.expense - a.expense || a.name.localeCompare(b.name))
    .map((tag) => ({ ...tag, expense: toCents(tag.expense), income: toCents(tag.income) }));
}
