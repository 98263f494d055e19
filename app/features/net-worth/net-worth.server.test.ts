import { describe, expect, test } from "vitest";
import { addAccount, type AccountInput } from "~/features/accounts/accounts.server";
import { addDebt, type DebtInput } from "~/features/debts/debts.server";
import { toCents, type Cents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { FinancialAssets, NetWorthSnapshot, User } from "../../../models";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { recordNetWorthSnapshots } from "../../../jobs/net-worth-snapshots";
import { AssetsRefusedError, defaultAssetEntries } from "./assets";
import {
  getOrCreateAssets,
  getFinancialMetrics,
  getOrCreateMoneyPicture,
  getMonthlyIncome,
  listNetWorthSnapshots,
  readAssetsOrDefaults,
  recordNetWorthSnapshot,
  recordSnapshotsForAllUsers,
  saveAssets,
  setAssetSource,
  setMonthlyIncome,
} from "./net-worth.server";

useTestDatabase();

const cents = (value: number) => value as Cents;

function debt(input: Partial<DebtInput> = {}): DebtInput {
  return {
    name: "Visa",
    type: "credit_card",
    totalAmount: toCents(500000),
    currentBalance: toCents(300000),
    aprBasisPoints: 1999,
    minimumPayment: toCents(15000),
    dueDate: null,
    priority: "medium",
    description: "",
    ...input,
  };
}

describe("assets", () => {
  test("a user without assets gets the six defaults at 0, stored once under their own id", async () => {
    const userId = await createGoogleUser();
    expect(await FinancialAssets.countDocuments({ _id: userId })).toBe(0);
    expect(await getOrCreateAssets(userId)).toEqual(defaultAssetEntries());
    expect(await getOrCreateAssets(userId)).toEqual(defaultAssetEntries());
    const stored = await FinancialAssets.findById(userId).lean();
    expect(String(stored?.userId)).toBe(userId);
    expect(stored?.entries).toHaveLength(6);
    expect(stored?.updatedAt).toBeInstanceOf(Date);
    expect(await FinancialAssets.countDocuments({ userId: stored?.userId })).toBe(1);
  });

  test("reading for figures writes nothing", async () => {
    const userId = await createGoogleUser();
    expect(await readAssetsOrDefaults(userId)).toEqual(defaultAssetEntries());
    await getFinancialMetrics(userId);
    expect(await FinancialAssets.countDocuments({ _id: userId })).toBe(0);
  });

  test("a save replaces the whole list; the defaults stay even when left out", async () => {
    const userId = await createGoogleUser();
    await getOrCreateAssets(userId);
    await saveAssets(userId, [
      { key: "cash", name: "Cash & Checking", amount: cents(250000) },
      { key: "custom_boat", name: "Boat", amount: cents(1200050) },
      { key: "custom_art", name: "Art", amount: cents(1) },
    ]);
    const afterFirst = await getOrCreateAssets(userId);
    expect(afterFirst.map((entry) => [entry.key, entry.amount])).toEqual([
      ["cash", 250000],
      ["savings", 0],
      ["investments", 0],
      ["realEstate", 0],
      ["vehicles", 0],
      ["other", 0],
      ["custom_boat", 1200050],
      ["custom_art", 1],
    ]);

    // Saving again without the boat removes it; the stored cash is replaced.
    await saveAssets(userId, afterFirst.filter((entry) => entry.key !== "custom_boat").map((entry) => (entry.key === "cash" ? { ...entry, amount: cents(100) } : entry)));
    const afterSecond = await getOrCreateAssets(userId);
    expect(afterSecond.map((entry) => entry.key)).toEqual(["cash", "savings", "investments", "realEstate", "vehicles", "other", "custom_art"]);
    expect(afterSecond[0].amount).toBe(100);
    expect(await FinancialAssets.countDocuments({ _id: userId })).toBe(1);
  });

  test("a save of a user who never opened the page creates the document", async () => {
    const userId = await createGoogleUser();
    await saveAssets(userId, [{ key: "savings", name: "Savings Accounts", amount: cents(999) }]);
    expect((await getOrCreateAssets(userId)).find((entry) => entry.key === "savings")?.amount).toBe(999);
  });

  test("a refused list writes nothing", async () => {
    const userId = await createGoogleUser();
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: cents(700) }]);
    const before = await FinancialAssets.findById(userId).lean();
    await expect(saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: cents(-1) }])).rejects.toThrow(AssetsRefusedError);
    await expect(saveAssets(userId, [{ key: "custom_x", name: "Not x", amount: cents(1) }])).rejects.toThrow(AssetsRefusedError);
    expect(await FinancialAssets.findById(userId).lean()).toEqual(before);
  });

  test("the schema refuses fractions of a cent written around the rules", async () => {
    const userId = await createGoogleUser();
    await getOrCreateAssets(userId);
    await expect(FinancialAssets.updateOne({ _id: userId }, { $set: { entries: [{ key: "cash", name: "Cash & Checking", amount: 1.5 }] } })).rejects.toThrow(/whole number of cents/);
  });
});

