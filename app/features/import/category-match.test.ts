import { describe, expect, test } from "vitest";
import { DEFAULT_CATEGORIES, type Category } from "~/features/categories/categories";
import { categoryNote, categoryOfText } from "./category-match";

const categories: Category[] = [
  ...DEFAULT_CATEGORIES,
  { ...DEFAULT_CATEGORIES[3], id: "eating-out", name: "Eating Out", order: 9 },
  { ...DEFAULT_CATEGORIES[3], id: "debt_64b7f0c2a1b2c3d4e5f60718", name: "💳 Car Loan", order: 1000, isDebt: true },
];
const chosen = (text: string, type: "income" | "expense" = "expense") => {
  const found = categoryOfText(categories, text, type);
  return found.kind === "matched" ? found.category.id : found.kind;
};

describe("a file's category text chooses the user's category", () => {
  test.each([
    ["Food & Dining", "food"],
    ["food & dining", "food"],
    ["FOOD AND DINING", "food"],
    ["  Food and  dining ", "food"],
    ["food", "food"],
    ["Eating out", "eating-out"],
    ["eating-out", "eating-out"],
    ["Éating Out", "eating-out"],
  ])("%s → %s", (text, id) => {
    expect(chosen(text)).toBe(id);
  });

  test("by the row's type: an income category on money out is none, with the reason", () => {
    expect(chosen("Paycheck 1", "income")).toBe("salary");
    expect(chosen("Paycheck 1")).toBe("other-type");
    expect(categoryNote(categoryOfText(categories, "Paycheck 1", "expense"))).toBe("The file says “Paycheck 1”, an income category: this row is money out.");
    expect(categoryNote(categoryOfText(categories, "Housing", "income"))).toBe("The file says “Housing”, a spending category: this row is money in.");
  });

  test("an unknown name is none, with the reason; an empty cell or 'Uncategorized' is none without one; a debt's category is never chosen", () => {
    expect(chosen("Groceries")).toBe("unknown");
    expect(categoryNote(categoryOfText(categories, " Groceries ", "expense"))).toBe("The file says “Groceries”: you have no category of that name.");
    for (const text of ["", "  ", "Uncategorized", "uncategorized"]) {
      expect(categoryOfText(categories, text, "expense")).toEqual({ kind: "none" });
      expect(categoryNote(categoryOfText(categories, text, "expense"))).toBeNull();
    }
    expect(chosen("Car Loan")).toBe("unknown");
  });
});
