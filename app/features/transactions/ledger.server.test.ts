import { describe, expect, test, vi } from "vitest";
import mongoose, { Types } from "mongoose";
import { LedgerJournal, MonthSummary, Transaction } from "../../../models";
import { getCategories } from "~/features/categories/categories.server";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { getMonthTotals, listMonthSummaries } from "./month-summary.server";
import { listTransactionsWithCounts } from "./transactions.server";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { maintainedTotals, recomputedTotals } from "../../../tests/ledger-totals";

useTestDatabase();

const coffee: LedgerEntry = { type: "expense", amount: 450, category: "food", date: "2026-03-04", description: "Coffee", source: "manual" };
const pay: LedgerEntry = { type: "income", amount: 300000, category: "salary", date: "2026-03-01", description: "March pay", source: "manual" };

/** Everything the ledger keeps for a user, to show that a refused batch changed none of it. */
async function snapshot(userId: string) {
  return {
    transactions: await Transaction.find({ userId }).sort({ _id: 1 }).lean(),
    summaries: await listMonthSummaries(userId),
  };
}

function okResult(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (!result.ok) throw new Error(`expected the batch to be written, got ${JSON.stringify(result.issues)}`);
  return result;
}

describe("a refused batch writes nothing", () => {
  test("invalid new and edited transactions are reported field by field", async () => {
    const userId = await createGoogleUser();
    const existing = await createTransactionFor(userId);
    const before = await snapshot(userId);

    const result = await applyLedgerBatch(userId, {
      added: [coffee, { ...coffee, amount: 0 }, { ...coffee, date: "2026-02-30", category: "a.b" }],
      updated: [{ id: existing.id, amount: 12.5 }],
      deleted: [existing.id],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: "invalid", list: "added", index: 1, field: "amount", message: expect.any(String) },
        { code: "invalid", list: "added", index: 2, field: "date", message: expect.any(String) },
        { code: "invalid", list: "added", index: 2, field: "category", message: expect.any(String) },
        { code: "repeated", id: existing.id },
        { code: "invalid", list: "updated", index: 0, field: "amount", message: expect.any(String) },
      ],
    });
    expect(await snapshot(userId)).toEqual(before);
  });

  test("an edit of a transaction that is not the user's (or no transaction at all) is not found", async () => {
    const userId = await createGoogleUser();
    const otherId = await createGoogleUser();
    const theirs = await createTransactionFor(otherId);
    const theirsBefore = await snapshot(otherId);

    const result = await applyLedgerBatch(userId, {
      added: [coffee],
      updated: [{ id: theirs.id, amount: 1 }, { id: "not-an-id" }, { id: "0123456789abcdef01234567", amount: 1 }],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: "not-found", id: theirs.id },
        { code: "not-found", id: "not-an-id" },
        { code: "not-found", id: "0123456789abcdef01234567" },
      ],
    });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await snapshot(otherId)).toEqual(theirsBefore);
  });
});

