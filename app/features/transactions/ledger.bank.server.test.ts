import { describe, expect, test } from "vitest";
import { Transaction } from "../../../models";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { getMonthTotals } from "./month-summary.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

function bankEntry(id: string, amount: number, fields: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    type: "expense",
    amount,
    category: "",
    date: "2026-11-10",
    description: `Shop ${id}`,
    source: "plaid",
    bankName: "First Platypus Bank",
    bankTransactionId: id,
    bankAccountId: "acc-checking",
    pending: false,
    ...fields,
  };
}

function okResult(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (!result.ok) throw new Error(`expected the batch to be written, got ${JSON.stringify(result.issues)}`);
  return result;
}

const stored = (userId: string) => Transaction.find({ userId }).sort({ date: 1, description: 1 }).lean();

describe("a linked bank's transactions go through the ledger once", () => {
  test("a replayed sync imports nothing twice and leaves the month totals as they were", async () => {
    const userId = await createGoogleUser();
    const batch = { bankUpserts: [bankEntry("t1", 1250), bankEntry("t2", 300000, { type: "income", description: "Payroll" })] };
    const first = okResult(await applyLedgerBatch(userId, batch));
    expect(first.bank).toMatchObject({ changed: 0, removed: 0 });
    expect(first.bank.inserted).toHaveLength(2);
    const totals = await getMonthTotals(userId, "2026-11");

    const replay = okResult(await applyLedgerBatch(userId, batch));
    expect(replay.bank).toEqual({ inserted: [], changed: 0, removed: 0 });
    expect(await stored(userId)).toHaveLength(2);
    expect(await getMonthTotals(userId, "2026-11")).toEqual(totals);
  });

  test("a cleared transaction stays cleared when its bank sends it again as it was, and is cleared no more when the bank changes its amount", async () => {
    const userId = await createGoogleUser();
    const { inserted } = okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 4000), bankEntry("t2", 900)] })).bank;
    okResult(await applyLedgerBatch(userId, { cleared: { ids: inserted.map((row) => String(row._id)), reconciliationId: "64b7f0c2a1b2c3d4e5f60720" } }));

    okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 4000), bankEntry("t2", 950)] }));
    expect((await stored(userId)).map(({ amount, cleared }) => [amount, cleared])).toEqual([
      [4000, true],
      [950, false],
    ]);
  });

  test("a bank's change keeps the user's category and edited description; the month totals follow the new amount", async () => {
    const userId = await createGoogleUser();
    const [inserted] = okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 4000)] })).bank.inserted;
    okResult(await applyLedgerBatch(userId, { updated: [{ id: inserted._id.toString(), category: "food", description: "Dinner with Ana" }] }));

    const changed = okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 4200, { description: "Shop t1 (tip)" })] }));
    expect(changed.bank).toMatchObject({ changed: 1, removed: 0 });
    const [transaction] = await stored(userId);
    expect(transaction).toMatchObject({ amount: 4200, category: "food", description: "Dinner with Ana", bankTransactionId: "t1" });
    expect((await getMonthTotals(userId, "2026-11")).expense).toBe(4200);
  });

  test("a posted transaction takes the place of its pending one, with the user's category", async () => {
    const userId = await createGoogleUser();
    const [pending] = okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("p1", 540, { pending: true, description: "Uber" })] })).bank.inserted;
    okResult(await applyLedgerBatch(userId, { updated: [{ id: pending._id.toString(), category: "transportation" }] }));

    const posted = okResult(
      await applyLedgerBatch(userId, {
        bankUpserts: [bankEntry("t9", 633, { replacesBankTransactionId: "p1", description: "Uber" })],
        bankRemovals: ["p1"],
      }),
    );
    expect(posted.bank).toEqual({ inserted: [], changed: 1, removed: 0 });
    const all = await stored(userId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ _id: pending._id, bankTransactionId: "t9", pending: false, amount: 633, category: "transportation" });
    expect((await getMonthTotals(userId, "2026-11")).expense).toBe(633);
  });

  test("a transaction the bank dropped leaves the ledger and its month", async () => {
    const userId = await createGoogleUser();
    okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 1000), bankEntry("t2", 2000)] }));
    const result = okResult(await applyLedgerBatch(userId, { bankRemovals: ["t1", "unknown"] }));
    expect(result.bank.removed).toBe(1);
    expect((await stored(userId)).map((transaction) => transaction.bankTransactionId)).toEqual(["t2"]);
    expect((await getMonthTotals(userId, "2026-11")).expense).toBe(2000);
  });

  test("a disconnected bank's transactions stay; linking it again adopts them instead of importing them twice", async () => {
    const userId = await createGoogleUser();
    const coffee = { description: "Coffee" };
    const lunch = { description: "Lunch" };
    okResult(await applyLedgerBatch(userId, { bankUpserts: [bankEntry("old-1", 1000, { ...coffee, pending: true }), bankEntry("old-2", 2000, lunch)] }));
    okResult(await applyLedgerBatch(userId, { detachedBankAccounts: ["acc-checking"] }));
    expect((await stored(userId)).map(({ bankTransactionId, pending }) => ({ bankTransactionId, pending }))).toEqual([
      { bankTransactionId: null, pending: false },
      { bankTransactionId: null, pending: false },
    ]);

    const relinked = okResult(
      await applyLedgerBatch(userId, {
        bankUpserts: [
          bankEntry("new-1", 1000, { ...coffee, bankAccountId: "acc-new" }),
          bankEntry("new-2", 2000, { ...lunch, bankAccountId: "acc-new" }),
          bankEntry("new-3", 3000, { ...lunch, bankAccountId: "acc-new" }),
        ],
      }),
    );
    expect(relinked.bank.inserted.map((transaction) => transaction.bankTransactionId)).toEqual(["new-3"]);
    expect((await stored(userId)).map((transaction) => transaction.bankTransactionId).sort()).toEqual(["new-1", "new-2", "new-3"]);
    expect((await getMonthTotals(userId, "2026-11")).expense).toBe(6000);
  });

  test("a bank batch without the bank's ids, or naming one twice, is refused whole", async () => {
    const userId = await createGoogleUser();
    const result = await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 100), bankEntry("t1", 200), { ...bankEntry("x", 100), bankTransactionId: null }, { ...bankEntry("y", 100), source: "manual" }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { code: "repeated", id: "t1" },
        expect.objectContaining({ list: "bankUpserts", index: 2, field: "bankTransactionId" }),
        expect.objectContaining({ list: "bankUpserts", index: 3, field: "source" }),
      ]),
    );
    expect(await stored(userId)).toHaveLength(0);
  });
});
