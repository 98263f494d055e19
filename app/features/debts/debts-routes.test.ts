import { describe, expect, test } from "vitest";
import { Debt, DebtPlan, Transaction } from "../../../models";
import { action as overviewAction, loader as overviewLoader } from "~/routes/_app.debt-management._index";
import { loader as layoutLoader } from "~/routes/_app.debt-management";
import { action as calculatorAction, loader as calculatorLoader } from "~/routes/_app.debt-management.calculator";
import { action as newTransactionAction } from "~/routes/_app.transactions_.new";
import { toCents } from "~/lib/money";
import { createDebtFor, createGoogleUser, createPremiumUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest as get, payloadOf, postRequest as post } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { debtCategoryId, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { DEBT_MESSAGES } from "./debts";
import { getDebt } from "./debts.server";

useTestDatabase();

/** A thrown or returned Response's status; a `data()` result's status. */
async function statusOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    return (result as { init?: ResponseInit | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) return (thrown as { init: ResponseInit }).init.status;
    throw thrown;
  }
}

const validDebt = {
  intent: "add",
  name: "Visa",
  type: "credit_card",
  totalAmount: "2500.00",
  currentBalance: "1800.50",
  interestRate: "19.99",
  minimumPayment: "55",
  dueDate: "2026-12-15",
  priority: "high",
  description: "Rewards card",
};

describe("/debt-management", () => {
  test("a free user sees the locked screen; a post goes back to it and writes nothing", async () => {
    const userId = await createGoogleUser();
    const cookie = await cookieFor(userId);
    expect(await layoutLoader({ request: get("/debt-management", cookie), params: {}, context: {} })).toEqual({ locked: true });
    expect(await statusOf(() => overviewAction({ request: post("/debt-management?index", cookie, validDebt), params: {}, context: {} }))).toBe(302);
    expect(await Debt.countDocuments({ userId })).toBe(0);
  });

  test("adds a debt from the form: money in cents, the rate in basis points", async () => {
    const userId = await createPremiumUser();
    const response = (await overviewAction({ request: post("/debt-management?index", await cookieFor(userId), validDebt), params: {}, context: {} })) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe(DEBT_MESSAGES.added);
    expect(await Debt.findOne({ userId }).lean()).toMatchObject({
      name: "Visa",
      type: "credit_card",
      totalAmount: 250000,
      balanceBeforePayments: 180050,
      aprBasisPoints: 1999,
      minimumPayment: 5500,
      dueDate: "2026-12-15",
      priority: "high",
      description: "Rewards card",
    });
  });

  test.each([
    [{ name: "  " }, "name", DEBT_MESSAGES.nameRequired],
    [{ totalAmount: "0" }, "totalAmount", DEBT_MESSAGES.totalPositive],
    [{ currentBalance: "-5" }, "currentBalance", DEBT_MESSAGES.balanceNotNegative],
    [{ currentBalance: "" }, "currentBalance", DEBT_MESSAGES.balanceRequired],
    [{ accountId: "not-an-account" }, "accountId", DEBT_MESSAGES.accountInvalid],
    [{ currentBalance: "2500.01" }, "currentBalance", DEBT_MESSAGES.balanceAboveTotal],
    [{ interestRate: "100.01" }, "interestRate", DEBT_MESSAGES.rateRange],
    [{ interestRate: "abc" }, "interestRate", DEBT_MESSAGES.rateRange],
    [{ minimumPayment: "0" }, "minimumPayment", DEBT_MESSAGES.minimumPositive],
    [{ totalAmount: "12.345" }, "totalAmount", DEBT_MESSAGES.totalPositive],
    [{ type: "yacht" }, "type", DEBT_MESSAGES.typeInvalid],
    [{ dueDate: "2026-02-30" }, "dueDate", DEBT_MESSAGES.dueDateInvalid],
  ])("refuses %o with its message under %s, status 400, nothing written", async (change, field, message) => {
    const userId = await createPremiumUser();
    const result = (await overviewAction({ request: post("/debt-management?index", await cookieFor(userId), { ...validDebt, ...change }), params: {}, context: {} })) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[field]).toEqual([message]);
    expect(await Debt.countDocuments({ userId })).toBe(0);
  });

  test("another user's debt answers 404 to every panel and every form, and stays as it was", async () => {
    const owner = await createPremiumUser();
    const debt = await createDebtFor(owner);
    const cookie = await cookieFor(await createPremiumUser());
    for (const panel of ["edit", "delete", "pay", "history"]) {
      expect(await statusOf(() => overviewLoader({ request: get(`/debt-management?${panel}=${debt.id}`, cookie), params: {}, context: {} }))).toBe(404);
    }
    const attempts: Array<Record<string, string>> = [
      { ...validDebt, intent: "update", debtId: debt.id },
      { intent: "delete", debtId: debt.id },
      { intent: "pay", debtId: debt.id, amount: "10", date: "2026-03-01" },
      { intent: "pay", debtId: debt.id, amount: "", date: "2026-03-01" },
    ];
    for (const fields of attempts) {
      expect(await statusOf(() => overviewAction({ request: post("/debt-management?index", cookie, fields), params: {}, context: {} }))).toBe(404);
    }
    expect(await Debt.findById(debt.id).lean()).toMatchObject({ name: "Visa", balanceBeforePayments: 100000 });
    expect(await Transaction.countDocuments({})).toBe(0);
  });

  test("Pay records the payment, opens the history and refuses more than is owed", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const debt = await createDebtFor(userId, { currentBalance: toCents(30000) });
    const paid = (await overviewAction({ request: post("/debt-management?index", cookie, { intent: "pay", debtId: debt.id, amount: "120.25", date: "2026-03-02" }), params: {}, context: {} })) as Response;
    expect(paid.headers.get("Location")).toBe(`/debt-management?history=${debt.id}#debt-${debt.id}-history`);
    expect((await toastOf(paid))?.message).toBe(DEBT_MESSAGES.paymentAdded);
    expect((await getDebt(userId, debt.id))?.currentBalance).toBe(17975);

    const tooMuch = (await overviewAction({ request: post("/debt-management?index", cookie, { intent: "pay", debtId: debt.id, amount: "179.76", date: "2026-03-02" }), params: {}, context: {} })) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(tooMuch.init.status).toBe(400);
    expect(tooMuch.data.result.error.amount).toEqual(["Payment cannot be more than the current balance of $179.75"]);
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });

  test("an expense in a debt's category from the transaction form says the payment was applied", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId);
    const response = (await newTransactionAction({
      request: post("/transactions/new", await cookieFor(userId), { type: "expense", amount: "75.10", category: debtCategoryId(debt.id), date: "2026-03-02", description: "Card" }),
      params: {},
      context: {},
    })) as Response;
    expect((await toastOf(response))?.message).toBe("Payment of $75.10 applied to debt");
    expect((await getDebt(userId, debt.id))?.currentBalance).toBe(92490);
  });
});

