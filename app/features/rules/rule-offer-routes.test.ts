import { describe, expect, test } from "vitest";
import { Tag, Transaction } from "../../../models";
import { action as editAction } from "~/routes/_app.transactions_.$transactionId.edit";
import { action as newAction } from "~/routes/_app.transactions_.new";
import { loader as listLoader } from "~/routes/_app.transactions";
import { loader as rulesLoader } from "~/routes/_app.transactions_.rules";
import { addRule } from "./rules.server";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, payloadOf, postRequest } from "../../../tests/setup/route-requests";

useTestDatabase();

async function signedIn() {
  const userId = await createGoogleUser();
  return { userId, cookie: await cookieFor(userId) };
}

const edit = (cookie: string, id: string, fields: Record<string, string>) =>
  editAction({ request: postRequest(`/transactions/${id}/edit`, cookie, { type: "expense", amount: "3.80", date: "2026-03-11", description: "CAFE NERO", redirectTo: "/transactions?tab=new", ...fields }), params: { transactionId: id }, context: {} }) as Promise<Response>;

describe("a rule offered after the same description is put in the same category twice", () => {
  test("the second time, the page offers the rule; the rules page opens with it filled in", async () => {
    const { userId, cookie } = await signedIn();
    const first = await createTransactionFor(userId, { category: "housing", description: "CAFE NERO", date: "2026-03-02" });
    const second = await createTransactionFor(userId, { category: "housing", description: "Cafe Nero", date: "2026-03-11" });
    expect((await edit(cookie, first.id, { category: "food" })).headers.get("Location")).toBe("/transactions?tab=new");
    const twice = await edit(cookie, second.id, { category: "food" });
    expect(twice.headers.get("Location")).toBe(`/transactions?tab=new&suggest=${second.id}`);

    const list = payloadOf<Awaited<ReturnType<typeof listLoader>>>(await listLoader({ request: getRequest(`/transactions?tab=new&suggest=${second.id}`, cookie), params: {}, context: {} }));
    expect(list.ruleOffer).toEqual({ transactionId: second.id, description: "CAFE NERO", categoryId: "food", categoryName: "Food & Dining" });

    const rules = payloadOf<Awaited<ReturnType<typeof rulesLoader>>>(await rulesLoader({ request: getRequest(`/transactions/rules?from=${second.id}`, cookie), params: {}, context: {} }));
    expect(rules.draft).toEqual({
      name: "CAFE NERO",
      match: "all",
      conditions: [{ what: "description:equals", value: "CAFE NERO", upTo: "", parts: [] }],
      actions: [{ what: "category:food", value: "", upTo: "", parts: [] }],
    });
  });

  test("no offer once a rule matches it, nor for another user's transaction", async () => {
    const { userId, cookie } = await signedIn();
    await createTransactionFor(userId, { category: "food", description: "Tesco", date: "2026-03-02" });
    const second = await createTransactionFor(userId, { category: "housing", description: "Tesco", date: "2026-03-11" });
    await addRule(userId, { name: "Tesco", match: "all", conditions: [{ field: "description", operator: "contains", text: "tesco" }], actions: [{ kind: "set-category", categoryId: "food" }] });
    expect((await edit(cookie, second.id, { category: "food", description: "Tesco" })).headers.get("Location")).toBe("/transactions?tab=new");
    const intruder = await signedIn();
    const list = payloadOf<Awaited<ReturnType<typeof listLoader>>>(await listLoader({ request: getRequest(`/transactions?suggest=${second.id}`, intruder.cookie), params: {}, context: {} }));
    expect(list.ruleOffer).toBeNull();
  });
});

describe("rules on a transaction typed in the form", () => {
  test("its category and name stay the user's; the rules' tags are added after those typed", async () => {
    const { userId, cookie } = await signedIn();
    await addRule(userId, {
      name: "Coffee",
      match: "all",
      conditions: [{ field: "description", operator: "contains", text: "cafe" }],
      actions: [{ kind: "set-category", categoryId: "housing" }, { kind: "rename", description: "Coffee shop" }, { kind: "add-tags", tagNames: ["Coffee"] }],
    });
    const answer = (await newAction({ request: postRequest("/transactions/new", cookie, { type: "expense", amount: "3.80", category: "food", date: "2026-03-11", description: "Corner cafe", tags: "Treats", redirectTo: "/transactions" }), params: {}, context: {} })) as Response;
    expect(answer.status).toBe(302);
    const stored = await Transaction.findOne({ userId }).lean();
    const tags = await Tag.find({ userId }).lean();
    const idOf = (name: string) => String(tags.find((tag) => tag.name === name)?._id);
    expect(stored).toMatchObject({ category: "food", description: "Corner cafe", tagIds: [idOf("Treats"), idOf("Coffee")] });
  });
});
