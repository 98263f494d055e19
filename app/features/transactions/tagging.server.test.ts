import { describe, expect, test } from "vitest";
import { Tag, Transaction } from "../../../models";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { ensureTags, listTags, renameTag } from "~/features/tags/tags.server";
import { MAX_TAGS_PER_TRANSACTION } from "~/features/tags/tags";
import { addAccountBesideMain } from "./account-balances.server";
import { applyLedgerBatch } from "./ledger.server";
import { recountMonthSummaries } from "./month-recount.server";
import { listMonthSummaries } from "./month-summary.server";
import { deleteTag, listTagsWithCounts, mergeTag, tagTransactions } from "./tagging.server";
import { createTransaction, getTransaction, listTransactions, updateTransaction } from "./transactions.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const lunch = { type: "expense" as const, amount: 1250, category: "food", date: "2026-03-05", description: "Lunch in Lisbon" };

/** The names of a transaction's tags, as stored. */
async function tagNamesOf(userId: string, id: string) {
  const names = new Map((await listTags(userId)).map((tag) => [tag.id, tag.name]));
  return (await getTransaction(userId, id))?.tagIds.map((tagId) => names.get(tagId));
}

describe("tags on transactions", () => {
  test("the form's tags become the user's tags: typed again in another case they are the same tag, and an edit replaces them", async () => {
    const userId = await createGoogleUser();
    const first = await createTransaction(userId, { ...lunch, tags: "Lisbon trip, Food" });
    const second = await createTransaction(userId, { ...lunch, date: "2026-03-06", tags: "lisbon TRIP" });
    expect((await listTags(userId)).map((tag) => tag.name)).toEqual(["Food", "Lisbon trip"]);
    expect(await tagNamesOf(userId, first.id)).toEqual(["Lisbon trip", "Food"]);
    expect(await tagNamesOf(userId, second.id)).toEqual(["Lisbon trip"]);
    await updateTransaction(userId, second.id, { ...lunch, tags: "Work" });
    expect(await tagNamesOf(userId, second.id)).toEqual(["Work"]);
    await updateTransaction(userId, second.id, { ...lunch, tags: "" });
    expect(await tagNamesOf(userId, second.id)).toEqual([]);
  });

  test("the ledger refuses another user's tag, and more tags than a transaction carries, writing nothing", async () => {
    const [userId, other] = [await createGoogleUser(), await createGoogleUser()];
    const ensured = await ensureTags(other, ["Theirs"]);
    if (!ensured.ok) throw new Error("not ensured");
    const refused = await applyLedgerBatch(userId, { added: [{ ...lunch, source: "manual", tagIds: ensured.ids }] });
    expect(refused).toEqual({ ok: false, issues: [{ code: "not-found", id: ensured.ids[0] }] });
    const many = await ensureTags(userId, Array.from({ length: MAX_TAGS_PER_TRANSACTION + 1 }, (_, index) => `t${index}`));
    if (!many.ok) throw new Error("not ensured");
    expect(await applyLedgerBatch(userId, { added: [{ ...lunch, source: "manual", tagIds: many.ids }] })).toMatchObject({ ok: false, issues: [{ code: "invalid", field: "tagIds" }] });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("tagging in bulk adds to each transaction's tags and takes one off; the month summaries count each tag's transactions and spending", async () => {
    const userId = await createGoogleUser();
    const home = await ensureTags(userId, ["Home"]);
    if (!home.ok) throw new Error("not ensured");
    const a = await createTransaction(userId, { ...lunch, tags: "Home" });
    const b = await createTransaction(userId, { ...lunch, amount: 4000, date: "2026-04-02" });
    const pay = await createTransaction(userId, { type: "income", amount: 100000, category: "salary", date: "2026-04-01", description: "Pay" });
    expect(await tagTransactions(userId, [a.id, b.id, pay.id], { addNames: ["Lisbon trip"], removeTagIds: home.ids })).toEqual({ ok: true, changed: 3 });
    expect(await tagNamesOf(userId, a.id)).toEqual(["Lisbon trip"]);
    const counts = await listTagsWithCounts(userId);
    expect(counts.map(({ name, count }) => [name, count])).toEqual([["Home", 0], ["Lisbon trip", 3]]);
    const trip = counts[1].id;
    const april = (await listMonthSummaries(userId)).find((summary) => summary.monthKey === "2026-04");
    expect(april?.tags?.[trip]).toEqual({ count: 2, expense: 4000, income: 100000 });
    // What the summaries kept in step is what a recount finds.
    expect(await recountMonthSummaries(userId)).toEqual([]);
  });

  test("a bulk tagging that names another user's transaction is refused as a whole", async () => {
    const [userId, other] = [await createGoogleUser(), await createGoogleUser()];
    const mine = await createTransaction(userId, lunch);
    const theirs = await createTransaction(other, lunch);
    expect(await tagTransactions(userId, [mine.id, theirs.id], { addNames: ["Mine"], removeTagIds: [] })).toEqual({ ok: false, reason: "not-found" });
    expect((await getTransaction(userId, mine.id))?.tagIds).toEqual([]);
    expect((await getTransaction(other, theirs.id))?.tagIds).toEqual([]);
  });

  test("the list filtered by a tag shows only its transactions, reading only the months that hold some", async () => {
    const userId = await createGoogleUser();
    const tagged = await createTransaction(userId, { ...lunch, tags: "Trip" });
    await createTransaction(userId, { ...lunch, date: "2026-02-01" });
    const [trip] = await listTags(userId);
    expect((await listTransactions(userId, { tab: "all", tagId: trip.id })).items.map((item) => item.id)).toEqual([tagged.id]);
    expect((await listTransactions(userId, { tab: "all", tagId: trip.id, q: "lisbon" })).items.map((item) => item.id)).toEqual([tagged.id]);
  });

  test("both sides of a transfer carry its tags", async () => {
    const userId = await createGoogleUser();
    const savings = await addAccountBesideMain(userId, { name: "Savings", kind: "savings", onBudget: true, openingBalance: 0, openingDate: "2026-01-01" }, "2026-03-31");
    if (!savings.ok) throw new Error(savings.message);
    const trip = await ensureTags(userId, ["Trip"]);
    if (!trip.ok) throw new Error("not ensured");
    await applyLedgerBatch(userId, { added: [{ type: "expense", amount: 5000, category: TRANSFER_CATEGORY, transferAccountId: savings.account.id, date: "2026-03-10", description: "Put aside", source: "manual", tagIds: trip.ids }] });
    expect((await Transaction.find({ userId }).lean()).map((side) => side.tagIds)).toEqual([trip.ids, trip.ids]);
  });
});

describe("renaming, merging and deleting tags", () => {
  test("a rename changes the tag everywhere; another tag's name is refused", async () => {
    const userId = await createGoogleUser();
    const first = await createTransaction(userId, { ...lunch, tags: "Lisbon, Work" });
    const [lisbon] = await listTags(userId);
    expect(await renameTag(userId, lisbon.id, " #Lisbon trip ")).toEqual({ ok: true, tag: { id: lisbon.id, name: "Lisbon trip" } });
    expect(await tagNamesOf(userId, first.id)).toEqual(["Lisbon trip", "Work"]);
    expect(await renameTag(userId, lisbon.id, "work")).toEqual({ ok: false, reason: "taken" });
    expect(await renameTag(userId, lisbon.id, "LISBON TRIP")).toMatchObject({ ok: true });
    expect(await renameTag(userId, lisbon.id, "  ")).toEqual({ ok: false, reason: "invalid" });
    const other = await createGoogleUser();
    expect(await renameTag(other, lisbon.id, "Mine")).toEqual({ ok: false, reason: "not-found" });
  });

  test("a merge moves the transactions to the other tag (once each) and removes the first; a deletion takes the tag off every transaction", async () => {
    const userId = await createGoogleUser();
    const both = await createTransaction(userId, { ...lunch, tags: "Lisbon, Portugal" });
    const one = await createTransaction(userId, { ...lunch, date: "2026-05-01", tags: "Lisbon" });
    const [lisbon, portugal] = await listTags(userId);
    expect(await mergeTag(userId, lisbon.id, portugal.id)).toBe(true);
    expect(await tagNamesOf(userId, both.id)).toEqual(["Portugal"]);
    expect(await tagNamesOf(userId, one.id)).toEqual(["Portugal"]);
    expect((await listTagsWithCounts(userId)).map(({ name, count }) => [name, count])).toEqual([["Portugal", 2]]);
    expect(await recountMonthSummaries(userId)).toEqual([]);

    expect(await deleteTag(userId, portugal.id)).toBe(true);
    expect((await Transaction.find({ userId }).lean()).map((transaction) => transaction.tagIds)).toEqual([[], []]);
    expect(await Tag.countDocuments({ userId })).toBe(0);
    expect(await recountMonthSummaries(userId)).toEqual([]);
  });

  test("another user's tags are not found: nothing is merged or deleted", async () => {
    const [userId, other] = [await createGoogleUser(), await createGoogleUser()];
    await createTransaction(other, { ...lunch, tags: "A, B" });
    const [a, b] = await listTags(other);
    expect(await mergeTag(userId, a.id, b.id)).toBe(false);
    expect(await deleteTag(userId, a.id)).toBe(false);
    expect(await Tag.countDocuments({ userId: other })).toBe(2);
  });
});
