import { describe, expect, test } from "vitest";
import { Account } from "../../../models";
import { action as accountAction, loader as accountLoader } from "~/routes/_app.accounts_.$accountId";
import { action as accountsAction, loader as accountsLoader } from "~/routes/_app.accounts";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { toCents } from "~/lib/money";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest as get, outcome, payloadOf, postRequest as post, statusOf } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { SUBMISSION_KEY_FIELD } from "~/utils/submission";
import { newSubmissionKey } from "~/utils/submission.server";
import { ACCOUNTS_INTENTS, ACCOUNTS_MESSAGES, MAIN_ACCOUNT_NAME } from "./accounts";
import { getAccount } from "./accounts.server";

useTestDatabase();

const visa = { intent: ACCOUNTS_INTENTS.add, name: "Visa", kind: "credit_card", openingBalance: "-200.00", openingDate: "2026-10-01" };

type Refusal = { result: { error: Record<string, string[]> } };

async function signedIn() {
  const userId = await createGoogleUser();
  return { userId, cookie: await cookieFor(userId) };
}

function callAccounts(cookie: string, fields: Record<string, string>) {
  return outcome(() => accountsAction({ request: post("/accounts", cookie, fields), params: {}, context: {} }));
}

function callAccount(cookie: string, accountId: string, fields: Record<string, string>) {
  return outcome(() => accountAction({ request: post(`/accounts/${accountId}`, cookie, fields), params: { accountId }, context: {} }));
}

function openAccount(cookie: string, accountId: string, query = "") {
  return outcome(() => accountLoader({ request: get(`/accounts/${accountId}${query}`, cookie), params: { accountId }, context: {} }));
}

async function storedCard(userId: string) {
  const change = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: toCents(-20000), openingDate: "2026-10-01" }, "2026-11-27");
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

describe("/accounts", () => {
  test("a new user's page lists their main account at zero", async () => {
    const { cookie } = await signedIn();
    const page = await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    expect(page.open.map((account) => [account.name, account.balance])).toEqual([[MAIN_ACCOUNT_NAME, 0]]);
    expect(page.closed).toEqual([]);
    expect(page.overview).toEqual({ assets: 0, liabilities: 0, net: 0, unconverted: [] });
  });

  test("adds an account: its opening balance signed, untracked by the budget when the box is not ticked", async () => {
    const { userId, cookie } = await signedIn();
    const response = (await callAccounts(cookie, visa)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/accounts");
    expect((await toastOf(response))?.message).toBe(ACCOUNTS_MESSAGES.added);
    expect(await Account.findOne({ userId, name: "Visa" }).lean()).toMatchObject({
      kind: "credit_card",
      onBudget: false,
      openingBalance: -20000,
      openingDate: "2026-10-01",
      closed: false,
    });

    await callAccounts(cookie, { ...visa, name: "Wallet", kind: "cash", onBudget: "on", openingBalance: "" });
    expect(await Account.findOne({ userId, name: "Wallet" }).lean()).toMatchObject({ onBudget: true, openingBalance: 0 });
    const page = await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    expect(page.overview).toEqual({ assets: 0, liabilities: 20000, net: -20000, unconverted: [] });
  });

  test.each([
    [{ name: "" }, "name", ACCOUNTS_MESSAGES.nameRequired],
    [{ name: "   " }, "name", ACCOUNTS_MESSAGES.nameRequired],
    [{ name: "x".repeat(61) }, "name", ACCOUNTS_MESSAGES.nameTooLong],
    [{ kind: "yacht" }, "kind", ACCOUNTS_MESSAGES.kindInvalid],
    [{ openingBalance: "12.345" }, "openingBalance", ACCOUNTS_MESSAGES.balanceInvalid],
    [{ openingBalance: "abc" }, "openingBalance", ACCOUNTS_MESSAGES.balanceInvalid],
    [{ openingDate: "2026-02-30" }, "openingDate", ACCOUNTS_MESSAGES.dateInvalid],
    [{ openingDate: "" }, "openingDate", ACCOUNTS_MESSAGES.dateInvalid],
  ])("refuses %o with its message under %s, status 400, nothing stored", async (change, field, message) => {
    const { userId, cookie } = await signedIn();
    const refused = await callAccounts(cookie, { ...visa, ...change });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<Refusal>(refused).result.error[field]).toEqual([message]);
    expect(await Account.countDocuments({ userId })).toBe(0);
  });

  test("a name the user already has (in any case) is refused beside the name", async () => {
    const { userId, cookie } = await signedIn();
    await callAccounts(cookie, visa);
    const refused = await callAccounts(cookie, { ...visa, name: "main ACCOUNT" });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<Refusal>(refused).result.error).toEqual({ name: [ACCOUNTS_MESSAGES.nameTaken] });
    expect(await Account.countDocuments({ userId })).toBe(2);
  });

  test("the same form sent twice adds one account, and both answers are its success", async () => {
    const { userId, cookie } = await signedIn();
    const fields = { ...visa, [SUBMISSION_KEY_FIELD]: newSubmissionKey() };
    for (const answer of [await callAccounts(cookie, fields), await callAccounts(cookie, fields)]) {
      expect((await toastOf(answer as Response))?.message).toBe(ACCOUNTS_MESSAGES.added);
    }
    expect(await Account.countDocuments({ userId, name: "Visa" })).toBe(1);
  });

  test("a form the page does not know is answered 400", async () => {
    const { cookie } = await signedIn();
    expect(statusOf(await callAccounts(cookie, { intent: "launch" }))).toBe(400);
  });
});

