import { Types } from "mongoose";
import { describe, expect, test } from "vitest";
import { Account, AccountDayNets, Migration, MonthSummary, monthSummaryId, Transaction } from "../../../models";
import { setAccountClosed } from "~/features/accounts/accounts.server";
import { ACCOUNTS_MESSAGES, MAIN_ACCOUNT_NAME } from "~/features/accounts/accounts";
import { toCents } from "~/lib/money";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { addAccountBesideMain, balanceAtEndOf, closeAccount, getAccountRegister, listAccountsWithBalances } from "./account-balances.server";
import { moveTransactionsIntoAccounts, moveUserIntoMainAccount } from "./accounts-migration.server";
import { getMonthTotals, listMonthSummaries } from "./month-summary.server";
import { SUMMARY_VERSION } from "./month-summary";
import { recountLedger } from "./ledger-journal.server";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

const TODAY = "2026-11-27";
const pay: LedgerEntry = { type: "income", amount: 400000, category: "salary", date: "2026-10-01", description: "October pay", source: "manual" };
const rent: LedgerEntry = { type: "expense", amount: 150000, category: "housing", date: "2026-10-03", description: "Rent", source: "manual" };

function written(result: Awaited<ReturnType<typeof applyLedgerBatch>>) {
  if (!result.ok) throw new Error(`expected the batch to be written, got ${JSON.stringify(result.issues)}`);
  return result;
}

async function newAccount(userId: string, name: string, kind: "checking" | "credit_card" | "savings", openingBalance = 0) {
  const change = await addAccountBesideMain(userId, { name, kind, onBudget: true, openingBalance, openingDate: "2026-10-01" }, TODAY);
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

async function balances(userId: string) {
  const { accounts, overview } = await listAccountsWithBalances(userId, TODAY);
  return { byName: Object.fromEntries(accounts.map((account) => [account.name, account.balance])), overview };
}

describe("every transaction belongs to one account", () => {
  test("a new user's transactions land in their main account, whose balance is what they moved", async () => {
    const userId = await createGoogleUser();
    written(await applyLedgerBatch(userId, { added: [pay, rent] }));
    const stored = await Transaction.find({ userId }).lean();
    expect(stored.map((transaction) => String(transaction.accountId))).toEqual([userId, userId]);
    expect(await balances(userId)).toEqual({
      byName: { [MAIN_ACCOUNT_NAME]: 250000 },
      overview: { assets: 250000, liabilities: 0, net: 250000, unconverted: [] },
    });
  });

  test("each account's balance is its opening balance and its own transactions; a card's debt counts as a liability", async () => {
    const userId = await createGoogleUser();
    const card = await newAccount(userId, "Visa", "credit_card", toCents(-20000));
    const savings = await newAccount(userId, "Rainy day", "savings", toCents(100000));
    written(await applyLedgerBatch(userId, { added: [pay, { ...rent, accountId: card.id, amount: 4599, description: "Dinner" }, { ...pay, accountId: savings.id, amount: 2500, description: "Interest" }] }));
    expect(await balances(userId)).toEqual({
      byName: { [MAIN_ACCOUNT_NAME]: 400000, Visa: -24599, "Rainy day": 102500 },
      overview: { assets: 502500, liabilities: 24599, net: 477901, unconverted: [] },
    });
    // The month's income and expenses are those of every account.
    expect(await getMonthTotals(userId, "2026-10")).toMatchObject({ income: 402500, expense: 4599 });
  });

  test("moving a transaction to another account moves the balances; deleting it takes it out", async () => {
    const userId = await createGoogleUser();
    const card = await newAccount(userId, "Visa", "credit_card");
    const [dinner] = written(await applyLedgerBatch(userId, { added: [{ ...rent, amount: 5000 }] })).added;
    written(await applyLedgerBatch(userId, { updated: [{ id: String(dinner._id), accountId: card.id }] }));
    expect((await balances(userId)).byName).toEqual({ [MAIN_ACCOUNT_NAME]: 0, Visa: -5000 });
    written(await applyLedgerBatch(userId, { deleted: [String(dinner._id)] }));
    expect((await balances(userId)).byName).toEqual({ [MAIN_ACCOUNT_NAME]: 0, Visa: 0 });
  });

  test("another user's account is not found: the batch is refused and nothing is written", async () => {
    const [userId, otherId] = [await createGoogleUser(), await createGoogleUser()];
    const theirs = await newAccount(otherId, "Theirs", "checking");
    const result = await applyLedgerBatch(userId, { added: [{ ...pay, accountId: theirs.id }] });
    expect(result).toEqual({ ok: false, issues: [{ code: "not-found", id: theirs.id }] });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await getAccountRegister(userId, theirs.id, null, TODAY)).toBeNull();
  });
});

