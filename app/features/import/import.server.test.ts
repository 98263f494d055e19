import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { ImportBatch, ImportDraft, ImportMapping, Transaction } from "../../../models";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { softDeleteTransaction } from "~/features/transactions/transactions.server";
import { addCategory } from "~/features/categories/categories.server";
import { toCents } from "~/lib/money";
import { createTransactionFor, createUser, importBankFile, previewBankFile, uniqueEmail, uploadBankFile } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { maintainedTotals, recomputedTotals } from "../../../tests/ledger-totals";
import { confirmImport, continueImportUndo, continueStalledUndos, listImports, previewImport, removeExpiredUploads, rollBackUnfinishedImports, saveUpload, startUndoImport } from "./import.server";
import { IMPORT_MESSAGES } from "./messages";

useTestDatabase();

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/bank-exports");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

const BANK_FILE = [
  "Date,Description,Amount,Category",
  "2026-03-02,Corner Cafe,-4.50,Food & Dining",
  "2026-03-03,Employer Inc,2500.00,paycheck 1",
  "2026-03-04,Book shop,-20.00,Salary",
  "2026-03-17,Bank fee,-0.31,",
  "2026-03-17,Bank fee,-0.31,",
  "2026-03-17,Bank fee,-0.31,",
].join("\n");

function createUserId() {
  return createUser({ email: uniqueEmail("import") });
}


describe("preview", () => {
  test("duplicates are counted as a multiset against stored transactions only; nothing is written", async () => {
    const userId = await createUserId();
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 31, date: "2026-03-17", description: "bank  FEE" });
    const preview = await previewBankFile(userId, await uploadBankFile(userId, BANK_FILE));
    expect(preview.rows.map((row) => [row.label, row.status, row.category])).toEqual([
      ["Row 2", "new", "Food & Dining"],
      ["Row 3", "new", "Paycheck 1"],
      // "Salary" is an income category: an expense naming it goes to the New tab.
      ["Row 4", "new", ""],
      ["Row 5", "duplicate", ""],
      ["Row 6", "new", ""],
      ["Row 7", "new", ""],
    ]);
    expect(preview.rows[3].duplicateOf).toBe("same-details");
    expect({ newCount: preview.newCount, duplicates: preview.duplicateCount }).toEqual({ newCount: 5, duplicates: 1 });
    expect(preview.reading.totals).toEqual({ count: 6, moneyIn: 250000, moneyOut: 2543, from: "2026-03-02", to: "2026-03-17" });
    expect(preview.newTotals).toEqual({ count: 5, moneyIn: 250000, moneyOut: 2512, from: "2026-03-02", to: "2026-03-17" });
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });

  test("a category named in other letters and spacing is the user's category of that name, never a new one (decision 218)", async () => {
    const userId = await createUserId();
    const file = ["Date,Description,Amount,Category", "2026-03-02,Corner Cafe,-4.50,  food  &  DINING ", "2026-03-03,Employer Inc,2500.00,PAYCHECK   1"].join("\n");
    const preview = await previewBankFile(userId, await uploadBankFile(userId, file));
    expect(preview.rows.map((row) => row.category)).toEqual(["Food & Dining", "Paycheck 1"]);
  });

  test("another user's identical transaction and the user's deleted one are no duplicates", async () => {
    const userId = await createUserId();
    const otherUserId = await createUserId();
    await createTransactionFor(otherUserId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    const deleted = await createTransactionFor(userId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    await softDeleteTransaction(userId, deleted.id);
    expect((await previewBankFile(userId, await uploadBankFile(userId, BANK_FILE))).rows[0]).toMatchObject({ status: "new", duplicateOf: null });
  });

  test("another user's upload is not found", async () => {
    const owner = await createUserId();
    const draftId = await uploadBankFile(owner, BANK_FILE);
    const intruder = await createUserId();
    expect(await previewImport(intruder, draftId, {})).toEqual({ status: "not-found" });
    expect(await confirmImport(intruder, draftId, {}, "x")).toEqual({ status: "not-found" });
    expect(await previewImport(owner, "not-an-id", {})).toEqual({ status: "not-found" });
  });

  test("a file read in another encoding is read again from its bytes", async () => {
    const userId = await createUserId();
    const draftId = await uploadBankFile(userId, fixture("de-dkb-giro.csv"), "dkb.csv");
    const detected = await previewBankFile(userId, draftId);
    expect(detected.encoding).toEqual({ value: "windows-1252", label: "Windows-1252", detected: true });
    expect(detected.rows.map((row) => row.description).join(" ")).toMatch(/[äöüß]/);
    const chosen = await previewBankFile(userId, draftId, { encoding: "utf-8" });
    expect(chosen.encoding).toEqual({ value: "utf-8", label: "UTF-8", detected: false });
    expect(chosen.rows.map((row) => row.description).join(" ")).toContain("\uFFFD");
  });

  test("an upload that holds no transactions is refused and not kept; a user keeps at most five uploads", async () => {
    const userId = await createUserId();
    expect(await saveUpload(userId, { fileName: "a.pdf", bytes: new TextEncoder().encode("%PDF-1.7\n1 0 obj") })).toEqual({ ok: false, error: IMPORT_MESSAGES.noTable });
    expect(await saveUpload(userId, { fileName: "h.csv", bytes: new TextEncoder().encode("Date,Description,Amount\n") })).toEqual({ ok: false, error: IMPORT_MESSAGES.noRows });
    expect(await saveUpload(userId, { fileName: "e.csv", bytes: new Uint8Array() })).toEqual({ ok: false, error: IMPORT_MESSAGES.empty });
    expect(await saveUpload(userId, { fileName: "big.csv", bytes: new Uint8Array(5_000_001) })).toEqual({ ok: false, error: IMPORT_MESSAGES.tooBig });
    expect(await ImportDraft.countDocuments({ userId })).toBe(0);
    for (let index = 0; index < 7; index += 1) await uploadBankFile(userId, BANK_FILE);
    expect(await ImportDraft.countDocuments({ userId })).toBe(5);
  });
});

