import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Types } from "mongoose";
import { describe, expect, test } from "vitest";
import { LedgerJournal, MonthSummary, monthSummaryId, SavingsGoal } from "../models";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { toCents } from "~/lib/money";
import { createGoogleUser, createSavingsGoalFor, createTransactionFor } from "../tests/factories";
import { useTestDatabase } from "../tests/setup/database";
import { verifyLedgers } from "./verify-ledgers";

useTestDatabase();

/** A month summary that no longer matches its transactions, as a crash before the fix could leave it (the journal says nothing is open). */
async function driftedUser(monthKey = "2026-03") {
  const userId = await createGoogleUser();
  await createTransactionFor(userId, { amount: 54750, date: `${monthKey}-05` });
  await MonthSummary.updateOne({ _id: monthSummaryId(userId, monthKey) }, { $inc: { expense: -250, "categories.food.expense": -250 } });
  return userId;
}

describe("ledger verification", () => {
  test("the job recounts the months written since its last run, once, and leaves other months to the full verification", async () => {
    const userId = await driftedUser("2026-03");
    await createTransactionFor(userId, { amount: 100, date: "2026-01-10" });
    await MonthSummary.updateOne({ _id: monthSummaryId(userId, "2026-01") }, { $inc: { expense: 7 } });
    expect(await LedgerJournal.findById(userId).lean()).toMatchObject({ unverifiedMonths: ["2026-03", "2026-01"] });
    await LedgerJournal.updateOne({ _id: userId }, { $set: { unverifiedMonths: ["2026-03"] } });

    expect(await verifyLedgers()).toMatchObject({ repaired: 1 });
    expect((await getMonthTotals(userId, "2026-03")).expense).toBe(54750);
    expect((await getMonthTotals(userId, "2026-01")).expense).toBe(107);
    expect(await LedgerJournal.findById(userId).lean()).toMatchObject({ unverifiedMonths: [] });
    expect(await verifyLedgers()).toMatchObject({ checked: 0, repaired: 0 });
  });

  test("the job writes a savings contribution a crash left pending, once", async () => {
    const userId = await createGoogleUser();
    const goal = await createSavingsGoalFor(userId);
    await SavingsGoal.updateOne(
      { _id: new Types.ObjectId(goal.id) },
      { $set: { current: toCents(80), pendingContribution: { submissionKey: "pending-contribution-key", amount: toCents(80), date: "2026-03-20", description: "Emergency Fund" } } },
    );
    await LedgerJournal.create({ _id: userId, userId, unverifiedMonths: ["2026-03"] });
    await verifyLedgers();
    await verifyLedgers();
    expect((await getMonthTotals(userId, "2026-03")).categories.savings?.expense).toBe(toCents(80));
    expect(await SavingsGoal.findById(goal.id).lean()).toMatchObject({ pendingContribution: null });
  });

  test("npm run ledger:verify recounts every user, repairs and reports what differed", async () => {
    const userId = await driftedUser("2026-02");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ledger-verify.ts"], { env: { ...process.env }, encoding: "utf8" });
    expect(stdout).toContain(`user ${userId}: 1 month(s) repaired`);
    expect(stdout).toContain("2026-02: expense 545.00 → 547.50, food expense 545.00 → 547.50");
    expect(stdout).toMatch(/Recounted \d+ user\(s\): \d+ month\(s\) of \d+ user\(s\) repaired\./);
    expect((await getMonthTotals(userId, "2026-02")).expense).toBe(54750);

    const again = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ledger-verify.ts"], { env: { ...process.env }, encoding: "utf8" });
    expect(again.stdout).toContain("every month summary matched its transactions");
  }, 60_000);
});
