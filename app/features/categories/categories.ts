import { centsToInput, isCents, parseAmountToCents, ZERO_CENTS, type Cents } from "~/lib/money";

export const CATEGORY_TYPES = ["income", "expense"] as const;

export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** A category as the app uses it; `budget` (expense) and `expected` (income) are default monthly amounts in cents. */
export type Category = {
  id: string;
  name: string;
  icon: string;
  colors: { bg: string; text: string };
  type: CategoryType;
  order: number;
  budget: Cents;
  expected: Cents;
  isDebt?: boolean;
};

export const DEFAULT_COLORS = { bg: "bg-blue-100", text: "text-blue-600" } as const;

/** Transactions without a real category (the sidebar's New tab). */
export const UNCATEGORIZED = "uncategorized";

/** The expense category of savings transactions (a default category). */
export const SAVINGS_CATEGORY = "savings";

/** The `category` of an expense split across several categories; its parts are its allocations. Never a category's id. */
export const SPLIT_CATEGORY = "__split";

export function isSplitCategory(category: string | null | undefined) {
  return category === SPLIT_CATEGORY;
}

/**
 * The `category` of one side of a transfer between two of the user's accounts: money that moves, neither
 * income nor expense. Never a category's id.
 */
export const TRANSFER_CATEGORY = "__transfer";

export function isTransferCategory(category: string | null | undefined) {
  return category === TRANSFER_CATEGORY;
}

function defaultCategory(id: string, name: string, type: CategoryType, order: number): Category {
  return { id, name, icon: "", colors: { ...DEFAULT_COLORS }, type, order, budget: ZERO_CENTS, expected: ZERO_CENTS };
}

export const DEFAULT_CATEGORIES: Category[] = [
  defaultCategory("salary", "Paycheck 1", "income", 0),
  defaultCategory("investments", "Investments", "income", 1),
  defaultCategory("housing", "Housing", "expense", 0),
  defaultCategory("food", "Food & Dining", "expense", 1),
  defaultCategory("transportation", "Transportation", "expense", 2),
  defaultCategory("utilities", "Utilities", "expense", 3),
  defaultCategory("healthcare", "Healthcare", "expense", 4),
  defaultCategory(SAVINGS_CATEGORY, "Savings", "expense", 5),
];

export function isUncategorized(category: string | null | undefined) {
  return !category || category.toLowerCase() === UNCATEGORIZED;
}

/** Each debt has a spending category `debt_<debtId>`, placed after the other expense categories; its payments are its expenses. */
const DEBT_CATEGORY_PREFIX = "debt_";
export const DEBT_CATEGORY_ORDER_BASE = 1000;
const DEBT_CATEGORY_EMOJI = "💳";

export function debtCategoryId(debtId: string) {
  return `${DEBT_CATEGORY_PREFIX}${debtId}`;
}

export function isDebtCategoryId(categoryId: string) {
  return categoryId.startsWith(DEBT_CATEGORY_PREFIX);
}

export function debtIdOfCategory(categoryId: string) {
  return isDebtCategoryId(categoryId) ? categoryId.slice(DEBT_CATEGORY_PREFIX.length) : null;
}

export function debtCategoryName(debtName: string) {
  return `${DEBT_CATEGORY_EMOJI} ${debtName}`;
}

export const CATEGORY_NAME_MAX_LENGTH = 50;

/** The resource route every category form posts to, and the `intent` values it knows. */
export const CATEGORY_ACTION = "/resources/categories";

export const CATEGORY_INTENTS = {
  add: "add",
  rename: "rename",
  amount: "amount",
  delete: "delete",
  move: "move",
  reorder: "reorder",
} as const;

export type CategoryIntent = (typeof CATEGORY_INTENTS)[keyof typeof CATEGORY_INTENTS];

/** The fields of the category forms that a refusal can be about. */
export type CategoryField = "name" | "type" | "amount";

/** What the forms that post `intent` know themselves by (the id of the form element, too): one per category for its edits. */
export function categoryFormKey(intent: CategoryIntent, categoryId?: string) {
  return categoryId ? `category-${intent}-${categoryId}` : `category-${intent}`;
}