describe("a written batch", () => {
  test("adds, edits, deletes and restores in one call, and the month summaries follow every write", async () => {
    const userId = await createGoogleUser();
    const rent = await createTransactionFor(userId, { category: "housing", amount: 120000, date: "2026-03-01", description: "Rent" });
    const lunch = await createTransactionFor(userId, { amount: 1500, date: "2026-03-02", description: "Lunch" });
    const gym = await createTransactionFor(userId, { category: "healthcare", amount: 3000, date: "2026-02-10", description: "Gym" });
    okResult(await applyLedgerBatch(userId, { deleted: [gym.id] }));

    const result = okResult(
      await applyLedgerBatch(userId, {
        added: [coffee, pay, { ...pay, amount: 2000, category: "food", description: "Refund", allocations: [{ categoryId: "food", amount: 2000 }] }],
        updated: [{ id: lunch.id, date: "2026-04-02", description: " Team lunch " }],
        deleted: [rent.id],
        restored: [gym.id],
      }),
    );
    expect(result.added.map((added) => [added.description, added.monthKey, added.source])).toEqual([
      ["Coffee", "2026-03", "manual"],
      ["March pay", "2026-03", "manual"],
      ["Refund", "2026-03", "manual"],
    ]);
    expect(result.updated).toMatchObject([
      { _id: expect.anything(), date: "2026-04-02", monthKey: "2026-04", description: "Team lunch", descriptionLower: "team lunch", importKey: "2026-04-02|1500|expense|team lunch", amount: 1500 },
    ]);
    expect(result.deleted).toEqual([{ id: rent.id, status: "done" }]);
    expect(result.restored).toEqual([{ id: gym.id, status: "done" }]);

    expect(await getMonthTotals(userId, "2026-02")).toEqual({ income: 0, expense: 3000, count: 1, unconverted: 0, categories: { healthcare: { income: 0, expense: 3000, allocated: 0 } } });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({
      income: 300000,
      expense: 450,
      count: 3,
      categories: { food: { expense: 450, allocated: 2000, income: 0 }, salary: { income: 300000 }, housing: { expense: 0 } },
    });
    expect(await getMonthTotals(userId, "2026-04")).toMatchObject({ expense: 1500, count: 1, categories: { food: { expense: 1500 } } });
  });

  test("each deleted or restored id says what became of it; another user's transaction is left alone", async () => {
    const userId = await createGoogleUser();
    const otherId = await createGoogleUser();
    const live = await createTransactionFor(userId);
    const gone = await createTransactionFor(userId, { description: "Gone" });
    const theirs = await createTransactionFor(otherId);
    okResult(await applyLedgerBatch(userId, { deleted: [gone.id] }));
    const theirsBefore = await snapshot(otherId);

    const deleting = okResult(await applyLedgerBatch(userId, { deleted: [live.id, gone.id, theirs.id, "0123456789abcdef01234567", "nonsense", live.id] }));
    expect(deleting.deleted).toEqual([
      { id: live.id, status: "done" },
      { id: gone.id, status: "unchanged" },
      { id: theirs.id, status: "other-user" },
      { id: "0123456789abcdef01234567", status: "not-found" },
      { id: "nonsense", status: "not-found" },
    ]);
    const restoring = okResult(await applyLedgerBatch(userId, { restored: [gone.id, theirs.id] }));
    expect(restoring.restored).toEqual([
      { id: gone.id, status: "done" },
      { id: theirs.id, status: "other-user" },
    ]);
    expect(okResult(await applyLedgerBatch(userId, { restored: [gone.id] })).restored).toEqual([{ id: gone.id, status: "unchanged" }]);
    expect(await snapshot(otherId)).toEqual(theirsBefore);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ expense: 1200, count: 1 });
  });

  test("deleting everything also deletes what the batch added; a restore after it counts again", async () => {
    const userId = await createGoogleUser();
    const march = await createTransactionFor(userId, { date: "2026-03-05" });
    const april = await createTransactionFor(userId, { date: "2026-04-05" });
    okResult(await applyLedgerBatch(userId, { deleted: [april.id] }));

    const result = okResult(await applyLedgerBatch(userId, { added: [coffee], deleted: "all", restored: [april.id] }));
    expect(result.restored).toEqual([{ id: april.id, status: "done" }]);
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(1);
    expect(await Transaction.findById(march.id).lean()).toMatchObject({ deleted: true });
    const summaries = await listMonthSummaries(userId);
    expect(summaries.find((summary) => summary.monthKey === "2026-04")).toMatchObject({ expense: 1200, count: 1, deletedCount: 0 });
    // March: the transaction that was there and the coffee the batch added, both deleted.
    expect(summaries.find((summary) => summary.monthKey === "2026-03")).toMatchObject({ expense: 0, income: 0, count: 0, deletedCount: 2 });
  });

  test("new rows keep their source and bank; income categories they book are created, offsets create none", async () => {
    const userId = await createGoogleUser();
    await getCategories(userId);
    const result = okResult(
      await applyLedgerBatch(userId, {
        added: [
          { ...coffee, category: "", source: "plaid", bankName: "First Bank" },
          { ...pay, category: "side-gig" },
          { ...pay, amount: 900, category: "pets", allocations: [{ categoryId: "pets", amount: 900 }] },
        ],
      }),
    );
    expect(result.added.map(({ source, bankName }) => ({ source, bankName }))).toEqual([
      { source: "plaid", bankName: "First Bank" },
      { source: "manual", bankName: null },
      { source: "manual", bankName: null },
    ]);
    const categories = await getCategories(userId);
    expect(categories.find((category) => category.id === "side-gig")).toMatchObject({ type: "income", name: "side gig" });
    expect(categories.find((category) => category.id === "pets")).toBeUndefined();
  });

  test("an edit records when it happened; an insert does not", async () => {
    const userId = await createGoogleUser();
    const [added] = okResult(await applyLedgerBatch(userId, { added: [coffee] })).added;
    expect(added.editedAt).toBeNull();
    const [edited] = okResult(await applyLedgerBatch(userId, { updated: [{ id: String(added._id), description: "Flat white" }] })).updated;
    expect(edited.editedAt).toBeInstanceOf(Date);
  });

  test("a batch that only adds declares its month with the hold: two journal writes, and the month is left to verify", async () => {
    const userId = await createGoogleUser();
    okResult(await applyLedgerBatch(userId, { added: [pay] }));
    await LedgerJournal.updateOne({ _id: userId }, { $set: { unverifiedMonths: [] } });
    const journalWrites: string[] = [];
    mongoose.set("debug", (collection: string, method: string) => {
      if (collection === LedgerJournal.collection.collectionName && method !== "findOne") journalWrites.push(method);
    });
    try {
      okResult(await applyLedgerBatch(userId, { added: [coffee] }));
    } finally {
      mongoose.set("debug", false);
    }
    expect(journalWrites).toEqual(["updateOne", "updateOne"]);
    const journal = await LedgerJournal.findById(userId).lean();
    expect(journal).toMatchObject({ batchId: null, months: [], unverifiedMonths: [coffee.date.slice(0, 7)] });
  });
});

