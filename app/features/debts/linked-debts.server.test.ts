import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Debt, Transaction, User } from "../../../models";
import { storeRateDays } from "~/features/exchange-rates/exchange-rates.server";
import { todayIso } from "~/lib/month";
import type { AccountKind } from "~/features/accounts/accounts";
import { mainAccountId, setAccountClosed } from "~/features/accounts/accounts.server";
import { debtCategoryId, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { getCategories } from "~/features/categories/categories.server";
import { addAccountBesideMain, listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { transferChoice } from "~/features/transactions/transactions";
import { createTransaction, softDeleteTransaction } from "~/features/transactions/transactions.server";
import { toCents } from "~/lib/money";
import { newSubmissionKey } from "~/utils/submission.server";
import { createDebtFor, createPremiumUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { DEBT_MESSAGES, MANUAL_PAYMENT_DESCRIPTION } from "./debts";
import { addDebt, getDebt, getDebtStatistics, listDebtPayments, listDebts, payDebt, updateDebt, type DebtInput } from "./debts.server";
import { getPlanReview, savePlan } from "./plan.server";

useTestDatabase();

/** One of the user's accounts, added as the accounts page adds it (the main account is stored first). */
async function accountFor(userId: string, { name = "Visa", kind = "credit_card" as AccountKind, openingBalance = -120000, currency = "USD" } = {}) {
  const change = await addAccountBesideMain(userId, { name, kind, onBudget: true, openingBalance, openingDate: "2026-01-01", currency }, "2026-01-01");
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

async function balanceOf(userId: string, debtId: string) {
  return (await getDebt(userId, debtId))?.currentBalance;
}

async function accountBalance(userId: string, accountId: string) {
  return (await listAccountsWithBalances(userId, "2026-03-01")).accounts.find((account) => account.id === accountId)?.balance;
}

function pay(userId: string, debtId: string, amount: number, extra: { fromAccountId?: string; date?: string } = {}, submissionKey: string | null = null) {
  return payDebt(userId, debtId, { amount: toCents(amount), date: extra.date ?? "2026-03-10", currency: "USD", fromAccountId: extra.fromAccountId }, submissionKey);
}

/** A $2,000.00 card debt linked to `accountId`, its balance left to the account. */
function linkedDebtFor(userId: string, accountId: string, input: Partial<DebtInput> = {}) {
  return createDebtFor(userId, { totalAmount: toCents(200000), currentBalance: null, accountId, ...input });
}

describe("a debt linked to its account", () => {
  test("owes what the account owes, follows its charges, and counts so in the statistics; an unlinked debt keeps its own figures", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await linkedDebtFor(userId, card.id);
    const unlinked = await createDebtFor(userId, { name: "Student loan" });
    expect(debt).toMatchObject({ currentBalance: 120000, accountId: card.id, accountName: "Visa" });

    await createTransaction(userId, { type: "expense", amount: 4550, category: "food", date: "2026-03-04", description: "Dinner", accountId: card.id });
    expect(await balanceOf(userId, debt.id)).toBe(124550);
    expect(await balanceOf(userId, unlinked.id)).toBe(100000);
    expect(await getDebtStatistics(userId)).toMatchObject({ totalDebt: 224550, count: 2 });
  });

  test("has no spending category: it leaves the dashboard and the transaction form until the debt is unlinked", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await linkedDebtFor(userId, card.id);
    const categoryIds = async () => (await getCategories(userId)).map((category) => category.id);
    expect(await categoryIds()).not.toContain(debtCategoryId(debt.id));

    const unlinked = await updateDebt(userId, debt.id, { ...debt, currentBalance: toCents(50000), accountId: null });
    expect(unlinked).toMatchObject({ ok: true, debt: { currentBalance: 50000, accountId: null, accountName: null } });
    expect(await categoryIds()).toContain(debtCategoryId(debt.id));
  });

  test("linking keeps the payments made in its category before on the books, and unlinking gives back the balance the form says", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await createDebtFor(userId);
    await createTransaction(userId, { type: "expense", amount: 10000, category: debtCategoryId(debt.id), date: "2026-02-03", description: "February payment" });
    const february = await getMonthTotals(userId, "2026-02");

    const linked = await updateDebt(userId, debt.id, { ...debt, currentBalance: null, accountId: card.id });
    expect(linked).toMatchObject({ ok: true, debt: { currentBalance: 120000 } });
    expect(await getMonthTotals(userId, "2026-02")).toEqual(february);

    await updateDebt(userId, debt.id, { ...debt, currentBalance: toCents(85000), accountId: null });
    expect(await balanceOf(userId, debt.id)).toBe(85000);
    expect((await listDebtPayments(userId, debt.id))?.map((payment) => payment.amount)).toEqual([10000]);
  });

  test.each([
    ["another user's card", async () => (await accountFor(await createPremiumUser())).id, DEBT_MESSAGES.accountInvalid],
    ["the user's checking account", async (userId: string) => mainAccountId(userId), DEBT_MESSAGES.accountInvalid],
    ["a savings account", async (userId: string) => (await accountFor(userId, { name: "Savings", kind: "savings", openingBalance: 0 })).id, DEBT_MESSAGES.accountInvalid],
    ["a card in euros (debts are in the reporting currency)", async (userId: string) => (await accountFor(userId, { name: "Carte", currency: "EUR" })).id, DEBT_MESSAGES.accountInvalid],
    [
      "a closed card",
      async (userId: string) => {
        const closed = await accountFor(userId, { name: "Old card", openingBalance: 0 });
        await setAccountClosed(userId, closed.id, true);
        return closed.id;
      },
      DEBT_MESSAGES.accountInvalid,
    ],
    ["a card another debt is linked to", async (userId: string) => (await Debt.findOne({ userId, name: "Visa" }).lean())!.accountId!.toString(), DEBT_MESSAGES.accountTaken("Visa")],
  ])("refuses %s with its message, adding or editing nothing", async (_, accountOf, message) => {
    const userId = await createPremiumUser();
    await linkedDebtFor(userId, (await accountFor(userId)).id, { name: "Visa" });
    const other = await createDebtFor(userId, { name: "Loan" });
    const accountId = await accountOf(userId);
    const input = { ...other, name: "Renamed", accountId, currentBalance: null };
    expect(await addDebt(userId, input)).toEqual({ ok: false, field: "accountId", message });
    expect(await updateDebt(userId, other.id, input)).toEqual({ ok: false, field: "accountId", message });
    expect(await Debt.countDocuments({ userId })).toBe(2);
    expect(await getDebt(userId, other.id)).toEqual(other);
  });
});

describe("paying a linked debt", () => {
  test("'Pay' is a transfer from the main account into the card: the balance falls, the month's income and expenses stay, and the form sent twice pays once", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await linkedDebtFor(userId, card.id);
    const key = newSubmissionKey();
    const first = await pay(userId, debt.id, 30000, {}, key);
    expect(first).toMatchObject({ ok: true, debt: { currentBalance: 90000 } });
    expect(await pay(userId, debt.id, 30000, {}, key)).toEqual(first);

    const sides = await Transaction.find({ userId }).sort({ type: 1 }).lean();
    expect(sides.map(({ type, amount, category, source, description, accountId, transferAccountId }) => ({ type, amount, category, source, description, accountId: String(accountId), transferAccountId: String(transferAccountId) }))).toEqual([
      { type: "expense", amount: 30000, category: TRANSFER_CATEGORY, source: "debt", description: MANUAL_PAYMENT_DESCRIPTION, accountId: mainAccountId(userId), transferAccountId: card.id },
      { type: "income", amount: 30000, category: TRANSFER_CATEGORY, source: "debt", description: MANUAL_PAYMENT_DESCRIPTION, accountId: card.id, transferAccountId: mainAccountId(userId) },
    ]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, expense: 0, categories: {} });
    expect(await accountBalance(userId, card.id)).toBe(-90000);
    expect(await listDebtPayments(userId, debt.id)).toEqual([{ id: String(sides[1]._id), amount: 30000, date: "2026-03-10", description: MANUAL_PAYMENT_DESCRIPTION }]);
  });

  test("more than the account owes is refused with what is left, and nothing is written", async () => {
    const userId = await createPremiumUser();
    const debt = await linkedDebtFor(userId, (await accountFor(userId)).id);
    expect(await pay(userId, debt.id, 120001)).toEqual({ ok: false, reason: "above-balance", message: DEBT_MESSAGES.paymentAboveBalance("$1,200.00") });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("comes from the account chosen; never from the card itself, a closed account or another user's", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const savings = await accountFor(userId, { name: "Savings", kind: "savings", openingBalance: 500000 });
    const closed = await accountFor(userId, { name: "Old checking", kind: "checking", openingBalance: 0 });
    await setAccountClosed(userId, closed.id, true);
    const debt = await linkedDebtFor(userId, card.id);
    const stranger = await accountFor(await createPremiumUser(), { name: "Checking", kind: "checking", openingBalance: 0 });
    const euros = await accountFor(userId, { name: "Girokonto", kind: "checking", openingBalance: 500000, currency: "EUR" });
    for (const fromAccountId of [card.id, closed.id, stranger.id, euros.id]) {
      expect(await pay(userId, debt.id, 1000, { fromAccountId })).toEqual({ ok: false, reason: "pay-from", message: DEBT_MESSAGES.payFromInvalid });
    }
    expect(await Transaction.countDocuments({ userId })).toBe(0);

    await pay(userId, debt.id, 20000, { fromAccountId: savings.id });
    expect(await accountBalance(userId, savings.id)).toBe(480000);
    expect(await balanceOf(userId, debt.id)).toBe(100000);
  });

  test("its history lists every income into the account, newest first: transfers named by the account they came from, refunds as payments", async () => {
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await linkedDebtFor(userId, card.id);
    await pay(userId, debt.id, 10000, { date: "2026-02-10" });
    await createTransaction(userId, { type: "expense", amount: 25000, category: transferChoice("expense", card.id), date: "2026-03-01", description: "Card payment" });
    await createTransaction(userId, { type: "income", amount: 1999, category: "", date: "2026-03-05", description: "Refund", accountId: card.id }, { source: "import" });
    await createTransaction(userId, { type: "expense", amount: 700, category: "food", date: "2026-03-06", description: "Lunch", accountId: card.id });
    expect((await listDebtPayments(userId, debt.id))?.map(({ amount, date, description }) => ({ amount, date, description }))).toEqual([
      { amount: 1999, date: "2026-03-05", description: "Payment via transaction: Refund" },
      { amount: 25000, date: "2026-03-01", description: "Transfer from Main account: Card payment" },
      { amount: 10000, date: "2026-02-10", description: MANUAL_PAYMENT_DESCRIPTION },
    ]);
    expect(await balanceOf(userId, debt.id)).toBe(120000 - 10000 - 25000 - 1999 + 700);
  });

  test("a saved plan counts what came into the account as paid, month by month", async () => {
    const userId = await createPremiumUser();
    const debt = await linkedDebtFor(userId, (await accountFor(userId)).id);
    await savePlan(userId, { extra: toCents(0), strategy: "avalanche", customOrder: [] }, new Date("2026-03-20T12:00:00Z"));
    await pay(userId, debt.id, 15000, { date: "2026-04-03" });
    await pay(userId, debt.id, 5000, { date: "2026-05-03" });
    const review = await getPlanReview(userId, await listDebts(userId), new Date("2026-05-10T12:00:00Z"));
    expect(review?.progress.months.map(({ monthKey, paid }) => ({ monthKey, paid }))).toEqual([
      { monthKey: "2026-04", paid: 15000 },
      { monthKey: "2026-05", paid: 5000 },
    ]);
  });
});

