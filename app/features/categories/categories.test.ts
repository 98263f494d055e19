import { describe, expect, test } from "vitest";
import {
  amountEditToSave,
  capitalizeWords,
  CATEGORY_MESSAGES,
  categoryIdFromName,
  categoryNameErrors,
  categoryNameKey,
  categoryNamed,
  DEFAULT_CATEGORIES,
  DEFAULT_COLORS,
  distinctCategoryName,
  freeCategoryId,
  looksLikeIncome,
  mergeCategories,
  newCategoryNameErrors,
  nextOrder,
  plannedAmount,
  categoryProgress,
  progressColor,
  progressPercent,
  sanitizeCategory,
  splitCategoryErrors,
  type StoredCategory,
} from "./categories";
import { toCents } from "~/lib/money";

describe("sanitizeCategory", () => {
  const valid = { name: "Groceries", type: "expense", order: 3, colors: { bg: "bg-red-100", text: "text-red-600" } };

  test("keeps a valid category and always clears the icon", () => {
    expect(sanitizeCategory({ ...valid, icon: "cart" } as typeof valid)).toEqual({
      category: { name: "Groceries", icon: "", type: "expense", order: 3, colors: { bg: "bg-red-100", text: "text-red-600" } },
      errors: [],
    });
  });

  test("strips HTML tags and trims the name", () => {
    expect(sanitizeCategory({ ...valid, name: "  <b>Pet</b> <script>x</script>care " }).category.name).toBe("Pet xcare");
  });

  test("an empty name, or one that is only tags and spaces, is refused", () => {
    expect(sanitizeCategory({ ...valid, name: "   " }).errors).toEqual([CATEGORY_MESSAGES.nameEmpty]);
    expect(sanitizeCategory({ ...valid, name: "<i></i>" }).errors).toEqual(["Category name cannot be empty"]);
    expect(sanitizeCategory({ ...valid, name: undefined }).errors).toEqual(["Category name cannot be empty"]);
  });

  test("50 characters are allowed; longer names are refused and truncated to 50", () => {
    expect(sanitizeCategory({ ...valid, name: "a".repeat(50) }).errors).toEqual([]);
    const { category, errors } = sanitizeCategory({ ...valid, name: `${"b".repeat(50)}cdef` });
    expect(errors).toEqual(["Category name must be less than 50 characters"]);
    expect(category.name).toBe("b".repeat(50));
  });

  test("the type must be income or expense", () => {
    expect(sanitizeCategory({ ...valid, type: "income" }).errors).toEqual([]);
    expect(sanitizeCategory({ ...valid, type: "savings" }).errors).toEqual(['Category type must be either "income" or "expense"']);
    expect(sanitizeCategory({ ...valid, type: undefined }).errors).toEqual([CATEGORY_MESSAGES.invalidType]);
  });

  test("the order must be a non-negative number, else it is reset to 0", () => {
    expect(sanitizeCategory({ ...valid, order: 0 }).errors).toEqual([]);
    for (const order of [-1, Number.NaN, "2", undefined, Number.POSITIVE_INFINITY]) {
      const { category, errors } = sanitizeCategory({ ...valid, order });
      expect(errors).toEqual(["Category order must be a non-negative number"]);
      expect(category.order).toBe(0);
    }
  });

  test("colours must be an object with bg and text, else the defaults are used (no error)", () => {
    for (const colors of [undefined, "blue", { bg: "bg-x" }, { bg: 1, text: "t" }, null]) {
      const { category, errors } = sanitizeCategory({ ...valid, colors });
      expect(category.colors).toEqual(DEFAULT_COLORS);
      expect(errors).toEqual([]);
    }
  });

  test("every problem is reported at once", () => {
    expect(sanitizeCategory({ name: "", type: "other", order: -5 }).errors).toEqual([
      CATEGORY_MESSAGES.nameEmpty,
      CATEGORY_MESSAGES.invalidType,
      CATEGORY_MESSAGES.invalidOrder,
    ]);
  });
});

