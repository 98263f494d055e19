import mongoose, { Types } from "mongoose";
import { Transaction, User, type UserRecord, type TransactionRecord } from "../../../models";
import {
  CATEGORY_MESSAGES,
  categoryNamed,
  DEBT_CATEGORY_ORDER_BASE,
  debtCategoryId,
  debtCategoryName,
  DEFAULT_CATEGORIES,
  DEFAULT_COLORS,
  distinctCategoryName,
  freeCategoryId,
  isCategoryType,
  isUncategorized,
  mergeCategories,
  nextOrder,
  sanitizeCategory,
  SPLIT_CATEGORY,
  type Category,
  type CategoryType,
  type StoredCategory,
} from "./categories";
import { readPageUser } from "~/features/auth/user.server";
import { toCents, ZERO_CENTS, type Cents } from "~/lib/money";

export type CategoryRefusal = { ok: false; errors: string[] };
export type CategoryChange = { ok: true; category: Category } | CategoryRefusal;

type StoredUser = Pick<UserRecord, "categories" | "settings" | "premiumAccess">;

/** Icon of categories created from an income transaction rather than by the user. */
const AUTO_CREATED_ICON = "tag";

function categoryPath(id: string, field?: string) {
  return field ? `categories.${id}.${field}` : `categories.${id}`;
}

/** A stored map entry: `budget` holds the amount of expense categories, `expected` that of income ones. */
function storedEntry(category: Omit<Category, "budget" | "expected">, amount: Cents) {
  return {
    ...category,
    budget: category.type === "expense" ? amount : ZERO_CENTS,
    expected: category.type === "income" ? amount : ZERO_CENTS,
    createdAt: new Date(),
  };
}

function failure(...errors: string[]): CategoryRefusal {
  return { ok: false, errors };
}

/** The default categories and settings as paths to set, so two first changes at once write the same values. */
function defaultPaths(user: StoredUser) {
  const defaults: Record<string, unknown> = {};
  for (const { budget, ...category } of DEFAULT_CATEGORIES) defaults[categoryPath(category.id)] = storedEntry(category, budget);
  if (user.settings?.emailNotifications === undefined) defaults["settings.emailNotifications"] = true;
  if (user.settings?.pushNotifications === undefined) defaults["settings.pushNotifications"] = true;
  return defaults;
}

/** The type fix `mergeCategories` applied to expense categories named like income, as paths to set. */
function typeFixPaths(saved: Record<string, StoredCategory>, categories: Category[]) {
  const fixes: Record<string, unknown> = {};
  for (const category of categories) {
    if (category.type !== "income" || saved[category.id]?.type !== "expense") continue;
    fixes[categoryPath(category.id, "type")] = "income";
    fixes[categoryPath(category.id, "order")] = category.order;
    fixes[categoryPath(category.id, "expected")] = category.expected;
    fixes[categoryPath(category.id, "budget")] = 0;
  }
  return fixes;
}

/**
 * A filter part matching only while the map has no live entry `id` (none, or
 * one marked deleted), so checking for a duplicate and writing are one step:
 * of two concurrent writes of the same id, the second matches nothing.
 */
function freeEntry(saved: Record<string, StoredCategory>, id: string) {
  return saved[id]?.deleted === true ? { [categoryPath(id, "deleted")]: true } : { [categoryPath(id)]: mongoose.trusted({ $exists: false }) };
}

/** Whether the saved map holds a live category under `id` (an entry marked deleted may be written over). */
function holdsLive(saved: Record<string, StoredCategory>, id: string) {
  return Object.hasOwn(saved, id) && saved[id].deleted !== true;
}

/** Every live category of the saved map, debts included while they are hidden (they come back with a subscription): the names a new one must not repeat. */
function namedCategories(saved: Record<string, StoredCategory>) {
  return mergeCategories(saved);
}

/**
 * The saved map and the categories made from it; debts are spending
 * categories only while the user is premium. Reading writes nothing: a map
 * never written reads as the defaults, and what the read fixed (`pending`:
 * the defaults themselves, types of categories named like income) is stored
 * by the next change, before it (`writeMap`).
 */
async function loadCategories(userId: string) {
  const user: StoredUser | null = await readPageUser(userId);
  if (!user) throw new Error(`no user ${userId}`);
  const written = user.categories !== undefined && Object.keys(user.categories).length > 0;
  const saved: Record<string, StoredCategory> = written ? user.categories : Object.fromEntries(DEFAULT_CATEGORIES.map((category) => [category.id, { ...category }]));
  const categories = mergeCategories(saved).filter((category) => user.premiumAccess || !category.isDebt);
  const pending = { ...(written ? {} : defaultPaths(user)), ...typeFixPaths(saved, categories) };
  return { saved, categories, pending };
}

type LoadedCategories = Awaited<ReturnType<typeof loadCategories>>;

/** Stores what the read left pending, then the change (`filter` narrows the change's match, as `freeEntry` does). */
async function writeMap({ pending }: LoadedCategories, userId: string, update: mongoose.UpdateQuery<unknown>, filter: Record<string, unknown> = {}) {
  if (Object.keys(pending).length > 0) await User.updateOne({ _id: userId }, { $set: pending });
  return User.updateOne({ _id: userId, ...filter }, update);
}