describe("an account's register", () => {
  test("a new user's main account has its register before anything stored it, opening on their first month", async () => {
    const userId = await createGoogleUser();
    written(await applyLedgerBatch(userId, { added: [pay] }));
    const register = await getAccountRegister(userId, userId, null, TODAY);
    expect(register?.account).toMatchObject({ name: MAIN_ACCOUNT_NAME, openingDate: "2026-10-01", balance: 400000 });
    expect(register?.rows.map((row) => [row.description, row.balance])).toEqual([["October pay", 400000]]);
  });

  test("lists the account's rows newest first with the balance after each, across months and pages", async () => {
    const userId = await createGoogleUser();
    const checking = await newAccount(userId, "Checking", "checking", toCents(10000));
    const days = Array.from({ length: 55 }, (_, index) => index);
    const entries: LedgerEntry[] = days.map((day) => ({
      type: day % 5 === 0 ? "income" : "expense",
      amount: 1000 + day,
      category: day % 5 === 0 ? "salary" : "food",
      date: `2026-${day < 30 ? "09" : "10"}-${String((day % 30) + 1).padStart(2, "0")}`,
      description: `Row ${day}`,
      source: "manual",
      accountId: checking.id,
    }));
    written(await applyLedgerBatch(userId, { added: [...entries, { ...pay, description: "Main's own" }] }));
    const expectedBalances = new Map<string, number>();
    let running = 10000;
    for (const entry of entries) {
      running += entry.type === "income" ? entry.amount : -entry.amount;
      expectedBalances.set(entry.description!, running);
    }

    const first = await getAccountRegister(userId, checking.id, null, TODAY);
    expect(first?.account.balance).toBe(running);
    expect(first?.rows).toHaveLength(50);
    expect(first?.rows[0]).toMatchObject({ description: "Row 54", balance: running });
    for (const row of first!.rows) expect(row.balance).toBe(expectedBalances.get(row.description));
    const second = await getAccountRegister(userId, checking.id, first!.nextCursor, TODAY);
    expect(second?.rows.map((row) => row.description)).toEqual(["Row 4", "Row 3", "Row 2", "Row 1", "Row 0"]);
    for (const row of second!.rows) expect(row.balance).toBe(expectedBalances.get(row.description));
    expect(second?.nextCursor).toBeNull();
  });
});

describe("a register page further down", () => {
  test("a page that starts within a day of many rows carries on the balance from the page before, rows of earlier days added up", async () => {
    const userId = await createGoogleUser();
    const checking = await newAccount(userId, "Checking", "checking", toCents(50000));
    const earlier: LedgerEntry[] = [3, 7].map((day) => ({ ...rent, amount: 2000 + day, date: `2026-10-0${day}`, description: `Earlier ${day}`, accountId: checking.id }));
    const sameDay: LedgerEntry[] = Array.from({ length: 60 }, (_, index) => ({
      type: index % 4 === 0 ? "income" : "expense",
      amount: 100 + index,
      category: index % 4 === 0 ? "salary" : "food",
      date: "2026-10-09",
      description: `Same day ${index}`,
      source: "manual",
      accountId: checking.id,
    }));
    written(await applyLedgerBatch(userId, { added: [...earlier, ...sameDay] }));

    const first = await getAccountRegister(userId, checking.id, null, TODAY);
    const second = await getAccountRegister(userId, checking.id, first!.nextCursor, TODAY);
    const rows = [...first!.rows, ...second!.rows];
    expect(rows).toHaveLength(62);
    expect(second!.rows[0].date).toBe("2026-10-09");
    // Each balance is the newer one's less what the newer row moved, down to the opening balance.
    for (let index = 1; index < rows.length; index += 1) {
      const newer = rows[index - 1];
      expect(rows[index].balance).toBe(newer.balance - (newer.type === "income" ? newer.amount : -newer.amount));
    }
    const oldest = rows[rows.length - 1];
    expect(oldest.balance - (oldest.type === "income" ? oldest.amount : -oldest.amount)).toBe(50000);
  });
});

