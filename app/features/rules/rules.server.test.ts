import { describe, expect, test } from "vitest";
import { Rule as RuleModel } from "../../../models";
import { getCategories } from "~/features/categories/categories.server";
import { listTags } from "~/features/tags/tags.server";
import { applyRules, contextOf, type RuleActionDraft, type RuleCondition, type RuleDraft } from "./rules";
import { addRule, deleteRule, getRule, listRules, moveRule, moveRuleTagsToIds, replaceTagInRules, updateRule } from "./rules.server";
import { createUser, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const groceries: RuleDraft = {
  name: "Groceries",
  match: "any",
  conditions: [
    { field: "description", operator: "contains", text: "tesco" },
    { field: "amount", operator: "between", cents: 500, upTo: 20_000, currency: "USD" },
    { field: "type", type: "expense" },
    { field: "account", accountId: "card" },
    { field: "date", from: "2024-01-01", to: null },
  ],
  actions: [
    { kind: "set-category", categoryId: "groceries" },
    { kind: "rename", description: "Tesco" },
    { kind: "add-tags", tagNames: ["Food", "Weekly shop"] },
    { kind: "transfer", accountId: "main" },
    { kind: "split", parts: [{ categoryId: "groceries", percent: 60 }, { categoryId: "household", cents: 100 }, { categoryId: "shopping", rest: true }], currency: "USD" },
  ],
};

function named(name: string, conditions: RuleCondition[] = [{ field: "description", operator: "contains", text: name }], actions: RuleActionDraft[] = [{ kind: "add-tags", tagNames: [name] }]): RuleDraft {
  return { name, match: "all", conditions, actions };
}

describe("stored rules", () => {
  test("every condition and action is stored and read back as it was written", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    const added = await addRule(userId, groceries);
    if (!added.ok) throw new Error(added.reason);
    const tags = await listTags(userId);
    expect(tags.map((tag) => tag.name)).toEqual(["Food", "Weekly shop"]);
    const tagged = { kind: "add-tags", tagIds: tags.map((tag) => tag.id) };
    expect(added.rule).toEqual({ id: added.rule.id, ...groceries, actions: groceries.actions.map((action) => (action.kind === "add-tags" ? tagged : action)) });
    expect(await getRule(userId, added.rule.id)).toEqual(added.rule);
    expect(await listRules(userId)).toEqual([{ ...added.rule, matchCount: null, countedAt: null }]);
  });

  test("the same form sent twice adds one rule", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    const first = await addRule(userId, named("twice"), "key-1");
    const again = await addRule(userId, named("twice"), "key-1");
    expect(again).toEqual(first);
    expect(await RuleModel.countDocuments({ userId })).toBe(1);
  });

  test("new rules run after the others; moving one swaps it with its neighbour; the ends stay put", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    for (const name of ["a", "b", "c"]) await addRule(userId, named(name));
    const names = async () => (await listRules(userId)).map((rule) => rule.name);
    expect(await names()).toEqual(["a", "b", "c"]);
    const [a, , c] = await listRules(userId);
    expect(await moveRule(userId, c.id, "up")).toBe(true);
    expect(await names()).toEqual(["a", "c", "b"]);
    expect(await moveRule(userId, a.id, "up")).toBe(true);
    expect(await moveRule(userId, a.id, "down")).toBe(true);
    expect(await names()).toEqual(["c", "a", "b"]);
  });

  test("updates and deletes only the user's own rule; another user's is not found", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    const other = await createUser({ email: uniqueEmail("rules") });
    const added = await addRule(userId, named("coffee"));
    if (!added.ok) throw new Error(added.reason);
    expect(await updateRule(other, added.rule.id, named("stolen"))).toEqual({ ok: false, reason: "not-found" });
    expect(await getRule(other, added.rule.id)).toBeNull();
    expect(await moveRule(other, added.rule.id, "up")).toBe(false);
    expect(await deleteRule(other, added.rule.id)).toBe(false);
    expect(await updateRule(userId, added.rule.id, named("cafe"))).toMatchObject({ ok: true, rule: { name: "cafe" } });
    expect(await updateRule(userId, "not-an-id", named("cafe"))).toEqual({ ok: false, reason: "not-found" });
    expect(await deleteRule(userId, added.rule.id)).toBe(true);
    expect(await RuleModel.countDocuments({ userId })).toBe(0);
  });

  test("the rules run with the user's categories: a category of the other way is never set", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    await addRule(userId, named("pay", [{ field: "description", operator: "contains", text: "payroll" }], [{ kind: "set-category", categoryId: "food" }]));
    await addRule(userId, named("shop", [{ field: "description", operator: "contains", text: "tesco" }], [{ kind: "set-category", categoryId: "food" }]));
    const context = contextOf(await getCategories(userId));
    const base = { amount: 1000, currency: "USD", accountId: "main", date: "2024-03-01", category: "", tagIds: [], allocations: [], transferAccountId: null };
    expect(applyRules(await listRules(userId), { ...base, description: "ACME PAYROLL", type: "income" }, context).result.category).toBe("");
    expect(applyRules(await listRules(userId), { ...base, description: "TESCO", type: "expense" }, context).result.category).toBe("food");
  });

  test("a tag named by a rule is the user's tag: the same name twice is one tag, a merge or a deletion follows into the rule", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    const trip = await addRule(userId, named("trip", undefined, [{ kind: "add-tags", tagNames: ["Lisbon trip"] }]));
    const again = await addRule(userId, named("hotel", undefined, [{ kind: "add-tags", tagNames: ["lisbon  TRIP", "Hotels"] }]));
    if (!trip.ok || !again.ok) throw new Error("not added");
    const [hotels, lisbon] = await listTags(userId);
    expect([hotels.name, lisbon.name]).toEqual(["Hotels", "Lisbon trip"]);
    expect(again.rule.actions).toEqual([{ kind: "add-tags", tagIds: [lisbon.id, hotels.id] }]);
    await replaceTagInRules(userId, hotels.id, lisbon.id);
    expect((await getRule(userId, again.rule.id))?.actions).toEqual([{ kind: "add-tags", tagIds: [lisbon.id] }]);
    await replaceTagInRules(userId, lisbon.id, null);
    expect((await getRule(userId, again.rule.id))?.actions).toEqual([]);
    expect((await getRule(userId, trip.rule.id))?.actions).toEqual([]);
  });

  test("a rule stored with tag names before tags had ids names the user's tags by id after the start's move", async () => {
    const userId = await createUser({ email: uniqueEmail("rules") });
    const { _id } = await RuleModel.create({ userId, name: "old", match: "all", position: 1, conditions: [{ field: "type", type: "expense" }], actions: [{ kind: "add-tags", tags: ["Groceries", "Weekly"] }] });
    expect(await moveRuleTagsToIds()).toBeGreaterThanOrEqual(1);
    const tags = await listTags(userId);
    expect((await getRule(userId, String(_id)))?.actions).toEqual([{ kind: "add-tags", tagIds: [tags[0].id, tags[1].id] }]);
    expect(await moveRuleTagsToIds()).toBe(0);
  });
});
