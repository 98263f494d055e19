import { describe, expect, test } from "vitest";
import { Budget, User, type UserRecord } from "../../../models";
import { CATEGORY_MESSAGES, DEFAULT_CATEGORIES } from "./categories";
import {
  addCategory,
  deleteCategory,
  ensureCategoryExists,
  getCategories,
  listCategoryTransactions,
  moveCategory,
  renameCategory,
  reorderCategories,
} from "./categories.server";
import { setCategoryAmount } from "~/features/budgets/budgets.server";
import { toCents, type Cents } from "~/lib/money";
import { softDeleteTransaction } from "~/features/transactions/transactions.server";
import { createTransactionFor, createUser, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

function newUser() {
  return createUser({ email: uniqueEmail("categories") });
}

async function storedMap(userId: string) {
  const user = await User.findById(userId).select({ categories: 1, settings: 1 }).lean<Pick<UserRecord, "categories" | "settings">>();
  return user!;
}

async function ids(userId: string, type?: "income" | "expense") {
  return (await getCategories(userId)).filter((category) => !type || category.type === type).map((category) => category.id);
}

describe("getCategories", () => {
  test("a map never written reads as the defaults, and reading writes nothing", async () => {
    const userId = await newUser();
    await User.updateOne({ _id: userId }, { $unset: { settings: 1 } });
    const categories = await getCategories(userId);
    expect(categories.map((category) => category.id)).toEqual(DEFAULT_CATEGORIES.map((category) => category.id));
    expect(categories[0]).toMatchObject({ id: "salary", name: "Paycheck 1", type: "income" });
    const stored = await storedMap(userId);
    expect(stored.categories ?? {}).toEqual({});
    expect(stored.settings).toBeUndefined();
  });

  test("the first change writes the default categories and settings with it", async () => {
    const userId = await newUser();
    await User.updateOne({ _id: userId }, { $unset: { settings: 1 } });
    await renameCategory(userId, "housing", "Home");
    const stored = await storedMap(userId);
    expect(Object.keys(stored.categories).sort()).toEqual(DEFAULT_CATEGORIES.map((category) => category.id).sort());
    expect(stored.categories.food).toMatchObject({ name: "Food & Dining", type: "expense", order: 1, budget: 0, expected: 0 });
    expect(stored.categories.housing).toMatchObject({ name: "Home" });
    expect(stored.settings).toEqual({ emailNotifications: true, pushNotifications: true });
  });

  test("defaults removed from a saved map stay removed", async () => {
    const userId = await newUser();
    await getCategories(userId);
    await deleteCategory(userId, "housing");
    expect(await ids(userId)).not.toContain("housing");
  });

  test("an expense category named like income reads as income, and is stored so with the next change", async () => {
    const userId = await newUser();
    await renameCategory(userId, "food", "Eating");
    await User.updateOne(
      { _id: userId },
      { $set: { "categories.bonus-work": { id: "bonus-work", name: "Bonus work", type: "expense", order: 9, budget: 7000 } } },
    );
    const bonus = (await getCategories(userId)).find((category) => category.id === "bonus-work");
    expect(bonus).toMatchObject({ type: "income", order: 2, expected: 7000, budget: 0 });
    expect((await storedMap(userId)).categories["bonus-work"]).toMatchObject({ type: "expense" });
    await renameCategory(userId, "food", "Dining");
    expect((await storedMap(userId)).categories["bonus-work"]).toMatchObject({ type: "income", order: 2, expected: 7000, budget: 0 });
  });
});

describe("addCategory", () => {
  test("stores the sanitised category with its amount as budget (expense) or expected (income)", async () => {
    const userId = await newUser();
    const expense = await addCategory(userId, { name: "  <b>Pet</b>  Care ", type: "expense", amount: toCents(2550) });
    expect(expense).toMatchObject({ ok: true, category: { id: "pet-care", name: "Pet  Care", order: 6, budget: 2550, expected: 0 } });
    const income = await addCategory(userId, { name: "Side Gig", type: "income", amount: toCents(10000) });
    expect(income).toMatchObject({ ok: true, category: { id: "side-gig", order: 2, budget: 0, expected: 10000 } });
    const stored = (await storedMap(userId)).categories;
    expect(stored["pet-care"]).toMatchObject({ id: "pet-care", name: "Pet  Care", type: "expense", icon: "", budget: 2550, expected: 0 });
    expect(stored["side-gig"]).toMatchObject({ type: "income", expected: 10000, budget: 0 });
    expect(await ids(userId, "income")).toEqual(["salary", "investments", "side-gig"]);
  });

  test("a name whose id exists is refused and nothing is written", async () => {
    const userId = await newUser();
    await addCategory(userId, { name: "Travel", type: "expense", amount: toCents(100) });
    expect(await addCategory(userId, { name: " TRAVEL ", type: "income", amount: toCents(999) })).toEqual({
      ok: false,
      errors: [CATEGORY_MESSAGES.duplicate],
    });
    expect(await addCategory(userId, { name: "Housing", type: "expense", amount: toCents(0) })).toEqual({
      ok: false,
      errors: ["A category with this name already exists"],
    });
    expect((await storedMap(userId)).categories.travel).toMatchObject({ type: "expense", budget: 100 });
  });

  test("a default category's name in other letters and spacing is refused: its id is another (decision 218)", async () => {
    const userId = await newUser();
    for (const name of ["Food & Dining", "food & dining", "  FOOD   &  Dining ", "<b>Food</b> & dining", "paycheck 1"]) {
      expect(await addCategory(userId, { name, type: "expense", amount: toCents(0) })).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.duplicate] });
    }
    expect((await storedMap(userId)).categories).toEqual({});
    expect((await getCategories(userId)).filter((category) => category.name === "Food & Dining")).toHaveLength(1);
  });

  test("the name of a debt's category is taken, even while debts are hidden without a subscription", async () => {
    const userId = await newUser();
    await User.updateOne({ _id: userId }, { $set: { "categories.debt_1": { id: "debt_1", name: "💳 Visa", type: "expense", order: 1000, isDebt: true } } });
    expect(await addCategory(userId, { name: "💳 visa", type: "expense", amount: toCents(0) })).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.duplicate] });
  });

  test("a free name whose id a category of another name holds gets the next free id", async () => {
    const userId = await newUser();
    await renameCategory(userId, "housing", "Rent");
    expect(await addCategory(userId, { name: "Housing", type: "expense", amount: toCents(100) })).toMatchObject({ ok: true, category: { id: "housing-2", name: "Housing" } });
    expect(await addCategory(userId, { name: "Food", type: "expense", amount: toCents(0) })).toMatchObject({ ok: true, category: { id: "food-2", name: "Food" } });
    const stored = (await storedMap(userId)).categories;
    expect(stored.housing).toMatchObject({ name: "Rent" });
    expect(stored["housing-2"]).toMatchObject({ name: "Housing", budget: 100 });
  });

  test("the same name sent twice is written once", async () => {
    const userId = await newUser();
    expect(await addCategory(userId, { name: "Pets", type: "expense", amount: toCents(0) })).toMatchObject({ ok: true });
    expect(await addCategory(userId, { name: "pets ", type: "expense", amount: toCents(0) })).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.duplicate] });
    expect(Object.keys((await storedMap(userId)).categories).filter((id) => id.startsWith("pets"))).toEqual(["pets"]);
  });

  test("invalid names and types are refused with the validator's messages", async () => {
    const userId = await newUser();
    expect(await addCategory(userId, { name: "<br>", type: "expense", amount: toCents(0) })).toEqual({ ok: false, errors: ["Category name cannot be empty"] });
    expect(await addCategory(userId, { name: "x".repeat(51), type: "savings", amount: toCents(0) })).toEqual({
      ok: false,
      errors: ["Category name must be less than 50 characters", 'Category type must be either "income" or "expense"'],
    });
    expect(await addCategory(userId, { name: "...", type: "expense", amount: toCents(0) })).toEqual({ ok: false, errors: ["Invalid category name"] });
    expect((await storedMap(userId)).categories).toEqual({});
  });

  test("a negative amount is stored as 0", async () => {
    const userId = await newUser();
    await addCategory(userId, { name: "Gifts", type: "expense", amount: toCents(-5) });
    expect((await storedMap(userId)).categories.gifts.budget).toBe(0);
  });

  test("a fractional amount that slips past the types is refused by the model, and nothing is written", async () => {
    const userId = await newUser();
    await expect(addCategory(userId, { name: "Gifts", type: "expense", amount: 12.5 as Cents })).rejects.toThrow(/whole number of cents/);
    expect((await storedMap(userId)).categories.gifts).toBeUndefined();
  });
});

