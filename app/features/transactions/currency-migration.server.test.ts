import { Types } from "mongoose";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Account, Budget, categoryBudgetsId, Debt, DebtPlan, FinancialAssets, ImportBatch, InsightResult, insightResultId, Migration, monthBudgetId, MonthSummary, NetWorthSnapshot, netWorthSnapshotId, Reconciliation, SavingsGoal, Transaction, User } from "../../../models";
import { setOpeningBalance } from "~/features/accounts/accounts.server";
import { MAIN_ACCOUNT_NAME } from "~/features/accounts/accounts";
import { setCategoryBudget } from "~/features/budgets/budgets.server";
import { saveAssets } from "~/features/net-worth/net-worth.server";
import { toCents } from "~/lib/money";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { getMonthTotals } from "./month-summary.server";
import { keepLegacyAmountsMeaning, keepUserAmountsMeaning, legacyToMinorUnits, rescaleWithParts } from "./currency-migration.server";
import { createAccountFor, createBudget, createDebtFor, createGoogleUser, createSavingsGoalFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const MONTH = "2026-03";
// ¥1,234.56 of pay, ¥1,234.56 of shopping split three ways, and a ¥0.30 coffee, in the hundredths of the layout before.
const pay: LedgerEntry = { type: "income", amount: 123456, category: "salary", date: "2026-03-01", description: "Pay", source: "manual" };
const split: LedgerEntry = {
  type: "expense",
  amount: 123456,
  category: "__split",
  date: "2026-03-02",
  description: "Department store",
  source: "manual",
  allocations: [
    { categoryId: "food", amount: 50049 },
    { categoryId: "housing", amount: 50049 },
    { categoryId: "utilities", amount: 23358 },
  ],
};
const coffee: LedgerEntry = { type: "expense", amount: 30, category: "food", date: "2026-03-03", description: "Coffee", source: "manual" };

/**
 * A user of the layout before currencies: everything stored while amounts were hundredths of the display
 * currency, then the display currency set to `currency` (it changed nothing stored then).
 */
async function legacyUser(currency: string) {
  const userId = await createGoogleUser();
  const card = await createAccountFor(userId, { name: "Visa", kind: "credit_card", openingBalance: -20050 });
  const written = await applyLedgerBatch(userId, { added: [pay, split, coffee] });
  if (!written.ok) throw new Error(`the legacy transactions were refused: ${JSON.stringify(written.issues)}`);
  expect(await setOpeningBalance(userId, userId, toCents(250050))).toBe(true);
  await createBudget(userId, MONTH, toCents(300000));
  await setCategoryBudget(userId, MONTH, "food", toCents(12345));
  const debt = await createDebtFor(userId, { totalAmount: toCents(100000), currentBalance: toCents(100000), minimumPayment: toCents(10049), aprBasisPoints: 1999 });
  const goal = await createSavingsGoalFor(userId, { target: toCents(100050) });
  await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(55555) }]);
  await DebtPlan.create({ _id: userId, userId, strategy: "avalanche", extra: 5050, startMonth: "2026-04", debts: [{ id: debt.id, name: "Visa", balance: 100000, aprBasisPoints: 1999, minimum: 10049 }] });
  await NetWorthSnapshot.create({ _id: netWorthSnapshotId(userId, "2026-02"), userId, monthKey: "2026-02", totalAssets: 10050, totalDebts: 20149, netWorth: -10099 });
  await Reconciliation.create({ userId, accountId: card.id, statementDate: "2026-02-28", statementBalance: 100050, clearedBalance: 50049, difference: 50001, adjustment: 50001, status: "matched" });
  await ImportBatch.create({ userId, fileName: "bank.csv", format: "csv", status: "undone", moneyIn: 123456, moneyOut: 4550, kept: [{ date: "2026-03-04", description: "Kept", amount: 4550, type: "expense" }] });
  const strategy = { title: "Avalanche", description: "", strategy: "", potentialSavings: 12345, difficulty: "medium", citations: [] };
  await InsightResult.create({ _id: insightResultId(userId, "debts", MONTH), userId, kind: "debts", month: MONTH, source: "rules", items: [strategy, { ...strategy, potentialSavings: null }], generatedAt: new Date() });
  const insight = { title: "Eat in", description: "", recommendation: "", potentialSavings: 5050, confidence: 0.7, difficulty: "easy", citations: [] };
  await InsightResult.create({ _id: insightResultId(userId, "spending", MONTH), userId, kind: "spending", month: MONTH, source: "rules", items: { insights: [insight], patterns: [] }, generatedAt: new Date() });
  await User.updateOne({ _id: userId }, { $set: { currency, monthlyIncome: 500000, "savings.initialSavings": 7550, "categories.food.budget": 12345 } });
  return { userId, cardId: card.id, debtId: debt.id, goalId: goal.id };
}

