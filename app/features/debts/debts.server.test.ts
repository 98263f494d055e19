import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Debt, Transaction, User } from "../../../models";
import { getCategories } from "~/features/categories/categories.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";
import {
  createTransaction,
  resetFinancialData,
  restoreTransaction,
  softDeleteTransaction,
  updateTransaction,
} from "~/features/transactions/transactions.server";
import { toCents } from "~/lib/money";
import { createDebtFor, createGoogleUser, createPremiumUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { debtCategoryId } from "~/features/categories/categories";
import { MANUAL_PAYMENT_DESCRIPTION } from "./debts";
import { deleteDebt, getDebt, getDebtStatistics, listDebtPayments, listDebts, payDebt, updateDebt } from "./debts.server";
import { getPlanReview, savePlan } from "./plan.server";

useTestDatabase();

async function balanceOf(userId: string, debtId: string) {
  return (await getDebt(userId, debtId))?.currentBalance;
}

/** What the month summaries say was paid into the debt's category. */
async function summarisedPayments(userId: string, debtId: string) {
  return (await listMonthSummaries(userId)).reduce((sum, summary) => sum + (summary.categories?.[debtCategoryId(debtId)]?.expense ?? 0), 0);
}

function paymentInput(debtId: string, amount: number, description = "Card payment") {
  return { type: "expense" as const, amount, category: debtCategoryId(debtId), date: "2026-03-10", description };
}

describe("a debt's category", () => {
  test("is 💳 and its name, ordered 1000 + position, and a spending category only while premium", async () => {
    const userId = await createPremiumUser();
    const visa = await createDebtFor(userId, { name: "Visa" });
    const loan = await createDebtFor(userId, { name: "Car loan", type: "car_loan" });
    const debtCategories = (await getCategories(userId)).filter((category) => category.isDebt);
    expect(debtCategories.map(({ id, name, order, type }) => ({ id, name, order, type }))).toEqual([
      { id: debtCategoryId(visa.id), name: "💳 Visa", order: 1000, type: "expense" },
      { id: debtCategoryId(loan.id), name: "💳 Car loan", order: 1001, type: "expense" },
    ]);
    // The defaults were written before the debt's category: a first debt does not replace them.
    expect((await getCategories(userId)).map((category) => category.id)).toContain("food");

    await User.updateOne({ _id: userId }, { $set: { premiumAccess: false } });
    expect((await getCategories(userId)).some((category) => category.isDebt)).toBe(false);
  });

  test("follows a rename and leaves with the debt, while the payments already made stay", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId);
    await payDebt(userId, debt.id, { amount: toCents(2500), date: "2026-03-01", currency: "USD" });
    await updateDebt(userId, debt.id, { ...debt, name: "Visa Gold" });
    expect((await getCategories(userId)).find((category) => category.id === debtCategoryId(debt.id))?.name).toBe("💳 Visa Gold");

    expect(await deleteDebt(userId, debt.id)).toBe(true);
    expect((await getCategories(userId)).some((category) => category.id === debtCategoryId(debt.id))).toBe(false);
    expect(await Transaction.countDocuments({ userId, category: debtCategoryId(debt.id), deleted: false })).toBe(1);
  });
});

