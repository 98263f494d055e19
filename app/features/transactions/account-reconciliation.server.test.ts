import { describe, expect, test } from "vitest";
import { Reconciliation, Transaction } from "../../../models";
import { RECONCILE_MESSAGES } from "~/features/accounts/reconcile";
import { toCents } from "~/lib/money";
import { newSubmissionKey } from "~/utils/submission.server";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { addAccountBesideMain, getAccountRegister } from "./account-balances.server";
import { ADJUSTMENT_DESCRIPTION, finishReconciliation, getReconcilePage, type Statement } from "./account-reconciliation.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const TODAY = "2026-11-27";

function written(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (!result.ok) throw new Error(`expected the batch to be written, got ${JSON.stringify(result.issues)}`);
  return result;
}

/** A checking account opened with $1,000.00 on October 1st: pay and rent in October, groceries in November. */
async function checkingWithHistory() {
  const userId = await createGoogleUser();
  const change = await addAccountBesideMain(userId, { name: "Checking", kind: "checking", onBudget: true, openingBalance: toCents(100000), openingDate: "2026-10-01" }, TODAY);
  if (!change.ok) throw new Error(change.message);
  const accountId = change.account.id;
  const entry = (fields: Partial<LedgerEntry>): LedgerEntry => ({ type: "expense", amount: 0, category: "food", date: "", description: "", source: "manual", accountId, ...fields });
  written(
    await applyLedgerBatch(userId, {
      added: [
        entry({ type: "income", amount: 250000, category: "salary", date: "2026-10-01", description: "October pay" }),
        entry({ amount: 150000, category: "housing", date: "2026-10-03", description: "Rent" }),
        entry({ amount: 4550, date: "2026-11-02", description: "Groceries" }),
        // In another account: never part of this one's statement.
        { ...entry({ amount: 999, date: "2026-10-05", description: "Main's coffee" }), accountId: undefined },
      ],
    }),
  );
  return { userId, accountId };
}

const october: Statement = { statementDate: "2026-10-31", statementBalance: toCents(200000) };

async function checked(userId: string, accountId: string, statement: Statement) {
  const page = await getReconcilePage(userId, accountId, statement, TODAY);
  if (!page?.check?.ok) throw new Error(`expected the statement checked, got ${JSON.stringify(page?.check)}`);
  return page.check;
}

async function clearedDescriptions(userId: string) {
  return (await Transaction.find({ userId, cleared: true }).sort({ date: 1 }).lean()).map((row) => row.description);
}

describe("checking a statement", () => {
  test("a statement that matches: the account's balance on its date, no difference, and the transactions up to it not cleared yet", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const check = await checked(userId, accountId, october);
    expect(check).toMatchObject({ statementDate: "2026-10-31", statementBalance: 200000, clearedBalance: 200000, difference: 0 });
    expect(check.toClear.count).toBe(2);
    expect(check.toClear.items.map(({ date, description, type, amount }) => [date, description, type, amount])).toEqual([
      ["2026-10-03", "Rent", "expense", 150000],
      ["2026-10-01", "October pay", "income", 250000],
    ]);
  });

  test("a statement that does not match shows by how much, either way", async () => {
    const { userId, accountId } = await checkingWithHistory();
    expect((await checked(userId, accountId, { ...october, statementBalance: toCents(201200) })).difference).toBe(1200);
    expect((await checked(userId, accountId, { statementDate: "2026-11-30", statementBalance: toCents(195000) })).difference).toBe(-450);
  });

  test("a statement before the opening date is refused with the reason; another user's account is not found", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const page = await getReconcilePage(userId, accountId, { ...october, statementDate: "2026-09-30" }, TODAY);
    expect(page?.check).toEqual({ ok: false, message: RECONCILE_MESSAGES.beforeOpening("2026-10-01") });
    const stranger = await createGoogleUser();
    expect(await getReconcilePage(stranger, accountId, october, TODAY)).toBeNull();
    expect(await finishReconciliation(stranger, accountId, { ...october, difference: toCents(0), choice: "clear" }, TODAY, null)).toBeNull();
    expect(await Reconciliation.countDocuments({})).toBe(0);
  });
});

