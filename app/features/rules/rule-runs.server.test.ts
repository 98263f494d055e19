import { describe, expect, test } from "vitest";
import { RuleRun, Tag, Transaction } from "../../../models";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { recountMonthSummaries } from "~/features/transactions/month-recount.server";
import { getTransaction, updateTransaction } from "~/features/transactions/transactions.server";
import { listTags } from "~/features/tags/tags.server";
import { getRuleRun, processRuleRun, startRuleRun, startUndo } from "./rule-runs.server";
import { addRule, listRules } from "./rules.server";
import type { RuleDraft } from "./rules";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const coffee: RuleDraft = {
  name: "Coffee",
  match: "all",
  conditions: [{ field: "description", operator: "contains", text: "cafe" }],
  actions: [{ kind: "set-category", categoryId: "food" }, { kind: "add-tags", tagNames: ["Coffee"] }],
};

/** A user with three café visits (one already in Food & Dining), a grocery shop and a café transfer to savings. */
async function cafeUser() {
  const userId = await createGoogleUser();
  const savings = await addAccountBesideMain(userId, { name: "Savings", kind: "savings", onBudget: true, openingBalance: 0, openingDate: "2026-01-01" }, "2026-04-30");
  if (!savings.ok) throw new Error(savings.message);
  const first = await createTransactionFor(userId, { category: "housing", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
  const second = await createTransactionFor(userId, { category: "transportation", amount: 380, date: "2026-04-11", description: "CAFE NERO 221" });
  await createTransactionFor(userId, { category: "food", amount: 300, date: "2026-04-12", description: "cafe", tags: "Coffee" });
  await createTransactionFor(userId, { category: "food", amount: 5210, date: "2026-04-13", description: "Tesco" });
  await applyLedgerBatch(userId, { added: [{ type: "expense", amount: 1000, category: TRANSFER_CATEGORY, transferAccountId: savings.account.id, date: "2026-04-14", description: "Cafe fund", source: "manual" }] });
  return { userId, first, second };
}

async function run(userId: string, source: Parameters<typeof startRuleRun>[1], kind: "preview" | "apply") {
  const started = await startRuleRun(userId, source, kind);
  if (!started.ok) throw new Error(started.reason);
  await processRuleRun(started.runId);
  return started.runId;
}

describe("a rule on past transactions", () => {
  test("a form's rule not saved yet is previewed on every live transaction: counts and examples, no tag created, nothing written", async () => {
    const { userId, first, second } = await cafeUser();
    const before = await Transaction.find({ userId }).lean();
    const runId = await run(userId, { draft: { ...coffee, actions: [...coffee.actions, { kind: "add-tags", tagNames: ["Treats"] }] } }, "preview");
    const shown = await getRuleRun(userId, runId);
    expect(shown).toMatchObject({ kind: "preview", status: "done", ruleId: null, scanned: 6, matched: 5, changing: 3 });
    const [coffeeTag] = await listTags(userId);
    expect(shown?.examples.map((example) => [example.transactionId, example.before, example.after])).toEqual([
      [expect.any(String), { tagIds: [coffeeTag.id] }, { tagIds: [coffeeTag.id, "new:Treats"] }],
      [second.id, { category: "transportation", tagIds: [] }, { category: "food", tagIds: [coffeeTag.id, "new:Treats"] }],
      [first.id, { category: "housing", tagIds: [] }, { category: "food", tagIds: [coffeeTag.id, "new:Treats"] }],
    ]);
    expect(await Tag.countDocuments({ userId })).toBe(1);
    expect(await Transaction.find({ userId }).lean()).toEqual(before);
  });

  test("applied, a saved rule changes exactly what the preview showed through the ledger (the transfer sides untouched); applied again it changes nothing more", async () => {
    const { userId, first } = await cafeUser();
    const added = await addRule(userId, coffee);
    if (!added.ok) throw new Error(added.reason);
    const runId = await run(userId, { ruleId: added.rule.id }, "apply");
    expect(await getRuleRun(userId, runId)).toMatchObject({ kind: "apply", status: "done", changing: 2, written: 2 });
    const [coffeeTag] = await listTags(userId);
    expect(await getTransaction(userId, first.id)).toMatchObject({ category: "food", tagIds: [coffeeTag.id] });
    expect(await Transaction.find({ userId, category: TRANSFER_CATEGORY }).lean()).toHaveLength(2);
    expect((await Transaction.findOne({ userId, description: "Cafe fund" }).lean())?.tagIds).toEqual([]);
    // The month summaries the ledger kept in step are what a recount finds.
    expect(await recountMonthSummaries(userId)).toEqual([]);
    expect((await listRules(userId))[0].matchCount).toBe(5);

    const again = await run(userId, { ruleId: added.rule.id }, "apply");
    expect(await getRuleRun(userId, again)).toMatchObject({ status: "done", changing: 0, written: 0 });
  });

  test("undone, each transaction gets back what it was, except one the user changed since", async () => {
    const { userId, first, second } = await cafeUser();
    const added = await addRule(userId, coffee);
    if (!added.ok) throw new Error(added.reason);
    const runId = await run(userId, { ruleId: added.rule.id }, "apply");
    await updateTransaction(userId, second.id, { type: "expense", category: "healthcare", amount: 380, date: "2026-04-11", description: "CAFE NERO 221" });
    expect(await startUndo(userId, runId)).toBe(true);
    expect(await startUndo(userId, runId)).toBe(false);
    await processRuleRun(runId);
    expect(await getRuleRun(userId, runId)).toMatchObject({ undo: { status: "done", restored: 1, kept: 1 } });
    expect(await getTransaction(userId, first.id)).toMatchObject({ category: "housing", tagIds: [] });
    expect(await getTransaction(userId, second.id)).toMatchObject({ category: "healthcare" });
    expect(await recountMonthSummaries(userId)).toEqual([]);
  });

  test("an application cut off by a crash resumes after its last written batch", async () => {
    const { userId, first, second } = await cafeUser();
    const added = await addRule(userId, coffee);
    if (!added.ok) throw new Error(added.reason);
    const started = await startRuleRun(userId, { ruleId: added.rule.id }, "apply");
    if (!started.ok) throw new Error(started.reason);
    // As a crash leaves it: the changes recorded, the first written, the job not finished.
    await updateTransaction(userId, first.id, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "Corner Cafe", tags: "Coffee" });
    const [coffeeTag] = await listTags(userId);
    await RuleRun.updateOne(
      { _id: started.runId },
      {
        $set: {
          status: "running",
          changing: 2,
          written: 1,
          changes: [
            { transactionId: first.id, before: { category: "housing", tagIds: [] }, after: { category: "food", tagIds: [coffeeTag.id] } },
            { transactionId: second.id, before: { category: "transportation", tagIds: [] }, after: { category: "food", tagIds: [coffeeTag.id] } },
          ],
        },
      },
    );
    await processRuleRun(started.runId);
    expect(await getRuleRun(userId, started.runId)).toMatchObject({ status: "done", written: 2 });
    expect(await getTransaction(userId, second.id)).toMatchObject({ category: "food", tagIds: [coffeeTag.id] });
  });

  test("another user's rule or run is not found; the same form sent twice starts one run", async () => {
    const { userId } = await cafeUser();
    const other = await createGoogleUser();
    const added = await addRule(userId, coffee);
    if (!added.ok) throw new Error(added.reason);
    expect(await startRuleRun(other, { ruleId: added.rule.id }, "apply")).toEqual({ ok: false, reason: "not-found" });
    const first = await startRuleRun(userId, { ruleId: added.rule.id }, "apply", "key-1");
    expect(await startRuleRun(userId, { ruleId: added.rule.id }, "apply", "key-1")).toEqual(first);
    if (!first.ok) throw new Error(first.reason);
    expect(await getRuleRun(other, first.runId)).toBeNull();
    expect(await startUndo(other, first.runId)).toBe(false);
    expect(await RuleRun.countDocuments({ userId })).toBe(1);
  });
});