describe("the name rules of the forms", () => {
  test("a typed name gets the shared validator's messages", () => {
    expect(categoryNameErrors("  <b>Pets</b> ")).toEqual([]);
    expect(categoryNameErrors("<b></b>")).toEqual([CATEGORY_MESSAGES.nameEmpty]);
    expect(categoryNameErrors("a".repeat(51))).toEqual([CATEGORY_MESSAGES.nameTooLong]);
    // A rename keeps the id, so a name that makes none is still a name.
    expect(categoryNameErrors("...")).toEqual([]);
  });

  test("a new category's name must also make an id", () => {
    expect(newCategoryNameErrors("Pet care")).toEqual([]);
    expect(newCategoryNameErrors("...")).toEqual([CATEGORY_MESSAGES.invalidName]);
    expect(newCategoryNameErrors("Uncategorized")).toEqual([CATEGORY_MESSAGES.invalidName]);
    expect(newCategoryNameErrors("   ")).toEqual([CATEGORY_MESSAGES.nameEmpty]);
  });
});

describe("splitCategoryErrors", () => {
  test("messages about what was typed go to their field, the rest to the whole form", () => {
    expect(
      splitCategoryErrors([
        CATEGORY_MESSAGES.nameEmpty,
        CATEGORY_MESSAGES.duplicate,
        CATEGORY_MESSAGES.invalidType,
        CATEGORY_MESSAGES.budgetFailed,
        CATEGORY_MESSAGES.debtLocked,
        CATEGORY_MESSAGES.notFound,
      ]),
    ).toEqual({
      fieldErrors: {
        name: [CATEGORY_MESSAGES.nameEmpty, CATEGORY_MESSAGES.duplicate],
        type: [CATEGORY_MESSAGES.invalidType],
        amount: [CATEGORY_MESSAGES.budgetFailed],
      },
      formErrors: [CATEGORY_MESSAGES.debtLocked, CATEGORY_MESSAGES.notFound],
    });
  });
});

describe("category names are one per user, whatever their case and spacing (decision 218)", () => {
  test("case, surrounding and inner whitespace and tags do not tell two names apart", () => {
    expect(categoryNameKey("  food  &\tDINING ")).toBe("food & dining");
    expect(categoryNameKey("<b>Food</b> & Dining")).toBe("food & dining");
    expect(categoryNameKey("Food-Dining")).not.toBe(categoryNameKey("Food Dining"));
  });

  test("a default category's name is taken by its name, not by its id", () => {
    expect(categoryNamed("food & dining", DEFAULT_CATEGORIES)?.id).toBe("food");
    expect(categoryNamed(" PAYCHECK   1", DEFAULT_CATEGORIES)?.id).toBe("salary");
    expect(categoryNamed("Food", DEFAULT_CATEGORIES)).toBeUndefined();
    expect(categoryNamed("Salary", DEFAULT_CATEGORIES)).toBeUndefined();
  });

  test("a category renamed to its own name in other letters collides with no other", () => {
    expect(categoryNamed("FOOD & DINING", DEFAULT_CATEGORIES, "food")).toBeUndefined();
    expect(categoryNamed("housing", DEFAULT_CATEGORIES, "food")?.id).toBe("housing");
  });

  test("a new name whose id another name holds gets the next free id", () => {
    const taken = new Set(["food", "food-2", "salary"]);
    expect(freeCategoryId("Pets", (id) => taken.has(id))).toBe("pets");
    expect(freeCategoryId("Food", (id) => taken.has(id))).toBe("food-3");
    expect(freeCategoryId("Salary", (id) => taken.has(id))).toBe("salary-2");
    expect(freeCategoryId("...", (id) => taken.has(id))).toBeNull();
  });

  test("a created category named like another gets a number", () => {
    const categories = [...DEFAULT_CATEGORIES, { id: "paycheck-1-x", name: "Paycheck 1 (2)" }];
    expect(distinctCategoryName("Freelance", categories)).toBe("Freelance");
    expect(distinctCategoryName("paycheck 1", categories)).toBe("paycheck 1 (3)");
  });
});

describe("categoryIdFromName", () => {
  test("lower-cases, trims and turns whitespace runs into hyphens", () => {
    expect(categoryIdFromName("  Food &  Dining\t Out ")).toBe("food-&-dining-out");
  });

  test('removes "." and "$", which a stored map key cannot hold', () => {
    expect(categoryIdFromName("Mr. $mith's Fund")).toBe("mr-mith's-fund");
  });

  test("nothing usable left gives null (the caller shows 'Invalid category name')", () => {
    expect(categoryIdFromName("   ")).toBeNull();
    expect(categoryIdFromName(" . $ ")).toBeNull();
    expect(categoryIdFromName("...$$")).toBeNull();
  });

  test("names that would read as 'no category' or as object internals are not ids", () => {
    expect(categoryIdFromName("Uncategorized")).toBeNull();
    expect(categoryIdFromName("__proto__")).toBeNull();
  });
});

