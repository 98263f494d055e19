import { describe, expect, test } from "vitest";
import { Transaction } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { confirmImport } from "~/features/import/import.server";
import { scheduleMarksOf } from "~/features/transactions/transactions.server";
import { addSchedule, recordPayment, type ScheduleInput } from "./recurring.server";
import { createGoogleUser, importBankFile, previewBankFile, uploadBankFile } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

/** A bank's file: the rent on its due date, March 1st, and a coffee. */
const RENT_FILE = ["Date,Description,Amount", "2026-03-01,RENT ACME PROPERTIES,-1500.00", "2026-03-03,Coffee Corner,-4.50"].join("\n");

async function added(userId: string, input: Partial<ScheduleInput> = {}) {
  const result = await addSchedule(userId, { name: "RENT ACME PROPERTIES", type: "expense", accountId: mainAccountId(userId), currency: "USD", amount: 150000, frequency: "monthly", nextDate: "2026-02-01", category: "housing", remind: false, remindDaysBefore: 3, ...input });
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

describe("an import against the user's recurring bills", () => {
  test("a row on a due date meets it: the preview names the bill, and the stored transaction carries the mark", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId);
    const draftId = await uploadBankFile(userId, RENT_FILE);
    const preview = await previewBankFile(userId, draftId);
    expect(preview.rows.map((row) => [row.description, row.status, row.meets])).toEqual([
      ["RENT ACME PROPERTIES", "new", { name: "RENT ACME PROPERTIES", dueDate: "2026-03-01" }],
      ["Coffee Corner", "new", null],
    ]);
    expect(preview).toMatchObject({ newCount: 2, duplicateCount: 0 });

    expect(await confirmImport(userId, draftId, {}, preview.fingerprint)).toMatchObject({ status: "imported", imported: 2 });
    const stored = await Transaction.find({ userId }).sort({ date: 1 }).lean();
    expect(stored.map(({ description, amount, source, scheduleId, scheduleDate }) => ({ description, amount, source, scheduleId, scheduleDate }))).toEqual([
      { description: "RENT ACME PROPERTIES", amount: 150000, source: "import", scheduleId: rent.id, scheduleDate: "2026-03-01" },
      { description: "Coffee Corner", amount: 450, source: "import", scheduleId: null, scheduleDate: null },
    ]);
    // Met by the file: "Record it" has nothing left to record.
    expect(await scheduleMarksOf(userId, rent.id)).toMatchObject([{ dueDate: "2026-03-01", source: "import" }]);
    expect(await recordPayment(userId, rent.id, "2026-03-01")).toEqual({ ok: false, reason: "already-met" });

    // The same file again is already there, and meets nothing a second time.
    const again = await previewBankFile(userId, await uploadBankFile(userId, RENT_FILE));
    expect(again.rows.map((row) => [row.status, row.duplicateOf, row.meets])).toEqual([
      ["duplicate", "same-details", null],
      ["duplicate", "same-details", null],
    ]);
  });

  test("two rows for one due date: the earlier meets it, the later nothing; a row in the next window meets the next", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId);
    // (A column of one value on every row is not read as the descriptions: a coffee makes them differ.)
    const file = ["Date,Description,Amount", "2026-02-27,RENT ACME PROPERTIES,-1500.00", "2026-03-02,RENT ACME PROPERTIES,-1500.00", "2026-03-03,Coffee Corner,-4.50", "2026-03-30,RENT ACME PROPERTIES,-1500.00"].join("\n");
    const preview = await previewBankFile(userId, await uploadBankFile(userId, file));
    expect(preview.rows.map((row) => [row.date, row.status, row.meets?.dueDate ?? null])).toEqual([
      ["2026-02-27", "new", "2026-03-01"],
      ["2026-03-02", "new", null],
      ["2026-03-03", "new", null],
      ["2026-03-30", "new", "2026-04-01"],
    ]);
    expect(await scheduleMarksOf(userId, rent.id)).toEqual([]);
  });

  test("a schedule added after the preview changes what it shows: the import is shown again, nothing written", async () => {
    const userId = await createGoogleUser();
    const draftId = await uploadBankFile(userId, RENT_FILE);
    const preview = await previewBankFile(userId, draftId);
    expect(preview.rows.every((row) => row.meets === null)).toBe(true);
    await added(userId);
    expect(await confirmImport(userId, draftId, {}, preview.fingerprint)).toMatchObject({ status: "changed" });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("after Record it for the due date, the bank's row for it is a duplicate of the recorded payment and is not written", async () => {
    const userId = await createGoogleUser();
    // Named as the user would write it: the bank's line is found by its payee, not by the same words.
    const rent = await added(userId, { name: "Rent, ACME Properties" });
    const recorded = await recordPayment(userId, rent.id, "2026-03-01");
    if (!recorded.ok) throw new Error(recorded.reason);

    const draftId = await uploadBankFile(userId, RENT_FILE);
    const preview = await previewBankFile(userId, draftId);
    expect(preview.rows.map((row) => [row.description, row.status, row.duplicateOf, row.meets])).toEqual([
      ["RENT ACME PROPERTIES", "duplicate", "recorded-payment", null],
      ["Coffee Corner", "new", null, null],
    ]);
    expect(preview).toMatchObject({ newCount: 1, duplicateCount: 1 });

    expect(await confirmImport(userId, draftId, {}, preview.fingerprint)).toMatchObject({ status: "imported", imported: 1, duplicates: 1 });
    const live = await Transaction.find({ userId, deleted: false }).sort({ date: 1 }).lean();
    expect(live.map(({ description, source, scheduleId, scheduleDate }) => ({ description, source, scheduleId, scheduleDate }))).toEqual([
      { description: "Rent, ACME Properties", source: "manual", scheduleId: rent.id, scheduleDate: "2026-03-01" },
      { description: "Coffee Corner", source: "import", scheduleId: null, scheduleDate: null },
    ]);
    expect(String(live[0]._id)).toBe(recorded.transactionId);
    expect(await Transaction.countDocuments({ userId })).toBe(2);
  });

  test("a bank's row booked days after the recorded due date is that payment too; one for the next due date meets it", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId);
    expect((await recordPayment(userId, rent.id, "2026-03-01")).ok).toBe(true);
    const file = ["Date,Description,Amount", "2026-03-03,RENT ACME PROPERTIES,-1500.00", "2026-04-01,RENT ACME PROPERTIES,-1500.00"].join("\n");
    const result = await importBankFile(userId, file);
    expect(result).toMatchObject({ status: "imported", imported: 1, duplicates: 1 });
    const marks = await scheduleMarksOf(userId, rent.id);
    expect(marks.map((mark) => [mark.dueDate, mark.source]).sort()).toEqual([
      ["2026-03-01", "manual"],
      ["2026-04-01", "import"],
    ]);
    expect(await Transaction.countDocuments({ userId, date: "2026-03-03" })).toBe(0);
  });

  test("a row the user wrote the same (same day, amount and words) is a duplicate by its details first", async () => {
    const userId = await createGoogleUser();
    const rent = await added(userId);
    expect((await recordPayment(userId, rent.id, "2026-03-01")).ok).toBe(true);
    const preview = await previewBankFile(userId, await uploadBankFile(userId, RENT_FILE));
    expect(preview.rows[0]).toMatchObject({ status: "duplicate", duplicateOf: "same-details", meets: null });
    expect(preview.newCount).toBe(1);
  });
});
