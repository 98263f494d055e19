import { AiCircuit, InsightResult, insightResultId, Transaction, type InsightResultRecord, type TransactionRecord } from "../../../models";
import { categoryExpense, netExpenses } from "~/features/analytics/analytics";
import { readMonthBudgets } from "~/features/analytics/analytics.server";
import { readPageUser } from "~/features/auth/user.server";
import { getOrCarryOverCategoryBudgets } from "~/features/budgets/budgets.server";
import { debtCategoryId, debtCategoryName, isSplitCategory, isTransferCategory, plannedAmount } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { listDebts } from "~/features/debts/debts.server";
import { DEFAULT_EXTRA_PAYMENT } from "~/features/debts/payoff";
import { getSavedPlan, toPayoffDebts } from "~/features/debts/plan.server";
import { reportedParts } from "~/features/transactions/month-summary";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { toObjectId } from "~/integrations/database.server";
import { createModelClient, modelSettings, type BreakerStore, type ModelClient, type ModelFailure, type ModelOutcome } from "~/integrations/openai.server";
import { toCents, type Cents } from "~/lib/money";
import { shiftMonth } from "~/lib/month";
import { reserveAttempts } from "~/utils/rate-limit.server";
import type { Citation, DebtResult, DebtStrategy, Insight, InsightCategory, InsightTransaction, Notice, Pattern, SpendingResult } from "./insights";
import { debtRules } from "./debt-rules";
import { debtPrompt, PROMPT_TRANSACTIONS, spendingFromAnswer, spendingPrompt, strategiesFromAnswer } from "./prompt";
import { debtAnswerSchema, DEBT_SCHEMA_NAME, spendingAnswerSchema, SPENDING_SCHEMA_NAME } from "./schema";
import { spendingRules } from "./spending-rules";

/** How far back the rules engine looks for usual amounts and recurring charges. */
const HISTORY_MONTHS = 12;
const HISTORY_LIMIT = 2000;

const LOCAL_NOTE = "Meanwhile, the insights below were computed on this server from your own data.";
const AVALANCHE_ADVICE = "Meanwhile, keep paying every minimum and put any extra on the debt with the highest interest rate (the avalanche method).";

/** The fallback notice, by why the model gave no answer (decision 150). */
function fallbackNotice(failure: ModelFailure, excerpt: string | null, kind: "spending" | "debts"): Notice {
  const closing = kind === "debts" ? AVALANCHE_ADVICE : LOCAL_NOTE;
  switch (failure) {
    case "circuit-open":
      return {
        title: "AI Service Temporarily Disabled",
        description: `The AI service failed several times in a row, so it is paused for a few minutes. ${closing}`,
      };
    case "overloaded":
      return {
        title: "AI Service Temporarily Overloaded",
        description: `The AI service is overloaded right now. Please try again in a few minutes. ${closing}`,
      };
    case "unavailable":
      return {
        title: "AI Service Unavailable",
        description: `The AI service could not be reached. Please check your connection and try again. ${closing}`,
      };
    case "no-response":
      return {
        title: "No Response",
        description: `The AI service returned no answer. ${closing}`,
      };
    case "unparsable":
      return {
        title: "Analysis Generated",
        description: `The AI service answered in a form that could not be checked against your data${excerpt ? `: "${excerpt}"` : ""}. ${closing}`,
      };
  }
}

/** The breaker's state in the database, one document per endpoint and model. */
function circuitStore(key: string): BreakerStore {
  return {
    async load() {
      const stored = await AiCircuit.findById(key).lean();
      return stored?.state ?? null;
    },
    async save(state) {
      await AiCircuit.updateOne({ _id: key }, { $set: { state, updatedAt: new Date() } }, { upsert: true });
    },
  };
}

const clients = new Map<string, ModelClient>();

/** The client of the configured endpoint, or null when none is configured. */
function configuredClient() {
  const settings = modelSettings();
  if (!settings) return null;
  const key = `${settings.baseURL ?? "https://api.openai.com/v1"}#${settings.model}`;
  let client = clients.get(key);
  if (!client) {
    client = createModelClient({
      ...settings,
      breakerStore: circuitStore(key),
    });
    clients.set(key, client);
  }
  return client;
}

type AiAvailability = { mode: "model"; model: string } | { mode: "rules"; reason: "no-key" | "turned-off" };

/** What generation needs of the user: their currency and whether they allow the AI model. */
async function readAiUser(userId: string) {
  const user = await readPageUser(userId);
  return {
    currency: user?.currency ?? "USD",
    aiInsights: user?.aiInsights !== false,
  };
}

/** Whether insights would come from a model: the user allows it (`aiInsights`) and one is configured. */
export function aiAvailability(aiInsights: boolean): AiAvailability {
  if (!aiInsights) return { mode: "rules", reason: "turned-off" };
  const settings = modelSettings();
  if (!settings) return { mode: "rules", reason: "no-key" };
  return { mode: "model", model: settings.model };
}

