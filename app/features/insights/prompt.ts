import { toCents, type Cents } from "~/lib/money";
import { monthLabel } from "~/lib/month";
import { DEFAULT_CONFIDENCE, type Citation, type DebtStrategy, type Insight, type InsightCategory, type InsightTransaction, type Pattern } from "./insights";
import type { DebtAnswer, SpendingAnswer } from "./schema";
import { debtCitation, moneyText, transactionCitation } from "./wording";

/** How many of the latest transactions the model reads, per request. */
export const PROMPT_TRANSACTIONS = { spending: 100, debts: 50 } as const;
const TOP_CATEGORY_COUNT = 5;
/** Where the data starts in the user message: the stand-in and any reader find the JSON after it. */
const DATA_MARKER = "DATA (JSON):\n";

/** Cents as the model reads and writes money: units of the currency. */
const units = (cents: number) => cents / 100;
const fromUnits = (amount: number | null): Cents | null => (amount === null ? null : toCents(Math.round(amount * 100)));

const categoryCitation = (category: Pick<InsightCategory, "id" | "name">): Citation => ({ kind: "category", id: category.id, label: category.name });
/**
 * Opaque references for what the prompt names ("t1", "c1", "d1"): the model
 * never sees a database id, and an answer can only cite what was sent, since
 * a reference that was not handed out resolves to nothing.
 */
class References<Item> {
  private readonly byRef = new Map<string, Item>();
  private readonly refByKey = new Map<string, string>();
  constructor(private readonly prefix: string) {}
  refer(key: string, item: Item) {
    let ref = this.refByKey.get(key);
    if (!ref) {
      ref = `${this.prefix}${this.refByKey.size + 1}`;
      this.refByKey.set(key, ref);
      this.byRef.set(ref, item);
    }
    return ref;
  }
  resolve(refs: readonly string[]) {
    return [...new Set(refs)].flatMap((ref) => {
      const item = this.byRef.get(ref);
      return item === undefined ? [] : [item];
    });
  }
}

function categoryName(categories: Map<string, InsightCategory>, id: string) {
  return categories.get(id)?.name ?? (id ? id : "Uncategorized");
}

function transactionRows(transactions: InsightTransaction[], categories: Map<string, InsightCategory>, transactionRefs: References<InsightTransaction>, categoryRefs: References<InsightCategory>) {
  return transactions.map((transaction) => {
    const category = categories.get(transaction.category);
    return {
      ref: transactionRefs.refer(transaction.id, transaction),
      date: transaction.date,
      type: transaction.type,
      category: category ? categoryRefs.refer(category.id, category) : null,
      categoryName: categoryName(categories, transaction.category),
      amount: units(transaction.amount),
      description: transaction.description,
    };
  });
}

const SYSTEM_PROMPT =
  "You are a careful personal finance assistant inside the budgeting app Ledgerly. You only use the figures in the data you are given; " +
  "you never invent transactions, amounts or categories. Every insight must name the transactions (their ref, like t3) or categories " +
  "(their id, like c2) it rests on. Amounts are in the user's currency units. Answer in the JSON schema you are given.";

type SpendingPromptInput = {
  month: string;
  currency: string;
  income: Cents;
  expenses: Cents;
  monthlyBudget: Cents;
  categories: InsightCategory[];
  /** Spending per expense category in the month. */
  spentByCategory: Record<string, Cents>;
  /** The last transactions, newest first (up to 100). */
  transactions: InsightTransaction[];
};

/**
 * The insights request: income, expenses, net, the monthly budget, the top 5
 * categories by spend and the last 100 transactions, asking for 2-3 insights
 * and 1-2 patterns. Only these figures leave the server: no email, no name,
 * no database ids.
 */
export function spendingPrompt(input: SpendingPromptInput) {
  const categories = new Map(input.categories.map((category) => [category.id, category]));
  const categoryRefs = new References<InsightCategory>("c");
  const transactionRefs = new References<InsightTransaction>("t");
  const topCategories = Object.entries(input.spentByCategory)
    .filter(([, spent]) => spent > 0)
    .sort(([idA, a], [idB, b]) => b - a || idA.localeCompare(idB))
    .slice(0, TOP_CATEGORY_COUNT)
    .map(([id, spent]) => {
      const category = categories.get(id) ?? { id, name: categoryName(categories, id), type: "expense" as const, planned: toCents(0) };
      return { id: categoryRefs.refer(id, category), name: category.name, spent: units(spent), budget: units(category.planned) };
    });
  const data = {
    month: input.month,
    monthName: monthLabel(input.month),
    currency: input.currency,
    summary: { income: units(input.income), expenses: units(input.expenses), net: units(input.income - input.expenses), monthlyBudget: units(input.monthlyBudget) },
    topCategories,
    transactions: transactionRows(input.transactions.slice(0, PROMPT_TRANSACTIONS.spending), categories, transactionRefs, categoryRefs),
  };
  const user =
    `Analyse this user's finances for ${data.monthName}. Give 2-3 specific, actionable insights (with a recommendation, the potential monthly ` +
    "savings in currency units or null, your confidence from 0 to 1, and how hard it is) and 1-2 spending patterns of their top categories " +
    "(trend increasing, decreasing or stable, and an anomaly if any). Cite refs and category ids from the data only.\n\n" +
    DATA_MARKER +
    JSON.stringify(data);
  return { system: SYSTEM_PROMPT, user, transactionRefs, categoryRefs };
}