describe("payments are transactions", () => {
  test("'Pay' writes an expense in the debt's category through the ledger and lowers the balance", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId, { currentBalance: toCents(80000) });
    const paid = await payDebt(userId, debt.id, { amount: toCents(12550), date: "2026-03-15", currency: "USD" });
    expect(paid).toMatchObject({ ok: true, debt: { currentBalance: 67450 } });
    const stored = await Transaction.findOne({ userId, category: debtCategoryId(debt.id) }).lean();
    expect(stored).toMatchObject({ type: "expense", amount: 12550, date: "2026-03-15", monthKey: "2026-03", description: MANUAL_PAYMENT_DESCRIPTION, source: "debt" });
    expect(await listDebtPayments(userId, debt.id)).toEqual([{ id: String(stored?._id), amount: 12550, date: "2026-03-15", description: MANUAL_PAYMENT_DESCRIPTION }]);
    expect(await summarisedPayments(userId, debt.id)).toBe(12550);
  });

  test("a payment above the balance is refused with what is left, and nothing is written", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId, { currentBalance: toCents(5000) });
    expect(await payDebt(userId, debt.id, { amount: toCents(5001), date: "2026-03-15", currency: "USD" })).toEqual({
      ok: false,
      reason: "above-balance",
      message: "Payment cannot be more than the current balance of $50.00",
    });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await balanceOf(userId, debt.id)).toBe(5000);
  });

  test("another user's debt is not found: not paid, listed, edited or deleted", async () => {
    const owner = await createPremiumUser();
    const stranger = await createPremiumUser();
    const debt = await createDebtFor(owner);
    expect(await payDebt(stranger, debt.id, { amount: toCents(100), date: "2026-03-15", currency: "USD" })).toEqual({ ok: false, reason: "not-found" });
    expect(await listDebtPayments(stranger, debt.id)).toBeNull();
    expect(await getDebt(stranger, debt.id)).toBeNull();
    expect(await updateDebt(stranger, debt.id, { ...debt, name: "Mine" })).toBeNull();
    expect(await deleteDebt(stranger, debt.id)).toBe(false);
    expect(await Debt.findById(debt.id).lean()).toMatchObject({ name: "Visa", balanceBeforePayments: 100000 });
  });

  test("an expense entered as a transaction pays the debt; editing, deleting and restoring it move the balance", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId);
    const transaction = await createTransaction(userId, paymentInput(debt.id, 20000));
    expect(await balanceOf(userId, debt.id)).toBe(80000);
    expect((await listDebtPayments(userId, debt.id))?.[0].description).toBe("Payment via transaction: Card payment");

    await updateTransaction(userId, transaction.id, paymentInput(debt.id, 15000));
    expect(await balanceOf(userId, debt.id)).toBe(85000);
    await updateTransaction(userId, transaction.id, { ...paymentInput(debt.id, 15000), category: "food" });
    expect(await balanceOf(userId, debt.id)).toBe(100000);
    await updateTransaction(userId, transaction.id, paymentInput(debt.id, 15000, ""));
    expect((await listDebtPayments(userId, debt.id))?.[0].description).toBe("Payment via transaction: Manual payment");

    await softDeleteTransaction(userId, transaction.id);
    expect(await balanceOf(userId, debt.id)).toBe(100000);
    expect(await listDebtPayments(userId, debt.id)).toEqual([]);
    await restoreTransaction(userId, transaction.id);
    expect(await balanceOf(userId, debt.id)).toBe(85000);
  });

  test("resetting the financial data gives every payment back to its debt", async () => {
    const userId = await createPremiumUser();
    const visa = await createDebtFor(userId);
    const loan = await createDebtFor(userId, { name: "Loan" });
    await payDebt(userId, visa.id, { amount: toCents(1000), date: "2026-02-01", currency: "USD" });
    await payDebt(userId, visa.id, { amount: toCents(2000), date: "2026-03-01", currency: "USD" });
    await createTransaction(userId, paymentInput(loan.id, 500));
    await resetFinancialData(userId);
    expect(await balanceOf(userId, visa.id)).toBe(100000);
    expect(await balanceOf(userId, loan.id)).toBe(100000);
  });

  test("a debt category takes no income and no offsets", async () => {
    const userId = await createPremiumUser();
    const debt = await createDebtFor(userId);
    const income = await applyLedgerBatch(userId, {
      added: [{ type: "income", amount: 100, category: debtCategoryId(debt.id), date: "2026-03-01", source: "manual" }],
    });
    const offset = await applyLedgerBatch(userId, {
      added: [{ type: "income", amount: 100, category: "salary", date: "2026-03-01", allocations: [{ categoryId: debtCategoryId(debt.id), amount: 100 }], source: "manual" }],
    });
    expect(income.ok || offset.ok).toBe(false);
    expect(await Transaction.countDocuments({ userId })).toBe(0);
    expect(await balanceOf(userId, debt.id)).toBe(100000);
  });
});