const TRANSACTION_FIELDS = {
  type: 1,
  category: 1,
  amount: 1,
  date: 1,
  description: 1,
  allocations: 1,
  accountId: 1,
  reported: 1,
} as const;
type ReadTransaction = Pick<TransactionRecord, "_id" | keyof typeof TRANSACTION_FIELDS>;

/**
 * A transaction as the insights read it: a split expense is one entry per part, each in its category.
 * Money into the account of a debt linked to it (`linkedDebts`: debt ids by account id) is a payment in
 * the debt's category, as an unlinked debt's payment is. Amounts are in the reporting currency; one no
 * rate converts yet is left out, as from every total.
 */
function toInsightTransactions(transaction: ReadTransaction, linkedDebts: ReadonlyMap<string, string>): InsightTransaction[] {
  const reported = reportedParts(transaction);
  if (!reported) return [];
  const paidDebt = transaction.type === "income" && transaction.accountId ? linkedDebts.get(String(transaction.accountId)) : undefined;
  if (paidDebt) {
    return [{ id: String(transaction._id), type: "expense", category: debtCategoryId(paidDebt), amount: toCents(reported.amount), date: transaction.date, description: transaction.description ?? "" }];
  }
  // Money moved between the user's accounts is neither spending nor income.
  if (isTransferCategory(transaction.category)) return [];
  const parts = isSplitCategory(transaction.category)
    ? reported.allocations.map((part) => ({ category: part.categoryId, amount: part.amount }))
    : [{ category: transaction.category ?? "", amount: reported.amount }];
  return parts.map((part) => ({
    id: String(transaction._id),
    type: transaction.type,
    category: part.category,
    amount: toCents(part.amount),
    date: transaction.date,
    description: transaction.description ?? "",
  }));
}

/**
 * The user's live transactions of the `months` months up to `toMonth`, newest
 * first, at most `limit` of them (a split gives one entry per part): read month by month with equalities only (decision
 * 060), which the embedded database answers from its indexes at 100k rows.
 */
async function recentTransactions(userId: string, toMonth: string, months: number, limit: number, linkedDebts: ReadonlyMap<string, string> = new Map()) {
  const found: InsightTransaction[] = [];
  for (let back = 0; back < months && found.length < limit; back++) {
    const transactions = await Transaction.find({ userId, monthKey: shiftMonth(toMonth, -back), deleted: false })
      .sort({ date: -1, _id: -1 })
      .limit(limit - found.length)
      .select(TRANSACTION_FIELDS)
      .lean<ReadTransaction[]>();
    found.push(...transactions.flatMap((transaction) => toInsightTransactions(transaction, linkedDebts)));
  }
  return found;
}

async function insightCategories(userId: string, month: string): Promise<InsightCategory[]> {
  const [categories, monthBudgets] = await Promise.all([getCategories(userId), getOrCarryOverCategoryBudgets(userId, month)]);
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    type: category.type,
    planned: plannedAmount(category, monthBudgets),
  }));
}

async function storeResult(
  userId: string,
  kind: Kind,
  month: string,
  fields: {
    source: "model" | "rules";
    notice: Notice | null;
    items: unknown;
    generatedAt: Date;
    /** Set while the model is asked in the background for the result this one stands in for. */
    modelPendingSince: Date | null;
  }
) {
  await InsightResult.updateOne({ _id: insightResultId(userId, kind, month) }, { $set: { userId, kind, month, ...fields } }, { upsert: true });
}

type Kind = "spending" | "debts";
type SpendingItems = { insights: Insight[]; patterns: Pattern[] };

/**
 * What a result is made of: the rules engine's items, and the question for the model when the user allows
 * it (and, for debts, has any). Both read the same figures, gathered once.
 */
type Work<Items> = { fromRules: () => Items; ask: ((client: ModelClient) => Promise<ModelOutcome<Items>>) | null };

