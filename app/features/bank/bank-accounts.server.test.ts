import mongoose from "mongoose";
import { beforeEach, describe, expect, test } from "vitest";
import { Account, BankConnection, Transaction } from "../../../models";
import { listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { recountLedger } from "~/features/transactions/ledger-journal.server";
import { addAccount } from "~/features/accounts/accounts.server";
import { addRule } from "~/features/rules/rules.server";
import { todayIso } from "~/lib/month";
import { createPremiumUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { linkStandInBank, usePlaidStandIn } from "../../../tests/setup/plaid-link";
import { disconnectBank, listConnections, syncConnection } from "./bank.server";

const standIn = usePlaidStandIn();
useTestDatabase();
beforeEach(() => control("reset"));

async function control(name: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${standIn.url}/__control/${name}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return response.json();
}

async function accountsOf(userId: string) {
  return (await listAccountsWithBalances(userId, todayIso())).accounts;
}

/** The user's bank transactions by the mask of the bank account they came from. */
async function bankRowsByMask(userId: string) {
  const connection = await BankConnection.findOne({ userId }).lean();
  const maskOf = new Map(connection!.accounts.map((account) => [account.id, account.mask]));
  const rows = await Transaction.find({ userId, source: "plaid" }).lean();
  return rows.map((row) => ({ mask: maskOf.get(row.bankAccountId!), accountId: String(row.accountId) }));
}

describe("each linked Plaid account is an account", () => {
  test("linking makes one account per Plaid account, of its kind, named after the bank and the mask, with the bank's balance", async () => {
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    const accounts = await accountsOf(userId);
    const bank = connection.institutionName;
    expect(accounts.map(({ name, kind, balance, closed }) => ({ name, kind, balance, closed }))).toEqual([
      { name: "Main account", kind: "checking", balance: 0, closed: false },
      { name: `${bank} Plaid Checking ••0000`, kind: "checking", balance: 11000, closed: false },
      { name: `${bank} Plaid Saving ••1111`, kind: "savings", balance: 21000, closed: false },
      { name: `${bank} Plaid Credit Card ••3333`, kind: "credit_card", balance: -41000, closed: false },
    ]);
  });

  test("synced transactions land in the account of their Plaid account", async () => {
    const userId = await createPremiumUser();
    await linkStandInBank(userId, standIn.url);
    const accountIdByName = new Map((await accountsOf(userId)).map((account) => [account.name.slice(-4), account.id]));
    const rows = await bankRowsByMask(userId);
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row.accountId).toBe(accountIdByName.get(row.mask!));
    expect(rows.filter((row) => row.mask === "3333")).toHaveLength(8);
  });

  test("a second sync and new bank activity add no account twice and keep every balance the bank's", async () => {
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    const before = await accountsOf(userId);
    expect(await syncConnection(userId, connection.id)).toMatchObject({ ok: true, imported: 0 });
    await control("advance", { client_user_id: userId, webhook: false });
    expect(await syncConnection(userId, connection.id)).toMatchObject({ ok: true, imported: 2 });
    const after = await accountsOf(userId);
    expect(after.map(({ id, name, balance }) => ({ id, name, balance }))).toEqual(before.map(({ id, name, balance }) => ({ id, name, balance })));
    expect(after.find((account) => account.kind === "credit_card")!.count).toBe(10);
    expect(await Account.countDocuments({ userId })).toBe(4);
  });

  test("the user's rules fill in the bank's new transactions: a category and a clean name; a second sync keeps what the user changed", async () => {
    const userId = await createPremiumUser();
    await addRule(userId, { name: "Coffee", match: "all", conditions: [{ field: "description", operator: "equals", text: "starbucks" }], actions: [{ kind: "set-category", categoryId: "food" }, { kind: "rename", description: "Starbucks coffee" }] });
    await addRule(userId, { name: "Pay", match: "all", conditions: [{ field: "description", operator: "starts-with", text: "payroll" }, { field: "type", type: "income" }], actions: [{ kind: "set-category", categoryId: "salary" }] });
    await linkStandInBank(userId, standIn.url);
    const coffee = await Transaction.findOne({ userId, source: "plaid", amount: 495 }).lean();
    expect(coffee).toMatchObject({ description: "Starbucks coffee", category: "food", type: "expense" });
    expect(await Transaction.findOne({ userId, source: "plaid", description: "Payroll ACME Corp" }).lean()).toMatchObject({ category: "salary", type: "income" });
    expect(await Transaction.countDocuments({ userId, source: "plaid", category: "" })).toBeGreaterThan(0);

    await Transaction.updateOne({ _id: coffee!._id }, { $set: { category: "housing" } });
    const [connection] = await listConnections(userId);
    await control("advance", { client_user_id: userId });
    expect(await syncConnection(userId, connection.id)).toMatchObject({ ok: true });
    expect(await Transaction.findById(coffee!._id).lean()).toMatchObject({ description: "Starbucks coffee", category: "housing" });
  });

  test("a name the user already has gets a number", async () => {
    const userId = await createPremiumUser();
    const { institutionName } = await linkStandInBank(await createPremiumUser(), standIn.url);
    await addAccount(userId, { name: `${institutionName} Plaid Saving ••1111`, kind: "savings", onBudget: true, openingBalance: 500, openingDate: "2026-01-01" });
    await linkStandInBank(userId, standIn.url);
    const names = (await accountsOf(userId)).map((account) => account.name);
    expect(names).toContain(`${institutionName} Plaid Saving ••1111`);
    expect(names).toContain(`${institutionName} Plaid Saving ••1111 (2)`);
  });

  test("another user's accounts and transactions are untouched", async () => {
    const other = await createPremiumUser();
    await linkStandInBank(other, standIn.url);
    const othersBefore = await accountsOf(other);
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    await syncConnection(userId, connection.id);
    expect(await accountsOf(other)).toEqual(othersBefore);
    const ownIds = new Set((await accountsOf(userId)).map((account) => account.id));
    for (const row of await bankRowsByMask(other)) expect(ownIds.has(row.accountId)).toBe(false);
  });

  test("transactions a bank synced into the main account (before bank accounts were accounts) move into their accounts", async () => {
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    // The state before this change: the bank's rows in the main account, no account made for the bank's accounts.
    await Transaction.updateMany({ userId, source: "plaid" }, { $set: { accountId: userId } });
    await Account.deleteMany({ userId, _id: mongoose.trusted({ $ne: userId }) });
    const stored = await BankConnection.findOne({ userId }).lean();
    await BankConnection.updateOne({ userId }, { $set: { accounts: stored!.accounts.map((account) => ({ ...account, accountId: null })) } });
    await recountLedger(userId);
    expect((await accountsOf(userId)).map((account) => account.balance)).toEqual([250_000 - 11_230 - 30_000 + 125 - 8_642 - 495 - 540 - 1_875 - 6_480 - 1_549 + 2_399 - 2_137]);

    await syncConnection(userId, connection.id);
    const accounts = await accountsOf(userId);
    expect(accounts.map((account) => account.balance)).toEqual([0, 11000, 21000, -41000]);
    expect((await bankRowsByMask(userId)).every((row) => row.accountId !== userId)).toBe(true);
  });

  test("disconnecting keeps the bank's accounts open, with their transactions and last balances", async () => {
    const userId = await createPremiumUser();
    const connection = await linkStandInBank(userId, standIn.url);
    const before = await accountsOf(userId);
    expect(await disconnectBank(userId, connection.id)).toEqual({ ok: true });
    expect(await accountsOf(userId)).toEqual(before);
    expect(await Transaction.countDocuments({ userId, source: "plaid", accountId: mongoose.trusted({ $ne: userId }) })).toBe(12);
  });
});