/** The user's categories, income first, each type by order. */
export async function getCategories(userId: string): Promise<Category[]> {
  return (await loadCategories(userId)).categories;
}

export async function getCategory(userId: string, categoryId: string) {
  return (await getCategories(userId)).find((category) => category.id === categoryId) ?? null;
}

/**
 * Creates the category an income transaction names when the user's map does
 * not have it yet (called when the transaction is written, so reading
 * categories never has to scan transactions).
 */
export async function ensureCategoryExists(userId: string, { id, name, type }: { id: string; name: string; type: CategoryType }) {
  if (isUncategorized(id)) return null;
  if (id.includes(".") || id.startsWith("$")) throw new Error(`not a category id: ${id}`);
  const loaded = await loadCategories(userId);
  const { categories, saved } = loaded;
  const existing = categories.find((category) => category.id === id);
  if (existing) return existing;
  const category: Category = {
    id,
    // An income's category named like one the user has already would list two identical names.
    name: distinctCategoryName(sanitizeCategory({ name, type, order: 0 }).category.name || id, namedCategories(saved)),
    icon: AUTO_CREATED_ICON,
    colors: { ...DEFAULT_COLORS },
    type,
    order: nextOrder(categories, type),
    budget: ZERO_CENTS,
    expected: ZERO_CENTS,
  };
  await writeMap(loaded, userId, { $set: { [categoryPath(id)]: storedEntry(category, ZERO_CENTS) } }, freeEntry(saved, id));
  return category;
}

/** Adds a category the user named; `amount` (cents) is its budget (expense) or expected income. */
export async function addCategory(userId: string, input: { name: string; type: string; amount: Cents }): Promise<CategoryChange> {
  const loaded = await loadCategories(userId);
  const { categories, saved } = loaded;
  const type = isCategoryType(input.type) ? input.type : undefined;
  const { category: clean, errors } = sanitizeCategory({
    name: input.name,
    type: input.type,
    order: type ? nextOrder(categories, type) : 0,
    colors: DEFAULT_COLORS,
  });
  if (errors.length > 0) return failure(...errors);
  if (categoryNamed(clean.name, namedCategories(saved))) return failure(CATEGORY_MESSAGES.duplicate);
  // The same name always makes the same id, so of a double submission the second write matches nothing (freeEntry).
  const id = freeCategoryId(clean.name, (candidate) => holdsLive(saved, candidate));
  if (!id) return failure(CATEGORY_MESSAGES.invalidName);
  const amount = input.amount > 0 ? input.amount : ZERO_CENTS;
  const category: Category = {
    id,
    ...clean,
    budget: clean.type === "expense" ? amount : ZERO_CENTS,
    expected: clean.type === "income" ? amount : ZERO_CENTS,
  };
  const written = await writeMap(loaded, userId, { $set: { [categoryPath(id)]: storedEntry({ id, ...clean }, amount) } }, freeEntry(saved, id));
  if (written.matchedCount === 0) return failure(CATEGORY_MESSAGES.duplicate);
  return { ok: true, category };
}

async function findEditable(userId: string, categoryId: string) {
  const loaded = await loadCategories(userId);
  const category = loaded.categories.find((candidate) => candidate.id === categoryId);
  if (!category) return { loaded, category: null, error: CATEGORY_MESSAGES.notFound };
  return { loaded, category, error: category.isDebt ? CATEGORY_MESSAGES.debtLocked : null };
}

/** Renames a category; its id (used by transactions and budgets) stays. Another category's name is refused; its own in other letters is not. */
export async function renameCategory(userId: string, categoryId: string, name: string): Promise<CategoryChange> {
  const { loaded, category, error } = await findEditable(userId, categoryId);
  if (!category || error) return failure(error ?? CATEGORY_MESSAGES.notFound);
  const { category: clean, errors } = sanitizeCategory({ ...category, name });
  if (errors.length > 0) return failure(...errors);
  if (categoryNamed(clean.name, namedCategories(loaded.saved), categoryId)) return failure(CATEGORY_MESSAGES.duplicate);
  if (clean.name !== category.name) await writeMap(loaded, userId, { $set: { [categoryPath(categoryId, "name")]: clean.name } });
  return { ok: true, category: { ...category, name: clean.name } };
}

/** Removes the category from the map. Its transactions keep the id. */
export async function deleteCategory(userId: string, categoryId: string): Promise<CategoryChange> {
  const { loaded, category, error } = await findEditable(userId, categoryId);
  if (!category || error) return failure(error ?? CATEGORY_MESSAGES.notFound);
  await writeMap(loaded, userId, { $unset: { [categoryPath(categoryId)]: 1 } });
  return { ok: true, category };
}

/** Categories a person can reorder: one type, debts excluded (they keep their own order after the rest). */
function reorderable(categories: Category[], type: CategoryType) {
  return categories.filter((category) => category.type === type && !category.isDebt);
}