/** The month's figures, top 5 categories and last 100 transactions: for the rules engine, and the model's prompt. */
async function spendingWork(userId: string, month: string): Promise<Work<SpendingItems>> {
  const [user, categories, current, previous, budgets, history] = await Promise.all([
    readAiUser(userId),
    insightCategories(userId, month),
    getMonthTotals(userId, month),
    getMonthTotals(userId, shiftMonth(month, -1)),
    readMonthBudgets(userId, [month]),
    recentTransactions(userId, month, HISTORY_MONTHS, HISTORY_LIMIT),
  ]);
  const monthlyBudget = budgets[month] ?? toCents(0);
  const ask = async (client: ModelClient): Promise<ModelOutcome<SpendingItems>> => {
    const spentByCategory = Object.fromEntries(Object.entries(current.categories).map(([id, totals]) => [id, categoryExpense(totals)]));
    const prompt = spendingPrompt({
      month,
      currency: user.currency,
      income: toCents(current.income),
      expenses: netExpenses(current),
      monthlyBudget,
      categories,
      spentByCategory,
      transactions: history.slice(0, PROMPT_TRANSACTIONS.spending),
    });
    const outcome = await client.complete({ schemaName: SPENDING_SCHEMA_NAME, schema: spendingAnswerSchema, system: prompt.system, user: prompt.user });
    return outcome.ok ? { ok: true, value: spendingFromAnswer(outcome.value, prompt, user.currency) } : outcome;
  };
  return {
    fromRules: () => spendingRules({ month, currency: user.currency, categories, current, previous, monthlyBudget, history }),
    ask: aiAvailability(user.aiInsights).mode === "model" ? ask : null,
  };
}

/** The debts and the last 50 transactions: for the debt rules, and the model's prompt. */
async function debtWork(userId: string, month: string): Promise<Work<DebtStrategy[]>> {
  const [user, debts, saved, shownCategories] = await Promise.all([readAiUser(userId), listDebts(userId), getSavedPlan(userId), insightCategories(userId, month)]);
  const linked = debts.filter((debt) => debt.accountId !== null);
  const transactions = await recentTransactions(userId, month, HISTORY_MONTHS, PROMPT_TRANSACTIONS.debts, new Map(linked.map((debt) => [debt.accountId as string, debt.id])));
  // A linked debt's category is retired; its payments among the transactions are named by it all the same.
  const categories: InsightCategory[] = [...shownCategories, ...linked.map((debt) => ({ id: debtCategoryId(debt.id), name: debtCategoryName(debt.name), type: "expense" as const, planned: toCents(0) }))];
  const { currency } = user;
  const ask = async (client: ModelClient): Promise<ModelOutcome<DebtStrategy[]>> => {
    const promptDebts = debts.map((debt) => ({
      id: debt.id,
      name: debt.name,
      type: debt.type,
      balance: debt.currentBalance,
      aprBasisPoints: debt.aprBasisPoints,
      minimum: debt.minimumPayment,
      priority: debt.priority,
    }));
    const prompt = debtPrompt({ currency, debts: promptDebts, categories, transactions });
    const outcome = await client.complete({ schemaName: DEBT_SCHEMA_NAME, schema: debtAnswerSchema, system: prompt.system, user: prompt.user });
    return outcome.ok ? { ok: true, value: strategiesFromAnswer(outcome.value, prompt, currency) } : outcome;
  };
  const typeOf = new Map(debts.map((debt) => [debt.id, debt.type]));
  return {
    fromRules: () =>
      debtRules({
        currency,
        debts: toPayoffDebts(debts).map((debt) => ({ ...debt, type: typeOf.get(debt.id) ?? "other" })),
        extra: saved ? (saved.extra as Cents) : DEFAULT_EXTRA_PAYMENT,
        recentTransactions: transactions,
      }),
    ask: aiAvailability(user.aiInsights).mode === "model" && debts.length > 0 ? ask : null,
  };
}

/**
 * A refresh (decision 227): the rules engine's items, stored at once. When a model may be asked, the
 * result waits for it (`modelAsked`) and the caller queues `completeWithModel` with the result's time.
 */
async function refresh<Items>(userId: string, kind: Kind, month: string, work: Work<Items>, now: Date) {
  const modelAsked = Boolean(work.ask && configuredClient());
  const items = work.fromRules();
  await storeResult(userId, kind, month, { source: "rules", notice: null, items, generatedAt: now, modelPendingSince: modelAsked ? now : null });
  return { items, modelAsked, common: { month, source: "rules" as const, notice: null, modelPending: modelAsked, generatedAt: now.toISOString() } };
}

/** Refreshes the month's insights and patterns: the rules engine's at once; the model's, when it may be asked, from the background. */
export async function generateSpendingInsights(userId: string, month: string, now = new Date()): Promise<{ result: SpendingResult; modelAsked: boolean }> {
  const { items, modelAsked, common } = await refresh(userId, "spending", month, await spendingWork(userId, month), now);
  return { result: { kind: "spending", ...common, ...items }, modelAsked };
}

/** Refreshes the debt strategies (on demand): the rules engine's at once; the model's, when it may be asked, from the background. */
export async function generateDebtStrategies(userId: string, month: string, now = new Date()): Promise<{ result: DebtResult; modelAsked: boolean }> {
  const { items, modelAsked, common } = await refresh(userId, "debts", month, await debtWork(userId, month), now);
  return { result: { kind: "debts", ...common, strategies: items }, modelAsked };
}

