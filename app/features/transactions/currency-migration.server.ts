import { Types, type Collection } from "mongoose";
import { Budget, Debt, DebtPlan, FinancialAssets, ImportBatch, InsightResult, Migration, NetWorthSnapshot, Reconciliation, SavingsGoal, Transaction, User, type UserRecord } from "../../../models";
import { setLegacyAccountsCurrency } from "~/features/accounts/accounts.server";
import { DEFAULT_CURRENCY } from "~/lib/currency";
import { inBulkWriteSlices } from "~/integrations/database.server";
import { minorUnitDigits, toCents, type Cents } from "~/lib/money";
import { declareMonths, withLedgerLock } from "./ledger-journal.server";
import { recountMonthSummaries } from "./month-recount.server";

const MIGRATION = "legacy-currency";

/** The ids of the records this migration keeps about one user (an account deletion removes them). */
export function userMigrationRecordIds(userId: string) {
  return [userDoneId(userId), userBeganId(userId)];
}

/** The record that the user's rewrite has run to its end (so a repeat skips them). */
function userDoneId(userId: string) {
  return `${MIGRATION}:${userId}`;
}

/** The record of when the user's rewrite began: documents changed after it are already in minor units. */
function userBeganId(userId: string) {
  return `${MIGRATION}:${userId}:began`;
}

/** The currency a user's amounts were typed in: their display currency, upper case; USD when unset or malformed. */
function legacyCurrencyOf(currency: unknown) {
  const code = typeof currency === "string" ? currency.trim() : "";
  return /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : DEFAULT_CURRENCY;
}

/** `value` divided by `divisor` (a power of ten), rounded half away from zero, in integers only (no float can round). */
function divideRounded(value: number, divisor: number) {
  const magnitude = Math.abs(value);
  const rest = magnitude % divisor;
  const whole = (magnitude - rest) / divisor + (rest * 2 >= divisor ? 1 : 0);
  return value < 0 && whole !== 0 ? -whole : whole;
}

/**
 * An amount of the layout before (hundredths of the user's currency) in minor units of a currency of
 * `digits` decimals: ×10 for three, ×100 for four (exact), ÷100 for none, rounded half away from zero
 * (¥1,234.56 → ¥1,235, −¥0.50 → −¥1). Two decimals keep the amount as it is.
 */
export function legacyToMinorUnits(hundredths: number, digits: number): Cents {
  return toCents(digits >= 2 ? hundredths * 10 ** (digits - 2) : divideRounded(hundredths, 10 ** (2 - digits)));
}

/** An amount that must stay at least 1 (a transaction's, a goal's target…): one that rounds to 0 is kept at 1. */
function atLeastOne(amount: Cents) {
  return amount < 1 ? { amount: toCents(1), raised: true } : { amount, raised: false };
}

export type RescaledWithParts = {
  amount: Cents;
  parts: Cents[];
  /** Whether the amount or a part rounded below 1 minor unit and was kept at 1 (the amount then grew to hold its parts). */
  raised: boolean;
};

/**
 * A transaction's amount and its parts (a split's or an income's allocations) in minor units. The amount
 * is rounded on its own (at least 1); the parts by largest remainder, so that parts that added up to the
 * amount still add up to it: each part takes its whole minor units, and the units left go to the parts with
 * the largest fractions (the first of equal ones first). ¥1,234.56 in 500.49 + 500.49 + 233.58 → ¥1,235 in
 * 501 + 500 + 234, where rounding each part alone gives 500 + 500 + 234 = 1,234. Every part stays at least
 * 1: one rounded to 0 takes a unit from the part most above its exact share, and when no part can give one
 * (more parts than units) the amount grows to their sum.
 */