/** Every stored document of the user that holds amounts, as stored. */
async function everything(userId: string) {
  const owner = new Types.ObjectId(userId);
  const byUser = { userId: owner };
  return {
    user: await User.collection.findOne({ _id: owner }),
    accounts: await Account.collection.find(byUser).sort({ _id: 1 }).toArray(),
    transactions: await Transaction.collection.find(byUser).sort({ _id: 1 }).toArray(),
    summaries: await MonthSummary.collection.find(byUser).sort({ _id: 1 }).toArray(),
    budgets: await Budget.collection.find(byUser).sort({ _id: 1 }).toArray(),
    debts: await Debt.collection.find(byUser).sort({ _id: 1 }).toArray(),
    plans: await DebtPlan.collection.find(byUser).sort({ _id: 1 }).toArray(),
    goals: await SavingsGoal.collection.find(byUser).sort({ _id: 1 }).toArray(),
    assets: await FinancialAssets.collection.find(byUser).sort({ _id: 1 }).toArray(),
    snapshots: await NetWorthSnapshot.collection.find(byUser).sort({ _id: 1 }).toArray(),
    reconciliations: await Reconciliation.collection.find(byUser).sort({ _id: 1 }).toArray(),
    imports: await ImportBatch.collection.find(byUser).sort({ _id: 1 }).toArray(),
    insights: await InsightResult.collection.find(byUser).sort({ _id: 1 }).toArray(),
  };
}

async function amountsOf(userId: string) {
  const transactions = await Transaction.find({ userId }).sort({ date: 1 }).lean();
  const accounts = await Account.find({ userId }).lean();
  const user = await User.findById(userId).lean();
  return {
    transactions: transactions.map(({ amount, allocations }) => ({ amount, parts: allocations.map((part) => part.amount) })),
    accounts: Object.fromEntries(accounts.map((account) => [account.name, { currency: account.currency, openingBalance: account.openingBalance }])),
    monthBudget: (await Budget.findById(monthBudgetId(userId, MONTH)).lean())?.amount,
    foodBudget: (await Budget.findById(categoryBudgetsId(userId, MONTH)).lean())?.categories?.food?.amount,
    debt: await Debt.findOne({ userId }).select({ _id: 0, totalAmount: 1, balanceBeforePayments: 1, minimumPayment: 1, aprBasisPoints: 1 }).lean(),
    plan: await DebtPlan.findById(userId).select({ _id: 0, extra: 1, "debts.balance": 1, "debts.minimum": 1, "debts.aprBasisPoints": 1 }).lean(),
    goal: await SavingsGoal.findOne({ userId }).select({ _id: 0, target: 1, current: 1 }).lean(),
    cash: (await FinancialAssets.findById(userId).lean())?.entries.find((entry) => entry.key === "cash")?.amount,
    snapshot: await NetWorthSnapshot.findOne({ userId }).select({ _id: 0, totalAssets: 1, totalDebts: 1, netWorth: 1 }).lean(),
    reconciliation: await Reconciliation.findOne({ userId }).select({ _id: 0, statementBalance: 1, clearedBalance: 1, difference: 1, adjustment: 1 }).lean(),
    importBatch: await ImportBatch.findOne({ userId }).select({ _id: 0, moneyIn: 1, moneyOut: 1, "kept.amount": 1 }).lean(),
    debtSavings: ((await InsightResult.findById(insightResultId(userId, "debts", MONTH)).lean())?.items as Array<{ potentialSavings: number | null }>).map((item) => item.potentialSavings),
    spendingSavings: ((await InsightResult.findById(insightResultId(userId, "spending", MONTH)).lean())?.items as { insights: Array<{ potentialSavings: number | null }> }).insights.map((item) => item.potentialSavings),
    user: { monthlyIncome: user?.monthlyIncome, initialSavings: user?.savings?.initialSavings, foodBudget: user?.categories?.food?.budget },
  };
}