describe("ensureCategoryExists", () => {
  test("creates a missing category after the others of its type, once", async () => {
    const userId = await newUser();
    const created = await ensureCategoryExists(userId, { id: "freelance", name: "Freelance", type: "income" });
    expect(created).toMatchObject({ id: "freelance", name: "Freelance", type: "income", order: 2, icon: "tag" });
    await ensureCategoryExists(userId, { id: "freelance", name: "Other name", type: "income" });
    expect((await storedMap(userId)).categories.freelance).toMatchObject({ name: "Freelance", order: 2 });
    expect(await ensureCategoryExists(userId, { id: "uncategorized", name: "Uncategorized", type: "income" })).toBeNull();
    expect((await storedMap(userId)).categories.uncategorized).toBeUndefined();
  });

  test("a category named like one the user has gets a number, so no two read the same (decision 218)", async () => {
    const userId = await newUser();
    expect(await ensureCategoryExists(userId, { id: "paycheck-1", name: "paycheck 1", type: "income" })).toMatchObject({ id: "paycheck-1", name: "paycheck 1 (2)" });
    expect((await storedMap(userId)).categories["paycheck-1"]).toMatchObject({ name: "paycheck 1 (2)", type: "income" });
  });
});

describe("renameCategory", () => {
  test("changes the name and keeps the id", async () => {
    const userId = await newUser();
    expect(await renameCategory(userId, "food", " Groceries <i>&</i> Dining ")).toMatchObject({ ok: true });
    const food = (await getCategories(userId)).find((category) => category.id === "food");
    expect(food?.name).toBe("Groceries & Dining");
  });

  test("refuses another category's name in any letters and spacing, not its own (decision 218)", async () => {
    const userId = await newUser();
    await addCategory(userId, { name: "Pets", type: "expense", amount: toCents(0) });
    expect(await renameCategory(userId, "pets", " food  &  DINING")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.duplicate] });
    expect(await renameCategory(userId, "housing", "Paycheck 1")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.duplicate] });
    expect((await storedMap(userId)).categories.pets.name).toBe("Pets");
    expect(await renameCategory(userId, "food", "food & dining")).toMatchObject({ ok: true, category: { name: "food & dining" } });
  });

  test("refuses an empty name, an unknown category and a debt category", async () => {
    const userId = await newUser();
    expect(await renameCategory(userId, "food", "  ")).toEqual({ ok: false, errors: ["Category name cannot be empty"] });
    expect(await renameCategory(userId, "nope", "Name")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.notFound] });
    // Debts are spending categories of premium users only.
    await User.updateOne(
      { _id: userId },
      { $set: { premiumAccess: true, "categories.debt_1": { id: "debt_1", name: "💳 Visa", type: "expense", order: 1000, isDebt: true } } },
    );
    expect(await renameCategory(userId, "debt_1", "Card")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.debtLocked] });
    expect(await deleteCategory(userId, "debt_1")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.debtLocked] });
    expect((await storedMap(userId)).categories.debt_1.name).toBe("💳 Visa");
  });
});