export function rescaleWithParts(hundredths: number, parts: readonly number[], digits: number): RescaledWithParts {
  if (digits >= 2) return { amount: legacyToMinorUnits(hundredths, digits), parts: parts.map((part) => legacyToMinorUnits(part, digits)), raised: false };
  const divisor = 10 ** (2 - digits);
  const rounded = atLeastOne(legacyToMinorUnits(hundredths, digits));
  let amount: number = rounded.amount;
  let raised = rounded.raised;
  if (parts.length === 0) return { amount: rounded.amount, parts: [], raised };

  const partsBefore = parts.reduce((sum, part) => sum + part, 0);
  // Parts that made up the whole amount make up the rounded one; others (an income allocated in part) round their own total.
  const target = partsBefore === hundredths ? amount : divideRounded(partsBefore, divisor);
  const rests = parts.map((part) => part % divisor);
  const scaled = parts.map((part, index) => (part - rests[index]) / divisor);
  const byRemainder = parts.map((_, index) => index).sort((a, b) => rests[b] - rests[a] || a - b);
  let left = target - scaled.reduce((sum, part) => sum + part, 0);
  for (let next = 0; left > 0 && next < byRemainder.length; next += 1, left -= 1) scaled[byRemainder[next]] += 1;

  let missing = 0;
  for (let index = 0; index < scaled.length; index += 1) {
    if (scaled[index] >= 1) continue;
    missing += 1 - scaled[index];
    scaled[index] = 1;
    raised = true;
  }
  // How far each part is above its exact share (in hundredths): the part to give a unit back.
  const excess = (index: number) => scaled[index] * divisor - parts[index];
  while (missing > 0) {
    const giver = scaled.map((_, index) => index).filter((index) => scaled[index] > 1).sort((a, b) => excess(b) - excess(a) || scaled[b] - scaled[a] || a - b)[0];
    if (giver === undefined) break;
    scaled[giver] -= 1;
    missing -= 1;
  }
  const partsAfter = scaled.reduce((sum, part) => sum + part, 0);
  if (partsBefore <= hundredths && partsAfter > amount) {
    amount = partsAfter;
    raised = true;
  }
  return { amount: toCents(amount), parts: scaled.map(toCents), raised };
}

type Stored = Record<string, unknown> & { _id: unknown };
type Rewrite = { owner: Types.ObjectId; since: Date; stamp: Date; digits: number; raisedToOne: string[] };

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function listOf(value: unknown): Stored[] {
  return Array.isArray(value) ? (value as Stored[]) : [];
}

/** Sets `path` to the rescaled amount when the document holds one there (an optional field may be missing or null). */
function rescaleInto(set: Record<string, unknown>, path: string, value: unknown, digits: number) {
  if (isAmount(value)) set[path] = legacyToMinorUnits(value, digits);
}

/** Sets `path` to the list with the amounts at `fields` of each item rescaled (the whole list: no positional updates); nothing for an empty list. */
function rescaleList(set: Record<string, unknown>, path: string, value: unknown, fields: readonly string[], digits: number) {
  const items = listOf(value);
  if (items.length === 0) return;
  set[path] = items.map((item) => {
    const amounts: Record<string, unknown> = {};
    for (const field of fields) rescaleInto(amounts, field, item[field], digits);
    return { ...item, ...amounts };
  });
}

/** A field that may not go below 1: noted when it had to be kept there. */
function rescaleAtLeastOne(set: Record<string, unknown>, path: string, value: unknown, rewrite: Rewrite, what: string) {
  if (!isAmount(value)) return;
  const { amount, raised } = atLeastOne(legacyToMinorUnits(value, rewrite.digits));
  set[path] = amount;
  if (raised) rewrite.raisedToOne.push(what);
}

/** Matches a document this migration has not rewritten: last changed by `since`, or with no `updatedAt` at all. */
function notRewrittenSince(since: Date) {
  return { updatedAt: { $not: { $gt: since } } };
}

/**
 * Rewrites the user's documents of one collection that are not rewritten yet: reads them (only `fields`),
 * computes each one's new amounts in JS (FerretDB has no expression updates), and writes them with one bulk
 * `$set` per thousand documents, each stamped `updatedAt` later than `since` and only while it is not.
 * The driver's collection is used directly so that schemas without an `updatedAt` (reconciliations, insights)
 * keep the stamp too. Resolves to how many documents it rewrote.
 */
async function rewriteEach(collection: Collection, rewrite: Rewrite, fields: Record<string, 1>, change: (document: Stored) => Record<string, unknown>, owned: Record<string, unknown> = { userId: rewrite.owner }) {
  const notRewritten = notRewrittenSince(rewrite.since);
  const documents = await collection.find({ ...owned, ...notRewritten }, { projection: { _id: 1, ...fields } }).toArray();
  const writes = documents.flatMap((document) => {
    const set = change(document as Stored);
    return Object.keys(set).length === 0 ? [] : [{ updateOne: { filter: { _id: document._id, ...notRewritten }, update: { $set: { ...set, updatedAt: rewrite.stamp } } } }];
  });
  await inBulkWriteSlices(writes, (slice) => collection.bulkWrite(slice, { ordered: true }));
  return writes.length;
}