describe("import", () => {
  test("writes the new rows through the ledger with their batch and bank ids, keeps the month totals, and forgets the upload", async () => {
    const userId = await createUserId();
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    const result = await importBankFile(userId, BANK_FILE);
    if (result.status !== "imported") throw new Error(result.status);
    expect(result).toMatchObject({ imported: 5, duplicates: 1 });
    const stored = await Transaction.find({ userId, source: "import" })
      .sort({ date: 1, _id: 1 })
      .select({ _id: 0, type: 1, category: 1, amount: 1, date: 1, description: 1, importBatchId: 1, bankTransactionId: 1 })
      .lean();
    expect(stored.map(({ importBatchId, ...rest }) => ({ ...rest, batch: String(importBatchId) }))).toEqual([
      { type: "income", category: "salary", amount: 250000, date: "2026-03-03", description: "Employer Inc", bankTransactionId: null, batch: result.batchId },
      { type: "expense", category: "", amount: 2000, date: "2026-03-04", description: "Book shop", bankTransactionId: null, batch: result.batchId },
      ...[0, 1, 2].map(() => ({ type: "expense", category: "", amount: 31, date: "2026-03-17", description: "Bank fee", bankTransactionId: null, batch: result.batchId })),
    ]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 250000, expense: 450 + 2000 + 93, count: 6 });
    expect(await ImportDraft.countDocuments({ userId })).toBe(0);
    const [listed] = await listImports(userId);
    expect(listed).toMatchObject({ fileName: "bank.csv", format: "csv", status: "done", moneyIn: 250000, moneyOut: 2093, from: "2026-03-03", to: "2026-03-17" });
    expect(listed.counts).toMatchObject({ imported: 5, duplicates: 1 });

    const again = await importBankFile(userId, BANK_FILE);
    expect(again).toMatchObject({ status: "refused", reason: IMPORT_MESSAGES.allDuplicates });
    expect(await Transaction.countDocuments({ userId })).toBe(6);
  });

  test("bank ids find the same transactions again, even after they were renamed", async () => {
    const userId = await createUserId();
    const first = await importBankFile(userId, fixture("us-chase-checking.ofx"), { fileName: "chase.ofx" });
    if (first.status !== "imported") throw new Error(first.status);
    const one = await Transaction.findOne({ userId }).select({ _id: 1, bankTransactionId: 1 }).lean();
    expect(one?.bankTransactionId).toMatch(/^123456789:/);
    await applyLedgerBatch(userId, { updated: [{ id: String(one?._id), description: "Renamed by me" }] });
    const draftId = await uploadBankFile(userId, fixture("us-chase-checking.ofx"), "chase.ofx");
    const preview = await previewBankFile(userId, draftId);
    expect(preview.newCount).toBe(0);
    expect(new Set(preview.rows.map((row) => row.duplicateOf))).toEqual(new Set(["bank-id"]));
  });

  test("a bank id finds its transaction in a month the file does not cover (a payment the bank posted later)", async () => {
    const userId = await createUserId();
    const first = await importBankFile(userId, fixture("us-chase-checking.ofx"), { fileName: "chase.ofx" });
    if (first.status !== "imported") throw new Error(first.status);
    const stored = await Transaction.find({ userId }).select({ _id: 1, date: 1 }).lean();
    const lastMonth = stored.map((transaction) => transaction.date).sort().at(-1)!.slice(0, 7);
    const moved = stored[0];
    await applyLedgerBatch(userId, { updated: [{ id: String(moved._id), date: `${Number(lastMonth.slice(0, 4)) + 1}-01-02` }] });
    const preview = await previewBankFile(userId, await uploadBankFile(userId, fixture("us-chase-checking.ofx"), "chase.ofx"));
    expect({ newCount: preview.newCount, duplicateOf: new Set(preview.rows.map((row) => row.duplicateOf)) }).toEqual({ newCount: 0, duplicateOf: new Set(["bank-id"]) });
  });

  test("only the preview the user saw is imported: other choices or new transactions meanwhile show it again", async () => {
    const userId = await createUserId();
    const draftId = await uploadBankFile(userId, BANK_FILE);
    const { fingerprint } = await previewBankFile(userId, draftId);
    expect(await confirmImport(userId, draftId, { includePending: true, columns: { date: 0, memo: 1, amount: 2 } }, fingerprint)).toMatchObject({ status: "changed" });
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 2000, date: "2026-03-04", description: "Book shop" });
    const changed = await confirmImport(userId, draftId, {}, fingerprint);
    expect(changed).toMatchObject({ status: "changed" });
    if (changed.status !== "changed") throw new Error(changed.status);
    expect(changed.preview.duplicateCount).toBe(1);
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });

  test("an open question blocks the import until it is answered; the answer is remembered for the next file of that shape", async () => {
    const userId = await createUserId();
    const file = "Date,Description,Amount\n02/03/2018,Tesco,-12.50\n03/03/2018,Pay,1850.00\n";
    const draftId = await uploadBankFile(userId, file);
    const open = await previewBankFile(userId, draftId);
    expect(open.reading.questions.map((question) => question.kind)).toEqual(["dateOrder"]);
    expect(await confirmImport(userId, draftId, {}, open.fingerprint)).toMatchObject({ status: "refused", reason: IMPORT_MESSAGES.answerQuestions });
    const answered = await previewBankFile(userId, draftId, { dateOrder: "DMY" });
    expect(await confirmImport(userId, draftId, { dateOrder: "DMY" }, answered.fingerprint)).toMatchObject({ status: "imported", imported: 2 });
    expect(await ImportMapping.countDocuments({ userId })).toBe(1);

    const next = await previewBankFile(userId, await uploadBankFile(userId, file.replace(/\/03\//g, "/04/")));
    expect(next.reading.questions).toEqual([]);
    expect(next.reading.dateOrder.order).toBe("DMY");
    expect(next.remembered).toBe(true);
    expect(next.rows.map((row) => row.date)).toEqual(["2018-04-02", "2018-04-03"]);
  });
});

describe("a file's payee and category columns", () => {
  const FILE = [
    "Date,Payee,Memo,Category,Amount",
    "2026-03-02,Corner Cafe,CARD 1234 CORNER CAFE,food and dining,-4.50",
    "2026-03-03,Employer Inc,March salary,Paycheck 1,2500.00",
    "2026-03-04,Tesco,TESCO STORES 3297,Groceries,-23.47",
    "2026-03-05,Book shop,,Paycheck 1,-20.00",
    "2026-03-06,,ATM WITHDRAWAL,groceries,-40.00",
  ].join("\n");
  const noGroceries = "The file says “Groceries”: you have no category of that name.";

  test("the preview shows what each row is written with: the payee as its description, the category its name chooses, and why a name chose none", async () => {
    const userId = await createUserId();
    const preview = await previewBankFile(userId, await uploadBankFile(userId, FILE));
    expect(preview.rows.map((row) => [row.description, row.category, row.categoryNote])).toEqual([
      ["Corner Cafe", "Food & Dining", null],
      ["Employer Inc", "Paycheck 1", null],
      ["Tesco", "", noGroceries],
      ["Book shop", "", "The file says “Paycheck 1”, an income category: this row is money out."],
      // No payee on the row: its memo describes it.
      ["ATM WITHDRAWAL", "", "The file says “groceries”: you have no category of that name."],
    ]);
    expect(preview.unmatchedCategories).toEqual([
      { name: "Groceries", reason: "unknown", rows: 2 },
      { name: "Paycheck 1", reason: "other-type", rows: 1 },
    ]);
  });

  test("the import writes exactly that; a category added after the preview shows the preview again, which then uses it", async () => {
    const userId = await createUserId();
    const draftId = await uploadBankFile(userId, FILE);
    const shown = await previewBankFile(userId, draftId);
    expect(await addCategory(userId, { name: "Groceries", type: "expense", amount: toCents(0) })).toMatchObject({ ok: true });
    expect(await confirmImport(userId, draftId, {}, shown.fingerprint)).toMatchObject({ status: "changed" });
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const again = await previewBankFile(userId, draftId);
    expect(again.rows.map((row) => row.category)).toEqual(["Food & Dining", "Paycheck 1", "Groceries", "", "Groceries"]);
    expect(await confirmImport(userId, draftId, {}, again.fingerprint)).toMatchObject({ status: "imported", imported: 5, uncategorized: 1 });
    const stored = await Transaction.find({ userId }).sort({ date: 1 }).select({ _id: 0, description: 1, category: 1, type: 1 }).lean();
    expect(stored).toEqual([
      { description: "Corner Cafe", category: "food", type: "expense" },
      { description: "Employer Inc", category: "salary", type: "income" },
      { description: "Tesco", category: "groceries", type: "expense" },
      { description: "Book shop", category: "", type: "expense" },
      { description: "ATM WITHDRAWAL", category: "groceries", type: "expense" },
    ]);
  });
});

describe("undo", () => {
  test("removes exactly the import's transactions, keeps those edited since, and puts the month totals back", async () => {
    const userId = await createUserId();
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 999, date: "2026-03-20", description: "Typed by hand" });
    const result = await importBankFile(userId, BANK_FILE);
    if (result.status !== "imported") throw new Error(result.status);
    const bookShop = await Transaction.findOne({ userId, description: "Book shop" }).select({ _id: 1 }).lean();
    await applyLedgerBatch(userId, { updated: [{ id: String(bookShop?._id), category: "food" }] });
    const fee = await Transaction.findOne({ userId, description: "Bank fee" }).select({ _id: 1 }).lean();
    await softDeleteTransaction(userId, String(fee?._id));

    // Accepted at once: nothing is removed until the job runs, the page shows how far it has come.
    expect(await startUndoImport(userId, result.batchId)).toEqual({ status: "started", fileName: "bank.csv" });
    expect(await Transaction.countDocuments({ userId })).toBe(7);
    expect(await listImports(userId)).toMatchObject([{ status: "undoing", removed: 0, undoTotal: 5 }]);
    expect(await startUndoImport(userId, result.batchId)).toEqual({ status: "undoing", fileName: "bank.csv" });

    await continueImportUndo(result.batchId);
    expect((await Transaction.find({ userId }).select({ _id: 0, description: 1 }).lean()).map((row) => row.description).sort()).toEqual(["Book shop", "Typed by hand"]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, expense: 2999, count: 2 });
    expect(await listImports(userId)).toMatchObject([{ status: "undone", removed: 5, kept: [{ date: "2026-03-04", description: "Book shop", amount: 2000, type: "expense" }] }]);
    expect(await startUndoImport(userId, result.batchId)).toEqual({ status: "already-undone" });
    await continueImportUndo(result.batchId);
    expect(await Transaction.countDocuments({ userId })).toBe(2);
  });

  test("a long undo goes a slice at a time with its progress stored; cut off, it carries on where it stopped and counts what it removed once", async () => {
    const userId = await createUserId();
    const rows = Array.from({ length: 1203 }, (_, index) => `2026-0${1 + (index % 3)}-${String(1 + (index % 28)).padStart(2, "0")},Shop ${index},-${1 + index}.00`);
    const result = await importBankFile(userId, ["Date,Description,Amount", ...rows].join("\n"));
    if (result.status !== "imported") throw new Error(result.status);
    expect(result.imported).toBe(1203);
    await startUndoImport(userId, result.batchId);
    let slices = 0;
    const updateOne = ImportBatch.updateOne.bind(ImportBatch);
    const spy = vi.spyOn(ImportBatch, "updateOne").mockImplementation(((...args: Parameters<typeof updateOne>) => {
      // The app stops after the second slice is removed, before its progress is stored.
      if ("$inc" in args[1] && ++slices === 2) throw new Error("the app stopped");
      return updateOne(...args);
    }) as typeof updateOne);
    await expect(continueImportUndo(result.batchId)).rejects.toThrow("the app stopped");
    spy.mockRestore();
    expect(await listImports(userId)).toMatchObject([{ status: "undoing", removed: 500, undoTotal: 1203 }]);
    expect(await Transaction.countDocuments({ userId })).toBe(1203 - 2 * 500);
    expect(await maintainedTotals(userId)).toEqual(await recomputedTotals(userId));

    // Carried on (the job again, or the cleanup job after ten minutes): what is left goes, what went is counted once.
    expect(await continueStalledUndos(new Date())).toBe(0);
    expect(await continueStalledUndos(new Date(Date.now() + 11 * 60_000))).toBe(1);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await listImports(userId)).toMatchObject([{ status: "undone", removed: 1203, kept: [] }]);
    expect(await maintainedTotals(userId)).toEqual(await recomputedTotals(userId));
  }, 120_000);

  test("another user's import is not found and untouched", async () => {
    const owner = await createUserId();
    const result = await importBankFile(owner, BANK_FILE);
    if (result.status !== "imported") throw new Error(result.status);
    const intruder = await createUserId();
    expect(await startUndoImport(intruder, result.batchId)).toEqual({ status: "not-found" });
    expect(await startUndoImport(intruder, "nonsense")).toEqual({ status: "not-found" });
    expect(await Transaction.countDocuments({ userId: owner })).toBe(6);
  });
});

