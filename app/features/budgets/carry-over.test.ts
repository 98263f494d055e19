import { describe, expect, test } from "vitest";
import { manualBudget, resolveCategoryBudgets, resolveMonthBudget, type StoredCategoryBudgets } from "./carry-over";
import { toCents } from "~/lib/money";

describe("monthly budget", () => {
  test("a month with its own budget keeps it, whatever the previous month has", () => {
    const own = { amount: toCents(90000), userSet: true, carriedOver: false };
    expect(resolveMonthBudget(own, { amount: toCents(150000), userSet: true, carriedOver: false })).toEqual({ ...own, shouldStore: false });
  });

  test("a month's own carried-over budget is shown as stored", () => {
    const stored = { amount: toCents(150000), userSet: true, carriedOver: true };
    expect(resolveMonthBudget(stored, null)).toEqual({ ...stored, shouldStore: false });
  });

  test("a month's own budget of 0 that is not user-set stays as stored", () => {
    expect(resolveMonthBudget({ amount: toCents(0), userSet: false, carriedOver: false }, { amount: toCents(150000), userSet: true, carriedOver: false })).toEqual({
      amount: 0,
      userSet: false,
      carriedOver: false,
      shouldStore: false,
    });
  });

  test("without its own, the previous month's user-set budget is carried over and stored", () => {
    expect(resolveMonthBudget(null, { amount: toCents(150000), userSet: true, carriedOver: false })).toEqual({
      amount: 150000,
      userSet: true,
      carriedOver: true,
      shouldStore: true,
    });
  });

  test("a previous budget that was itself carried over carries on", () => {
    expect(resolveMonthBudget(null, { amount: toCents(150000), userSet: true, carriedOver: true })).toEqual({
      amount: 150000,
      userSet: true,
      carriedOver: true,
      shouldStore: true,
    });
  });

  test("a previous budget that is not user-set is not carried over", () => {
    expect(resolveMonthBudget(null, { amount: toCents(150000), userSet: false, carriedOver: false })).toEqual({
      amount: 0,
      userSet: false,
      carriedOver: false,
      shouldStore: false,
    });
  });

  test("with no budget in either month: 0, not user-set, nothing stored", () => {
    expect(resolveMonthBudget(null, null)).toEqual({ amount: 0, userSet: false, carriedOver: false, shouldStore: false });
  });

  test("a manual budget is user-set and not carried over", () => {
    expect(manualBudget(toCents(123456))).toEqual({ amount: 123456, userSet: true, carriedOver: false });
    expect(manualBudget(toCents(0))).toEqual({ amount: 0, userSet: true, carriedOver: false });
  });
});

describe("category budgets", () => {
  const food = { amount: toCents(40000), userSet: true, carriedOver: false };
  const housing = { amount: toCents(120000), userSet: true, carriedOver: true };
  const automatic = { amount: toCents(5000), userSet: false, carriedOver: false };

  test("a month with its own document uses it unchanged", () => {
    const current = { monthKey: "2026-05", categories: { food, utilities: automatic } };
    const earlier = [{ monthKey: "2026-04", categories: { housing } }];
    expect(resolveCategoryBudgets(current, earlier)).toEqual({ categories: { food, utilities: automatic }, shouldStore: false });
  });

  test("a month with an empty document of its own copies nothing", () => {
    expect(resolveCategoryBudgets({ monthKey: "2026-05", categories: {} }, [{ monthKey: "2026-04", categories: { food } }])).toEqual({
      categories: {},
      shouldStore: false,
    });
  });

  test("without its own, the latest earlier month's user-set entries are copied, marked carried over", () => {
    const earlier: StoredCategoryBudgets[] = [
      { monthKey: "2026-04", categories: { food, housing, utilities: automatic } },
      { monthKey: "2026-03", categories: { healthcare: { amount: toCents(1), userSet: true, carriedOver: false } } },
    ];
    expect(resolveCategoryBudgets(null, earlier)).toEqual({
      categories: {
        food: { amount: 40000, userSet: true, carriedOver: true },
        housing: { amount: 120000, userSet: true, carriedOver: true },
      },
      shouldStore: true,
    });
  });

  test("earlier months without user-set entries are skipped for an older one that has some", () => {
    const earlier: StoredCategoryBudgets[] = [
      { monthKey: "2026-04", categories: { utilities: automatic } },
      { monthKey: "2026-03", categories: {} },
      { monthKey: "2026-01", categories: { food } },
    ];
    expect(resolveCategoryBudgets(null, earlier)).toEqual({
      categories: { food: { amount: 40000, userSet: true, carriedOver: true } },
      shouldStore: true,
    });
  });

  test("no earlier month with user-set entries: empty, nothing stored", () => {
    expect(resolveCategoryBudgets(null, [{ monthKey: "2026-04", categories: { utilities: automatic } }])).toEqual({ categories: {}, shouldStore: false });
    expect(resolveCategoryBudgets(null, [])).toEqual({ categories: {}, shouldStore: false });
  });
});