describe("/debt-management with accounts", () => {
  async function cardFor(userId: string, name = "Visa") {
    const change = await addAccountBesideMain(userId, { name, kind: "credit_card", onBudget: true, openingBalance: -150000, openingDate: "2026-01-01" }, "2026-01-01");
    if (!change.ok) throw new Error(change.message);
    return change.account;
  }
  type Refused = { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };

  test("the add form links a debt to the user's card with no current balance; another user's card is a 400 under Account and nothing is written", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const card = await cardFor(userId);
    const strangersCard = await cardFor(await createPremiumUser());
    const linked = { ...validDebt, currentBalance: "", accountId: card.id };

    const refused = (await overviewAction({ request: post("/debt-management?index", cookie, { ...linked, accountId: strangersCard.id }), params: {}, context: {} })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error.accountId).toEqual([DEBT_MESSAGES.accountInvalid]);
    expect(await Debt.countDocuments({ userId })).toBe(0);

    const response = (await overviewAction({ request: post("/debt-management?index", cookie, linked), params: {}, context: {} })) as Response;
    expect((await toastOf(response))?.message).toBe(DEBT_MESSAGES.added);
    const page = payloadOf<{ debts: Array<{ name: string; currentBalance: number; accountName: string | null }>; accounts: Array<{ name: string }> }>(
      await overviewLoader({ request: get("/debt-management", cookie), params: {}, context: {} }),
    );
    expect(page.debts).toMatchObject([{ name: "Visa", currentBalance: 150000, accountName: "Visa" }]);
    expect(page.accounts.map((account) => account.name)).toEqual(["Main account", "Visa"]);
  });

  test("Pay on a linked debt is a transfer from the account chosen; an account it may not come from is a 400 under Pay from", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const card = await cardFor(userId);
    const debt = await createDebtFor(userId, { totalAmount: toCents(200000), currentBalance: null, accountId: card.id });
    const payment = { intent: "pay", debtId: debt.id, amount: "100", date: "2026-03-02" };

    const refused = (await overviewAction({ request: post("/debt-management?index", cookie, { ...payment, fromAccountId: card.id }), params: {}, context: {} })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error.fromAccountId).toEqual([DEBT_MESSAGES.payFromInvalid]);
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    const paid = (await overviewAction({ request: post("/debt-management?index", cookie, { ...payment, fromAccountId: mainAccountId(userId) }), params: {}, context: {} })) as Response;
    expect(paid.headers.get("Location")).toBe(`/debt-management?history=${debt.id}#debt-${debt.id}-history`);
    expect(await Transaction.countDocuments({ userId, category: TRANSFER_CATEGORY })).toBe(2);
    expect((await getDebt(userId, debt.id))?.currentBalance).toBe(140000);
  });

  test("the edit form links and unlinks; a card another debt is linked to is a 400 naming that debt", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const card = await cardFor(userId);
    await createDebtFor(userId, { name: "Visa", currentBalance: null, accountId: card.id });
    const loan = await createDebtFor(userId, { name: "Loan" });
    const edit = { ...validDebt, intent: "update", debtId: loan.id, name: "Loan" };

    const refused = (await overviewAction({ request: post("/debt-management?index", cookie, { ...edit, accountId: card.id }), params: {}, context: {} })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error.accountId).toEqual([DEBT_MESSAGES.accountTaken("Visa")]);
    expect((await getDebt(userId, loan.id))?.accountId).toBeNull();

    const other = await cardFor(userId, "Amex");
    await overviewAction({ request: post("/debt-management?index", cookie, { ...edit, currentBalance: "", accountId: other.id }), params: {}, context: {} });
    expect(await getDebt(userId, loan.id)).toMatchObject({ accountId: other.id, currentBalance: 150000 });
    await overviewAction({ request: post("/debt-management?index", cookie, { ...edit, currentBalance: "900", accountId: "" }), params: {}, context: {} });
    expect(await getDebt(userId, loan.id)).toMatchObject({ accountId: null, currentBalance: 90000 });
  });
});

