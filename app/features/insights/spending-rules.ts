import { differenceInCalendarDays, format, lastDayOfMonth, parseISO } from "date-fns";
import { categoryExpense, change, changeShareText, isSavingsCategory, netExpenses, percentOf, savingsCategories, savingsSpend, type Change } from "~/features/analytics/analytics";
import { isDebtCategoryId, isTransferCategory, isUncategorized, UNCATEGORIZED } from "~/features/categories/categories";
import { formatRate, savingsRate } from "~/features/savings/savings";
import type { MonthTotals } from "~/features/transactions/month-summary";
import { toCents, type Cents } from "~/lib/money";
import { isIsoDate, monthKeyOf, monthLabel, shiftMonth } from "~/lib/month";
import { DEFAULT_CONFIDENCE, type Citation, type Difficulty, type Insight, type InsightCategory, type InsightTransaction, type Pattern, type Trend } from "./insights";
import { joinNames, MAX_CITED_TRANSACTIONS, moneyText, transactionCitation, transactionText, type MoneyText } from "./wording";

/**
 * The offline spending rules engine: insights and patterns of a month computed
 * from the user's own figures when no model answers (debt strategies are
 * debt-rules.ts'). Pure and deterministic: every date comes from the input,
 * ties are broken by name or id. Spending rule 1: a rise from last month;
 * 2: over a category's budget; 3: unusual transactions; 4: recurring charges;
 * 5: the savings rate; 6: over the monthly budget. Spending is what is spent
 * by choice: money moved between the user's own accounts, debt and card
 * payments, savings and income are not, so they never rise, stand out or
 * count as potential savings (decision 228).
 */

const MAX_RULE_INSIGHTS = 6;
const MAX_RULE_PATTERNS = 5;

/** A month-to-month change inside ±10% is stable; an increase of 10% or more (and at least $20) is worth an insight. */
const TREND_BAND_PERCENT = 10;
const MIN_INCREASE = 2000;
/** A change of half or more is an anomaly on its pattern. */
const ANOMALY_PERCENT = 50;
const CITED_TRANSACTIONS_PER_CATEGORY = 3;

/** An expense is unusual at 3× its category's median or more, at least $50 above it, with 4 earlier expenses to judge by. */
const UNUSUAL_MULTIPLE = 3;
const UNUSUAL_MIN_EXCESS = 5000;
const UNUSUAL_MIN_EARLIER = 4;

const RECURRING_MIN_CHARGES = 3;
/** Recurring charges named in an insight's text; the rest are counted. */
const RECURRING_NAMED = 6;
/** Days between two charges of each cadence, with slack for weekends and short months. */
const CADENCES = [
  { label: "weekly", minDays: 6, maxDays: 8, perYear: 52 },
  { label: "every two weeks", minDays: 13, maxDays: 15, perYear: 26 },
  { label: "monthly", minDays: 26, maxDays: 35, perYear: 12 },
  { label: "yearly", minDays: 350, maxDays: 380, perYear: 1 },
] as const;
type Cadence = (typeof CADENCES)[number];

/** The share of income many planners aim to save. */
const GOOD_SAVINGS_RATE = 20;
/** An emergency fund covers 3 to 6 months of expenses. */
const EMERGENCY_FUND_MONTHS = [3, 6] as const;

/** Figures read straight from the month's totals: only the advice is uncertain. */
const RECORDED_CONFIDENCE = 0.95;
/** Confidence that grows with the evidence never passes this. */
const MAX_EVIDENCE_CONFIDENCE = 0.9;

export type SpendingRulesInput = {
  /** yyyy-MM, the month the insights are for. */
  month: string;
  /** For formatMoney. */
  currency: string;
  /** The user's categories with the month's planned amounts. */
  categories: InsightCategory[];
  /** The month's totals. */
  current: MonthTotals;
  /** The previous month's totals. */
  previous: MonthTotals;
  /** The month's overall budget (0 when none). */
  monthlyBudget: Cents;
  /** Transactions of the 12 months up to the month's end, newest first (at most 2,000); deleted ones excluded. */
  history: InsightTransaction[];
};