describe("deleteCategory", () => {
  test("removes the entry from the map", async () => {
    const userId = await newUser();
    expect(await deleteCategory(userId, "utilities")).toMatchObject({ ok: true, category: { id: "utilities" } });
    expect((await storedMap(userId)).categories.utilities).toBeUndefined();
    expect(await ids(userId, "expense")).toEqual(["housing", "food", "transportation", "healthcare", "savings"]);
    expect(await deleteCategory(userId, "utilities")).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.notFound] });
  });
});

describe("moveCategory and reorderCategories", () => {
  test("moving swaps with the neighbour of the same type; the ends stay put", async () => {
    const userId = await newUser();
    await moveCategory(userId, "food", "up");
    expect(await ids(userId, "expense")).toEqual(["food", "housing", "transportation", "utilities", "healthcare", "savings"]);
    await moveCategory(userId, "food", "up");
    await moveCategory(userId, "savings", "down");
    await moveCategory(userId, "investments", "up");
    expect(await ids(userId)).toEqual(["investments", "salary", "food", "housing", "transportation", "utilities", "healthcare", "savings"]);
  });

  test("moving renumbers categories that share an order", async () => {
    const userId = await newUser();
    await deleteCategory(userId, "healthcare");
    await User.updateOne({ _id: userId }, { $set: { "categories.housing.order": 1 } });
    expect((await ids(userId, "expense")).slice(0, 2)).toEqual(["food", "housing"]);
    await moveCategory(userId, "housing", "up");
    expect((await ids(userId, "expense")).slice(0, 3)).toEqual(["housing", "food", "transportation"]);
    const stored = (await storedMap(userId)).categories;
    expect([stored.housing.order, stored.food.order, stored.transportation.order]).toEqual([0, 1, 2]);
  });

  test("reordering applies a complete order of one type", async () => {
    const userId = await newUser();
    const order = ["savings", "healthcare", "utilities", "transportation", "food", "housing"];
    expect(await reorderCategories(userId, "expense", order)).toEqual({ ok: true });
    expect(await ids(userId, "expense")).toEqual(order);
    expect((await storedMap(userId)).categories.savings.order).toBe(0);
  });

  test("an incomplete, duplicated or foreign list changes nothing", async () => {
    const userId = await newUser();
    const before = await ids(userId);
    const failed = { ok: false, errors: [CATEGORY_MESSAGES.updateFailed] };
    expect(await reorderCategories(userId, "income", ["investments"])).toEqual(failed);
    expect(await reorderCategories(userId, "income", ["investments", "investments"])).toEqual(failed);
    expect(await reorderCategories(userId, "income", ["investments", "food"])).toEqual(failed);
    expect(await reorderCategories(userId, "both", ["investments", "salary"])).toEqual({ ok: false, errors: [CATEGORY_MESSAGES.invalidType] });
    expect(await ids(userId)).toEqual(before);
  });
});

