import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { SPLIT_CATEGORY, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { applyRule, applyRules, changesOf, conditionHolds, pastChange, ruleMatches, splitAmounts, wildcardMatches, type Rule, type RuleAction, type RuleCondition, type RuleContext, type RuleSubject } from "./rules";

const CATEGORY_TYPES: Record<string, "income" | "expense"> = { groceries: "expense", dining: "expense", household: "expense", salary: "income" };
const context: RuleContext = { categoryType: (id) => CATEGORY_TYPES[id] ?? null };

function subject(overrides: Partial<RuleSubject> = {}): RuleSubject {
  return {
    description: "TESCO STORES 2041 LONDON",
    amount: 1889,
    currency: "GBP",
    type: "expense",
    accountId: "card",
    date: "2024-03-28",
    category: "",
    tagIds: [],
    allocations: [],
    transferAccountId: null,
    ...overrides,
  };
}

function rule(conditions: RuleCondition[], actions: RuleAction[], match: Rule["match"] = "all"): Rule {
  return { id: "r1", name: "A rule", match, conditions, actions };
}

describe("conditions", () => {
  test.each<[RuleCondition, boolean]>([
    [{ field: "description", operator: "contains", text: "tesco" }, true],
    [{ field: "description", operator: "contains", text: "sainsbury" }, false],
    [{ field: "description", operator: "equals", text: "tesco stores 2041  london" }, true],
    [{ field: "description", operator: "equals", text: "tesco" }, false],
    [{ field: "description", operator: "starts-with", text: "TESCO STORES" }, true],
    [{ field: "description", operator: "starts-with", text: "STORES" }, false],
    [{ field: "description", operator: "matches", text: "tesco * london" }, true],
    [{ field: "description", operator: "matches", text: "tesco stores 20?1*" }, true],
    [{ field: "description", operator: "matches", text: "tesco" }, false],
    [{ field: "amount", operator: "equals", cents: 1889, currency: "GBP" }, true],
    [{ field: "amount", operator: "above", cents: 1889, currency: "GBP" }, false],
    [{ field: "amount", operator: "above", cents: 1888, currency: "GBP" }, true],
    [{ field: "amount", operator: "below", cents: 1890, currency: "GBP" }, true],
    [{ field: "amount", operator: "between", cents: 1000, upTo: 1889, currency: "GBP" }, true],
    [{ field: "amount", operator: "between", cents: 1890, upTo: 5000, currency: "GBP" }, false],
    [{ field: "type", type: "expense" }, true],
    [{ field: "type", type: "income" }, false],
    [{ field: "account", accountId: "card" }, true],
    [{ field: "account", accountId: "main" }, false],
    [{ field: "date", from: "2024-03-28", to: null }, true],
    [{ field: "date", from: null, to: "2024-03-27" }, false],
    [{ field: "date", from: "2024-03-01", to: "2024-03-31" }, true],
  ])("%j holds: %s", (condition, holds) => {
    expect(conditionHolds(condition, subject())).toBe(holds);
  });

  test("an amount is compared only with transactions in its currency", () => {
    expect(conditionHolds({ field: "amount", operator: "equals", cents: 1889, currency: "EUR" }, subject())).toBe(false);
  });

  test("accents and case do not matter: “CAFÉ NERO” contains “cafe nero”", () => {
    expect(conditionHolds({ field: "description", operator: "contains", text: "cafe nero" }, subject({ description: "CAFÉ NERO 88" }))).toBe(true);
  });

  test("all needs every condition, any one of them; no condition matches nothing", () => {
    const tesco: RuleCondition = { field: "description", operator: "contains", text: "tesco" };
    const income: RuleCondition = { field: "type", type: "income" };
    expect(ruleMatches({ match: "all", conditions: [tesco, income] }, subject())).toBe(false);
    expect(ruleMatches({ match: "any", conditions: [tesco, income] }, subject())).toBe(true);
    expect(ruleMatches({ match: "any", conditions: [] }, subject())).toBe(false);
  });

  test("a wildcard pattern takes its time from the lengths, not from backtracking", () => {
    expect(wildcardMatches("*a*a*a*a*a*a*a*a*a*a*b", "a".repeat(500))).toBe(false);
    expect(wildcardMatches("", "")).toBe(true);
    expect(wildcardMatches("*", "")).toBe(true);
    expect(wildcardMatches("?", "")).toBe(false);
  });
});

describe("actions", () => {
  const tesco: RuleCondition = { field: "description", operator: "contains", text: "tesco" };

  test("a category, a clean name and tags (a tag it carries already is not added twice)", () => {
    const result = applyRule(rule([tesco], [{ kind: "set-category", categoryId: "groceries" }, { kind: "rename", description: "Tesco" }, { kind: "add-tags", tagIds: ["food", "uk"] }]), subject({ tagIds: ["uk"] }), context);
    expect(result).toMatchObject({ category: "groceries", description: "Tesco", tagIds: ["uk", "food"] });
  });

  test("a category of the other way is not set: a salary category never takes an expense", () => {
    expect(applyRule(rule([tesco], [{ kind: "set-category", categoryId: "salary" }]), subject(), context).category).toBe("");
  });

  test("a transfer to another account; never into the transaction's own", () => {
    expect(applyRule(rule([tesco], [{ kind: "transfer", accountId: "main" }]), subject(), context)).toMatchObject({ category: TRANSFER_CATEGORY, transferAccountId: "main" });
    expect(applyRule(rule([tesco], [{ kind: "transfer", accountId: "card" }]), subject(), context).category).toBe("");
  });

  test("a split by percentages adds up to the cent; by fixed parts with the rest; one that cannot add up is not made", () => {
    const byPercent = applyRule(rule([tesco], [{ kind: "split", parts: [{ categoryId: "groceries", percent: 70 }, { categoryId: "household", percent: 30 }], currency: "GBP" }]), subject(), context);
    expect(byPercent).toMatchObject({ category: SPLIT_CATEGORY, allocations: [{ categoryId: "groceries", amount: 1322 }, { categoryId: "household", amount: 567 }] });
    expect(splitAmounts([{ categoryId: "a", percent: 33.33 }, { categoryId: "b", percent: 33.33 }, { categoryId: "c", percent: 33.34 }], 100)).toEqual([
      { categoryId: "a", amount: 33 },
      { categoryId: "b", amount: 33 },
      { categoryId: "c", amount: 34 },
    ]);
    expect(splitAmounts([{ categoryId: "a", cents: 500 }, { categoryId: "b", rest: true }], 1889)).toEqual([
      { categoryId: "a", amount: 500 },
      { categoryId: "b", amount: 1389 },
    ]);
    expect(splitAmounts([{ categoryId: "a", cents: 2000 }, { categoryId: "b", rest: true }], 1889)).toBeNull();
    expect(splitAmounts([{ categoryId: "a", percent: 60 }, { categoryId: "b", percent: 30 }], 1889)).toBeNull();
    expect(splitAmounts([{ categoryId: "a", percent: 100 }], 1889)).toBeNull();
    expect(applyRule(rule([tesco], [{ kind: "split", parts: [{ categoryId: "groceries", percent: 50 }, { categoryId: "salary", percent: 50 }], currency: "GBP" }]), subject(), context).category).toBe("");
  });

  test("rules run in order, each on what the ones before made; a later category replaces an earlier one", () => {
    const clean: Rule = { id: "clean", name: "Clean", match: "all", conditions: [{ field: "description", operator: "starts-with", text: "AMZN MKTP" }], actions: [{ kind: "rename", description: "Amazon" }] };
    const shop: Rule = { id: "shop", name: "Shop", match: "all", conditions: [{ field: "description", operator: "equals", text: "amazon" }], actions: [{ kind: "set-category", categoryId: "household" }] };
    const big: Rule = { id: "big", name: "Big", match: "all", conditions: [{ field: "amount", operator: "above", cents: 10_000, currency: "GBP" }], actions: [{ kind: "set-category", categoryId: "groceries" }] };
    const { result, matched } = applyRules([clean, shop, big], subject({ description: "AMZN MKTP US*2K4", amount: 12_000 }), context);
    expect(matched).toEqual(["clean", "shop", "big"]);
    expect(result).toMatchObject({ description: "Amazon", category: "groceries" });
    expect(applyRules([shop, clean], subject({ description: "AMZN MKTP US*2K4" }), context).result.category).toBe("");
  });

  test("the changes name only what differs", () => {
    const before = subject();
    expect(changesOf(before, { ...before, category: "groceries", tagIds: ["food"] })).toEqual({ category: "groceries", tagIds: ["food"] });
    expect(changesOf(before, before)).toEqual({});
  });
});

const conditionArbitrary: fc.Arbitrary<RuleCondition> = fc.oneof(
  fc.record({ field: fc.constant("description" as const), operator: fc.constantFrom("contains", "equals", "starts-with", "matches" as const), text: fc.constantFrom("tesco", "a", "*o*", "amazon", "") }),
  fc.record({ field: fc.constant("amount" as const), operator: fc.constantFrom("equals", "above", "below", "between" as const), cents: fc.integer({ min: 1, max: 5000 }), upTo: fc.integer({ min: 1, max: 10_000 }), currency: fc.constantFrom("GBP", "EUR") }),
  fc.record({ field: fc.constant("type" as const), type: fc.constantFrom("income", "expense" as const) }),
  fc.record({ field: fc.constant("account" as const), accountId: fc.constantFrom("card", "main") }),
);
const actionArbitrary: fc.Arbitrary<RuleAction> = fc.oneof(
  fc.record({ kind: fc.constant("set-category" as const), categoryId: fc.constantFrom("groceries", "salary", "dining") }),
  fc.record({ kind: fc.constant("rename" as const), description: fc.constantFrom("Tesco", "Amazon", "a") }),
  fc.record({ kind: fc.constant("add-tags" as const), tagIds: fc.uniqueArray(fc.constantFrom("food", "home", "trip"), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant("transfer" as const), accountId: fc.constantFrom("card", "main") }),
  fc.constantFrom<RuleAction>(
    { kind: "split", parts: [{ categoryId: "groceries", percent: 40 }, { categoryId: "dining", percent: 60 }], currency: "GBP" },
    { kind: "split", parts: [{ categoryId: "groceries", cents: 300 }, { categoryId: "household", rest: true }], currency: "GBP" },
  ),
);
const subjectArbitrary: fc.Arbitrary<RuleSubject> = fc.record({
  description: fc.constantFrom("TESCO STORES", "AMZN MKTP US", "Amazon", "salary", "a"),
  amount: fc.integer({ min: 1, max: 10_000 }),
  currency: fc.constant("GBP"),
  type: fc.constantFrom("income", "expense" as const),
  accountId: fc.constantFrom("card", "main"),
  date: fc.constant("2024-03-28"),
  category: fc.constantFrom("", "dining"),
  tagIds: fc.constantFrom<string[]>([], ["trip"]),
  allocations: fc.constant([]),
  transferAccountId: fc.constant(null),
});

describe("a rule applied twice changes nothing more", () => {
  test("for any rule and transaction", () => {
    fc.assert(
      fc.property(fc.array(conditionArbitrary, { minLength: 1, maxLength: 3 }), fc.constantFrom("all", "any" as const), fc.array(actionArbitrary, { minLength: 1, maxLength: 3 }), subjectArbitrary, (conditions, match, actions, start) => {
        const once = applyRule(rule(conditions, actions, match), start, context);
        expect(applyRule(rule(conditions, actions, match), once, context)).toEqual(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a rule on a past transaction", () => {
  const tesco: RuleCondition = { field: "description", operator: "contains", text: "tesco" };
  const renameTesco: Rule = { id: "r", name: "Tesco", match: "all", conditions: [tesco], actions: [{ kind: "rename", description: "Tesco" }, { kind: "add-tags", tagIds: ["food"] }, { kind: "transfer", accountId: "savings" }] };

  test("names only the fields it changes, as they were and as they become; its transfer is left out", () => {
    expect(pastChange(renameTesco, subject({ tagIds: ["home"] }), context)).toEqual({
      before: { description: "TESCO STORES 2041 LONDON", tagIds: ["home"] },
      after: { description: "Tesco", tagIds: ["home", "food"] },
    });
  });

  test("nothing when its conditions do not hold, or it would change nothing", () => {
    expect(pastChange(renameTesco, subject({ description: "Sainsbury's" }), context)).toBeNull();
    expect(pastChange(renameTesco, subject({ description: "Tesco", tagIds: ["food"] }), context)).toBeNull();
    expect(pastChange({ ...renameTesco, actions: [{ kind: "transfer", accountId: "savings" }] }, subject(), context)).toBeNull();
  });
});