/** Numbers the categories 0, 1, 2… in the given order, writing only the orders that change. */
async function writeOrder(loaded: LoadedCategories, userId: string, ordered: Category[]) {
  const changes: Record<string, number> = {};
  ordered.forEach((category, index) => {
    if (category.order !== index) changes[categoryPath(category.id, "order")] = index;
  });
  if (Object.keys(changes).length > 0) await writeMap(loaded, userId, { $set: changes });
}

/** Swaps a category with its neighbour of the same type; at either end nothing changes. */
export async function moveCategory(userId: string, categoryId: string, direction: "up" | "down"): Promise<CategoryChange> {
  const loaded = await loadCategories(userId);
  const category = loaded.categories.find((candidate) => candidate.id === categoryId && !candidate.isDebt);
  if (!category) return failure(CATEGORY_MESSAGES.notFound);
  const ordered = reorderable(loaded.categories, category.type);
  const from = ordered.indexOf(category);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ordered.length) return { ok: true, category };
  [ordered[from], ordered[to]] = [ordered[to], ordered[from]];
  await writeOrder(loaded, userId, ordered);
  return { ok: true, category };
}

/** Applies a drag-and-drop order: `orderedIds` must list every reorderable category of the type exactly once. */
export async function reorderCategories(userId: string, type: string, orderedIds: string[]): Promise<{ ok: true } | CategoryRefusal> {
  if (!isCategoryType(type)) return failure(CATEGORY_MESSAGES.invalidType);
  const loaded = await loadCategories(userId);
  const current = new Map(reorderable(loaded.categories, type).map((category) => [category.id, category]));
  const ordered = orderedIds.map((id) => current.get(id));
  if (new Set(orderedIds).size !== orderedIds.length || orderedIds.length !== current.size || ordered.some((category) => !category)) {
    return failure(CATEGORY_MESSAGES.updateFailed);
  }
  await writeOrder(loaded, userId, ordered as Category[]);
  return { ok: true };
}

/**
 * Adds a debt's spending category, placed after the other expense categories in the order the debts were
 * added (`position`); `retired` for a debt paid by transfers into its account, which has no spending category.
 */
export async function addDebtCategory(userId: string, debt: { id: string; name: string }, position: number, retired = false) {
  const loaded = await loadCategories(userId);
  const id = debtCategoryId(debt.id);
  const entry = { id, name: debtCategoryName(debt.name), icon: "", colors: { ...DEFAULT_COLORS }, type: "expense" as const, order: DEBT_CATEGORY_ORDER_BASE + position };
  await writeMap(loaded, userId, { $set: { [categoryPath(id)]: { ...storedEntry(entry, ZERO_CENTS), deleted: retired, isDebt: true, debtId: debt.id } } });
}

/**
 * Renames a debt's category with the debt; `retired` while the debt is paid by transfers into its account
 * (it leaves the dashboard and the form, the payments made in it stay on the books), back when it is not.
 */
export async function updateDebtCategory(userId: string, debtId: string, { name, retired }: { name: string; retired: boolean }) {
  const id = debtCategoryId(debtId);
  await writeMap(await loadCategories(userId), userId, { $set: { [categoryPath(id, "name")]: debtCategoryName(name), [categoryPath(id, "deleted")]: retired } });
}

/** Marks a deleted debt's category deleted: it leaves the dashboard and the form while the payments already made stay on the books. */
export async function retireDebtCategory(userId: string, debtId: string) {
  await writeMap(await loadCategories(userId), userId, { $set: { [categoryPath(debtCategoryId(debtId), "deleted")]: true } });
}

type CategoryTransaction = { id: string; type: CategoryType; amount: Cents; date: string; description: string };

/** A category's transactions, newest first: one month's, or all when `monthKey` is null. A split expense counts with its part in the category. */
export async function listCategoryTransactions(
  userId: string,
  categoryId: string,
  monthKey: string | null,
  limit = 200,
): Promise<CategoryTransaction[]> {
  const filter: Record<string, unknown> = { userId: new Types.ObjectId(userId), deleted: false };
  if (monthKey) filter.monthKey = monthKey;
  const read = (category: string) =>
    Transaction.find({ ...filter, category })
      .sort({ date: -1, createdAt: -1 })
      .select({ type: 1, amount: 1, date: 1, description: 1, category: 1, allocations: 1, createdAt: 1 })
      .lean<Array<Pick<TransactionRecord, "_id" | "type" | "amount" | "date" | "description" | "category" | "allocations" | "createdAt">>>();
  // Splits are read whole: the newest `limit` of them may all have their parts in other categories.
  const [own, splits] = await Promise.all([read(categoryId).limit(limit), read(SPLIT_CATEGORY)]);
  const parts = splits.flatMap((split) => {
    const part = split.allocations.find((allocation) => allocation.categoryId === categoryId);
    return part ? [{ ...split, amount: part.amount }] : [];
  });
  return [...own, ...parts]
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.createdAt.getTime() - a.createdAt.getTime()))
    .slice(0, limit)
    .map((transaction) => ({
      id: String(transaction._id),
      type: transaction.type,
      amount: toCents(transaction.amount),
      date: transaction.date,
      description: transaction.description,
    }));
}