describe("imports", () => {
  const batchId = "64b7f0c2a1b2c3d4e5f60718";

  test("new transactions are written all or none: an insert that fails part-way leaves nothing and the summaries untouched", async () => {
    const userId = await createGoogleUser();
    const before = await snapshot(userId);
    const insertMany = Transaction.insertMany.bind(Transaction);
    // The database fails after writing the first half, as a dropped connection would.
    const failing = vi.spyOn(Transaction, "insertMany").mockImplementationOnce((async (documents: unknown[]) => {
      await insertMany(documents.slice(0, 2));
      throw new Error("connection reset");
    }) as never);
    await expect(applyLedgerBatch(userId, { added: [coffee, pay, { ...coffee, description: "Tea" }, { ...coffee, description: "Cake" }] })).rejects.toThrow("connection reset");
    failing.mockRestore();
    expect(await snapshot(userId)).toEqual(before);
  });

  test("undoing an import removes what it wrote, soft-deleted ones too, keeps what was edited since, and nothing of other imports or users", async () => {
    const userId = await createGoogleUser();
    const otherId = await createGoogleUser();
    const fromImport = (entry: LedgerEntry, importBatchId = batchId): LedgerEntry => ({ ...entry, source: "import", importBatchId, bankTransactionId: `FIT-${entry.description}` });
    const { added } = okResult(
      await applyLedgerBatch(userId, { added: [fromImport(coffee), fromImport(pay), fromImport({ ...coffee, description: "Tea" }), fromImport(coffee, "64b7f0c2a1b2c3d4e5f60719")] }),
    );
    await applyLedgerBatch(otherId, { added: [fromImport(coffee)] });
    expect(added[0]).toMatchObject({ bankTransactionId: "FIT-Coffee", source: "import" });
    expect(String(added[0].importBatchId)).toBe(batchId);
    okResult(await applyLedgerBatch(userId, { updated: [{ id: String(added[1]._id), amount: 310000 }], deleted: [String(added[2]._id)] }));

    const result = okResult(await applyLedgerBatch(userId, { undoImport: batchId }));
    expect(result.undone?.removed).toBe(2);
    expect(result.undone?.kept.map((kept) => [kept.description, kept.amount])).toEqual([["March pay", 310000]]);
    expect((await Transaction.find({ userId }).select({ _id: 0, description: 1 }).lean()).map((row) => row.description).sort()).toEqual(["Coffee", "March pay"]);
    expect(await Transaction.countDocuments({ userId: otherId })).toBe(1);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 310000, expense: 450, count: 2 });
    expect(okResult(await applyLedgerBatch(userId, { undoImport: "not-an-id" })).undone).toEqual({ removed: 0, kept: [] });
  });

  test("an import is undone in slices: each batch removes at most undoImportLimit of what it wrote, the first by id, and the totals follow each", async () => {
    const userId = await createGoogleUser();
    const fromImport = (entry: LedgerEntry): LedgerEntry => ({ ...entry, source: "import", importBatchId: batchId });
    const { added } = okResult(
      await applyLedgerBatch(userId, { added: [fromImport(coffee), fromImport(pay), fromImport({ ...coffee, description: "Tea", date: "2026-04-02" }), fromImport({ ...coffee, description: "Cake" })] }),
    );
    okResult(await applyLedgerBatch(userId, { updated: [{ id: String(added[3]._id), amount: 999 }] }));
    const left = async () => (await Transaction.find({ userId }).sort({ _id: 1 }).select({ _id: 0, description: 1 }).lean()).map((row) => row.description);

    expect(okResult(await applyLedgerBatch(userId, { undoImport: batchId, undoImportLimit: 2 })).undone).toEqual({ removed: 2, kept: [] });
    expect(await left()).toEqual(["Tea", "Cake"]);
    expect(await maintainedTotals(userId)).toEqual(await recomputedTotals(userId));
    expect(okResult(await applyLedgerBatch(userId, { undoImport: batchId, undoImportLimit: 2 })).undone).toEqual({ removed: 1, kept: [] });
    expect(okResult(await applyLedgerBatch(userId, { undoImport: batchId, undoImportLimit: 2 })).undone).toEqual({ removed: 0, kept: [] });
    expect(await left()).toEqual(["Cake"]);
    expect(await maintainedTotals(userId)).toEqual(await recomputedTotals(userId));
    expect(await getMonthTotals(userId, "2026-04")).toMatchObject({ expense: 0, count: 0 });
  });

  test("an import's batch id and bank ids must be well formed", async () => {
    const userId = await createGoogleUser();
    const result = await applyLedgerBatch(userId, { added: [{ ...coffee, source: "import", importBatchId: "x", bankTransactionId: " " }] });
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: "invalid", list: "added", index: 0, field: "importBatchId", message: "importBatchId must be an id" },
        { code: "invalid", list: "added", index: 0, field: "bankTransactionId", message: "bankTransactionId must be text" },
      ],
    });
  });
});