/** An insight with the money it is about, by which insights are ranked. */
type RankedInsight = { stake: number; insight: Insight };

/** A category's spending this month against last month's. */
type CategorySpend = { id: string; name: string; change: Change };

type RecurringCharge = {
  payee: string;
  categoryId: string;
  cadence: Cadence["label"];
  latest: InsightTransaction;
  /** The charge before the latest, when it was lower: the price went up. */
  raisedFrom: Cents | null;
  monthlyCost: Cents;
  charges: number;
};

type SpendingContext = {
  input: SpendingRulesInput;
  history: InsightTransaction[];
  money: MoneyText;
  nameOf: (categoryId: string) => string;
  /** Categories spent on by choice: not income, savings, debt or card payments, or transfers. */
  isSpending: (categoryId: string) => boolean;
  monthName: string;
  previousMonthName: string;
  /** The previous month has spending to compare this month's with. */
  hasPrevious: boolean;
  /** No month before this one has spending: there is no baseline, so no trend. */
  firstMonth: boolean;
  /** The month's expenses, by category, largest first. */
  monthExpenses: Map<string, InsightTransaction[]>;
  /** Spending categories of the month with their change from the previous month, largest spend first. */
  spending: CategorySpend[];
};

/** Insights (at most 6, most money at stake first) and patterns of the month's top spending categories (at most 5). */
export function spendingRules(input: SpendingRulesInput): { insights: Insight[]; patterns: Pattern[] } {
  const history = input.history
    .filter((transaction) => isIsoDate(transaction.date))
    // The month's totals book every uncategorized expense under one id; the history does too, so citations find them.
    .map((transaction) => (isUncategorized(transaction.category) ? { ...transaction, category: UNCATEGORIZED } : transaction));
  if (!hasTotals(input.current) && !hasTotals(input.previous) && history.length === 0) {
    return { insights: [noDataInsight(input.month)], patterns: [] };
  }
  const context = spendingContext(input, history);
  const recurring = recurringCharges(context);
  const ranked = [
    ...increaseInsights(context),
    ...overBudgetInsights(context),
    ...unusualTransactionInsights(context),
    ...recurringInsights(context, recurring),
    ...savingsInsights(context),
    ...monthlyBudgetInsights(context),
  ];
  const insights = ranked
    .sort((a, b) => b.stake - a.stake || a.insight.title.localeCompare(b.insight.title))
    .slice(0, MAX_RULE_INSIGHTS)
    .map((entry) => entry.insight);
  const patterns = context.spending.slice(0, MAX_RULE_PATTERNS).map((category) => categoryPattern(context, category, recurring));
  return { insights: insights.length > 0 ? insights : [quietMonthInsight(context)], patterns };
}

function hasTotals(totals: MonthTotals) {
  return totals.count > 0 || totals.income > 0 || totals.expense > 0;
}

function spendingContext(input: SpendingRulesInput, history: InsightTransaction[]): SpendingContext {
  const byId = new Map(input.categories.map((category) => [category.id, category]));
  const nameOf = (id: string) => byId.get(id)?.name ?? (isUncategorized(id) ? "Uncategorized" : id);
  const isSpending = (id: string) => byId.get(id)?.type !== "income" && !isDebtCategoryId(id) && !isTransferCategory(id) && !isSavingsCategory(nameOf(id));
  const monthExpenses = new Map<string, InsightTransaction[]>();
  for (const transaction of history) {
    if (transaction.type !== "expense" || monthKeyOf(transaction.date) !== input.month) continue;
    monthExpenses.set(transaction.category, [...(monthExpenses.get(transaction.category) ?? []), transaction]);
  }
  for (const transactions of monthExpenses.values()) transactions.sort(largestFirst);
  const spending = Object.keys(input.current.categories)
    .filter((id) => isSpending(id) && categoryExpense(input.current.categories[id]) > 0)
    .map((id) => ({ id, name: nameOf(id), change: change(categoryExpense(input.current.categories[id]), categoryExpense(input.previous.categories[id])) }))
    .sort((a, b) => b.change.current - a.change.current || a.name.localeCompare(b.name));
  const hasPrevious = spendingOf(input.previous, isSpending) > 0;
  const spentBefore = history.some((transaction) => transaction.type === "expense" && isSpending(transaction.category) && monthKeyOf(transaction.date) < input.month);
  return {
    input,
    history,
    money: moneyText(input.currency),
    nameOf,
    isSpending,
    monthName: monthLabel(input.month),
    previousMonthName: monthName(shiftMonth(input.month, -1)),
    hasPrevious,
    firstMonth: !hasPrevious && !spentBefore,
    monthExpenses,
    spending,
  };
}