/** Each collection that holds amounts of the user's currency, and how its amounts change. */
const REWRITES: Array<(rewrite: Rewrite) => Promise<number>> = [
  // Transactions: the amount, and the parts of a split or an allocated income by largest remainder.
  (rewrite) =>
    rewriteEach(Transaction.collection, rewrite, { amount: 1, allocations: 1 }, (transaction) => {
      const allocations = listOf(transaction.allocations);
      if (!isAmount(transaction.amount)) return {};
      const rescaled = rescaleWithParts(transaction.amount, allocations.map((allocation) => (isAmount(allocation.amount) ? allocation.amount : 0)), rewrite.digits);
      if (rescaled.raised) rewrite.raisedToOne.push(`transaction ${String(transaction._id)}`);
      const set: Record<string, unknown> = { amount: rescaled.amount };
      if (allocations.length > 0) set.allocations = allocations.map((allocation, index) => ({ ...allocation, amount: rescaled.parts[index] }));
      return set;
    }),
  // Budgets: a month's amount, and each category's entry of a month's category budgets.
  (rewrite) =>
    rewriteEach(Budget.collection, rewrite, { amount: 1, categories: 1 }, (budget) => {
      const set: Record<string, unknown> = {};
      rescaleInto(set, "amount", budget.amount, rewrite.digits);
      const categories = budget.categories && typeof budget.categories === "object" ? (budget.categories as Record<string, Stored | null>) : {};
      for (const [categoryId, entry] of Object.entries(categories)) rescaleInto(set, `categories.${categoryId}.amount`, entry?.amount, rewrite.digits);
      return set;
    }),
  // Debts (not the rate, in basis points).
  (rewrite) =>
    rewriteEach(Debt.collection, rewrite, { totalAmount: 1, balanceBeforePayments: 1, currentBalance: 1, minimumPayment: 1 }, (debt) => {
      const set: Record<string, unknown> = {};
      rescaleAtLeastOne(set, "totalAmount", debt.totalAmount, rewrite, `debt ${String(debt._id)} total amount`);
      rescaleInto(set, "balanceBeforePayments", debt.balanceBeforePayments, rewrite.digits);
      rescaleInto(set, "currentBalance", debt.currentBalance, rewrite.digits);
      rescaleAtLeastOne(set, "minimumPayment", debt.minimumPayment, rewrite, `debt ${String(debt._id)} minimum payment`);
      return set;
    }),
  // The saved payoff plan: the extra payment and each debt's balance and minimum as they were saved (the whole list: no positional updates).
  (rewrite) =>
    rewriteEach(DebtPlan.collection, rewrite, { extra: 1, debts: 1 }, (plan) => {
      const set: Record<string, unknown> = {};
      rescaleInto(set, "extra", plan.extra, rewrite.digits);
      rescaleList(set, "debts", plan.debts, ["balance", "minimum"], rewrite.digits);
      return set;
    }),
  // Imports: the money in and out of each, and the rows an undo kept.
  (rewrite) =>
    rewriteEach(ImportBatch.collection, rewrite, { moneyIn: 1, moneyOut: 1, kept: 1 }, (batch) => {
      const set: Record<string, unknown> = {};
      rescaleInto(set, "moneyIn", batch.moneyIn, rewrite.digits);
      rescaleInto(set, "moneyOut", batch.moneyOut, rewrite.digits);
      rescaleList(set, "kept", batch.kept, ["amount"], rewrite.digits);
      return set;
    }),
  // Typed assets (the whole list).
  (rewrite) =>
    rewriteEach(FinancialAssets.collection, rewrite, { entries: 1 }, (assets) => {
      const set: Record<string, unknown> = {};
      rescaleList(set, "entries", assets.entries, ["amount"], rewrite.digits);
      return set;
    }),
  // Net-worth snapshots: a net worth that was assets less debts stays so.
  (rewrite) =>
    rewriteEach(NetWorthSnapshot.collection, rewrite, { totalAssets: 1, totalDebts: 1, netWorth: 1 }, (snapshot) => {
      const set: Record<string, unknown> = {};
      rescaleInto(set, "totalAssets", snapshot.totalAssets, rewrite.digits);
      rescaleInto(set, "totalDebts", snapshot.totalDebts, rewrite.digits);
      const derived = isAmount(snapshot.totalAssets) && isAmount(snapshot.totalDebts) && snapshot.netWorth === snapshot.totalAssets - snapshot.totalDebts;
      if (derived) set.netWorth = toCents((set.totalAssets as number) - (set.totalDebts as number));
      else rescaleInto(set, "netWorth", snapshot.netWorth, rewrite.digits);
      return set;
    }),
  // Reconciliations: a difference that was the statement less the cleared balance stays so, and an adjustment that was the difference stays it.
  (rewrite) =>
    rewriteEach(Reconciliation.collection, rewrite, { statementBalance: 1, clearedBalance: 1, difference: 1, adjustment: 1 }, (reconciliation) => {
      const { statementBalance, clearedBalance, difference, adjustment } = reconciliation;
      const set: Record<string, unknown> = {};
      rescaleInto(set, "statementBalance", statementBalance, rewrite.digits);
      rescaleInto(set, "clearedBalance", clearedBalance, rewrite.digits);
      const derived = isAmount(statementBalance) && isAmount(clearedBalance) && difference === statementBalance - clearedBalance;
      if (derived) set.difference = toCents((set.statementBalance as number) - (set.clearedBalance as number));
      else rescaleInto(set, "difference", difference, rewrite.digits);
      if (isAmount(adjustment) && adjustment !== 0 && adjustment === difference && "difference" in set) set.adjustment = set.difference;
      else rescaleInto(set, "adjustment", adjustment, rewrite.digits);
      return set;
    }),
  // Savings goals: the target, what is saved, and a contribution waiting for its transaction.
  (rewrite) =>
    rewriteEach(SavingsGoal.collection, rewrite, { target: 1, current: 1, pendingContribution: 1 }, (goal) => {
      const set: Record<string, unknown> = {};
      rescaleAtLeastOne(set, "target", goal.target, rewrite, `savings goal ${String(goal._id)} target`);
      rescaleInto(set, "current", goal.current, rewrite.digits);
      const pending = goal.pendingContribution as Stored | null | undefined;
      rescaleAtLeastOne(set, "pendingContribution.amount", pending?.amount, rewrite, `savings goal ${String(goal._id)} pending contribution`);
      return set;
    }),
  // Stored insights: the savings each one names (their wording was written in the currency already).
  (rewrite) =>
    rewriteEach(InsightResult.collection, rewrite, { items: 1 }, (result) => {
      const withSavings = (list: Stored[]) =>
        list.map((item) => {
          const amounts: Record<string, unknown> = {};
          rescaleInto(amounts, "potentialSavings", item.potentialSavings, rewrite.digits);
          return { ...item, ...amounts };
        });
      if (Array.isArray(result.items)) return { items: withSavings(listOf(result.items)) };
      const items = result.items as Record<string, unknown> | null | undefined;
      if (!items || typeof items !== "object") return {};
      return { items: { ...items, insights: withSavings(listOf(items.insights)) } };
    }),
  // The user: each category's budget, expected income and (debt categories of the layout before) balance, the savings
  // before tracking, the monthly income.
  (rewrite) =>
    rewriteEach(
      User.collection,
      rewrite,
      { categories: 1, "savings.initialSavings": 1, monthlyIncome: 1 },
      (user) => {
        const set: Record<string, unknown> = {};
        const categories = user.categories && typeof user.categories === "object" ? (user.categories as Record<string, Stored | null>) : {};
        for (const [categoryId, category] of Object.entries(categories)) {
          for (const field of ["budget", "expected", "currentBalance"]) rescaleInto(set, `categories.${categoryId}.${field}`, category?.[field], rewrite.digits);
        }
        rescaleInto(set, "savings.initialSavings", (user.savings as Stored | undefined)?.initialSavings, rewrite.digits);
        rescaleInto(set, "monthlyIncome", user.monthlyIncome, rewrite.digits);
        return set;
      },
      { _id: rewrite.owner },
    ),
];