describe("each account's nets by day", () => {
  test("are kept beside the month summary, and a summary of the layout that held them is rewritten apart when first read", async () => {
    const userId = await createGoogleUser();
    const checking = await newAccount(userId, "Checking", "checking", toCents(50000));
    written(await applyLedgerBatch(userId, { added: [{ ...rent, amount: 2003, date: "2026-10-03", accountId: checking.id }, { ...pay, date: "2026-10-09", accountId: checking.id }] }));
    const _id = monthSummaryId(userId, "2026-10");
    expect((await AccountDayNets.findById(_id).lean())?.accounts).toEqual({ [checking.id]: { d03: -2003, d09: 400000 } });
    expect((await MonthSummary.findById(_id).lean())?.accounts).toEqual({ [checking.id]: { net: 397997, count: 2 } });

    // As layout 5 stored them: inside the summary's accounts, without a document of their own.
    await MonthSummary.collection.updateOne({ _id: _id as never }, { $set: { version: 5, [`accounts.${checking.id}.d03`]: -2003, [`accounts.${checking.id}.d09`]: 400000 } });
    await AccountDayNets.collection.deleteOne({ _id: _id as never });
    const summaries = await listMonthSummaries(userId);
    expect(summaries).toEqual([expect.objectContaining({ monthKey: "2026-10", version: SUMMARY_VERSION, accounts: { [checking.id]: { net: 397997, count: 2 } } })]);
    expect((await AccountDayNets.findById(_id).lean())?.accounts).toEqual({ [checking.id]: { d03: -2003, d09: 400000 } });
    expect(await balanceAtEndOf(userId, checking, "2026-10-05", summaries)).toBe(50000 - 2003);
    expect(await balanceAtEndOf(userId, checking, "2026-10-09", summaries)).toBe(50000 - 2003 + 400000);
  });

  test("a lost document of them is counted again from the transactions by a recount", async () => {
    const userId = await createGoogleUser();
    const checking = await newAccount(userId, "Checking", "checking");
    written(await applyLedgerBatch(userId, { added: [{ ...rent, amount: 2500, date: "2026-10-03", accountId: checking.id }] }));
    await AccountDayNets.collection.deleteMany({ userId: new Types.ObjectId(userId) });
    expect(await recountLedger(userId)).toEqual([expect.objectContaining({ monthKey: "2026-10" })]);
    expect((await AccountDayNets.findById(monthSummaryId(userId, "2026-10")).lean())?.accounts).toEqual({ [checking.id]: { d03: -2500 } });
  });
});

describe("closing an account", () => {
  test("is refused while money is left in it or when it is the last open one", async () => {
    const userId = await createGoogleUser();
    const card = await newAccount(userId, "Visa", "credit_card");
    written(await applyLedgerBatch(userId, { added: [{ ...rent, accountId: card.id, amount: 999 }] }));
    expect(await closeAccount(userId, card.id, TODAY)).toEqual({ ok: false, message: ACCOUNTS_MESSAGES.closeNotZero });
    written(await applyLedgerBatch(userId, { added: [{ ...pay, accountId: card.id, amount: 999, description: "Card payment" }] }));
    expect(await closeAccount(userId, card.id, TODAY)).toEqual({ ok: true });
    await setAccountClosed(userId, userId, true);
    expect(await Account.countDocuments({ userId, closed: false })).toBe(0);
    await setAccountClosed(userId, card.id, false);
    expect(await closeAccount(userId, card.id, TODAY)).toEqual({ ok: false, message: ACCOUNTS_MESSAGES.closeLastOpen });
    expect(await closeAccount(userId, new Types.ObjectId().toHexString(), TODAY)).toBeNull();
  });
});