describe("clearing", () => {
  const reconciliationId = "64b7f0c2a1b2c3d4e5f60720";

  async function clearedOf(userId: string) {
    return (await Transaction.find({ userId }).sort({ date: 1, _id: 1 }).lean()).map(({ description, cleared, reconciliationId: by }) => [description, cleared, by ? String(by) : null]);
  }

  test("marks the user's live transactions named cleared by the reconciliation; no month total moves", async () => {
    const userId = await createGoogleUser();
    const [paid, spent] = okResult(await applyLedgerBatch(userId, { added: [pay, coffee, { ...coffee, date: "2026-03-09", description: "Tea" }] })).added;
    const summaries = await listMonthSummaries(userId);

    const result = okResult(await applyLedgerBatch(userId, { cleared: { ids: [String(paid._id), String(spent._id), String(spent._id)], reconciliationId } }));
    expect(result.cleared).toBe(2);
    expect(await clearedOf(userId)).toEqual([
      ["March pay", true, reconciliationId],
      ["Coffee", true, reconciliationId],
      ["Tea", false, null],
    ]);
    expect(await listMonthSummaries(userId)).toEqual(summaries);
  });

  test("another user's transaction, a deleted one, no transaction at all or a reconciliation that is no id refuses the batch, writing nothing", async () => {
    const userId = await createGoogleUser();
    const otherId = await createGoogleUser();
    const [mine, gone] = okResult(await applyLedgerBatch(userId, { added: [coffee, { ...coffee, description: "Gone" }] })).added;
    okResult(await applyLedgerBatch(userId, { deleted: [String(gone._id)] }));
    const theirs = await createTransactionFor(otherId);
    const [before, theirsBefore] = [await snapshot(userId), await snapshot(otherId)];

    const ids = [String(mine._id), theirs.id, String(gone._id), "0123456789abcdef01234567", "nonsense"];
    expect(await applyLedgerBatch(userId, { added: [pay], cleared: { ids, reconciliationId } })).toEqual({
      ok: false,
      issues: ids.slice(1).map((id) => ({ code: "not-found", id })),
    });
    expect(await applyLedgerBatch(userId, { cleared: { ids: [String(mine._id)], reconciliationId: "r1" } })).toEqual({
      ok: false,
      issues: [{ code: "invalid", list: "cleared", field: "reconciliationId", message: "reconciliationId must be an id" }],
    });
    expect(await snapshot(userId)).toEqual(before);
    expect(await snapshot(otherId)).toEqual(theirsBefore);
  });

  test("a transaction edited in the batch that clears it is named twice and refused", async () => {
    const userId = await createGoogleUser();
    const [added] = okResult(await applyLedgerBatch(userId, { added: [coffee] })).added;
    const id = String(added._id);
    expect(await applyLedgerBatch(userId, { updated: [{ id, description: "Latte" }], cleared: { ids: [id], reconciliationId } })).toEqual({ ok: false, issues: [{ code: "repeated", id }] });
  });

  test("an edit of a cleared transaction's date, amount, way or account takes the mark off; its words or category keep it", async () => {
    const userId = await createGoogleUser();
    const { added } = okResult(await applyLedgerBatch(userId, { added: [coffee, { ...coffee, description: "Tea" }, { ...coffee, description: "Cake" }, { ...coffee, description: "Juice" }] }));
    const [latte, tea, cake, juice] = added.map((row) => String(row._id));
    okResult(await applyLedgerBatch(userId, { cleared: { ids: [latte, tea, cake, juice], reconciliationId } }));

    okResult(
      await applyLedgerBatch(userId, {
        updated: [
          { id: latte, description: "Latte", category: "shopping" },
          { id: tea, amount: 500 },
          { id: cake, date: "2026-03-05" },
          { id: juice, type: "income", category: "" },
        ],
      }),
    );
    expect(await clearedOf(userId)).toEqual([
      ["Latte", true, reconciliationId],
      ["Tea", false, null],
      ["Juice", false, null],
      ["Cake", false, null],
    ]);
  });
});

