import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { Transaction, User } from "../../../models";
import { storeRateDays } from "~/features/exchange-rates/exchange-rates.server";
import { parseEcbRates } from "~/integrations/ecb-rates.server";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { applyLedgerBatch, recountInReportingCurrency, reportingRecountProgress, startReportingRecount } from "./ledger.server";
import { addAccountBesideMain, listAccountsWithBalances } from "./account-balances.server";
import { getMonthTotals } from "./month-summary.server";
import { recountMonthSummaries } from "./month-recount.server";
import type { LedgerEntry } from "./ledger";
import { createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

// The European Central Bank's recorded rates, 2016-12-05 to 2017-03-03: on 2017-03-03 a euro bought 1.0565 USD and 120.83 JPY.
const ECB_FILE = readFileSync(new URL("../../../tests/fixtures/ecb/eurofxref-hist-90d.xml", import.meta.url), "utf8");

async function euroAccountOf(userId: string, currency = "EUR") {
  const added = await addAccountBesideMain(userId, { name: `${currency} account`, kind: "checking", onBudget: true, openingBalance: 0, openingDate: "2017-01-01", currency }, "2017-03-03");
  if (!added.ok) throw new Error(added.message);
  return added.account;
}

function expense(accountId: string, amount: number, date: string, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return { type: "expense", amount, category: "food", date, description: "Groceries", source: "manual", accountId, ...extra };
}

async function stored(userId: string) {
  return Transaction.find({ userId }).sort({ date: 1 }).lean();
}

describe("amounts in another currency count in the reporting currency", () => {
  test("a euro expense counts at the day's rate: €100.00 on 2017-03-03 is $105.65 in the month's totals; the account keeps euros", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    const written = await applyLedgerBatch(userId, { added: [expense(euros.id, 10000, "2017-03-03")] });
    expect(written.ok).toBe(true);

    const [transaction] = await stored(userId);
    expect(transaction.amount).toBe(10000);
    expect(transaction.reported).toEqual({ amount: 10565, currency: "USD", rateDay: "2017-03-03", rate: null });
    const totals = await getMonthTotals(userId, "2017-03");
    expect(totals.expense).toBe(10565);
    expect(totals.categories.food.expense).toBe(10565);
    const { accounts } = await listAccountsWithBalances(userId, "2017-03-03");
    expect(accounts.find((account) => account.id === euros.id)?.balance).toBe(-10000);
  });

  test("a weekend day uses the nearest earlier business day's rate and says which", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createGoogleUser();
    const yen = await euroAccountOf(userId, "JPY");
    // Saturday 2017-03-04: Friday's rates. ¥1,000 × 1.0565 ÷ 120.83 = $8.7437 → $8.74.
    await applyLedgerBatch(userId, { added: [expense(yen.id, 1000, "2017-03-04")] });
    const [transaction] = await stored(userId);
    expect(transaction.reported).toEqual({ amount: 874, currency: "USD", rateDay: "2017-03-03", rate: null });
  });

  test("without a rate the amount waits outside the totals, counted as unconverted; the rate the user typed converts it", async () => {
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    await applyLedgerBatch(userId, { added: [expense(euros.id, 5000, "2030-01-15")] });
    expect((await getMonthTotals(userId, "2030-01")).expense).toBe(0);
    const [waiting] = await stored(userId);
    expect(waiting.reported).toEqual({ amount: null, currency: "USD", rateDay: null, rate: null });

    await applyLedgerBatch(userId, { updated: [{ id: String(waiting._id), rate: "1.1" }] });
    const [converted] = await stored(userId);
    expect(converted.reported).toEqual({ amount: 5500, currency: "USD", rateDay: null, rate: "1.1" });
    expect((await getMonthTotals(userId, "2030-01")).expense).toBe(5500);
  });

  test("a split's parts convert in proportion and still add up to the converted whole", async () => {
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    const split = expense(euros.id, 1000, "2030-02-01", {
      category: "__split",
      rate: "1.0565",
      allocations: [
        { categoryId: "food", amount: 333 },
        { categoryId: "fun", amount: 333 },
        { categoryId: "rent", amount: 334 },
      ],
    });
    expect((await applyLedgerBatch(userId, { added: [split] })).ok).toBe(true);
    const totals = await getMonthTotals(userId, "2030-02");
    expect(totals.expense).toBe(1057);
    const parts = ["food", "fun", "rent"].map((id) => totals.categories[id].expense);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(1057);
    expect(parts).toEqual([352, 352, 353]);
  });

  test("a recount gives the totals the ledger kept", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    await applyLedgerBatch(userId, { added: [expense(euros.id, 10000, "2017-03-03"), expense(euros.id, 2500, "2017-03-01"), { ...expense(euros.id, 700, "2017-03-02"), type: "income", category: "salary" }] });
    const kept = await getMonthTotals(userId, "2017-03");
    expect(await recountMonthSummaries(userId)).toEqual([]);
    expect(await getMonthTotals(userId, "2017-03")).toEqual(kept);
  });

  test("a transfer between accounts of two currencies records both amounts; without the other side's amount it is refused", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    const dollars = await addAccountBesideMain(userId, { name: "Dollars", kind: "savings", onBudget: true, openingBalance: 0, openingDate: "2017-01-01" }, "2017-03-03");
    if (!dollars.ok) throw new Error(dollars.message);
    const transfer = expense(euros.id, 10000, "2017-03-03", { category: TRANSFER_CATEGORY, transferAccountId: dollars.account.id, description: "To my dollar savings" });

    const refused = await applyLedgerBatch(userId, { added: [transfer] });
    expect(refused.ok ? [] : refused.issues.map((issue) => issue.code)).toEqual(["currencies-differ"]);
    expect(await stored(userId)).toEqual([]);

    // €100.00 out, $104.90 in: the rate the bank gave, not the reference rate. Neither income nor expense.
    expect((await applyLedgerBatch(userId, { added: [{ ...transfer, transferAmount: 10490 }] })).ok).toBe(true);
    const sides = (await stored(userId)).map((side) => ({ account: String(side.accountId), type: side.type, amount: side.amount }));
    expect(sides).toEqual(
      expect.arrayContaining([
        { account: euros.id, type: "expense", amount: 10000 },
        { account: dollars.account.id, type: "income", amount: 10490 },
      ]),
    );
    const totals = await getMonthTotals(userId, "2017-03");
    expect([totals.income, totals.expense, totals.unconverted]).toEqual([0, 0, 0]);
    const { accounts } = await listAccountsWithBalances(userId, "2017-03-03");
    expect(accounts.filter((account) => account.id !== userId).map((account) => account.balance)).toEqual([-10000, 10490]);

    // The euro side's amount edited alone: the dollar side keeps what arrived.
    const euroSide = (await stored(userId)).find((side) => String(side.accountId) === euros.id);
    expect((await applyLedgerBatch(userId, { updated: [{ id: String(euroSide?._id), amount: 10100 }] })).ok).toBe(true);
    expect((await stored(userId)).map((side) => side.amount).sort()).toEqual([10100, 10490]);
  });
});