describe("the move into accounts", () => {
  /** Transactions as the layout before accounts stored them: no account, written straight to the collection. */
  async function legacyUser() {
    const userId = await createGoogleUser();
    const owner = new Types.ObjectId(userId);
    const base = { userId: owner, source: "manual", allocations: [], deleted: false, bankName: null, importKey: null, editedAt: null, pending: false };
    const rows = [
      { ...base, type: "income", amount: 576236, category: "salary", date: "2025-12-31", monthKey: "2025-12", description: "Pay" },
      { ...base, type: "expense", amount: 12345, category: "food", date: "2026-01-02", monthKey: "2026-01", description: "Groceries" },
      { ...base, type: "expense", amount: 9000, category: "__split", date: "2026-01-05", monthKey: "2026-01", description: "Split", allocations: [{ categoryId: "food", amount: 4000 }, { categoryId: "shopping", amount: 5000 }] },
      { ...base, type: "income", amount: 2399, category: "shopping", date: "2026-01-09", monthKey: "2026-01", description: "Refund", allocations: [{ categoryId: "shopping", amount: 2399 }] },
      { ...base, type: "expense", amount: 70000, category: "housing", date: "2026-02-01", monthKey: "2026-02", description: "Deleted rent", deleted: true },
      { ...base, type: "expense", amount: 1599, category: "", date: "2026-02-14", monthKey: "2026-02", description: "Imported", source: "import" },
      { ...base, type: "expense", amount: 2500, category: "transport", date: "2026-02-20", monthKey: "2026-02", description: "Bank", source: "plaid", bankTransactionId: "tx-1", bankAccountId: "acc-1" },
    ];
    await Transaction.collection.insertMany(rows.map((row) => ({ ...row, descriptionLower: row.description.toLowerCase(), createdAt: new Date(), updatedAt: new Date() })));
    await recountLedger(userId);
    return userId;
  }

  test("puts every transaction of a user into their main account without losing a cent, once however often it runs", async () => {
    await Migration.deleteMany({});
    const [first, second] = [await legacyUser(), await legacyUser()];
    const monthsBefore = await Promise.all(["2025-12", "2026-01", "2026-02"].map((month) => getMonthTotals(first, month)));

    expect(await moveTransactionsIntoAccounts()).toBe(2);
    for (const userId of [first, second]) {
      expect(await Transaction.countDocuments({ userId, accountId: null })).toBe(0);
      expect(await Transaction.countDocuments({ userId, accountId: new Types.ObjectId(userId) })).toBe(7);
      const main = await Account.findById(userId).lean();
      expect(main).toMatchObject({ name: MAIN_ACCOUNT_NAME, openingBalance: 0, openingDate: "2025-12-31", closed: false, currency: "USD" });
      // 5,762.36 − 123.45 − 90.00 + 23.99 − 15.99 − 25.00: the deleted rent moves nothing.
      expect((await balances(userId)).byName).toEqual({ [MAIN_ACCOUNT_NAME]: 576236 - 12345 - 9000 + 2399 - 1599 - 2500 });
    }
    expect(await Promise.all(["2025-12", "2026-01", "2026-02"].map((month) => getMonthTotals(first, month)))).toEqual(monthsBefore);

    expect(await moveTransactionsIntoAccounts()).toBe(0);
    expect(await moveUserIntoMainAccount(first)).toBe(0);
    expect(await Account.countDocuments({ userId: first })).toBe(1);
    expect((await balances(first)).byName).toEqual({ [MAIN_ACCOUNT_NAME]: 576236 - 12345 - 9000 + 2399 - 1599 - 2500 });
  });
});