/** What a month's totals hold of spending: the spending categories' expenses less the income placed against them. */
function spendingOf(totals: MonthTotals, isSpending: (categoryId: string) => boolean) {
  return Object.entries(totals.categories).reduce((sum, [id, categoryTotals]) => (isSpending(id) ? sum + categoryExpense(categoryTotals) : sum), 0);
}

/** The plain words for a month with nothing before it. */
const FIRST_MONTH_NOTE = "Your first month: trends appear once you have two months of data.";

function largestFirst(a: InsightTransaction, b: InsightTransaction) {
  return b.amount - a.amount || b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
}

/** "October" */
function monthName(monthKey: string) {
  return format(parseISO(`${monthKey}-01`), "MMMM");
}

function categoryCitation(context: SpendingContext, id: string): Citation {
  return { kind: "category", id, label: context.nameOf(id) };
}

function largestOfMonth(context: SpendingContext, categoryId: string) {
  return (context.monthExpenses.get(categoryId) ?? []).slice(0, CITED_TRANSACTIONS_PER_CATEGORY);
}

function categoryWithLargest(context: SpendingContext, categoryId: string): Citation[] {
  const name = context.nameOf(categoryId);
  return [categoryCitation(context, categoryId), ...largestOfMonth(context, categoryId).map((transaction) => transactionCitation(transaction, name, context.money))];
}

/** Cutting up to a tenth of what is spent is easy, up to a quarter medium, more is hard. */
export function difficultyOfCut(cut: number, spent: number): Difficulty {
  if (cut * 10 <= spent) return "easy";
  if (cut * 4 <= spent) return "medium";
  return "hard";
}

/** `base` plus `step` for each piece of evidence, to two decimals, at most 0.9. */
function evidenceConfidence(base: number, step: number, evidence: number) {
  return Math.min(MAX_EVIDENCE_CONFIDENCE, Math.round((base + step * evidence) * 100) / 100);
}

function percentText(percent: number) {
  return formatRate(Math.abs(percent));
}

/** "up $140.00 (28.0%) from October", "up … (more than 10×) …", "down …", "the same as in October", or new spending. */
function changeText(context: SpendingContext, categoryChange: Change) {
  const { previousMonthName, money } = context;
  if (context.firstMonth) return "your first month, so nothing to compare with yet";
  if (!context.hasPrevious) return `no figures for ${previousMonthName} to compare with`;
  if (categoryChange.percent === null) return `new this month (nothing in ${previousMonthName})`;
  if (categoryChange.direction === "same") return `the same as in ${previousMonthName}`;
  return `${categoryChange.direction} ${money(Math.abs(categoryChange.difference))} (${changeShareText(categoryChange)}) from ${previousMonthName}`;
}

function isIncrease(context: SpendingContext, categoryChange: Change) {
  return context.hasPrevious && categoryChange.difference >= MIN_INCREASE && (categoryChange.percent === null || categoryChange.percent >= TREND_BAND_PERCENT);
}

/** Months before the insight's month in which the category had an expense: the history the comparison rests on. */
function monthsWithSpending(context: SpendingContext, categoryId: string) {
  const months = new Set<string>();
  for (const transaction of context.history) {
    const month = monthKeyOf(transaction.date);
    if (transaction.type === "expense" && transaction.category === categoryId && month < context.input.month) months.add(month);
  }
  return months.size;
}