describe("finishing a reconciliation", () => {
  test("a matching statement clears every transaction up to its date and is recorded; the register marks them, the next statement starts after them", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const finished = await finishReconciliation(userId, accountId, { ...october, difference: toCents(0), choice: "clear" }, TODAY, null);
    expect(finished).toEqual({
      ok: true,
      reconciliation: {
        id: expect.any(String),
        statementDate: "2026-10-31",
        statementBalance: 200000,
        clearedBalance: 200000,
        difference: 0,
        adjustment: 0,
        status: "matched",
        transactionCount: 2,
        recordedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    expect(await clearedDescriptions(userId)).toEqual(["October pay", "Rent"]);
    const register = await getAccountRegister(userId, accountId, null, TODAY);
    expect(register?.rows.map((row) => [row.description, row.cleared])).toEqual([
      ["Groceries", false],
      ["Rent", true],
      ["October pay", true],
    ]);

    const november = await checked(userId, accountId, { statementDate: "2026-11-30", statementBalance: toCents(195450) });
    expect(november).toMatchObject({ clearedBalance: 195450, difference: 0 });
    expect(november.toClear.items.map((row) => row.description)).toEqual(["Groceries"]);
    const earlier = await getReconcilePage(userId, accountId, { statementDate: "2026-10-30", statementBalance: toCents(200000) }, TODAY);
    expect(earlier?.check).toEqual({ ok: false, message: RECONCILE_MESSAGES.beforeReconciled("2026-10-31") });
    expect(earlier?.history.map((reconciliation) => reconciliation.statementDate)).toEqual(["2026-10-31"]);
  });

  test("a statement that does not match can be kept with its difference: recorded, nothing cleared", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const finished = await finishReconciliation(userId, accountId, { ...october, statementBalance: toCents(201200), difference: toCents(1200), choice: "keep-difference" }, TODAY, null);
    expect(finished).toMatchObject({ ok: true, reconciliation: { status: "unmatched", statementBalance: 201200, clearedBalance: 200000, difference: 1200, adjustment: 0, transactionCount: 0 } });
    expect(await clearedDescriptions(userId)).toEqual([]);
    // A kept difference reconciles nothing: an older statement may still be checked.
    expect((await getReconcilePage(userId, accountId, { statementDate: "2026-10-15", statementBalance: toCents(200000) }, TODAY))?.check?.ok).toBe(true);
  });

  test("a statement that does not match can be finished with an adjustment of the difference: an uncategorized transaction on its date, cleared with the rest", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const finished = await finishReconciliation(userId, accountId, { ...october, statementBalance: toCents(199750), difference: toCents(-250), choice: "adjust" }, TODAY, null);
    expect(finished).toMatchObject({ ok: true, reconciliation: { status: "matched", clearedBalance: 200000, difference: -250, adjustment: -250, transactionCount: 3 } });
    const adjustment = await Transaction.findOne({ userId, description: ADJUSTMENT_DESCRIPTION }).lean();
    expect(adjustment).toMatchObject({ type: "expense", amount: 250, category: "", date: "2026-10-31", cleared: true });
    expect(String(adjustment?.accountId)).toBe(accountId);
    expect((await checked(userId, accountId, { statementDate: "2026-10-31", statementBalance: toCents(199750) })).difference).toBe(0);
  });

  test("figures that changed since the page showed them, or a choice that does not fit them, write nothing", async () => {
    const { userId, accountId } = await checkingWithHistory();
    written(await applyLedgerBatch(userId, { added: [{ type: "expense", amount: 500, category: "food", date: "2026-10-20", description: "Lunch", source: "manual", accountId }] }));
    for (const finish of [
      { ...october, difference: toCents(0), choice: "clear" as const },
      { ...october, statementBalance: toCents(201200), difference: toCents(1200), choice: "adjust" as const },
      // A matching statement offers no difference to keep.
      { ...october, statementBalance: toCents(199500), difference: toCents(0), choice: "keep-difference" as const },
    ]) {
      expect(await finishReconciliation(userId, accountId, finish, TODAY, null)).toEqual({ ok: false, reason: "changed", message: RECONCILE_MESSAGES.changed });
    }
    expect(await Reconciliation.countDocuments({ userId })).toBe(0);
    expect(await clearedDescriptions(userId)).toEqual([]);
    expect(await Transaction.countDocuments({ userId })).toBe(5);
  });

  test("the same form sent twice records one reconciliation and one adjustment, and answers both times with it", async () => {
    const { userId, accountId } = await checkingWithHistory();
    const key = newSubmissionKey();
    const input = { ...october, statementBalance: toCents(201200), difference: toCents(1200), choice: "adjust" as const };
    const first = await finishReconciliation(userId, accountId, input, TODAY, key);
    const second = await finishReconciliation(userId, accountId, input, TODAY, key);
    expect(second).toEqual(first);
    expect(await Reconciliation.countDocuments({ userId })).toBe(1);
    expect(await Transaction.countDocuments({ userId, description: ADJUSTMENT_DESCRIPTION })).toBe(1);
  });

  test("a cleared transaction whose amount is edited is to clear again", async () => {
    const { userId, accountId } = await checkingWithHistory();
    await finishReconciliation(userId, accountId, { ...october, difference: toCents(0), choice: "clear" }, TODAY, null);
    const rent = await Transaction.findOne({ userId, description: "Rent" }).lean();
    written(await applyLedgerBatch(userId, { updated: [{ id: String(rent!._id), amount: 151000 }] }));
    const november = await checked(userId, accountId, { statementDate: "2026-11-30", statementBalance: toCents(195450) });
    expect(november.difference).toBe(1000);
    expect(november.toClear.items.map((row) => row.description)).toEqual(["Groceries", "Rent"]);
  });
});