export const CATEGORY_MESSAGES = {
  nameEmpty: "Category name cannot be empty",
  nameTooLong: `Category name must be less than ${CATEGORY_NAME_MAX_LENGTH} characters`,
  invalidType: 'Category type must be either "income" or "expense"',
  invalidOrder: "Category order must be a non-negative number",
  invalidName: "Invalid category name",
  duplicate: "A category with this name already exists",
  addFailed: "Failed to add category",
  updateFailed: "Failed to update category",
  deleteFailed: "Failed to delete category",
  budgetFailed: "Failed to update budget",
  debtLocked: "Debt categories cannot be renamed or deleted",
  notFound: "Category not found",
  added: "Category added",
  updated: "Category updated",
  reordered: "Category order updated",
  /** Names the category by its name, not its id: users know it by its name (decision 161). */
  deleted: (name: string) => `${name} deleted successfully`,
} as const;

const FIELD_OF_MESSAGE: Record<string, CategoryField> = {
  [CATEGORY_MESSAGES.nameEmpty]: "name",
  [CATEGORY_MESSAGES.nameTooLong]: "name",
  [CATEGORY_MESSAGES.invalidName]: "name",
  [CATEGORY_MESSAGES.duplicate]: "name",
  [CATEGORY_MESSAGES.invalidType]: "type",
  [CATEGORY_MESSAGES.budgetFailed]: "amount",
};

/**
 * A refusal's messages split into those about a field (shown beside it) and
 * the rest (about the whole form). Only refusals of what was typed come
 * here: a failed write says "Failed to update budget" too, but never as a field's error.
 */
export function splitCategoryErrors(messages: readonly string[]) {
  const fieldErrors: Partial<Record<CategoryField, string[]>> = {};
  const formErrors: string[] = [];
  for (const message of messages) {
    const field = Object.hasOwn(FIELD_OF_MESSAGE, message) ? FIELD_OF_MESSAGE[message] : null;
    if (field) (fieldErrors[field] ??= []).push(message);
    else formErrors.push(message);
  }
  return { fieldErrors, formErrors };
}

export function isCategoryType(value: unknown): value is CategoryType {
  return CATEGORY_TYPES.includes(value as CategoryType);
}

/** The stored fields of a category that the shared validator checks. */
type SanitizedCategory = Pick<Category, "name" | "icon" | "type" | "colors" | "order">;

function stripTags(text: string) {
  return text.replace(/<[^>]*>/g, "");
}

function isColors(value: unknown): value is Category["colors"] {
  if (typeof value !== "object" || value === null) return false;
  const { bg, text } = value as Record<string, unknown>;
  return typeof bg === "string" && typeof text === "string";
}

/** The shared validator's rule for a name: tags stripped, trimmed, not empty, at most 50 characters (a longer one is cut). */
function sanitizeName(typed: unknown) {
  const errors: string[] = [];
  let name = stripTags(typeof typed === "string" ? typed : "").trim();
  if (!name) errors.push(CATEGORY_MESSAGES.nameEmpty);
  if (name.length > CATEGORY_NAME_MAX_LENGTH) {
    errors.push(CATEGORY_MESSAGES.nameTooLong);
    name = name.slice(0, CATEGORY_NAME_MAX_LENGTH);
  }
  return { name, errors };
}

/** What the shared validator says of a typed name (nothing when it is a name). */
export function categoryNameErrors(typed: unknown) {
  return sanitizeName(typed).errors;
}

/** What is wrong with the name of a new category: the shared validator's messages, or "Invalid category name" when it makes no id. */
export function newCategoryNameErrors(typed: unknown) {
  const { name, errors } = sanitizeName(typed);
  return errors.length === 0 && !categoryIdFromName(name) ? [CATEGORY_MESSAGES.invalidName] : errors;
}

/**
 * The shared category validator: the cleaned category plus every problem
 * found. Bad values are repaired (name truncated, order 0, default colours)
 * so callers may show the errors next to a usable value.
 */
export function sanitizeCategory(input: { name?: unknown; type?: unknown; order?: unknown; colors?: unknown }): {
  category: SanitizedCategory;
  errors: string[];
} {
  const { name, errors } = sanitizeName(input.name);
  if (!isCategoryType(input.type)) errors.push(CATEGORY_MESSAGES.invalidType);
  let order = input.order;
  if (typeof order !== "number" || !Number.isFinite(order) || order < 0) {
    errors.push(CATEGORY_MESSAGES.invalidOrder);
    order = 0;
  }
  return {
    category: {
      name,
      icon: "",
      type: isCategoryType(input.type) ? input.type : "expense",
      colors: isColors(input.colors) ? { bg: input.colors.bg, text: input.colors.text } : { ...DEFAULT_COLORS },
      order: order as number,
    },
    errors,
  };
}