describe("ownership", () => {
  test("one user's changes never touch another user's categories", async () => {
    const owner = await newUser();
    const other = await newUser();
    await getCategories(other);
    const before = await storedMap(other);
    await addCategory(owner, { name: "Hobbies", type: "expense", amount: toCents(500) });
    await renameCategory(owner, "food", "Eating");
    await deleteCategory(owner, "housing");
    await moveCategory(owner, "savings", "up");
    await reorderCategories(owner, "income", ["investments", "salary"]);
    await setCategoryAmount(owner, "utilities", toCents(100), "2025-01");
    expect(await storedMap(other)).toEqual(before);
    expect(await Budget.countDocuments({ userId: other })).toBe(0);
  });
});

describe("listCategoryTransactions", () => {
  test("the user's live transactions of the category, newest first, for one month or all time", async () => {
    const userId = await newUser();
    const otherId = await newUser();
    const food = { type: "expense" as const, category: "food", amount: 1000 };
    await createTransactionFor(userId, { ...food, date: "2025-03-02", description: "Lunch" });
    await createTransactionFor(userId, { ...food, date: "2025-03-20", description: "Dinner" });
    await createTransactionFor(userId, { ...food, date: "2025-02-11", description: "Snacks" });
    const deleted = await createTransactionFor(userId, { ...food, date: "2025-03-05", description: "Deleted" });
    await softDeleteTransaction(userId, deleted.id);
    await createTransactionFor(userId, { ...food, date: "2025-03-06", category: "housing", description: "Rent" });
    await createTransactionFor(otherId, { ...food, date: "2025-03-07", description: "Not mine" });
    const march = await listCategoryTransactions(userId, "food", "2025-03");
    expect(march.map((transaction) => transaction.description)).toEqual(["Dinner", "Lunch"]);
    expect(march[0]).toEqual({ id: expect.any(String), type: "expense", amount: 1000, date: "2025-03-20", description: "Dinner" });
    const all = await listCategoryTransactions(userId, "food", null);
    expect(all.map((transaction) => transaction.description)).toEqual(["Dinner", "Lunch", "Snacks"]);
    expect(await listCategoryTransactions(userId, "food", null, 1)).toHaveLength(1);
  });

  test("a split is listed by its part in the category, however many newer splits have none there", async () => {
    const userId = await newUser();
    const split = (date: string, description: string, categories: [string, string]) =>
      createTransactionFor(userId, { amount: 3000, category: "", date, description, splits: categories.map((category) => ({ category, amount: 1500 })) });
    await split("2025-03-01", "Warehouse club", ["food", "utilities"]);
    await split("2025-03-10", "Hardware store", ["housing", "utilities"]);
    await split("2025-03-11", "Pharmacy", ["healthcare", "utilities"]);
    const food = await listCategoryTransactions(userId, "food", null, 2);
    expect(food.map(({ description, amount }) => ({ description, amount }))).toEqual([{ description: "Warehouse club", amount: 1500 }]);
  });
});