/**
 * The background half of a refresh: asks the model for the result that the refresh of `askedAt` left
 * waiting, and stores its answer in place of the rules engine's, or the fallback notice (§8) above them.
 * A later refresh (or the result gone with its account) makes the answer moot: nothing is written.
 */
export async function completeWithModel(userId: string, kind: Kind, month: string, askedAt: Date): Promise<"model" | "superseded" | ModelFailure> {
  const waiting = { _id: insightResultId(userId, kind, month), modelPendingSince: askedAt };
  if (!(await InsightResult.exists(waiting))) return "superseded";
  const work: Work<unknown> = kind === "spending" ? await spendingWork(userId, month) : await debtWork(userId, month);
  const client = configuredClient();
  const outcome: ModelOutcome<unknown> = work.ask && client ? await work.ask(client) : { ok: false, failure: "unavailable", detail: "No model may be asked any more", excerpt: null };
  const written = outcome.ok
    ? await InsightResult.updateOne(waiting, { $set: { source: "model", notice: null, items: outcome.value, generatedAt: new Date(), modelPendingSince: null } })
    : await InsightResult.updateOne(waiting, { $set: { notice: fallbackNotice(outcome.failure, outcome.excerpt, kind), modelPendingSince: null } });
  if (written.modifiedCount === 0) return "superseded";
  return outcome.ok ? "model" : outcome.failure;
}

type Cited = { citations: Citation[] };

/**
 * The cited transactions that are still the user's live transactions (not
 * deleted since, never another user's): one read by `_id` each, the lookup the
 * embedded database answers without a scan (an `$in` on `_id` is a scan there).
 */
async function liveCitedTransactions(userId: string, lists: Cited[][]) {
  const ids = new Set(lists.flat().flatMap((item) => item.citations.filter((citation) => citation.kind === "transaction").map((citation) => citation.id)));
  const live = new Set<string>();
  for (const id of ids) {
    const _id = toObjectId(id);
    const transaction = _id && (await Transaction.findById(_id).select({ userId: 1, deleted: 1 }).lean());
    if (transaction && String(transaction.userId) === userId && !transaction.deleted) live.add(id);
  }
  return live;
}

function keepLive<Item extends Cited>(items: Item[], live: Set<string>): Item[] {
  return items.map((item) => ({ ...item, citations: item.citations.filter((citation) => citation.kind !== "transaction" || live.has(citation.id)) }));
}

type StoredResult = Pick<InsightResultRecord, "source" | "notice" | "items" | "generatedAt" | "modelPendingSince">;

/**
 * How long a result waits for the model's answer before the page stops waiting: well beyond the job's
 * worst case (MODEL_POLICY: a 20 s timeout, or 3 quick failures 10 s apart at most), and short enough that
 * a lost job does not keep a page waiting.
 */
export const MODEL_WAIT_MS = 2 * 60_000;

/** A stored result's fields every kind shares; one that waited longer than MODEL_WAIT_MS reads as a model that gave no answer. */
function sharedFields(stored: StoredResult, kind: Kind, now: Date) {
  const pendingSince = stored.modelPendingSince ?? null;
  const modelPending = pendingSince !== null && now.getTime() - pendingSince.getTime() < MODEL_WAIT_MS;
  const notice = pendingSince !== null && !modelPending ? fallbackNotice("no-response", null, kind) : ((stored.notice as Notice | null) ?? null);
  return { source: stored.source, notice, modelPending, generatedAt: stored.generatedAt.toISOString() };
}

async function readResult(userId: string, kind: Kind, month: string) {
  return InsightResult.findById(insightResultId(userId, kind, month)).select({ source: 1, notice: 1, items: 1, generatedAt: 1, modelPendingSince: 1 }).lean<StoredResult>();
}

/** The month's stored insights, or null before the first generation. */
export async function getSpendingInsights(userId: string, month: string, now = new Date()): Promise<SpendingResult | null> {
  const stored = await readResult(userId, "spending", month);
  if (!stored) return null;
  const items = stored.items as SpendingItems;
  const live = await liveCitedTransactions(userId, [items.insights, items.patterns]);
  return { kind: "spending", month, ...sharedFields(stored, "spending", now), insights: keepLive(items.insights, live), patterns: keepLive(items.patterns, live) };
}

export async function getDebtStrategies(userId: string, month: string, now = new Date()): Promise<DebtResult | null> {
  const stored = await readResult(userId, "debts", month);
  if (!stored) return null;
  const items = stored.items as DebtStrategy[];
  return { kind: "debts", month, ...sharedFields(stored, "debts", now), strategies: keepLive(items, await liveCitedTransactions(userId, [items])) };
}

/** Spends one of the user's refreshes this hour; false when none is left. */
export async function takeRefresh(userId: string) {
  return (await reserveAttempts(["insightRefreshesPerUser", userId])) !== null;
}