describe("the month summaries a process keeps", () => {
  test("are kept under the ledger's last batch: read again after any batch, not after a write that went around the ledger", async () => {
    const userId = await createGoogleUser();
    okResult(await applyLedgerBatch(userId, { added: [coffee] }));
    const march = async () => (await listMonthSummaries(userId)).find((summary) => summary.monthKey === "2026-03")?.count;
    expect(await march()).toBe(1);

    // Not something the app does: it shows that the kept copy answered, not the database.
    await MonthSummary.collection.updateOne({ userId: new Types.ObjectId(userId), monthKey: "2026-03" }, { $inc: { count: 10 } });
    expect(await march()).toBe(1);

    okResult(await applyLedgerBatch(userId, { added: [{ ...coffee, description: "Tea" }] }));
    expect(await march()).toBe(12);
  });

  test("a listing's rows too: the same page again is the kept copy until the next batch", async () => {
    const userId = await createGoogleUser();
    const [added] = okResult(await applyLedgerBatch(userId, { added: [coffee] })).added;
    const firstDescription = async () => (await listTransactionsWithCounts(userId, { tab: "tracked" })).items[0]?.description;
    expect(await firstDescription()).toBe("Coffee");

    // Not something the app does: it shows that the kept copy answered, not the database.
    await Transaction.collection.updateOne({ _id: added._id }, { $set: { description: "Changed around the ledger" } });
    expect(await firstDescription()).toBe("Coffee");

    okResult(await applyLedgerBatch(userId, { updated: [{ id: String(added._id), amount: 500 }] }));
    expect(await firstDescription()).toBe("Changed around the ledger");
  });
});