/** Ids that would be read as "no category" or clash with JavaScript object internals. */
const RESERVED_IDS = new Set([UNCATEGORIZED, SPLIT_CATEGORY, TRANSFER_CATEGORY, "__proto__", "constructor", "prototype"]);

/**
 * The map key of a category name: lower-cased, "." and "$" removed (neither
 * may appear in a stored key), trimmed, whitespace runs to hyphens. Null
 * when nothing usable is left.
 */
export function categoryIdFromName(name: string): string | null {
  const id = name.toLowerCase().replace(/[.$]/g, "").trim().replace(/\s+/g, "-");
  return id && !RESERVED_IDS.has(id) ? id : null;
}

/**
 * A category name as people tell names apart (decision 218): tags stripped, lower-cased, trimmed, each
 * whitespace run one space. Lists show names with each word capitalised, so case never tells two apart:
 * "food  &  DINING " is the name "Food & Dining".
 */
export function categoryNameKey(name: string) {
  return stripTags(name).toLowerCase().trim().replace(/\s+/g, " ");
}

/** The category of `categories` (other than `exceptId`, the one being renamed) whose name reads as `name`. */
export function categoryNamed(name: string, categories: ReadonlyArray<Pick<Category, "id" | "name">>, exceptId?: string) {
  const key = categoryNameKey(name);
  return categories.find((category) => category.id !== exceptId && categoryNameKey(category.name) === key);
}

/**
 * The map key of a new category named `name`: its own id (categoryIdFromName), or when a category of
 * another name holds that (one renamed since, a default such as "food" named "Food & Dining") the first
 * of "<id>-2", "<id>-3"… that is free. `isTaken` says whether a key holds a live category.
 */
export function freeCategoryId(name: string, isTaken: (id: string) => boolean) {
  const id = categoryIdFromName(name);
  if (!id || !isTaken(id)) return id;
  let suffix = 2;
  while (isTaken(`${id}-${suffix}`)) suffix += 1;
  return `${id}-${suffix}`;
}

/** `name`, or when another category reads the same the first of "<name> (2)", "<name> (3)"… that none does. */
export function distinctCategoryName(name: string, categories: ReadonlyArray<Pick<Category, "id" | "name">>) {
  if (!categoryNamed(name, categories)) return name;
  let suffix = 2;
  while (categoryNamed(`${name} (${suffix})`, categories)) suffix += 1;
  return `${name} (${suffix})`;
}

/** A category entry as stored in the user document: older entries may lack fields, so each one is checked on read. */
export type StoredCategory = { readonly [Field in keyof Category | "deleted"]?: unknown };

const INCOME_NAME = /^(bonus(es)?|salary|salaries|income|revenues?|earnings?|dividends?|interest|rental|royalty|royalties)$|\bincome$/;

/**
 * Whether an expense category's name reads as income (a data repair for
 * categories created with the wrong type). Whole names only, plus names
 * ending in "income" and the known "bonus work": "Car rental" or "Loan
 * interest" stay expenses.
 */
export function looksLikeIncome(name: string) {
  const normalised = name.toLowerCase().trim().replace(/\s+/g, " ");
  return INCOME_NAME.test(normalised) || normalised.includes("bonus work");
}

function byTypeThenOrder(a: Category, b: Category) {
  if (a.type !== b.type) return a.type === "income" ? -1 : 1;
  return a.order - b.order || a.name.localeCompare(b.name);
}

function completeCategory(id: string, stored: StoredCategory): Category {
  const category: Category = {
    id,
    name: typeof stored.name === "string" && stored.name ? stored.name : id,
    icon: typeof stored.icon === "string" ? stored.icon : "",
    colors: isColors(stored.colors) ? { bg: stored.colors.bg, text: stored.colors.text } : { ...DEFAULT_COLORS },
    type: isCategoryType(stored.type) ? stored.type : "expense",
    order: typeof stored.order === "number" && Number.isFinite(stored.order) ? stored.order : 0,
    budget: isCents(stored.budget) ? stored.budget : ZERO_CENTS,
    expected: isCents(stored.expected) ? stored.expected : ZERO_CENTS,
  };
  if (stored.isDebt) category.isDebt = true;
  return category;
}