describe("monthly income", () => {
  test("is 0 until set, then what was set, on the user document", async () => {
    const userId = await createGoogleUser();
    expect(await getMonthlyIncome(userId)).toBe(0);
    await setMonthlyIncome(userId, toCents(525050));
    expect(await getMonthlyIncome(userId)).toBe(525050);
    expect((await User.findById(userId).lean())?.monthlyIncome).toBe(525050);
    await setMonthlyIncome(userId, toCents(0));
    expect(await getMonthlyIncome(userId)).toBe(0);
  });

  test("refuses a negative or fractional amount", async () => {
    const userId = await createGoogleUser();
    await expect(setMonthlyIncome(userId, cents(-1))).rejects.toThrow(RangeError);
    await expect(setMonthlyIncome(userId, cents(10.5))).rejects.toThrow(RangeError);
    expect(await getMonthlyIncome(userId)).toBe(0);
  });
});

describe("financial metrics", () => {
  test("assets minus debts, and the minimum payments over the income", async () => {
    const userId = await createGoogleUser();
    await saveAssets(userId, [
      { key: "cash", name: "Cash & Checking", amount: cents(100000) },
      { key: "vehicles", name: "Vehicles", amount: cents(150000) },
    ]);
    await addDebt(userId, debt());
    await addDebt(userId, debt({ name: "Car loan", type: "car_loan", currentBalance: toCents(100000), minimumPayment: toCents(25000) }));
    await setMonthlyIncome(userId, toCents(200000));
    expect(await getFinancialMetrics(userId)).toEqual({
      totalAssets: 250000,
      totalDebts: 400000,
      netWorth: -150000,
      monthlyIncome: 200000,
      totalMonthlyDebtPayments: 40000,
      debtToIncomeRatio: 20,
    });
  });

  test("another user's assets, debts and income never count", async () => {
    const userId = await createGoogleUser();
    const other = await createGoogleUser();
    await saveAssets(other, [{ key: "cash", name: "Cash & Checking", amount: cents(999999) }]);
    await addDebt(other, debt());
    await setMonthlyIncome(other, toCents(100000));
    const picture = await getOrCreateMoneyPicture(userId);
    expect(picture.metrics).toEqual({ totalAssets: 0, totalDebts: 0, netWorth: 0, monthlyIncome: 0, totalMonthlyDebtPayments: 0, debtToIncomeRatio: null });
    expect(picture.sheet.assetLines.map(({ key, name, typed }) => ({ key, name, amount: typed }))).toEqual(defaultAssetEntries());
  });
});

async function accountOf(userId: string, input: Pick<AccountInput, "name" | "kind" | "openingBalance">) {
  const change = await addAccount(userId, { onBudget: true, openingDate: "2026-01-01", ...input });
  if (!change.ok) throw new Error(change.message);
  return change.account;
}