describe("/accounts/:accountId", () => {
  test("the register lists the account's transactions newest first, each with its category's name and the balance after it", async () => {
    const { userId, cookie } = await signedIn();
    await createTransactionFor(userId, { type: "income", amount: toCents(100000), category: "salary", date: "2026-10-01", description: "Pay" });
    await createTransactionFor(userId, { type: "expense", amount: toCents(4550), category: "food", date: "2026-10-02", description: "Groceries" });
    // The list stores the main account on a user's first visit; its link leads here.
    await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    const page = payloadOf<Awaited<ReturnType<typeof accountLoader>>>(await openAccount(cookie, userId));
    expect(page.account).toMatchObject({ name: MAIN_ACCOUNT_NAME, balance: 95450, count: 2 });
    expect(page.rows.map(({ description, categoryName, type, amount, balance }) => ({ description, categoryName, type, amount, balance }))).toEqual([
      { description: "Groceries", categoryName: "Food & Dining", type: "expense", amount: 4550, balance: 95450 },
      { description: "Pay", categoryName: "Paycheck 1", type: "income", amount: 100000, balance: 100000 },
    ]);
    expect(page.olderHref).toBeNull();
    expect(page.newestHref).toBeNull();
  });

  test("older rows are a link away (?cursor=), their balances following on from the newer page's", async () => {
    const { userId, cookie } = await signedIn();
    const days = Array.from({ length: 52 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));
    const added = days.map((date) => ({ type: "income" as const, amount: 100, category: "salary", date, description: `Day ${date}`, source: "manual" as const }));
    expect((await applyLedgerBatch(userId, { added })).ok).toBe(true);
    await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    const newest = payloadOf<Awaited<ReturnType<typeof accountLoader>>>(await openAccount(cookie, userId));
    expect(newest.rows).toHaveLength(50);
    expect(newest.rows[0]).toMatchObject({ date: "2026-02-21", balance: 5200 });
    expect(newest.olderHref).toMatch(new RegExp(`^/accounts/${userId}\\?cursor=`));
    const older = payloadOf<Awaited<ReturnType<typeof accountLoader>>>(await openAccount(cookie, userId, newest.olderHref!.slice(`/accounts/${userId}`.length)));
    expect(older.rows.map(({ date, balance }) => [date, balance])).toEqual([
      ["2026-01-02", 200],
      ["2026-01-01", 100],
    ]);
    expect(older.olderHref).toBeNull();
    expect(older.newestHref).toBe(`/accounts/${userId}`);
  });

  test("an account without transactions has an empty register", async () => {
    const { userId, cookie } = await signedIn();
    const card = await storedCard(userId);
    const page = payloadOf<Awaited<ReturnType<typeof accountLoader>>>(await openAccount(cookie, card.id));
    expect(page.account).toMatchObject({ name: "Visa", balance: -20000 });
    expect(page.rows).toEqual([]);
  });

  test("another user's account, or no account at all, answers 404 to the page and to every form, and stays as it was", async () => {
    const owner = await signedIn();
    const card = await storedCard(owner.userId);
    const { cookie } = await signedIn();
    for (const accountId of [card.id, "not-an-id", "0123456789abcdef01234567"]) {
      expect(statusOf(await openAccount(cookie, accountId))).toBe(404);
      for (const fields of [
        { ...visa, intent: ACCOUNTS_INTENTS.update, name: "Mine now" },
        { ...visa, intent: ACCOUNTS_INTENTS.update, name: "" },
        { intent: ACCOUNTS_INTENTS.close },
        { intent: ACCOUNTS_INTENTS.reopen },
      ]) {
        expect(statusOf(await callAccount(cookie, accountId, fields))).toBe(404);
      }
    }
    expect(await getAccount(owner.userId, card.id)).toMatchObject({ name: "Visa", closed: false });
  });

  test("saves the account's fields; another account's name is refused beside the name", async () => {
    const { userId, cookie } = await signedIn();
    const card = await storedCard(userId);
    const saved = (await callAccount(cookie, card.id, { ...visa, intent: ACCOUNTS_INTENTS.update, name: "Visa Gold", onBudget: "on", openingBalance: "-350.10" })) as Response;
    expect(saved.headers.get("Location")).toBe(`/accounts/${card.id}`);
    expect((await toastOf(saved))?.message).toBe(ACCOUNTS_MESSAGES.updated);
    expect(await getAccount(userId, card.id)).toMatchObject({ name: "Visa Gold", onBudget: true, openingBalance: -35010 });

    const refused = await callAccount(cookie, card.id, { ...visa, intent: ACCOUNTS_INTENTS.update, name: MAIN_ACCOUNT_NAME });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<Refusal>(refused).result.error).toEqual({ name: [ACCOUNTS_MESSAGES.nameTaken] });
    expect(await getAccount(userId, card.id)).toMatchObject({ name: "Visa Gold" });
  });

  test("closing is refused while money is left in the account; at zero it closes, and it reopens", async () => {
    const { userId, cookie } = await signedIn();
    const card = await storedCard(userId);
    const refused = await callAccount(cookie, card.id, { intent: ACCOUNTS_INTENTS.close });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<{ message: string }>(refused).message).toBe(ACCOUNTS_MESSAGES.closeNotZero);
    expect(await getAccount(userId, card.id)).toMatchObject({ closed: false });

    await callAccount(cookie, card.id, { ...visa, intent: ACCOUNTS_INTENTS.update, openingBalance: "0" });
    const closed = (await callAccount(cookie, card.id, { intent: ACCOUNTS_INTENTS.close })) as Response;
    expect(closed.headers.get("Location")).toBe("/accounts");
    expect((await toastOf(closed))?.message).toBe(ACCOUNTS_MESSAGES.closed);
    const page = await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    expect(page.closed.map((account) => account.name)).toEqual(["Visa"]);

    const reopened = (await callAccount(cookie, card.id, { intent: ACCOUNTS_INTENTS.reopen })) as Response;
    expect(reopened.headers.get("Location")).toBe("/accounts");
    expect((await toastOf(reopened))?.message).toBe(ACCOUNTS_MESSAGES.reopened);
    expect(await getAccount(userId, card.id)).toMatchObject({ closed: false });
  });

  test("the last open account may not be closed", async () => {
    const { userId, cookie } = await signedIn();
    await accountsLoader({ request: get("/accounts", cookie), params: {}, context: {} });
    const refused = await callAccount(cookie, userId, { intent: ACCOUNTS_INTENTS.close });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<{ message: string }>(refused).message).toBe(ACCOUNTS_MESSAGES.closeLastOpen);
  });
});