/**
 * The user's categories from the saved map, which is the whole truth once it
 * exists: entries marked deleted are left out and defaults missing from it
 * stay gone. Expense categories named like income become income categories
 * placed after the existing ones. Sorted income first, then by order.
 */
export function mergeCategories(saved: Record<string, StoredCategory>): Category[] {
  const categories = Object.entries(saved)
    .filter(([, stored]) => stored && !stored.deleted)
    .map(([id, stored]) => completeCategory(id, stored));
  const misclassified = categories
    .filter((category) => category.type === "expense" && !category.isDebt && looksLikeIncome(category.name))
    .sort(byTypeThenOrder);
  let order = nextOrder(categories, "income");
  for (const category of misclassified) {
    category.type = "income";
    category.order = order++;
    category.expected ||= category.budget;
    category.budget = ZERO_CENTS;
  }
  return categories.sort(byTypeThenOrder);
}

/** The order of a new category: one past the highest of its type (0 for the first). */
export function nextOrder(categories: Array<Pick<Category, "type" | "order">>, type: CategoryType) {
  return categories.reduce((highest, category) => (category.type === type ? Math.max(highest, category.order + 1) : highest), 0);
}

/** "food & dining" → "Food & Dining" (the rest of each word is kept as typed). */
export function capitalizeWords(name: string) {
  return name.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** Planned amount of a category in a month: the month's category budget when it has one, else the category's own. */
export function plannedAmount(category: Pick<Category, "id" | "type" | "budget" | "expected">, monthBudgets: Record<string, { amount: Cents }>) {
  return monthBudgets[category.id]?.amount ?? (category.type === "income" ? category.expected : category.budget);
}

/**
 * The inline amount edit of a category card: the typed text (already stripped
 * to digits and one point) as "12.34" when it should be saved, or null when
 * the edit is dropped: not an amount by the rule of every money field (empty,
 * negative, a third decimal), or the amount already planned.
 */
export function amountEditToSave(text: string, plannedCents: Cents) {
  const cents = parseAmountToCents(text);
  return cents === null || cents === plannedCents ? null : centsToInput(cents);
}

/** How much of the planned amount is used, as a whole percent (0 when nothing is planned). */
export function progressPercent(actual: number, planned: number) {
  return planned > 0 ? Math.round((actual / planned) * 100) : 0;
}

/**
 * What a category's progress bar shows: its width (0–100), colour and label.
 * Spending on an expense with nothing planned is over its plan, so the bar is
 * full and red and reads "Over" (a 0% bar would hide it); income with nothing
 * expected reads "Above".
 */
export function categoryProgress(type: CategoryType, actual: number, planned: number) {
  if (planned <= 0 && actual > 0) {
    return type === "expense" ? { width: 100, color: "bg-red-500", label: "Over", over: true } : { width: 100, color: "bg-green-600", label: "Above", over: false };
  }
  const percent = progressPercent(actual, planned);
  return { width: Math.min(percent, 100), color: progressColor(type, percent), label: `${percent}%`, over: type === "expense" && percent > 100 };
}

/** The Tailwind background class of a category's progress bar. */
export function progressColor(type: CategoryType, percent: number) {
  if (type === "expense") {
    if (percent > 100) return "bg-red-500";
    if (percent >= 90) return "bg-orange-500";
    if (percent >= 75) return "bg-yellow-500";
    return "bg-blue-500";
  }
  if (percent >= 100) return "bg-green-600";
  if (percent >= 75) return "bg-green-400";
  if (percent >= 50) return "bg-yellow-500";
  return "bg-gray-400";
}

/** How a list names a transaction's category: its name, "Uncategorized", or "Split" for a split expense. */
export function categoryLabel(categoryId: string, names: ReadonlyMap<string, string>) {
  if (isUncategorized(categoryId)) return "Uncategorized";
  if (isSplitCategory(categoryId)) return "Split";
  return names.get(categoryId) ?? categoryId;
}