describe("rescaling an amount of hundredths", () => {
  test("is exact from two decimals up and rounds half away from zero below", () => {
    expect([legacyToMinorUnits(123456, 2), legacyToMinorUnits(123456, 3), legacyToMinorUnits(123456, 4)]).toEqual([123456, 1234560, 12345600]);
    expect([123456, 123450, 123449, 50, 49, 0, -50, -49, -20050].map((hundredths) => legacyToMinorUnits(hundredths, 0))).toEqual([1235, 1235, 1234, 1, 0, 0, -1, 0, -201]);
  });

  test("keeps a split's parts adding up to its amount, by largest remainder", () => {
    // 500.49 + 500.49 + 233.58: rounding each alone would give 1,234, one short of the ¥1,235 the whole rounds to.
    expect(rescaleWithParts(123456, [50049, 50049, 23358], 0)).toEqual({ amount: 1235, parts: [501, 500, 234], raised: false });
    expect(rescaleWithParts(123456, [50049, 50049, 23358], 3)).toEqual({ amount: 1234560, parts: [500490, 500490, 233580], raised: false });
    // An income allocated in part keeps its allocations within its amount.
    expect(rescaleWithParts(10099, [5049], 0)).toEqual({ amount: 101, parts: [50], raised: false });
  });

  test("keeps every amount and part at least 1, taking from the largest part or growing the amount", () => {
    expect(rescaleWithParts(30, [], 0)).toEqual({ amount: 1, parts: [], raised: true });
    // ¥10.20 in 10.00 + 0.20: the 0.20 part takes its yen from the other.
    expect(rescaleWithParts(1020, [1000, 20], 0)).toEqual({ amount: 10, parts: [9, 1], raised: true });
    // ¥1.50 in three parts of ¥0.50: no part can give one, so the amount is their three yen.
    expect(rescaleWithParts(150, [50, 50, 50], 0)).toEqual({ amount: 3, parts: [1, 1, 1], raised: true });
  });
});