/** When the user's rewrite began: recorded by the first run, so a run after a crash tells what the first one rewrote. */
async function rewriteBegan(userId: string) {
  await Migration.updateOne({ _id: userBeganId(userId) }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  const began = await Migration.findById(userBeganId(userId)).select({ doneAt: 1 }).lean<{ doneAt: Date }>();
  if (!began) throw new Error(`${MIGRATION}: the start of user ${userId}'s rewrite was not recorded`);
  return began.doneAt;
}

export type LegacyCurrencyReport = {
  /** The user's currency: their accounts' now, and the one their other amounts are in. */
  currency: string;
  /** How many documents were rewritten (accounts included). */
  rewritten: number;
  /** The amounts that rounded below 1 minor unit where 1 is the least, kept at 1. */
  raisedToOne: string[];
};

/**
 * Makes one user's stored amounts mean in minor units what they meant in hundredths of their currency
 * (decision 204), holding their ledger: their accounts of before take their currency, and when that currency
 * has other than two decimals every amount of theirs is rescaled (×10 for dinars, ÷100 rounded for yen…);
 * then the month summaries are counted again from the rescaled transactions. The journal declares every
 * month first, so a crash part-way is recounted by the next read; each rewritten document is stamped after
 * the rewrite began, so a run after a crash rewrites only what is left. Resolves to what it did, or null when
 * the user was done before (or is gone).
 */
export function keepUserAmountsMeaning(userId: string): Promise<LegacyCurrencyReport | null> {
  return withLedgerLock(userId, async () => {
    if (await Migration.exists({ _id: userDoneId(userId) })) return null;
    const owner = new Types.ObjectId(userId);
    const user = await User.findById(owner).select({ currency: 1 }).lean<Pick<UserRecord, "currency">>();
    if (!user) return null;
    const currency = legacyCurrencyOf(user.currency);
    const digits = minorUnitDigits(currency);
    const since = await rewriteBegan(userId);
    // Later than `since` even when this machine's clock is behind the one that began the rewrite.
    const stamp = new Date(Math.max(Date.now(), since.getTime() + 1));
    await declareMonths(userId, "all");

    const rewrite: Rewrite = { owner, since, stamp, digits, raisedToOne: [] };
    let rewritten = await setLegacyAccountsCurrency(userId, currency, { since, rewrittenAt: stamp, rescale: (amount) => legacyToMinorUnits(amount, digits) });
    for (const rewriteCollection of digits === 2 ? [] : REWRITES) {
      const noted = rewrite.raisedToOne.length;
      rewritten += await rewriteCollection(rewrite);
      // Said as soon as written: a run after a crash finds these rewritten and cannot tell them again.
      const raised = rewrite.raisedToOne.slice(noted);
      if (raised.length > 0) console.warn(`${MIGRATION}: user ${userId} (${currency}): kept at 1 minor unit, as they rounded below it: ${raised.join("; ")}.`);
    }
    await recountMonthSummaries(userId);
    await Migration.updateOne({ _id: userDoneId(userId) }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
    return { currency, rewritten, raisedToOne: rewrite.raisedToOne };
  });
}

/**
 * The migration to amounts in minor units of their currency (decisions 202, 204), run at start right after the
 * one to accounts and before any request: each user whose currency is not the dollar is rewritten (a dollar
 * user's accounts are in dollars already and their hundredths are cents), then the migration is recorded so
 * later starts skip the search. Safe to repeat and to run on two processes at once (each user's rewrite holds
 * their ledger, and is recorded when done). Resolves to how many users this run rewrote.
 */
export async function keepLegacyAmountsMeaning() {
  if (await Migration.exists({ _id: MIGRATION })) return 0;
  const users = await User.find({}).select({ _id: 1, currency: 1 }).lean<Array<Pick<UserRecord, "_id" | "currency">>>();
  let rewritten = 0;
  for (const user of users) {
    if (legacyCurrencyOf(user.currency) === DEFAULT_CURRENCY) continue;
    // Another process finished first and serves requests: a user who signed up since has amounts of the new kind.
    if (await Migration.exists({ _id: MIGRATION })) break;
    if (await keepUserAmountsMeaning(String(user._id))) rewritten += 1;
  }
  await Migration.updateOne({ _id: MIGRATION }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  return rewritten;
}