describe("mergeCategories", () => {
  const saved: Record<string, StoredCategory> = {
    housing: { name: "Housing", type: "expense", order: 1, budget: 100000 },
    food: { name: "Food & Dining", type: "expense", order: 0 },
    salary: { name: "Paycheck 1", type: "income", order: 0, expected: 300000 },
    gym: { name: "Gym", type: "expense", order: 2, deleted: true },
  };

  test("the saved map is the truth: deleted entries removed, missing defaults stay gone", () => {
    const ids = mergeCategories(saved).map((category) => category.id);
    expect(ids).toEqual(["salary", "food", "housing"]);
  });

  test("sorts income first, then expense, each by order", () => {
    const merged = mergeCategories({
      b: { name: "B", type: "expense", order: 2 },
      a: { name: "A", type: "expense", order: 1 },
      y: { name: "Y", type: "income", order: 5 },
      x: { name: "X", type: "income", order: 1 },
    });
    expect(merged.map((category) => category.id)).toEqual(["x", "y", "a", "b"]);
  });

  test("fills the fields older entries lack", () => {
    expect(mergeCategories({ misc: {} })).toEqual([
      { id: "misc", name: "misc", icon: "", colors: DEFAULT_COLORS, type: "expense", order: 0, budget: 0, expected: 0 },
    ]);
  });

  test("expense categories named like income become income after the existing income categories", () => {
    const merged = mergeCategories({
      salary: { name: "Paycheck 1", type: "income", order: 0 },
      investments: { name: "Investments", type: "income", order: 4 },
      bonus: { name: "Bonus", type: "expense", order: 0, budget: 5000 },
      "bonus-work-extra": { name: "Bonus Work Extra", type: "expense", order: 1 },
      "side-income": { name: "Side Income", type: "expense", order: 2 },
      dividends: { name: "Dividends", type: "expense", order: 3 },
      food: { name: "Food", type: "expense", order: 4 },
    });
    expect(merged.map(({ id, type, order }) => [id, type, order])).toEqual([
      ["salary", "income", 0],
      ["investments", "income", 4],
      ["bonus", "income", 5],
      ["bonus-work-extra", "income", 6],
      ["side-income", "income", 7],
      ["dividends", "income", 8],
      ["food", "expense", 4],
    ]);
    expect(merged.find((category) => category.id === "bonus")).toMatchObject({ expected: 5000, budget: 0 });
  });

  test("debt categories are never retyped", () => {
    expect(mergeCategories({ debt_1: { name: "💳 Interest card", type: "expense", order: 1000, isDebt: true } })[0]).toMatchObject({
      type: "expense",
      isDebt: true,
    });
  });
});

describe("looksLikeIncome", () => {
  test("income words as the whole name, names ending in income, and 'bonus work'", () => {
    for (const name of [
      "Bonus",
      "salary",
      "INCOME",
      "Revenue",
      "Earnings",
      "Dividend",
      "Interest",
      "Rental",
      "Royalties",
      "Rental Income",
      "my bonus work",
    ]) {
      expect(looksLikeIncome(name), name).toBe(true);
    }
  });

  test("expenses that merely mention such a word stay expenses", () => {
    for (const name of ["Car rental", "Loan interest", "Income tax", "Groceries"]) {
      expect(looksLikeIncome(name), name).toBe(false);
    }
  });
});

describe("nextOrder", () => {
  const categories = [
    { type: "income" as const, order: 3 },
    { type: "expense" as const, order: 0 },
    { type: "expense" as const, order: 7 },
  ];

  test("is one past the highest order of the same type", () => {
    expect(nextOrder(categories, "income")).toBe(4);
    expect(nextOrder(categories, "expense")).toBe(8);
  });

  test("is 0 when the type has no categories", () => {
    expect(nextOrder([], "income")).toBe(0);
    expect(nextOrder(categories.slice(1), "income")).toBe(0);
  });
});