type SpendingReferences = Pick<ReturnType<typeof spendingPrompt>, "transactionRefs" | "categoryRefs">;

/** The model's answer as the page shows it; each citation resolved from the prompt's references, anything else dropped. */
export function spendingFromAnswer(answer: SpendingAnswer, references: SpendingReferences, currency: string): { insights: Insight[]; patterns: Pattern[] } {
  const money = moneyText(currency);
  const cite = (transactionRefs: string[], categoryIds: string[]) => [
    ...references.categoryRefs.resolve(categoryIds).map(categoryCitation),
    ...references.transactionRefs.resolve(transactionRefs).map((transaction) => transactionCitation(transaction, "Transaction", money)),
  ];
  return {
    insights: answer.insights.map((insight) => ({
      title: insight.title,
      description: insight.description,
      recommendation: insight.recommendation,
      potentialSavings: fromUnits(insight.potentialSavings),
      confidence: insight.confidence ?? DEFAULT_CONFIDENCE,
      difficulty: insight.difficulty,
      citations: cite(insight.transactionRefs, insight.categoryIds),
    })),
    patterns: answer.patterns.map((pattern) => {
      const [category] = references.categoryRefs.resolve([pattern.categoryId]);
      return {
        categoryId: category?.id ?? "",
        categoryName: category?.name ?? pattern.categoryName,
        pattern: pattern.pattern,
        trend: pattern.trend,
        anomaly: pattern.anomaly?.trim() || null,
        citations: cite(pattern.transactionRefs, category ? [pattern.categoryId] : []),
      };
    }),
  };
}

/** What the model reads of a debt. */
type PromptDebt = { id: string; name: string; type: string; balance: Cents; aprBasisPoints: number; minimum: Cents; priority: string };

/** The debt request: the debts and the last 50 transactions, asking for 2-3 strategies. */
export function debtPrompt(input: { currency: string; debts: PromptDebt[]; categories: InsightCategory[]; transactions: InsightTransaction[] }) {
  const categories = new Map(input.categories.map((category) => [category.id, category]));
  const debtRefs = new References<PromptDebt>("d");
  const transactionRefs = new References<InsightTransaction>("t");
  const data = {
    currency: input.currency,
    debts: input.debts.map((debt) => ({
      ref: debtRefs.refer(debt.id, debt),
      name: debt.name,
      type: debt.type,
      currentBalance: units(debt.balance),
      interestRate: debt.aprBasisPoints / 100,
      minimumPayment: units(debt.minimum),
      priority: debt.priority || "medium",
    })),
    transactions: transactionRows(input.transactions.slice(0, PROMPT_TRANSACTIONS.debts), categories, transactionRefs, new References("c")),
  };
  const user =
    "Suggest 2-3 debt payoff strategies for these debts (for example avalanche or snowball, with concrete steps), each with the potential " +
    "interest saving in currency units or null and how hard it is. Cite debt refs (like d1) and transaction refs from the data only.\n\n" +
    DATA_MARKER +
    JSON.stringify(data);
  return { system: SYSTEM_PROMPT, user, debtRefs, transactionRefs };
}

type DebtReferences = Pick<ReturnType<typeof debtPrompt>, "debtRefs" | "transactionRefs">;

export function strategiesFromAnswer(answer: DebtAnswer, references: DebtReferences, currency: string): DebtStrategy[] {
  const money = moneyText(currency);
  return answer.strategies.map((strategy) => ({
    title: strategy.title,
    description: strategy.description,
    strategy: strategy.strategy,
    potentialSavings: fromUnits(strategy.potentialSavings),
    difficulty: strategy.difficulty,
    citations: [
      ...references.debtRefs.resolve(strategy.debtRefs).map(debtCitation),
      ...references.transactionRefs.resolve(strategy.transactionRefs).map((transaction) => transactionCitation(transaction, "Transaction", money)),
    ],
  }));
}
