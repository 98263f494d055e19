import { describe, expect, test } from "vitest";
import type { Category } from "./categories";
import { categoryOf } from "../../../tests/month-figures";
import { cardFigures, EXPENSE_VIEWS, INCOME_VIEWS, parseView } from "./category-figures";
import { toCents } from "~/lib/money";

const category = categoryOf;

describe("category card figures", () => {
  const row = (type: Category["type"], planned: number, actual: number) => ({
    category: category("card", type, planned),
    planned: toCents(planned),
    actual: toCents(actual),
    remaining: toCents(planned - actual),
  });
  const overspent = row("expense", 50000, 62000);
  const paycheck = row("income", 320000, 300000);

  test("the tab's figure is the headline; the other two follow in tab order", () => {
    expect(cardFigures(overspent, "planned")).toEqual({
      headline: { view: "planned", amount: 50000 },
      others: [
        { view: "spent", amount: 62000 },
        { view: "remaining", amount: -12000 },
      ],
    });
    expect(cardFigures(overspent, "spent")).toEqual({
      headline: { view: "spent", amount: 62000 },
      others: [
        { view: "planned", amount: 50000 },
        { view: "remaining", amount: -12000 },
      ],
    });
    expect(cardFigures(overspent, "remaining")).toEqual({
      headline: { view: "remaining", amount: -12000 },
      others: [
        { view: "planned", amount: 50000 },
        { view: "spent", amount: 62000 },
      ],
    });
    expect(cardFigures(paycheck, "received").headline).toEqual({ view: "received", amount: 300000 });
    expect(cardFigures(paycheck, "remaining").headline).toEqual({ view: "remaining", amount: 20000 });
  });

  test("no tab, or a tab of the other type, means the type's default", () => {
    expect(cardFigures(paycheck, null).headline).toEqual({ view: "expected", amount: 320000 });
    expect(cardFigures(paycheck, "spent").headline).toEqual({ view: "expected", amount: 320000 });
    expect(cardFigures(overspent, "received").headline).toEqual({ view: "planned", amount: 50000 });
  });
});

describe("tab query values", () => {
  test("known values are kept; anything else is the section's default", () => {
    expect(parseView(INCOME_VIEWS, "received")).toBe("received");
    expect(parseView(INCOME_VIEWS, "spent")).toBe("expected");
    expect(parseView(INCOME_VIEWS, null)).toBe("expected");
    expect(parseView(EXPENSE_VIEWS, "remaining")).toBe("remaining");
    expect(parseView(EXPENSE_VIEWS, "expected")).toBe("planned");
  });
});
