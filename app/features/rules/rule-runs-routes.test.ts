import { describe, expect, test } from "vitest";
import { RuleRun, Rule as RuleModel } from "../../../models";
import { action as rulesAction } from "~/routes/_app.transactions_.rules";
import { action as runAction, loader as runLoader } from "~/routes/_app.transactions_.rules_.runs.$runId";
import { processRuleRun } from "./rule-runs.server";
import { RULE_INTENTS } from "./rules";
import { addRule } from "./rules.server";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";

useTestDatabase();

const ruleFields = {
  intent: RULE_INTENTS.add,
  name: "Coffee",
  match: "all",
  "conditions[0].what": "description:contains",
  "conditions[0].value": "cafe",
  "actions[0].what": "category:food",
};

async function signedIn() {
  const userId = await createGoogleUser();
  return { userId, cookie: await cookieFor(userId) };
}

describe("rules on past transactions, as the pages send them", () => {
  test("Preview on the add form stores no rule: it shows what the form's rule would change, and brings the form back as it was", async () => {
    const { userId, cookie } = await signedIn();
    await createTransactionFor(userId, { category: "housing", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    const previewed = (await rulesAction({ request: postRequest("/transactions/rules", cookie, { ...ruleFields, preview: "on" }), params: {}, context: {} })) as Response;
    expect(previewed.status).toBe(302);
    const runId = previewed.headers.get("Location")?.split("/").pop() ?? "";
    expect(await RuleModel.countDocuments({ userId })).toBe(0);
    await processRuleRun(runId);
    const page = payloadOf<Awaited<ReturnType<typeof runLoader>>>(await runLoader({ request: getRequest(`/transactions/rules/runs/${runId}`, cookie), params: { runId }, context: {} }));
    expect(page.run).toMatchObject({ status: "done", changing: 1, description: "If the description contains “cafe”: set the category to Food & Dining." });
  });

  test("Add with 'Also apply it to my past transactions' saves the rule and applies it; the run page's Undo gives the transactions back", async () => {
    const { userId, cookie } = await signedIn();
    const cafe = await createTransactionFor(userId, { category: "housing", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    const added = (await rulesAction({ request: postRequest("/transactions/rules", cookie, { ...ruleFields, applyToPast: "on" }), params: {}, context: {} })) as Response;
    const runId = added.headers.get("Location")?.split("/").pop() ?? "";
    expect(await RuleModel.countDocuments({ userId })).toBe(1);
    await processRuleRun(runId);
    expect(await RuleRun.findById(runId).lean()).toMatchObject({ kind: "apply", status: "done", written: 1, changes: [{ transactionId: cafe.id, before: { category: "housing" }, after: { category: "food" } }] });
    const undo = await runAction({ request: postRequest(`/transactions/rules/runs/${runId}`, cookie, { intent: RULE_INTENTS.undo }), params: { runId }, context: {} });
    expect(statusOf(undo)).toBe(302);
    await processRuleRun(runId);
    expect(await RuleRun.findById(runId).lean()).toMatchObject({ undo: { status: "done", restored: 1, kept: 0 } });
  });

  test("another user's run answers 404 to its page and its forms; an unknown form is 400", async () => {
    const { userId, cookie } = await signedIn();
    const intruder = await signedIn();
    const rule = await addRule(userId, { name: "Coffee", match: "all", conditions: [{ field: "type", type: "expense" }], actions: [{ kind: "set-category", categoryId: "food" }] });
    if (!rule.ok) throw new Error(rule.reason);
    const started = (await rulesAction({ request: postRequest("/transactions/rules", cookie, { intent: RULE_INTENTS.preview, ruleId: rule.rule.id }), params: {}, context: {} })) as Response;
    const runId = started.headers.get("Location")?.split("/").pop() ?? "";
    expect(statusOf(await outcome(() => runLoader({ request: getRequest(`/transactions/rules/runs/${runId}`, intruder.cookie), params: { runId }, context: {} })))).toBe(404);
    for (const intent of [RULE_INTENTS.apply, RULE_INTENTS.undo]) {
      expect(statusOf(await outcome(() => runAction({ request: postRequest(`/transactions/rules/runs/${runId}`, intruder.cookie, { intent }), params: { runId }, context: {} })))).toBe(404);
    }
    expect(statusOf(await outcome(() => rulesAction({ request: postRequest("/transactions/rules", intruder.cookie, { intent: RULE_INTENTS.preview, ruleId: rule.rule.id }), params: {}, context: {} })))).toBe(404);
    expect(statusOf(await outcome(() => runAction({ request: postRequest(`/transactions/rules/runs/${runId}`, cookie, { intent: "nope" }), params: { runId }, context: {} })))).toBe(400);
    expect(await RuleRun.countDocuments({ userId: intruder.userId })).toBe(0);
  });
});
