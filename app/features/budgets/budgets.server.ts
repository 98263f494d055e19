import mongoose, { Types } from "mongoose";
import { Budget, categoryBudgetsId, monthBudgetId, type BudgetRecord } from "../../../models";
import {
  manualBudget,
  resolveCategoryBudgets,
  resolveMonthBudget,
  type BudgetEntry,
  type CategoryBudgets,
  type StoredCategoryBudgets,
} from "./carry-over";
import { CATEGORY_MESSAGES } from "~/features/categories/categories";
import { getCategory, type CategoryChange } from "~/features/categories/categories.server";
import { toCents, type Cents } from "~/lib/money";
import { isMonthKey, shiftMonth } from "~/lib/month";
import { readOncePerRequest } from "~/utils/request-scope.server";

type StoredBudgetEntry = Pick<BudgetRecord, "amount" | "userSet" | "carriedOver">;
type StoredCategoryBudgetsFields = Pick<BudgetRecord, "monthKey" | "categories">;

/** How many earlier category-budget months are searched for one to carry over. */
const CATEGORY_CARRY_OVER_LOOKBACK = 24;

function assertBudgetInput(monthKey: string, cents: Cents) {
  if (!isMonthKey(monthKey)) throw new Error(`not a month key: ${monthKey}`);
  if (cents < 0) throw new Error(`not a budget: ${cents}`);
}

/** A stored entry with its amount as Cents (the schema lets only whole cents in). */
function budgetEntry({ amount, userSet, carriedOver }: StoredBudgetEntry): BudgetEntry {
  return { amount: toCents(amount), userSet, carriedOver };
}

function categoryBudgets({ monthKey, categories }: StoredCategoryBudgetsFields): StoredCategoryBudgets {
  return { monthKey, categories: Object.fromEntries(Object.entries(categories).map(([id, entry]) => [id, budgetEntry(entry)])) };
}

/**
 * The month's two budget documents (its budget and its category budgets), by one equality query the
 * `{ userId, kind, monthKey }` index answers, read once per page: the dashboard asks for both.
 */
function readStoredMonth(userId: string, monthKey: string) {
  return readOncePerRequest(`budgets ${userId} ${monthKey}`, () =>
    Budget.find({ userId: new Types.ObjectId(userId), monthKey })
      .select({ kind: 1, monthKey: 1, amount: 1, userSet: 1, carriedOver: 1, categories: 1 })
      .lean<Array<StoredBudgetEntry & StoredCategoryBudgetsFields & Pick<BudgetRecord, "kind">>>(),
  );
}

async function readMonthBudget(userId: string, monthKey: string) {
  const stored = (await readStoredMonth(userId, monthKey)).find((budget) => budget.kind === "month");
  return stored ? budgetEntry(stored) : null;
}

/** Fields a budget document gets when an upsert creates it. */
function newBudgetFields(userId: string, kind: "month" | "categories", monthKey: string) {
  return { userId: new Types.ObjectId(userId), kind, monthKey };
}

/**
 * The month's budget, carrying the previous month's user-set budget over (and
 * storing it) when the month has none. The previous month is read only then.
 */
export async function getOrCarryOverMonthBudget(userId: string, monthKey: string): Promise<BudgetEntry> {
  const current = await readMonthBudget(userId, monthKey);
  const previous = current ? null : await readMonthBudget(userId, shiftMonth(monthKey, -1));
  const { shouldStore, ...budget } = resolveMonthBudget(current, previous);
  if (shouldStore) {
    // $setOnInsert: a budget the user sets meanwhile is never overwritten by the carried-over one.
    await Budget.updateOne(
      { _id: monthBudgetId(userId, monthKey) },
      { $setOnInsert: { ...newBudgetFields(userId, "month", monthKey), ...budget } },
      { upsert: true },
    );
  }
  return budget;
}

export async function setMonthBudget(userId: string, monthKey: string, cents: Cents) {
  assertBudgetInput(monthKey, cents);
  await Budget.updateOne(
    { _id: monthBudgetId(userId, monthKey) },
    { $set: manualBudget(cents), $setOnInsert: newBudgetFields(userId, "month", monthKey) },
    { upsert: true },
  );
}

/**
 * The month's category budgets (category id → entry). A month without its own
 * document gets a stored copy of the user-set entries of the latest earlier
 * month that has any.
 */
export async function getOrCarryOverCategoryBudgets(userId: string, monthKey: string): Promise<CategoryBudgets> {
  const current = (await readStoredMonth(userId, monthKey)).find((budget) => budget.kind === "categories");
  if (current) return resolveCategoryBudgets(categoryBudgets(current), []).categories;
  const earlier = await Budget.find({ userId, kind: "categories", monthKey: mongoose.trusted({ $lt: monthKey }) })
    .sort({ monthKey: -1 })
    .limit(CATEGORY_CARRY_OVER_LOOKBACK)
    .select({ monthKey: 1, categories: 1 })
    .lean<StoredCategoryBudgetsFields[]>();
  const { categories, shouldStore } = resolveCategoryBudgets(null, earlier.map(categoryBudgets));
  if (shouldStore) {
    await Budget.updateOne(
      { _id: categoryBudgetsId(userId, monthKey) },
      { $setOnInsert: { ...newBudgetFields(userId, "categories", monthKey), categories } },
      { upsert: true },
    );
  }
  return categories;
}

/** A category id can be a key of the stored map only without "." and a leading "$". */
function isStorableKey(categoryId: string) {
  return categoryId.length > 0 && !categoryId.includes(".") && !categoryId.startsWith("$");
}

/**
 * Sets one category's budget for the month (user-set, not carried over). The
 * month's carry-over is settled first, so the first edit of a month does not
 * hide the budgets it would have carried over.
 */
export async function setCategoryBudget(userId: string, monthKey: string, categoryId: string, cents: Cents) {
  assertBudgetInput(monthKey, cents);
  if (!isStorableKey(categoryId)) throw new Error(`not a category id: ${categoryId}`);
  await getOrCarryOverCategoryBudgets(userId, monthKey);
  await Budget.updateOne(
    { _id: categoryBudgetsId(userId, monthKey) },
    { $set: { [`categories.${categoryId}`]: manualBudget(cents) }, $setOnInsert: newBudgetFields(userId, "categories", monthKey) },
    { upsert: true },
  );
}

/** The amount edit on a category card: that month's budget of the category. */
export async function setCategoryAmount(userId: string, categoryId: string, cents: Cents, monthKey: string): Promise<CategoryChange> {
  if (cents < 0 || !isMonthKey(monthKey)) return { ok: false, errors: [CATEGORY_MESSAGES.budgetFailed] };
  const category = await getCategory(userId, categoryId);
  if (!category) return { ok: false, errors: [CATEGORY_MESSAGES.notFound] };
  await setCategoryBudget(userId, monthKey, categoryId, cents);
  return { ok: true, category };
}