describe("a new reporting currency counts every total again", () => {
  test("from dollars to euros: dollar amounts convert, euro amounts count as they are; a rate typed for dollars is dropped", async () => {
    await storeRateDays(parseEcbRates(ECB_FILE));
    const userId = await createGoogleUser();
    const euros = await euroAccountOf(userId);
    const main = String(userId);
    const days = ["2017-03-01", "2017-03-02", "2017-03-03"];
    const dollarRows = Array.from({ length: 150 }, (_, index) => expense(main, 1000 + index, days[index % 3]));
    await applyLedgerBatch(userId, { added: [...dollarRows, expense(euros.id, 10000, "2017-03-03"), expense(euros.id, 5000, "2017-03-03", { rate: "1.2" })] });
    expect((await getMonthTotals(userId, "2017-03")).expense).toBe(dollarRows.reduce((sum, row) => sum + row.amount, 0) + 10565 + 6000);

    await User.updateOne({ _id: userId }, { $set: { currency: "EUR" } });
    await startReportingRecount(userId, "EUR");
    expect(await reportingRecountProgress(userId)).toEqual({ currency: "EUR", done: 0, total: 0 });
    await recountInReportingCurrency(userId);
    expect(await reportingRecountProgress(userId)).toBeNull();

    const rows = await stored(userId);
    // $10.00 on 2017-03-01 at 1.0533 dollars per euro: €9.4940… → €9.49.
    expect(rows.find((row) => row.amount === 1000)?.reported).toEqual({ amount: 949, currency: "EUR", rateDay: "2017-03-01", rate: null });
    expect(rows.filter((row) => String(row.accountId) === euros.id).map((row) => row.reported)).toEqual([null, null]);
    const expected = rows.reduce((sum, row) => sum + (row.reported ? (row.reported.amount ?? 0) : row.amount), 0);
    expect((await getMonthTotals(userId, "2017-03")).expense).toBe(expected);
    expect(await recountMonthSummaries(userId)).toEqual([]);
  });
});
