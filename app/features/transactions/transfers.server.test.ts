import { describe, expect, test } from "vitest";
import { Transaction } from "../../../models";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { addAccountBesideMain, listAccountsWithBalances } from "./account-balances.server";
import { getMonthTotals } from "./month-summary.server";
import { recountLedger } from "./ledger-journal.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const TODAY = "2026-11-27";
const pay: LedgerEntry = { type: "income", amount: 400000, category: "salary", date: "2026-10-01", description: "October pay", source: "manual" };
const dinner: LedgerEntry = { type: "expense", amount: 4599, category: "food", date: "2026-10-04", description: "Dinner", source: "manual" };

function written(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (!result.ok) throw new Error(`expected the batch to be written, got ${JSON.stringify(result.issues)}`);
  return result;
}

function refused(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (result.ok) throw new Error("expected the batch to be refused");
  return result.issues;
}

async function newAccount(userId: string, name: string, kind: "credit_card" | "savings") {
  const change = await addAccountBesideMain(userId, { name, kind, onBudget: true, openingBalance: 0, openingDate: "2026-10-01" }, TODAY);
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

async function balances(userId: string) {
  const { accounts } = await listAccountsWithBalances(userId, TODAY);
  return Object.fromEntries(accounts.map((account) => [account.name, account.balance]));
}

/** A user paid in October, with a card they spent on and a savings account. */
async function userWithAccounts() {
  const userId = await createGoogleUser();
  const card = await newAccount(userId, "Visa", "credit_card");
  const savings = await newAccount(userId, "Rainy day", "savings");
  written(await applyLedgerBatch(userId, { added: [pay, { ...dinner, accountId: card.id }] }));
  return { userId, card, savings };
}

function transfer(from: string, to: string, amount: number, date = "2026-10-10", description = "Card payment"): LedgerEntry {
  return { type: "expense", amount, category: TRANSFER_CATEGORY, date, description, accountId: from, transferAccountId: to, source: "manual" };
}

async function sides(userId: string) {
  return (await Transaction.find({ userId, category: TRANSFER_CATEGORY }).sort({ type: 1 }).lean()).map((side) => ({
    id: String(side._id),
    type: side.type,
    amount: side.amount,
    date: side.date,
    description: side.description,
    accountId: String(side.accountId),
    transferAccountId: String(side.transferAccountId),
    transferPeerId: String(side.transferPeerId),
    deleted: side.deleted,
  }));
}

describe("a transfer moves money between two accounts and is neither income nor expense", () => {
  test("paying the card from the main account writes both sides, moves both balances and leaves the month's income and expenses as they were", async () => {
    const { userId, card } = await userWithAccounts();
    const before = await getMonthTotals(userId, "2026-10");
    const { added } = written(await applyLedgerBatch(userId, { added: [transfer(userId, card.id, 4599)] }));
    expect(added).toHaveLength(1);
    const [expenseSide, incomeSide] = await sides(userId);
    expect(expenseSide).toMatchObject({ id: String(added[0]._id), type: "expense", amount: 4599, accountId: userId, transferAccountId: card.id, transferPeerId: incomeSide.id });
    expect(incomeSide).toMatchObject({ type: "income", amount: 4599, accountId: card.id, transferAccountId: userId, transferPeerId: expenseSide.id, date: "2026-10-10" });
    expect(await balances(userId)).toEqual({ "Main account": 395401, Visa: 0, "Rainy day": 0 });
    const after = await getMonthTotals(userId, "2026-10");
    expect(after).toMatchObject({ income: before.income, expense: before.expense, categories: before.categories });
    // Two more transactions, neither of them waiting for a category.
    expect(after.count).toBe(before.count + 2);
    expect(await recountLedger(userId)).toEqual([]);
  });

  test("the same form sent twice writes one transfer", async () => {
    const { userId, savings } = await userWithAccounts();
    const submission = { key: "transfer-form-key" };
    written(await applyLedgerBatch(userId, { submission, added: [transfer(userId, savings.id, 50000)] }));
    const again = written(await applyLedgerBatch(userId, { submission, added: [transfer(userId, savings.id, 50000)] }));
    expect(again.replayed).toBe(true);
    expect(await sides(userId)).toHaveLength(2);
    expect(await balances(userId)).toMatchObject({ "Main account": 350000, "Rainy day": 50000 });
  });

  test("a transfer into the account it leaves, or into another user's account, is refused and writes nothing", async () => {
    const { userId, card } = await userWithAccounts();
    const stranger = await userWithAccounts();
    expect(refused(await applyLedgerBatch(userId, { added: [transfer(card.id, card.id, 100)] }))).toEqual([
      expect.objectContaining({ code: "invalid", field: "transferAccountId", message: "a transfer moves money between two different accounts" }),
    ]);
    expect(refused(await applyLedgerBatch(userId, { added: [transfer(userId, stranger.card.id, 100)] }))).toEqual([{ code: "not-found", id: stranger.card.id }]);
    expect(await sides(userId)).toEqual([]);
  });

  test("editing one side carries the amount, the accounts and a shared date over to the other side", async () => {
    const { userId, card, savings } = await userWithAccounts();
    const { added } = written(await applyLedgerBatch(userId, { added: [transfer(userId, card.id, 4599)] }));
    written(await applyLedgerBatch(userId, { updated: [{ id: String(added[0]._id), amount: 10000, date: "2026-11-02", transferAccountId: savings.id }] }));
    const [expenseSide, incomeSide] = await sides(userId);
    expect(expenseSide).toMatchObject({ amount: 10000, date: "2026-11-02", accountId: userId, transferAccountId: savings.id });
    expect(incomeSide).toMatchObject({ amount: 10000, date: "2026-11-02", accountId: savings.id, transferAccountId: userId, description: "Card payment" });
    expect(await balances(userId)).toEqual({ "Main account": 390000, Visa: -4599, "Rainy day": 10000 });
    expect(await recountLedger(userId)).toEqual([]);
  });

  test("both sides cleared: a new amount on one side takes the mark off both; a new description keeps it", async () => {
    const { userId, card } = await userWithAccounts();
    const { added } = written(await applyLedgerBatch(userId, { added: [transfer(userId, card.id, 4599)] }));
    const ids = (await sides(userId)).map((side) => side.id);
    written(await applyLedgerBatch(userId, { cleared: { ids, reconciliationId: "64b7f0c2a1b2c3d4e5f60720" } }));
    const clearedSides = async () => (await Transaction.find({ userId, category: TRANSFER_CATEGORY }).sort({ type: 1 }).lean()).map((side) => side.cleared);

    written(await applyLedgerBatch(userId, { updated: [{ id: String(added[0]._id), description: "Visa payment" }] }));
    expect(await clearedSides()).toEqual([true, true]);
    written(await applyLedgerBatch(userId, { updated: [{ id: String(added[0]._id), amount: 5000 }] }));
    expect(await clearedSides()).toEqual([false, false]);
  });

  test("an expense given another category is a transfer no more: its other side waits for a category", async () => {
    const { userId, card } = await userWithAccounts();
    const { added } = written(await applyLedgerBatch(userId, { added: [transfer(userId, card.id, 4599)] }));
    written(await applyLedgerBatch(userId, { updated: [{ id: String(added[0]._id), category: "food" }] }));
    const stored = await Transaction.find({ userId, date: "2026-10-10" }).sort({ type: 1 }).lean();
    expect(stored.map((side) => [side.type, side.category, side.transferAccountId, side.transferPeerId])).toEqual([
      ["expense", "food", null, null],
      ["income", "", null, null],
    ]);
    expect((await getMonthTotals(userId, "2026-10")).expense).toBe(4599 * 2);
    expect(await recountLedger(userId)).toEqual([]);
  });

  test("an expense edited into a transfer gets its other side; deleting one side deletes both, restoring brings both back", async () => {
    const { userId, savings } = await userWithAccounts();
    const { added } = written(await applyLedgerBatch(userId, { added: [{ ...dinner, amount: 20000, description: "To savings" }] }));
    const id = String(added[0]._id);
    written(await applyLedgerBatch(userId, { updated: [{ id, category: TRANSFER_CATEGORY, transferAccountId: savings.id }] }));
    expect((await sides(userId)).map((side) => [side.type, side.accountId])).toEqual([
      ["expense", userId],
      ["income", savings.id],
    ]);
    expect(await balances(userId)).toMatchObject({ "Main account": 380000, "Rainy day": 20000 });

    written(await applyLedgerBatch(userId, { deleted: [id] }));
    expect((await sides(userId)).map((side) => side.deleted)).toEqual([true, true]);
    expect(await balances(userId)).toMatchObject({ "Main account": 400000, "Rainy day": 0 });
    written(await applyLedgerBatch(userId, { restored: [id] }));
    expect((await sides(userId)).map((side) => side.deleted)).toEqual([false, false]);
    expect(await recountLedger(userId)).toEqual([]);
  });

  test("a card payment and the payment the card received become one transfer when linked, and two uncategorized transactions when unlinked", async () => {
    const { userId, card } = await userWithAccounts();
    const { added } = written(
      await applyLedgerBatch(userId, {
        added: [
          { ...dinner, amount: 4599, category: "", date: "2026-10-20", description: "VISA PAYMENT" },
          { ...pay, amount: 4599, category: "", date: "2026-10-22", description: "PAYMENT THANK YOU", accountId: card.id },
        ],
      }),
    );
    const [paid, received] = added.map((transaction) => String(transaction._id));
    const incomeBefore = (await getMonthTotals(userId, "2026-10")).income;
    written(await applyLedgerBatch(userId, { linkedTransfers: [[paid, received]] }));
    const [expenseSide, incomeSide] = await sides(userId);
    expect(expenseSide).toMatchObject({ id: paid, transferPeerId: received, transferAccountId: card.id, date: "2026-10-20" });
    expect(incomeSide).toMatchObject({ id: received, transferPeerId: paid, transferAccountId: userId, date: "2026-10-22" });
    const linked = await getMonthTotals(userId, "2026-10");
    expect(linked.income).toBe(incomeBefore - 4599);
    expect(linked.expense).toBe(4599);
    expect(await balances(userId)).toMatchObject({ Visa: 0 });

    written(await applyLedgerBatch(userId, { unlinkedTransfers: [received] }));
    expect(await sides(userId)).toEqual([]);
    expect((await getMonthTotals(userId, "2026-10")).income).toBe(incomeBefore);
    expect(await recountLedger(userId)).toEqual([]);
  });

  test("two transactions of different amounts, of one account, or of the same way cannot be linked", async () => {
    const { userId, card } = await userWithAccounts();
    const { added } = written(
      await applyLedgerBatch(userId, {
        added: [
          { ...dinner, amount: 4599, category: "" },
          { ...pay, amount: 4500, category: "", accountId: card.id },
          { ...pay, amount: 4599, category: "" },
          { ...dinner, amount: 4599, category: "", accountId: card.id },
        ],
      }),
    );
    const [paid, otherAmount, sameAccount, sameWay] = added.map((transaction) => String(transaction._id));
    const problems = [];
    for (const other of [otherAmount, sameAccount, sameWay]) problems.push(...refused(await applyLedgerBatch(userId, { linkedTransfers: [[paid, other]] })));
    expect(problems.map((issue) => (issue.code === "not-a-transfer-pair" ? issue.message : issue.code))).toEqual([
      "both sides of a transfer have the same amount",
      "a transfer moves money between two different accounts",
      "a transfer takes money out of one account and into the other",
    ]);
    expect(await sides(userId)).toEqual([]);
  });
});
