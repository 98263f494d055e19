import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { describe, expect, test } from "vitest";
import { Transaction, User } from "../../../models";
import { action as editAction, loader as editLoader } from "~/routes/_app.transactions_.$transactionId.edit";
import { action as newAction } from "~/routes/_app.transactions_.new";
import { action as listAction, loader as listLoader } from "~/routes/_app.transactions";
import { TRANSACTION_MESSAGES } from "./transactions";
import { createTransaction } from "./transactions.server";
import { addAccountBesideMain } from "./account-balances.server";
import { createEmailUser } from "~/features/auth/user.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest as get, postRequest as post } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

const coffee = { type: "expense" as const, amount: 450, category: "food", date: "2026-03-04", description: "Coffee" };

async function signedInUser() {
  const userId = await createEmailUser(`routes-${randomBytes(4).toString("hex")}@example.com`, "Str0ng!Passw0rd");
  return { userId, cookie: await cookieFor(userId) };
}

function expectRedirect(result: unknown, location: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe(location);
  return result;
}

type Rejection = { type: string; data: { result: { error: Record<string, string[]> }; redirectTo: string }; init: { status: number } };

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

describe("add transaction action", () => {
  test("bad input is answered with the messages and stores nothing", async () => {
    const { userId, cookie } = await signedInUser();
    const result = (await newAction({
      request: post("/transactions/new", cookie, { type: "expense", amount: "", category: "", date: "", redirectTo: "/dashboard?month=2026-03" }),
      params: {},
      context: {},
    })) as unknown as Rejection;
    expect(result.init.status).toBe(400);
    expect(result.data.result.error).toEqual({
      amount: [TRANSACTION_MESSAGES.invalidAmount],
      category: [TRANSACTION_MESSAGES.categoryRequired],
      date: [TRANSACTION_MESSAGES.invalidDate],
    });
    expect(result.data.redirectTo).toBe("/dashboard?month=2026-03");
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("a valid expense is stored and the form returns where it was opened from", async () => {
    const { userId, cookie } = await signedInUser();
    const fields = { type: "expense", amount: "12.50", category: "food", date: "2026-03-05", description: " Lunch ", redirectTo: "/dashboard?month=2026-03" };
    const response = expectRedirect(await newAction({ request: post("/transactions/new", cookie, fields), params: {}, context: {} }), "/dashboard?month=2026-03");
    expect((await toastOf(response))?.message).toBe("Transaction added successfully");
    expect(await Transaction.findOne({ userId }).lean()).toMatchObject({ amount: 1250, description: "Lunch", category: "food", monthKey: "2026-03" });

    const offsite = await newAction({ request: post("/transactions/new", cookie, { ...fields, redirectTo: "//evil.example" }), params: {}, context: {} });
    expectRedirect(offsite, "/transactions?tab=tracked");
  });

  test("an add reads the user's document twice: once for the form (the session's user, categories and accounts) and once under the ledger's hold", async () => {
    const { userId, cookie } = await signedInUser();
    const fields = { type: "expense", amount: "12.50", category: "food", date: "2026-03-05", description: "Lunch", redirectTo: "/dashboard?month=2026-03" };
    const userReads: string[] = [];
    mongoose.set("debug", (collection: string, method: string) => {
      if (collection === User.collection.collectionName) userReads.push(method);
    });
    try {
      expectRedirect(await newAction({ request: post("/transactions/new", cookie, fields), params: {}, context: {} }), "/dashboard?month=2026-03");
    } finally {
      mongoose.set("debug", false);
    }
    expect(userReads).toEqual(["findOne", "findOne"]);
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });

  test("with several accounts the form offers them: the chosen one holds it, another user's is refused", async () => {
    const { userId, cookie } = await signedInUser();
    const other = await signedInUser();
    const card = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    const theirs = await addAccountBesideMain(other.userId, { name: "Theirs", kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    if (!card.ok || !theirs.ok) throw new Error("the accounts were not added");
    const fields = { type: "expense", amount: "12.50", category: "food", date: "2026-03-05", description: "Lunch", redirectTo: "/transactions" };

    const refused = (await newAction({ request: post("/transactions/new", cookie, { ...fields, accountId: theirs.account.id }), params: {}, context: {} })) as unknown as Rejection;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toEqual({ accountId: [TRANSACTION_MESSAGES.accountRequired] });
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    await newAction({ request: post("/transactions/new", cookie, { ...fields, accountId: card.account.id }), params: {}, context: {} });
    const stored = await Transaction.findOne({ userId }).lean();
    expect(String(stored?.accountId)).toBe(card.account.id);

    const edit = (await editLoader({ request: get(`/transactions/${stored?._id}/edit`, cookie), params: { transactionId: String(stored?._id) }, context: {} })) as {
      accounts: Array<{ id: string; name: string }>;
      defaults: { accountId?: string };
    };
    expect(edit.accounts.map((account) => account.name)).toEqual(["Main account", "Visa"]);
    expect(edit.defaults.accountId).toBe(card.account.id);
  });

  test("a transfer to another account writes both sides; one to the same account, the wrong way, or to another user's account is refused", async () => {
    const { userId, cookie } = await signedInUser();
    const other = await signedInUser();
    const card = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    const theirs = await addAccountBesideMain(other.userId, { name: "Theirs", kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    if (!card.ok || !theirs.ok) throw new Error("the accounts were not added");
    const fields = { type: "expense", amount: "300", date: "2026-03-05", description: "Card payment", accountId: userId, redirectTo: "/transactions" };
    const refusals = [
      { category: `transfer-to:${userId}`, error: TRANSACTION_MESSAGES.transferSameAccount },
      { category: `transfer-from:${card.account.id}`, error: TRANSACTION_MESSAGES.categoryRequired },
      { category: `transfer-to:${theirs.account.id}`, error: TRANSACTION_MESSAGES.accountRequired },
    ];
    for (const { category, error } of refusals) {
      const refused = (await newAction({ request: post("/transactions/new", cookie, { ...fields, category }), params: {}, context: {} })) as unknown as Rejection;
      expect(refused.init.status).toBe(400);
      expect(refused.data.result.error).toEqual({ category: [error] });
    }
    for (const owner of [userId, other.userId]) expect(await Transaction.countDocuments({ userId: owner })).toBe(0);

    expectRedirect(await newAction({ request: post("/transactions/new", cookie, { ...fields, category: `transfer-to:${card.account.id}` }), params: {}, context: {} }), "/transactions?tab=tracked");
    const sides = await Transaction.find({ userId }).sort({ type: 1 }).lean();
    expect(sides.map((side) => [side.type, side.amount, side.category, String(side.accountId), String(side.transferAccountId)])).toEqual([
      ["expense", 30000, "__transfer", userId, card.account.id],
      ["income", 30000, "__transfer", card.account.id, userId],
    ]);
    const edit = (await editLoader({ request: get(`/transactions/${sides[1]._id}/edit`, cookie), params: { transactionId: String(sides[1]._id) }, context: {} })) as {
      defaults: { category: string; type: string; accountId: string };
    };
    expect(edit.defaults).toMatchObject({ type: "income", category: `transfer-from:${userId}`, accountId: card.account.id });
  });

  test("New proposes a likely transfer; linking it answers with a toast, another user's transaction is not found", async () => {
    const { userId, cookie } = await signedInUser();
    const other = await signedInUser();
    const card = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    if (!card.ok) throw new Error(card.message);
    const paid = await createTransaction(userId, { ...coffee, amount: 30000, category: "", description: "VISA PAYMENT" });
    const received = await createTransaction(userId, { ...coffee, type: "income", amount: 30000, category: "", date: "2026-03-06", description: "PAYMENT THANK YOU", accountId: card.account.id });
    const theirs = await createTransaction(other.userId, { ...coffee, type: "income", amount: 30000, category: "", description: "Theirs" });
    const listed = (await listLoader({ request: get("/transactions?tab=new", cookie), params: {}, context: {} })) as { transferProposals: Array<{ out: { id: string }; in: { id: string } }> };
    expect(listed.transferProposals.map((proposal) => [proposal.out.id, proposal.in.id])).toEqual([[paid.id, received.id]]);

    const link = (ids: string[]) => listAction({ request: post("/transactions", cookie, { intent: "link-transfer", ids, redirectTo: "/transactions?tab=new" }), params: {}, context: {} });
    const foreign = (await thrown(link([paid.id, theirs.id]))) as Response;
    expect(foreign.status).toBe(404);
    const response = expectRedirect(await link([paid.id, received.id]), "/transactions?tab=new");
    expect((await toastOf(response))?.message).toBe(TRANSACTION_MESSAGES.transferLinked);
    expect(await Transaction.countDocuments({ userId, category: "__transfer" })).toBe(2);
    expect(await Transaction.countDocuments({ userId: other.userId, category: "__transfer" })).toBe(0);
  });

  test("added from the transactions page, it lands on the tab that lists it", async () => {
    const { cookie } = await signedInUser();
    const fields = { type: "expense", amount: "12.50", date: "2026-03-05", description: "Lunch" };
    const tracked = await newAction({ request: post("/transactions/new", cookie, { ...fields, category: "food", redirectTo: "/transactions?tab=new&cursor=abc&q=lu" }), params: {}, context: {} });
    expectRedirect(tracked, "/transactions?tab=tracked&q=lu");
  });

  test("a cross-site post is refused before anything is written", async () => {
    const { userId, cookie } = await signedInUser();
    const fields = { type: "expense", amount: "1", category: "food", date: "2026-03-05" };
    const error = await thrown(newAction({ request: post("/transactions/new", cookie, fields, { Origin: "https://evil.example" }), params: {}, context: {} }));
    expect((error as Response).status).toBe(403);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });
});

describe("edit transaction", () => {
  test("another user's transaction is a 404 and stays unchanged", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const theirs = await createTransaction(owner.userId, coffee);
    const path = `/transactions/${theirs.id}/edit`;
    const params = { transactionId: theirs.id };

    expect(((await thrown(editLoader({ request: get(path, intruder.cookie), params, context: {} }))) as Response).status).toBe(404);
    const fields = { type: "expense", amount: "99", category: "food", date: "2026-03-05" };
    expect(((await thrown(editAction({ request: post(path, intruder.cookie, fields), params, context: {} }))) as Response).status).toBe(404);
    expect(await Transaction.findById(theirs.id).lean()).toMatchObject({ amount: 450 });
  });

  test("an offset reopens with the switch on; an update is stored", async () => {
    const { userId, cookie } = await signedInUser();
    const offset = await createTransaction(userId, { type: "income", amount: 2000, category: "food", date: "2026-03-07", showExpenseCategories: true });
    const path = `/transactions/${offset.id}/edit?redirectTo=/dashboard`;
    const loaded = await editLoader({ request: get(path, cookie), params: { transactionId: offset.id }, context: {} });
    expect(loaded).toMatchObject({
      defaults: { type: "income", amount: "20.00", category: "food", showExpenseCategories: true, description: "Offset for Food & Dining" },
      redirectTo: "/dashboard",
    });

    const fields = { type: "income", amount: "25", category: "food", date: "2026-03-07", showExpenseCategories: "on", description: "Refund", redirectTo: "/dashboard" };
    const response = expectRedirect(await editAction({ request: post(path, cookie, fields), params: { transactionId: offset.id }, context: {} }), "/dashboard");
    expect((await toastOf(response))?.message).toBe("Transaction updated successfully");
    expect(await Transaction.findById(offset.id).lean()).toMatchObject({ amount: 2500, description: "Refund", allocations: [{ categoryId: "food", amount: 2500 }] });
  });
});

describe("transactions page", () => {
  test("opens on the tab that has rows, each tab with its count", async () => {
    const { userId, cookie } = await signedInUser();
    const open = async () => listLoader({ request: get("/transactions", cookie), params: {}, context: {} });
    expect(await open()).toMatchObject({ tab: "new", counts: { new: 0, tracked: 0, deleted: 0 } });
    await createTransaction(userId, coffee);
    expect(await open()).toMatchObject({ tab: "tracked", counts: { new: 0, tracked: 1, deleted: 0 } });
    await createTransaction(userId, { ...coffee, category: "" });
    expect(await open()).toMatchObject({ tab: "new", counts: { new: 1, tracked: 1, deleted: 0 } });
  });

  test("with several accounts the list filters by account; another user's account filters nothing", async () => {
    const { userId, cookie } = await signedInUser();
    const other = await signedInUser();
    const card = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    const theirs = await addAccountBesideMain(other.userId, { name: "Theirs", kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-05");
    if (!card.ok || !theirs.ok) throw new Error("the accounts were not added");
    await createTransaction(userId, coffee);
    await createTransaction(userId, { ...coffee, description: "Card lunch", accountId: card.account.id });
    type Listed = { accounts: Array<{ name: string }>; filters: { account: string }; items: Array<{ description: string }> };
    const open = async (query: string) => (await listLoader({ request: get(`/transactions?tab=tracked&${query}`, cookie), params: {}, context: {} })) as unknown as Listed;

    const all = await open("");
    expect(all.accounts.map((account) => account.name)).toEqual(["Main account", "Visa"]);
    expect(all.items.map((item) => item.description).sort()).toEqual(["Card lunch", "Coffee"]);
    expect((await open(`account=${card.account.id}`)).items.map((item) => item.description)).toEqual(["Card lunch"]);
    expect((await open(`account=${userId}`)).items.map((item) => item.description)).toEqual(["Coffee"]);
    const foreign = await open(`account=${theirs.account.id}`);
    expect(foreign.filters.account).toBe("");
    expect(foreign.items).toHaveLength(2);
  });

  test("delete, restore, bulk delete and reset answer with their messages", async () => {
    const { userId, cookie } = await signedInUser();
    const other = await signedInUser();
    const mine = await createTransaction(userId, coffee);
    const second = await createTransaction(userId, { ...coffee, description: "Bagel" });
    const theirs = await createTransaction(other.userId, coffee);

    const page = await listLoader({ request: get("/transactions?tab=new", cookie), params: {}, context: {} });
    expect(page).toMatchObject({ tab: "new", items: [], premium: false, currency: "USD", confirmReset: false });
    const tracked = await listLoader({ request: get("/transactions?tab=tracked&confirm=reset", cookie), params: {}, context: {} });
    expect(tracked.items.map((item) => item.id)).toEqual([second.id, mine.id]);
    expect(tracked.confirmReset).toBe(true);

    const act = async (fields: Record<string, string | string[]>) => {
      const response = expectRedirect(
        await listAction({ request: post("/transactions", cookie, { redirectTo: "/transactions?tab=tracked", ...fields }), params: {}, context: {} }),
        "/transactions?tab=tracked",
      );
      return (await toastOf(response))?.message;
    };
    expect(await act({ intent: "delete", id: mine.id })).toBe("Transaction deleted successfully");
    expect(await act({ intent: "restore", id: mine.id })).toBe("Transaction restored successfully");
    expect(await act({ intent: "restore", id: theirs.id })).toBe("Failed to restore transaction");
    expect(await act({ intent: "bulk-delete" })).toBe("Select at least one transaction to delete");
    expect(await act({ intent: "bulk-delete", ids: Array.from({ length: 501 }, () => mine.id) })).toBe("Select at most 500 transactions at once");
    expect(await act({ intent: "bulk-delete", ids: [mine.id, theirs.id] })).toBe(`Transaction ${theirs.id} belongs to different user`);
    expect(await Transaction.findById(theirs.id).lean()).toMatchObject({ deleted: false });
    expect(await Transaction.findById(mine.id).lean()).toMatchObject({ deleted: true });
    expect(await act({ intent: "reset" })).toBe("Data reset successfully");
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(0);
    expect(await Transaction.countDocuments({ userId: other.userId, deleted: false })).toBe(1);
  });
});