describe("/debt-management/calculator", () => {
  test("a bad extra payment is a 400 with its message; the plans use the default $500", async () => {
    const userId = await createPremiumUser();
    await createDebtFor(userId);
    const result = (await calculatorLoader({ request: get("/debt-management/calculator?extra=lots&strategy=snowball", await cookieFor(userId)), params: {}, context: {} })) as unknown as {
      data: { error: string; choices: { extra: number; strategy: string } };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toBe(DEBT_MESSAGES.extraInvalid);
    expect(result.data.choices).toMatchObject({ extra: 50000, strategy: "snowball" });
  });

  test("saves the plan with today's balances and the chosen order; a bad extra writes nothing", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const visa = await createDebtFor(userId);
    const loan = await createDebtFor(userId, { name: "Loan" });
    const refused = await statusOf(() => calculatorAction({ request: post("/debt-management/calculator", cookie, { extra: "-1", strategy: "custom" }), params: {}, context: {} }));
    expect(refused).toBe(400);
    expect(await DebtPlan.countDocuments({ userId })).toBe(0);

    const saved = (await calculatorAction({
      request: post("/debt-management/calculator", cookie, { extra: "250", strategy: "custom", order: `${loan.id},${visa.id},not-a-debt` }),
      params: {},
      context: {},
    })) as Response;
    expect((await toastOf(saved))?.message).toBe(DEBT_MESSAGES.planSaved);
    expect(await DebtPlan.findById(userId).lean()).toMatchObject({ strategy: "custom", extra: 25000, customOrder: [loan.id, visa.id] });
  });
});