describe("the balance, the history and the month summaries never disagree", () => {
  type Step = { kind: "pay" | "add" | "edit" | "delete" | "restore" | "reset"; amount: number; pick: number };
  const step = fc.record({
    kind: fc.constantFrom<Step["kind"]>("pay", "add", "add", "edit", "delete", "restore", "reset"),
    amount: fc.integer({ min: 1, max: 5000 }),
    pick: fc.nat(),
  });

  test("after any sequence of payments, edits, deletions, restorations and resets", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const userId = await createPremiumUser();
        const start = toCents(1_000_000);
        const debt = await createDebtFor(userId, { totalAmount: start, currentBalance: start });
        const written: string[] = [];
        for (const { kind, amount, pick } of steps) {
          const id = written[pick % Math.max(1, written.length)];
          if (kind === "pay") {
            const paid = await payDebt(userId, debt.id, { amount: toCents(amount), date: "2026-03-01", currency: "USD" });
            if (paid.ok) written.push(String((await Transaction.findOne({ userId }).sort({ _id: -1 }).lean())?._id));
          } else if (kind === "add") {
            written.push((await createTransaction(userId, paymentInput(debt.id, amount))).id);
          } else if (kind === "edit" && id) {
            await updateTransaction(userId, id, { ...paymentInput(debt.id, amount), category: pick % 3 === 0 ? "food" : debtCategoryId(debt.id) });
          } else if (kind === "delete" && id) {
            await softDeleteTransaction(userId, id);
          } else if (kind === "restore" && id) {
            await restoreTransaction(userId, id);
          } else if (kind === "reset") {
            await resetFinancialData(userId);
          }
        }
        const history = (await listDebtPayments(userId, debt.id)) ?? [];
        const paidInHistory = history.reduce((sum, payment) => sum + payment.amount, 0);
        expect(await balanceOf(userId, debt.id)).toBe(start - paidInHistory);
        expect(await summarisedPayments(userId, debt.id)).toBe(paidInHistory);
      }),
      { numRuns: 15 },
    );
  });
});

describe("statistics", () => {
  test("total owed, total of the minimums and the rate weighted by balance; an overpaid debt owes nothing and weighs nothing", async () => {
    const userId = await createPremiumUser();
    await createDebtFor(userId, { currentBalance: toCents(50000), aprBasisPoints: 1999, minimumPayment: toCents(2500) });
    const small = await createDebtFor(userId, { totalAmount: toCents(3000), currentBalance: toCents(3000), aprBasisPoints: 500, minimumPayment: toCents(1000) });
    await createTransaction(userId, paymentInput(small.id, 4000));
    expect(await balanceOf(userId, small.id)).toBe(-1000);
    expect(await getDebtStatistics(userId)).toEqual({ totalDebt: 50000, totalMinimumPayments: 3500, averageInterestRate: 19.99, count: 2 });
    expect(await getDebtStatistics(await createGoogleUser())).toEqual({ totalDebt: 0, totalMinimumPayments: 0, averageInterestRate: 0, count: 0 });
  });
});

describe("a saved plan against reality", () => {
  test("each month's planned payment against the payments made, ahead or behind, and the rest from today's balances", async () => {
    const userId = await createPremiumUser();
    // $1,000.00 at 12%, $100.00 minimum, no extra: month 1 (April 2026) plans 100.00 and leaves 910.00.
    const debt = await createDebtFor(userId);
    await savePlan(userId, { extra: toCents(0), strategy: "avalanche", customOrder: [] }, new Date("2026-03-20T12:00:00Z"));
    await createTransaction(userId, { ...paymentInput(debt.id, 15000), date: "2026-04-03" });
    await createTransaction(userId, { ...paymentInput(debt.id, 5000), date: "2026-05-03" });

    const review = await getPlanReview(userId, await listDebts(userId), new Date("2026-06-10T12:00:00Z"));
    expect(review?.startMonth).toBe("2026-04");
    expect(review?.progress.months).toEqual([
      { monthKey: "2026-04", planned: 10000, paid: 15000, aheadBy: 5000, inProgress: false },
      { monthKey: "2026-05", planned: 10000, paid: 5000, aheadBy: 0, inProgress: false },
      // June is under way: nothing paid yet is not yet behind.
      { monthKey: "2026-06", planned: 10000, paid: 0, aheadBy: 0, inProgress: true },
    ]);
    expect(review?.remainingStartMonth).toBe("2026-07");
    // Today's balance is 800.00: the remaining plan starts from it, not from the 1,000.00 the plan was saved with.
    expect(review?.remaining.finished && review.remaining.schedule[0].debts[0]).toEqual({ id: debt.id, interest: 800, payment: 10000, balance: 70800 });
  });

  test("another user has no plan to review", async () => {
    const owner = await createPremiumUser();
    await createDebtFor(owner);
    await savePlan(owner, { extra: toCents(500), strategy: "snowball", customOrder: [] });
    const stranger = await createPremiumUser();
    expect(await getPlanReview(stranger, await listDebts(stranger))).toBeNull();
  });
});