describe("net worth from the accounts (issue 26 item 5)", () => {
  test("the accounts' balances count, a linked debt once through its account, the typed assets no account covers", async () => {
    const userId = await createGoogleUser();
    await createTransactionFor(userId, { type: "income", category: "salary", amount: 400000, description: "Pay" });
    await createTransactionFor(userId, { amount: 150000 });
    await accountOf(userId, { name: "Rainy day", kind: "savings", openingBalance: 500000 });
    const visa = await accountOf(userId, { name: "Visa", kind: "credit_card", openingBalance: -120000 });
    await addDebt(userId, debt({ accountId: visa.id, minimumPayment: toCents(5000) }));
    await addDebt(userId, debt({ name: "Student loan", type: "student_loan", currentBalance: toCents(900000), minimumPayment: toCents(20000) }));
    await saveAssets(userId, [{ key: "realEstate", name: "Real Estate", amount: cents(30000000) }]);
    await setMonthlyIncome(userId, toCents(500000));

    expect(await getFinancialMetrics(userId)).toEqual({
      totalAssets: 250000 + 500000 + 30000000,
      totalDebts: 120000 + 900000,
      netWorth: 250000 + 500000 + 30000000 - 120000 - 900000,
      monthlyIncome: 500000,
      totalMonthlyDebtPayments: 25000,
      debtToIncomeRatio: 5,
    });
    const { sheet } = await getOrCreateMoneyPicture(userId);
    expect(sheet.accountLines.map(({ name, balance, counted }) => [name, balance, counted])).toEqual([
      ["Main account", 250000, true],
      ["Rainy day", 500000, true],
      ["Visa", -120000, true],
    ]);
    expect(sheet.unlinkedDebts).toBe(900000);
  });

  test("a typed amount beside the accounts is asked about; the answer is stored and the figures follow it", async () => {
    const userId = await createGoogleUser();
    await createTransactionFor(userId, { type: "income", category: "salary", amount: 248750, description: "Pay" });
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: cents(500000) }]);
    const asked = await getOrCreateMoneyPicture(userId);
    expect(asked.sheet.assetLines[0]).toMatchObject({ key: "cash", source: "ask", covering: { names: ["Main account"], total: 248750 } });
    expect(asked.metrics.totalAssets).toBe(500000);

    await setAssetSource(userId, "cash", "accounts");
    expect((await FinancialAssets.findById(userId).lean())?.sources).toEqual({ cash: "accounts" });
    expect((await getFinancialMetrics(userId)).totalAssets).toBe(248750);
    // Saving the typed assets again keeps the answer.
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: cents(600000) }]);
    expect((await getFinancialMetrics(userId)).totalAssets).toBe(248750);

    await setAssetSource(userId, "cash", "typed");
    expect((await getFinancialMetrics(userId)).totalAssets).toBe(600000);
  });

  test("the monthly snapshot uses the balances, for a user with only accounts too", async () => {
    const userId = await createGoogleUser();
    await accountOf(userId, { name: "Brokerage", kind: "investment", openingBalance: 1234500 });
    await accountOf(userId, { name: "Car loan", kind: "loan", openingBalance: -800000 });
    await recordSnapshotsForAllUsers(new Date(2026, 4, 31, 23, 30));
    expect(await listNetWorthSnapshots(userId)).toEqual([{ monthKey: "2026-05", totalAssets: 1234500, totalDebts: 800000, netWorth: 434500 }]);
  });

  test("another user's accounts never count", async () => {
    const userId = await createGoogleUser();
    const other = await createGoogleUser();
    await accountOf(other, { name: "Rainy day", kind: "savings", openingBalance: 500000 });
    await createTransactionFor(other, { type: "income", category: "salary", amount: 100000 });
    const { sheet, metrics } = await getOrCreateMoneyPicture(userId);
    expect(sheet.accountLines).toEqual([]);
    expect(metrics.netWorth).toBe(0);
  });
});