describe("amountEditToSave (inline amount edit)", () => {
  test("a changed amount is saved with two decimals", () => {
    expect(amountEditToSave("123.4", toCents(0))).toBe("123.40");
    expect(amountEditToSave("0", toCents(500))).toBe("0.00");
    expect(amountEditToSave("7.", toCents(0))).toBe("7.00");
    expect(amountEditToSave("10.10", toCents(0))).toBe("10.10");
  });

  test("empty, not an amount (negative, a third decimal) or unchanged cancels", () => {
    expect(amountEditToSave("", toCents(0))).toBeNull();
    expect(amountEditToSave(".", toCents(0))).toBeNull();
    expect(amountEditToSave("-5", toCents(0))).toBeNull();
    expect(amountEditToSave("12.5", toCents(1250))).toBeNull();
    expect(amountEditToSave("12.504", toCents(1250))).toBeNull();
    expect(amountEditToSave("1.005", toCents(0))).toBeNull();
  });
});

describe("capitalizeWords", () => {
  test("capitalises each word and keeps the rest as typed", () => {
    expect(capitalizeWords("food & dining")).toBe("Food & Dining");
    expect(capitalizeWords("paycheck 1")).toBe("Paycheck 1");
    expect(capitalizeWords("ATM fees")).toBe("ATM Fees");
    expect(capitalizeWords("")).toBe("");
  });
});

describe("plannedAmount and progress", () => {
  const food = { id: "food", type: "expense" as const, budget: toCents(40000), expected: toCents(0) };
  const salary = { id: "salary", type: "income" as const, budget: toCents(0), expected: toCents(300000) };

  test("the month's category budget wins over the category's own amount", () => {
    expect(plannedAmount(food, {})).toBe(40000);
    expect(plannedAmount(salary, {})).toBe(300000);
    expect(plannedAmount(food, { food: { amount: toCents(25000) } })).toBe(25000);
    expect(plannedAmount(food, { food: { amount: toCents(0) } })).toBe(0);
  });

  test("percent of the planned amount, 0 when nothing is planned", () => {
    expect(progressPercent(5000, 20000)).toBe(25);
    expect(progressPercent(30000, 20000)).toBe(150);
    expect(progressPercent(5000, 0)).toBe(0);
  });

  test("spending with nothing planned reads as over: a full red bar labelled Over; income with nothing expected as Above", () => {
    expect(categoryProgress("expense", 3500, 0)).toEqual({ width: 100, color: "bg-red-500", label: "Over", over: true });
    expect(categoryProgress("income", 3500, 0)).toEqual({ width: 100, color: "bg-green-600", label: "Above", over: false });
    expect(categoryProgress("expense", 0, 0)).toEqual({ width: 0, color: "bg-blue-500", label: "0%", over: false });
    expect(categoryProgress("expense", 30000, 20000)).toEqual({ width: 100, color: "bg-red-500", label: "150%", over: true });
    expect(categoryProgress("expense", 5000, 20000)).toEqual({ width: 25, color: "bg-blue-500", label: "25%", over: false });
  });

  test("expense colours: over 100 red, from 90 orange, from 75 yellow, else blue", () => {
    expect(progressColor("expense", 101)).toBe("bg-red-500");
    expect(progressColor("expense", 100)).toBe("bg-orange-500");
    expect(progressColor("expense", 90)).toBe("bg-orange-500");
    expect(progressColor("expense", 89)).toBe("bg-yellow-500");
    expect(progressColor("expense", 75)).toBe("bg-yellow-500");
    expect(progressColor("expense", 74)).toBe("bg-blue-500");
    expect(progressColor("expense", 0)).toBe("bg-blue-500");
  });

  test("income colours: from 100 green, from 75 light green, from 50 yellow, else gray", () => {
    expect(progressColor("income", 150)).toBe("bg-green-600");
    expect(progressColor("income", 100)).toBe("bg-green-600");
    expect(progressColor("income", 99)).toBe("bg-green-400");
    expect(progressColor("income", 75)).toBe("bg-green-400");
    expect(progressColor("income", 74)).toBe("bg-yellow-500");
    expect(progressColor("income", 50)).toBe("bg-yellow-500");
    expect(progressColor("income", 49)).toBe("bg-gray-400");
  });
});