describe("the linked balance and history never disagree with the account", () => {
  type Step = { kind: "pay" | "charge" | "refund" | "delete"; amount: number; pick: number };
  const step = fc.record({ kind: fc.constantFrom<Step["kind"]>("pay", "pay", "charge", "refund", "delete"), amount: fc.integer({ min: 1, max: 50000 }), pick: fc.nat() });

  test("after any sequence of payments, charges, refunds and deletions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const userId = await createPremiumUser();
        const card = await accountFor(userId, { openingBalance: -500000 });
        const debt = await linkedDebtFor(userId, card.id, { totalAmount: toCents(500000) });
        const written: string[] = [];
        for (const { kind, amount, pick } of steps) {
          if (kind === "pay") await pay(userId, debt.id, amount);
          else if (kind === "delete" && written.length > 0) await softDeleteTransaction(userId, written[pick % written.length]);
          else if (kind !== "delete") {
            const type = kind === "charge" ? "expense" : "income";
            written.push((await createTransaction(userId, { type, amount, category: kind === "charge" ? "food" : "", date: "2026-03-02", description: kind, accountId: card.id })).id);
          }
        }
        const live = await Transaction.find({ userId, accountId: card.id, deleted: false }).lean();
        const incomes = live.filter((row) => row.type === "income").reduce((sum, row) => sum + row.amount, 0);
        const expenses = live.filter((row) => row.type === "expense").reduce((sum, row) => sum + row.amount, 0);
        const history = (await listDebtPayments(userId, debt.id)) ?? [];
        expect(history.reduce((sum, payment) => sum + payment.amount, 0)).toBe(incomes);
        expect(await balanceOf(userId, debt.id)).toBe(500000 - incomes + expenses);
        expect(await accountBalance(userId, card.id)).toBe(-(500000 - incomes + expenses));
      }),
      { numRuns: 10 },
    );
  });

  test("a card left in dollars when the reporting currency becomes the euro owes its balance at the latest rate", async () => {
    await storeRateDays([{ day: todayIso(), rates: { USD: "1.0565" } }]);
    const userId = await createPremiumUser();
    const card = await accountFor(userId);
    const debt = await linkedDebtFor(userId, card.id);
    await User.updateOne({ _id: userId }, { $set: { currency: "EUR" } });
    // $1,200.00 at today's 1.0565 dollars per euro: €1,135.83 (1,135.8258…).
    expect(await balanceOf(userId, debt.id)).toBe(113583);
  });
});