describe("housekeeping", () => {
  test("an import cut off while writing is rolled back; uploads expire after a day", async () => {
    const userId = await createUserId();
    const now = new Date("2026-03-01T12:00:00Z");
    const batch = await ImportBatch.create({ userId, fileName: "cut.csv", format: "csv", status: "writing", createdAt: new Date(now.getTime() - 11 * 60_000) });
    const recent = await ImportBatch.create({ userId, fileName: "busy.csv", format: "csv", status: "writing", createdAt: new Date(now.getTime() - 60_000) });
    await applyLedgerBatch(userId, {
      added: [{ type: "expense", category: "", amount: 500, date: "2026-02-27", description: "Half written", source: "import", importBatchId: batch._id.toString() }],
    });
    expect(await rollBackUnfinishedImports(now)).toBe(1);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await getMonthTotals(userId, "2026-02")).toMatchObject({ expense: 0, count: 0 });
    expect(await ImportBatch.findById(batch._id).lean()).toMatchObject({ status: "failed" });
    expect(await ImportBatch.findById(recent._id).lean()).toMatchObject({ status: "writing" });

    await ImportDraft.create([
      { userId, fileName: "old.csv", bytes: Buffer.from("x"), expiresAt: new Date(now.getTime() - 1) },
      { userId, fileName: "new.csv", bytes: Buffer.from("x"), expiresAt: new Date(now.getTime() + 1000) },
    ]);
    expect(await removeExpiredUploads(now)).toBe(1);
    expect(await ImportDraft.find({ userId }).distinct("fileName")).toEqual(["new.csv"]);
  });
});