describe("net worth snapshots", () => {
  test("one document per month, replaced by a later write of the same month", async () => {
    const userId = await createGoogleUser();
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: cents(1000) }]);
    expect(await recordNetWorthSnapshot(userId, "2026-03")).toEqual({ monthKey: "2026-03", totalAssets: 1000, totalDebts: 0, netWorth: 1000 });
    await addDebt(userId, debt({ currentBalance: toCents(5000) }));
    await recordNetWorthSnapshot(userId, "2026-03");
    expect(await NetWorthSnapshot.countDocuments({ _id: `${userId}:2026-03` })).toBe(1);
    const stored = await NetWorthSnapshot.findById(`${userId}:2026-03`).lean();
    expect(stored).toMatchObject({ monthKey: "2026-03", totalAssets: 1000, totalDebts: 5000, netWorth: -4000 });
    expect(String(stored?.userId)).toBe(userId);
    expect(stored?.updatedAt).toBeInstanceOf(Date);
  });

  test("refuses a malformed month", async () => {
    const userId = await createGoogleUser();
    await expect(recordNetWorthSnapshot(userId, "2026-13")).rejects.toThrow(RangeError);
  });

  test("the list is the latest 12 months, newest first, of this user only", async () => {
    const userId = await createGoogleUser();
    const other = await createGoogleUser();
    const months = ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"];
    // Written out of order, so the order comes from the month, not from insertion.
    for (const monthKey of [...months].reverse()) await recordNetWorthSnapshot(userId, monthKey);
    await recordNetWorthSnapshot(other, "2026-03");
    const listed = await listNetWorthSnapshots(userId);
    expect(listed.map((snapshot) => snapshot.monthKey)).toEqual(months.slice(2).reverse());
    expect(listed[0]).toEqual({ monthKey: "2026-02", totalAssets: 0, totalDebts: 0, netWorth: 0 });
    expect((await listNetWorthSnapshots(userId, 3)).map((snapshot) => snapshot.monthKey)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(await listNetWorthSnapshots(await createGoogleUser())).toEqual([]);
  });
});

describe("the snapshot job", () => {
  test("records the current month for every user with assets or a debt, and nobody else", async () => {
    const withAssets = await createGoogleUser();
    const withDebt = await createGoogleUser();
    const withNothing = await createGoogleUser();
    await saveAssets(withAssets, [{ key: "cash", name: "Cash & Checking", amount: cents(4200) }]);
    await addDebt(withDebt, debt({ currentBalance: toCents(1000) }));
    const now = new Date(2026, 4, 31, 23, 30);

    const result = await recordNetWorthSnapshots(now);
    expect(result).toMatchObject({ monthKey: "2026-05", failed: 0 });
    expect(result.recorded).toBeGreaterThanOrEqual(2);
    expect(await listNetWorthSnapshots(withAssets)).toEqual([{ monthKey: "2026-05", totalAssets: 4200, totalDebts: 0, netWorth: 4200 }]);
    expect(await listNetWorthSnapshots(withDebt)).toEqual([{ monthKey: "2026-05", totalAssets: 0, totalDebts: 1000, netWorth: -1000 }]);
    expect(await listNetWorthSnapshots(withNothing)).toEqual([]);
    // The job wrote no assets for the user who only has a debt.
    expect(await FinancialAssets.countDocuments({ _id: withDebt })).toBe(0);

    // Run again within the month: the figure is replaced, not added.
    await saveAssets(withAssets, [{ key: "cash", name: "Cash & Checking", amount: cents(5000) }]);
    await recordSnapshotsForAllUsers(new Date(2026, 4, 31, 23, 59));
    expect(await listNetWorthSnapshots(withAssets)).toEqual([{ monthKey: "2026-05", totalAssets: 5000, totalDebts: 0, netWorth: 5000 }]);
  });

  test("uses the month of the time it runs", async () => {
    const userId = await createGoogleUser();
    await getOrCreateAssets(userId);
    const { monthKey } = await recordSnapshotsForAllUsers();
    expect(monthKey).toBe(monthKeyOf(new Date()));
    expect((await listNetWorthSnapshots(userId)).map((snapshot) => snapshot.monthKey)).toEqual([monthKey]);
  });
});