describe("legacy amounts keep their meaning", () => {
  test("accounts take the user's currency; a currency without two decimals has every amount rescaled; a dollar user is untouched", async () => {
    await Migration.deleteMany({});
    const euro = await legacyUser("EUR");
    const yen = await legacyUser("JPY");
    const dinar = await legacyUser("BHD");
    const dollar = await legacyUser("USD");
    const euroBefore = await amountsOf(euro.userId);
    const dollarBefore = await everything(dollar.userId);
    expect(await getMonthTotals(yen.userId, MONTH)).toMatchObject({ income: 123456, expense: 123486 });

    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await keepLegacyAmountsMeaning()).toBe(3);
    // Only the yen user's ¥0.30 coffee rounded below 1.
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining(`user ${yen.userId} (JPY): kept at 1 minor unit`));

    // Euros have cents: the amounts were already in them; only the accounts learn their currency.
    const euroAfter = await amountsOf(euro.userId);
    expect(euroAfter.accounts).toEqual({ [MAIN_ACCOUNT_NAME]: { currency: "EUR", openingBalance: 250050 }, Visa: { currency: "EUR", openingBalance: -20050 } });
    expect({ ...euroAfter, accounts: null }).toEqual({ ...euroBefore, accounts: null });

    // Yen have no decimals: ÷100, half away from zero; the split still adds up; the ¥0.30 coffee is kept at ¥1.
    const yenAfter = await amountsOf(yen.userId);
    expect(yenAfter.transactions).toEqual([
      { amount: 1235, parts: [] },
      { amount: 1235, parts: [501, 500, 234] },
      { amount: 1, parts: [] },
    ]);
    expect(yenAfter.accounts).toEqual({ [MAIN_ACCOUNT_NAME]: { currency: "JPY", openingBalance: 2501 }, Visa: { currency: "JPY", openingBalance: -201 } });
    expect(yenAfter).toMatchObject({
      monthBudget: 3000,
      foodBudget: 123,
      debt: { totalAmount: 1000, balanceBeforePayments: 1000, minimumPayment: 100, aprBasisPoints: 1999 },
      plan: { extra: 51, debts: [{ balance: 1000, minimum: 100, aprBasisPoints: 1999 }] },
      goal: { target: 1001, current: 0 },
      cash: 556,
      // 101 − 201: the net worth stays assets less debts (−100.99 alone would round to −101).
      snapshot: { totalAssets: 101, totalDebts: 201, netWorth: -100 },
      // 1,001 − 500: the difference stays the statement less the cleared balance, and the adjustment the difference.
      reconciliation: { statementBalance: 1001, clearedBalance: 500, difference: 501, adjustment: 501 },
      importBatch: { moneyIn: 1235, moneyOut: 46, kept: [{ amount: 46 }] },
      debtSavings: [123, null],
      spendingSavings: [51],
      user: { monthlyIncome: 5000, initialSavings: 76, foodBudget: 123 },
    });
    // The month summaries are counted again from the rescaled transactions.
    expect(await getMonthTotals(yen.userId, MONTH)).toMatchObject({ income: 1235, expense: 1236 });

    // Dinars have three decimals: ×10, exact.
    const dinarAfter = await amountsOf(dinar.userId);
    expect(dinarAfter.transactions).toEqual([
      { amount: 1234560, parts: [] },
      { amount: 1234560, parts: [500490, 500490, 233580] },
      { amount: 300, parts: [] },
    ]);
    expect(dinarAfter.accounts).toEqual({ [MAIN_ACCOUNT_NAME]: { currency: "BHD", openingBalance: 2500500 }, Visa: { currency: "BHD", openingBalance: -200500 } });
    expect(dinarAfter).toMatchObject({
      monthBudget: 3000000,
      foodBudget: 123450,
      debt: { totalAmount: 1000000, balanceBeforePayments: 1000000, minimumPayment: 100490, aprBasisPoints: 1999 },
      goal: { target: 1000500 },
      cash: 555550,
      snapshot: { totalAssets: 100500, totalDebts: 201490, netWorth: -100990 },
      reconciliation: { statementBalance: 1000500, clearedBalance: 500490, difference: 500010, adjustment: 500010 },
      importBatch: { moneyIn: 1234560, moneyOut: 45500, kept: [{ amount: 45500 }] },
      debtSavings: [123450, null],
      spendingSavings: [50500],
      user: { monthlyIncome: 5000000, initialSavings: 75500, foodBudget: 123450 },
    });
    expect(await getMonthTotals(dinar.userId, MONTH)).toMatchObject({ income: 1234560, expense: 1234860 });

    // A dollar user's data, and every other user's, is not written at all.
    expect(await everything(dollar.userId)).toEqual(dollarBefore);

    // Run again, or twice at once: nothing changes.
    const yenDone = await everything(yen.userId);
    expect(await keepLegacyAmountsMeaning()).toBe(0);
    await Migration.deleteMany({ _id: "legacy-currency" });
    expect(await Promise.all([keepLegacyAmountsMeaning(), keepLegacyAmountsMeaning()])).toEqual([0, 0]);
    expect(await keepUserAmountsMeaning(yen.userId)).toBeNull();
    expect(await everything(yen.userId)).toEqual(yenDone);
  });

  test("a rewrite cut short is finished by the next run, which rewrites nothing twice", async () => {
    const { userId } = await legacyUser("JPY");
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(Debt.collection, "bulkWrite").mockRejectedValueOnce(new Error("the process died"));
    await expect(keepUserAmountsMeaning(userId)).rejects.toThrow("the process died");
    // The ¥0.30 coffee kept at ¥1 was said before the cut.
    const coffeeId = String((await Transaction.findOne({ userId, description: "Coffee" }).lean())?._id);
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining(`transaction ${coffeeId}`));
    // Before the cut: the transactions and budgets are rewritten; after it: the debts are not yet.
    expect((await amountsOf(userId)).transactions[0]).toEqual({ amount: 1235, parts: [] });
    expect((await amountsOf(userId)).debt).toMatchObject({ totalAmount: 100000 });

    const report = await keepUserAmountsMeaning(userId);
    // The transactions were rewritten before the cut, so this run leaves them (and has nothing to say of them).
    expect(report).toMatchObject({ currency: "JPY", raisedToOne: [] });
    const after = await amountsOf(userId);
    expect(after.transactions).toEqual([
      { amount: 1235, parts: [] },
      { amount: 1235, parts: [501, 500, 234] },
      { amount: 1, parts: [] },
    ]);
    expect(after).toMatchObject({ monthBudget: 3000, debt: { totalAmount: 1000, minimumPayment: 100 }, goal: { target: 1001 }, user: { monthlyIncome: 5000 } });
    expect(await getMonthTotals(userId, MONTH)).toMatchObject({ income: 1235, expense: 1236 });
  });

  test("a user whose rewrite was finished is left alone even when the migration runs again", async () => {
    const { userId } = await legacyUser("JPY");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await keepUserAmountsMeaning(userId);
    const done = await everything(userId);
    // As if the process died after the last write, before recording the user done.
    await Migration.deleteOne({ _id: `legacy-currency:${userId}` });
    expect(await keepUserAmountsMeaning(userId)).toMatchObject({ rewritten: 0 });
    const again = await everything(userId);
    expect(again.transactions).toEqual(done.transactions);
    expect({ ...again, summaries: null }).toEqual({ ...done, summaries: null });
  });
});