function isOverBudget(context: SpendingContext, category: InsightCategory) {
  return category.type === "expense" && category.planned > 0 && context.isSpending(category.id) && categoryExpense(context.input.current.categories[category.id]) > category.planned;
}

/** Spending rule 1: a spending category up by 10% and $20 or more from the previous month (one over budget is left to spending rule 2, which tells the rise too). */
function increaseInsights(context: SpendingContext): RankedInsight[] {
  const overBudget = new Set(context.input.categories.filter((category) => isOverBudget(context, category)).map((category) => category.id));
  return context.spending
    .filter((category) => isIncrease(context, category.change) && !overBudget.has(category.id))
    .map(({ id, name, change: categoryChange }) => {
      const increase = categoryChange.difference;
      const title = categoryChange.percent === null ? `New spending on ${name}: ${context.money(increase)}` : `${name} up ${changeShareText(categoryChange)} from ${context.previousMonthName}`;
      const [largest] = largestOfMonth(context, id);
      const oneOff =
        largest && largest.amount * 2 > increase
          ? ` One expense, ${transactionText(largest, name, context.money)}, is more than half of that rise: check whether it was a one-off before cutting back.`
          : "";
      return {
        stake: increase,
        insight: {
          title,
          description: `${name}: ${context.money(categoryChange.current)} this month, ${changeText(context, categoryChange)}.${oneOff}`,
          recommendation:
            categoryChange.previous > 0
              ? `Aim to bring ${name} back to ${context.previousMonthName}'s ${context.money(categoryChange.previous)}: that saves ${context.money(increase)} a month.`
              : `Decide whether ${name} is a new regular cost; if not, not repeating it saves ${context.money(increase)} next month.`,
          potentialSavings: toCents(increase),
          confidence: evidenceConfidence(0.5, 0.05, monthsWithSpending(context, id)),
          difficulty: difficultyOfCut(increase, categoryChange.current),
          citations: categoryWithLargest(context, id),
        },
      };
    });
}

/** Spending rule 2: spending categories above their planned amount. */
function overBudgetInsights(context: SpendingContext): RankedInsight[] {
  return context.input.categories
    .filter((category) => isOverBudget(context, category))
    .map((category) => {
      const spent = categoryExpense(context.input.current.categories[category.id]);
      const overage = spent - category.planned;
      const { name } = category;
      const planned = context.money(category.planned);
      const previous = categoryExpense(context.input.previous.categories[category.id]);
      return {
        stake: overage,
        insight: {
          title: `${name} is ${context.money(overage)} over budget`,
          description: `${name} is ${context.money(overage)} over its ${planned} budget (${percentText(percentOf(spent, category.planned))}): ${context.money(spent)} spent in ${context.monthName}, ${changeText(context, change(spent, previous))}.`,
          recommendation: `Keep ${name} to ${planned} next month, starting with its largest expenses; if ${context.money(spent)} is what it really costs, raise its budget and trim another category instead.`,
          potentialSavings: toCents(overage),
          confidence: RECORDED_CONFIDENCE,
          difficulty: difficultyOfCut(overage, spent),
          citations: categoryWithLargest(context, category.id),
        },
      };
    });
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

type UnusualCharge = { transaction: InsightTransaction; usual: number; earlier: number };

/** Spending rule 3: the month's expenses far above their category's usual amount, one insight per category. */
function unusualTransactionInsights(context: SpendingContext): RankedInsight[] {
  const insights: RankedInsight[] = [];
  for (const [categoryId, transactions] of context.monthExpenses) {
    if (!context.isSpending(categoryId)) continue;
    const unusual = transactions.flatMap((transaction): UnusualCharge[] => {
      const earlier = context.history.filter((other) => other.type === "expense" && other.category === categoryId && other.date < transaction.date).map((other) => other.amount);
      if (earlier.length < UNUSUAL_MIN_EARLIER) return [];
      const usual = median(earlier);
      const isUnusual = transaction.amount >= UNUSUAL_MULTIPLE * usual && transaction.amount - usual >= UNUSUAL_MIN_EXCESS;
      return isUnusual ? [{ transaction, usual, earlier: earlier.length }] : [];
    });
    if (unusual.length === 0) continue;
    insights.push(unusualInsight(context, categoryId, unusual.slice(0, CITED_TRANSACTIONS_PER_CATEGORY)));
  }
  return insights;
}

function unusualInsight(context: SpendingContext, categoryId: string, unusual: UnusualCharge[]): RankedInsight {
  const name = context.nameOf(categoryId);
  const describe = ({ transaction, usual, earlier }: UnusualCharge) =>
    `${transactionText(transaction, name, context.money)} is ${(transaction.amount / usual).toFixed(1)}× your usual ${name} expense of ${context.money(Math.round(usual))} (the median of ${earlier} earlier ones).`;
  const [first] = unusual;
  return {
    stake: unusual.reduce((sum, { transaction, usual }) => sum + transaction.amount - usual, 0),
    insight: {
      title: unusual.length === 1 ? `Unusually large ${name} expense: ${context.money(first.transaction.amount)}` : `${unusual.length} unusually large ${name} expenses`,
      description: unusual.map(describe).join(" "),
      recommendation: `Check that ${unusual.length === 1 ? "it is" : "they are"} right (not a duplicate, a wrong amount or a charge you did not make) and ask for a refund if not. If it was a planned one-off, put a little aside each month for the next one.`,
      potentialSavings: null,
      confidence: evidenceConfidence(0.5, 0.04, Math.min(...unusual.map((charge) => charge.earlier))),
      difficulty: "easy",
      citations: [categoryCitation(context, categoryId), ...unusual.map(({ transaction }) => transactionCitation(transaction, name, context.money))],
    },
  };
}

const MONTH_WORDS = /\b(jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december)\b/g;

/**
 * The payee of a description, so charges of one payee group together:
 * lowercased; words with digits (dates, reference and card numbers), month
 * names and punctuation removed; spaces collapsed. "NETFLIX.COM 11/03 #8842" → "netflix com".
 */
export function normalisePayee(description: string) {
  return description
    .toLowerCase()
    .replace(/\S*\d\S*/g, " ")
    .replace(/[^\p{L}\s]/gu, " ")
    .replace(MONTH_WORDS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A payee as the user wrote it, less its dates and reference numbers: "NETFLIX.COM 11/03 #8842" → "NETFLIX.COM". */
function payeeName(description: string) {
  return description.replace(/\S*\d\S*/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * Spending rule 4: payees charged at a regular interval. From a payee's latest
 * charge back, charges count while each is one cadence before the next and
 * within 20% of the latest amount; three or more make a recurring charge,
 * provided the latest is no more than one interval before the month's end (it
 * is still running). Largest monthly cost first.
 */
function recurringCharges(context: SpendingContext): RecurringCharge[] {
  const byPayee = new Map<string, InsightTransaction[]>();
  for (const transaction of context.history) {
    if (transaction.type !== "expense" || !context.isSpending(transaction.category)) continue;
    const payee = normalisePayee(transaction.description);
    if (payee) byPayee.set(payee, [...(byPayee.get(payee) ?? []), transaction]);
  }
  const monthEnd = lastDayOfMonth(parseISO(`${context.input.month}-01`));
  const found: RecurringCharge[] = [];
  for (const charges of byPayee.values()) {
    const newestFirst = [...charges].sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
    const [latest] = newestFirst;
    for (const cadence of CADENCES) {
      const run = recurringRun(newestFirst, cadence);
      if (run.length < RECURRING_MIN_CHARGES || differenceInCalendarDays(monthEnd, parseISO(latest.date)) > cadence.maxDays) continue;
      found.push({
        payee: payeeName(latest.description),
        categoryId: latest.category,
        cadence: cadence.label,
        latest,
        raisedFrom: run[1].amount < latest.amount ? run[1].amount : null,
        monthlyCost: toCents(Math.round((latest.amount * cadence.perYear) / 12)),
        charges: run.length,
      });
      break;
    }
  }
  return found.sort((a, b) => b.monthlyCost - a.monthlyCost || a.payee.localeCompare(b.payee));
}

/** The latest charge and the ones before it that keep the cadence and the amount (within 20% of the latest). */
function recurringRun(newestFirst: InsightTransaction[], cadence: Cadence) {
  const [latest] = newestFirst;
  const run = [latest];
  for (const charge of newestFirst.slice(1)) {
    const days = differenceInCalendarDays(parseISO(run[run.length - 1].date), parseISO(charge.date));
    const similar = Math.abs(charge.amount - latest.amount) * 5 <= latest.amount;
    if (days < cadence.minDays || days > cadence.maxDays || !similar) break;
    run.push(charge);
  }
  return run;
}

function recurringText(context: SpendingContext, charge: RecurringCharge) {
  const raised = charge.raisedFrom === null ? "" : `, up from ${context.money(charge.raisedFrom)}`;
  const monthly = charge.cadence === "monthly" ? "" : ` (${context.money(charge.monthlyCost)} a month)`;
  return `${charge.payee} ${context.money(charge.latest.amount)} ${charge.cadence}${monthly}${raised}`;
}

function recurringInsights(context: SpendingContext, recurring: RecurringCharge[]): RankedInsight[] {
  if (recurring.length === 0) return [];
  const total = recurring.reduce((sum, charge) => sum + charge.monthlyCost, 0);
  const smallest = recurring[recurring.length - 1];
  const named = recurring.slice(0, RECURRING_NAMED).map((charge) => recurringText(context, charge));
  const more = recurring.length > RECURRING_NAMED ? `; and ${recurring.length - RECURRING_NAMED} more` : "";
  const count = recurring.length === 1 ? "1 recurring charge" : `${recurring.length} recurring charges`;
  return [
    {
      stake: total,
      insight: {
        title: `${count}: ${context.money(total)} a month`,
        description: `Found by payee and timing in your last 12 months: ${named.join("; ")}${more}. Together ${context.money(total)} a month, ${context.money(total * 12)} a year.`,
        recommendation: `Review each one and cancel what you no longer use: dropping just the smallest, ${smallest.payee}, saves ${context.money(smallest.monthlyCost)} a month (${context.money(smallest.monthlyCost * 12)} a year).`,
        potentialSavings: smallest.monthlyCost,
        confidence: evidenceConfidence(0.6, 0.05, Math.min(...recurring.map((charge) => charge.charges)) - RECURRING_MIN_CHARGES),
        difficulty: "easy",
        citations: recurring.slice(0, MAX_CITED_TRANSACTIONS).map((charge) => transactionCitation(charge.latest, charge.payee, context.money)),
      },
    },
  ];
}

/**
 * Spending rule 5 (skipped without income): saving less than the savings
 * categories' plan is a shortfall; otherwise a rate of 20% or more is praised,
 * and with no plan at all a lower rate is measured against 20% of income.
 */
function savingsInsights(context: SpendingContext): RankedInsight[] {
  const { current, categories } = context.input;
  const income = current.income;
  if (income <= 0) return [];
  const { money } = context;
  const savingsCategoryList = savingsCategories(categories);
  const saved = savingsSpend(current, categories);
  const rate = savingsRate(saved, income);
  const planned = savingsCategoryList.reduce((sum, category) => sum + category.planned, 0);
  const names = joinNames(savingsCategoryList.map((category) => category.name));
  const citations = savingsCategoryList.map((category) => categoryCitation(context, category.id));

  if (saved < planned) {
    const shortfall = planned - saved;
    const left = income - netExpenses(current);
    return [
      {
        stake: shortfall,
        insight: {
          title: `Savings ${money(shortfall)} short of plan`,
          description: `You put ${money(saved)} into ${names} in ${context.monthName} against ${money(planned)} planned: a savings rate of ${formatRate(rate)} of your ${money(income)} income.`,
          recommendation:
            left >= shortfall
              ? `You still have ${money(left)} left after this month's expenses: move ${money(shortfall)} to ${names} now to meet the plan.`
              : `Set up an automatic transfer of ${money(planned)} to ${names} on payday, so saving happens before spending.`,
          potentialSavings: toCents(shortfall),
          confidence: RECORDED_CONFIDENCE,
          difficulty: difficultyOfCut(shortfall, income),
          citations,
        },
      },
    ];
  }
  if (rate >= GOOD_SAVINGS_RATE) {
    const expenses = netExpenses(current);
    const [fewest, most] = EMERGENCY_FUND_MONTHS.map((months) => money(expenses * months));
    return [
      {
        stake: 0,
        insight: {
          title: `You saved ${formatRate(rate)} of your income`,
          description: `You put ${money(saved)} into ${names} out of ${money(income)} income in ${context.monthName}: at or above the ${GOOD_SAVINGS_RATE}% many planners aim for.`,
          recommendation: `Keep the transfer automatic. Once an emergency fund covers ${EMERGENCY_FUND_MONTHS[0]} to ${EMERGENCY_FUND_MONTHS[1]} months of expenses (${fewest} to ${most} at this month's spending), send the surplus to investments or to paying off debt early.`,
          potentialSavings: null,
          confidence: RECORDED_CONFIDENCE,
          difficulty: "easy",
          citations: citations.filter((citation) => categoryExpense(current.categories[citation.id]) > 0),
        },
      },
    ];
  }
  if (planned > 0) return [];
  const target = Math.round((income * GOOD_SAVINGS_RATE) / 100);
  const gap = target - saved;
  return [
    {
      stake: gap,
      insight: {
        title: `Savings rate ${formatRate(rate)}: below ${GOOD_SAVINGS_RATE}%`,
        description: `You saved ${money(saved)} of your ${money(income)} income in ${context.monthName} (${formatRate(rate)}). Saving ${GOOD_SAVINGS_RATE}% would mean ${money(target)}.`,
        recommendation:
          savingsCategoryList.length > 0
            ? `Give ${names} a monthly budget of ${money(target)} and transfer it on payday.`
            : `Add a Savings category with a monthly budget of ${money(target)} and transfer it on payday.`,
        potentialSavings: toCents(gap),
        confidence: RECORDED_CONFIDENCE,
        difficulty: difficultyOfCut(gap, income),
        citations,
      },
    },
  ];
}

/** Spending rule 6: the month's spending above its overall budget (debt and card payments, savings and transfers left out: cutting them saves nothing). */
function monthlyBudgetInsights(context: SpendingContext): RankedInsight[] {
  const budget = context.input.monthlyBudget;
  const spent = spendingOf(context.input.current, context.isSpending);
  const overage = spent - budget;
  if (budget <= 0 || overage <= 0) return [];
  const { money } = context;
  const largest = context.spending.slice(0, 3);
  const biggestRise = context.spending.filter((category) => context.hasPrevious && category.change.difference > 0).sort((a, b) => b.change.difference - a.change.difference)[0];
  const start = biggestRise
    ? `start with the biggest rise from ${context.previousMonthName}: ${biggestRise.name}, up ${money(biggestRise.change.difference)}.`
    : largest.length > 0
      ? `start with your largest category, ${largest[0].name} (${money(largest[0].change.current)}).`
      : "look at where this month's money went.";
  const largestText = largest.length > 0 ? ` Largest categories: ${largest.map((category) => `${category.name} ${money(category.change.current)}`).join(", ")}.` : "";
  return [
    {
      stake: overage,
      insight: {
        title: `${money(overage)} over your monthly budget`,
        description: `You spent ${money(spent)} in ${context.monthName} against a ${money(budget)} budget (${percentText(percentOf(spent, budget))}), not counting savings, debt and card payments or transfers.${largestText}`,
        recommendation: `To get back under ${money(budget)}, ${start}`,
        potentialSavings: toCents(overage),
        confidence: RECORDED_CONFIDENCE,
        difficulty: difficultyOfCut(overage, spent),
        citations: largest.map((category) => categoryCitation(context, category.id)),
      },
    },
  ];
}

function noDataInsight(month: string): Insight {
  return {
    title: "Add transactions to get insights",
    description: "There are no transactions yet, so there is nothing to analyse.",
    recommendation: `Add your income and expenses for ${monthLabel(month)}, or import them from a bank file, and insights will appear here.`,
    potentialSavings: null,
    confidence: DEFAULT_CONFIDENCE,
    difficulty: "easy",
    citations: [],
  };
}

/** What is said when no rule finds anything: the month is empty, or it holds no problem. */
function quietMonthInsight(context: SpendingContext): Insight {
  const { money, monthName } = context;
  const quiet = { potentialSavings: null, confidence: DEFAULT_CONFIDENCE, difficulty: "easy" as const };
  if (!hasTotals(context.input.current)) {
    return {
      ...quiet,
      title: `No transactions in ${monthName} yet`,
      description: `Insights for ${monthName} need its transactions.`,
      recommendation: `Add this month's income and expenses, or import them from a bank file, to see where your money goes.`,
      citations: [],
    };
  }
  const [largest] = context.spending;
  const unplanned = context.spending.find((category) => !context.input.categories.some((known) => known.id === category.id && known.planned > 0));
  return {
    ...quiet,
    title: `No problems found in ${monthName}`,
    description: `You spent ${money(netExpenses(context.input.current))} in ${monthName}${largest ? `; your largest category was ${largest.name} (${money(largest.change.current)})` : ""}. No category is over its budget and no expense stands out from its usual amount.`,
    recommendation: unplanned
      ? `Give ${unplanned.name} a budget so next month's insights can measure it against a plan.`
      : "Keep following your budgets; insights grow sharper with every month of history.",
    citations: largest ? [categoryCitation(context, largest.id)] : [],
  };
}

/** Null without last month's spending: nothing to tell a trend by. */
function trendOf(context: SpendingContext, categoryChange: Change): Trend | null {
  if (!context.hasPrevious) return null;
  if (categoryChange.percent === null || categoryChange.percent >= TREND_BAND_PERCENT) return "increasing";
  if (categoryChange.percent <= -TREND_BAND_PERCENT) return "decreasing";
  return "stable";
}

function anomalyOf(context: SpendingContext, categoryChange: Change) {
  const { money, previousMonthName } = context;
  if (!context.hasPrevious) return null;
  if (categoryChange.percent === null) return `New this month: nothing was spent on it in ${previousMonthName}.`;
  if (Math.abs(categoryChange.percent) < ANOMALY_PERCENT) return null;
  const direction = categoryChange.direction === "up" ? "Up" : "Down";
  return `${direction} ${changeShareText(categoryChange)} from ${previousMonthName} (${money(Math.abs(categoryChange.difference))} ${categoryChange.direction === "up" ? "more" : "less"}).`;
}

/** Spending rule 1's patterns: a top category's spend, its change, its largest expense and the recurring charges in it. */
function categoryPattern(context: SpendingContext, category: CategorySpend, recurring: RecurringCharge[]): Pattern {
  const { id, name, change: categoryChange } = category;
  const transactions = context.monthExpenses.get(id) ?? [];
  const [largest] = transactions;
  const count = transactions.length === 1 ? "1 expense" : `${transactions.length} expenses`;
  const largestText = largest ? ` ${count}; the largest: ${transactionText(largest, name, context.money)}.` : "";
  const inCategory = recurring.filter((charge) => charge.categoryId === id);
  const recurringText =
    inCategory.length > 0 ? ` Recurring: ${inCategory.map((charge) => `${charge.payee} (${context.money(charge.monthlyCost)} a month)`).join(", ")}.` : "";
  return {
    categoryId: id,
    categoryName: name,
    pattern: `${name}: ${context.money(categoryChange.current)} this month${context.firstMonth ? `. ${FIRST_MONTH_NOTE}` : `, ${changeText(context, categoryChange)}.`}${largestText}${recurringText}`,
    trend: trendOf(context, categoryChange),
    anomaly: anomalyOf(context, categoryChange),
    citations: [categoryCitation(context, id), ...(largest ? [transactionCitation(largest, name, context.money)] : [])],
  };
}
