// What a crash can leave behind. Each of the ledger's writers is run once to
// count its writes, then again on a fresh user for every write: the database
// dies there (before the write is applied, or after it with its answer lost),
// comes back, and what the user reads must equal a recount of the stored
// transactions; sending the same form again must then write it exactly once.
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Debt, ImportBatch, SavingsGoal, Transaction } from "../../../models";
import { debtCategoryId } from "~/features/categories/categories";
import { getDebt, listDebts, payDebt } from "~/features/debts/debts.server";
import { confirmImport, continueImportUndo, previewImport, saveUpload, startUndoImport } from "~/features/import/import.server";
import { SAVINGS_CATEGORY } from "~/features/categories/categories";
import { listSavingsGoals, updateSavingsGoal } from "~/features/savings/savings.server";
import { toCents } from "~/lib/money";
import type { LedgerEntry } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { createTransaction, resetFinancialData, softDeleteTransaction } from "./transactions.server";
import { createDebtFor, createGoogleUser, createSavingsGoalFor, createTransactionFor, importBankFile } from "../../../tests/factories";
import { maintainedTotals, recomputedTotals } from "../../../tests/ledger-totals";
import { installDatabaseCrash, type CrashPoint } from "../../../tests/setup/database-crash";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

let crash: ReturnType<typeof installDatabaseCrash>;
beforeAll(() => {
  crash = installDatabaseCrash();
});
afterAll(() => crash.dispose());

const KEY = "crash-test-submission-key";
const BANK_FILE = "Date,Description,Amount\n2026-03-01,Rent,-1200.00\n2026-03-02,Salary,3000.00\n2026-04-03,Cafe,-4.50\n";

function bankEntry(bankTransactionId: string, amount: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return { type: "expense", amount, category: "", date: "2026-03-10", description: `Shop ${bankTransactionId}`, source: "plaid", bankName: "First Bank", bankTransactionId, bankAccountId: "acc-1", ...extra };
}

/** Every debt's balance as the user reads it, against what its payments (live expenses in its category, counted here) leave of it. */
async function debtBalances(userId: string) {
  const debts = await Debt.find({ userId }).lean();
  const expected: Record<string, number> = {};
  for (const debt of debts) {
    const payments = await Transaction.find({ userId, category: debtCategoryId(String(debt._id)), type: "expense", deleted: false }).lean();
    expected[String(debt._id)] = debt.balanceBeforePayments - payments.reduce((sum, payment) => sum + payment.amount, 0);
  }
  const read = Object.fromEntries((await listDebts(userId)).map((debt) => [debt.id, debt.currentBalance]));
  return { read, expected };
}

type Scenario<Context> = {
  name: string;
  setup: (userId: string) => Promise<Context>;
  run: (userId: string, context: Context) => Promise<unknown>;
  /** After the crash and a second sending of the same form: what must hold, besides the totals. */
  afterRetry?: (userId: string, context: Context) => Promise<void>;
};

function scenario<Context>(definition: Scenario<Context>) {
  return definition as Scenario<unknown>;
}

const SCENARIOS = [
  scenario({
    name: "adding a transaction from the form",
    setup: async (userId) => {
      await createTransactionFor(userId, { amount: 2500, date: "2026-03-01" });
      await createTransactionFor(userId, { type: "income", category: "salary", amount: 300000, date: "2026-02-27" });
    },
    run: (userId) => createTransaction(userId, { type: "expense", amount: 1234, category: "food", date: "2026-03-09", description: "Sent twice" }, { submissionKey: KEY }),
    afterRetry: async (userId) => {
      expect(await Transaction.countDocuments({ userId, description: "Sent twice" })).toBe(1);
    },
  }),
  scenario({
    name: "a batch that adds, edits, deletes and restores",
    setup: async (userId) => {
      const kept = await createTransactionFor(userId, { amount: 1000 });
      const gone = await createTransactionFor(userId, { amount: 2000, date: "2026-02-10" });
      const back = await createTransactionFor(userId, { amount: 3000, category: "housing" });
      await softDeleteTransaction(userId, back.id);
      return { kept: kept.id, gone: gone.id, back: back.id };
    },
    run: (userId, ids) => {
      const { kept, gone, back } = ids as { kept: string; gone: string; back: string };
      return applyLedgerBatch(userId, {
        added: [
          { type: "expense", amount: 700, category: "utilities", date: "2026-03-11", source: "manual" },
          { type: "income", amount: 5000, category: "food", date: "2026-03-12", allocations: [{ categoryId: "food", amount: 5000 }], source: "manual" },
        ],
        updated: [{ id: kept, amount: 1100, date: "2026-04-01", category: "" }],
        deleted: [gone],
        restored: [back],
      });
    },
  }),
  scenario({
    name: "a payment on the debt tracker",
    setup: async (userId) => {
      const debt = await createDebtFor(userId, { currentBalance: toCents(500) });
      await payDebt(userId, debt.id, { amount: toCents(40), date: "2026-03-01", currency: "USD" });
      return debt.id;
    },
    run: (userId, debtId) => payDebt(userId, debtId as string, { amount: toCents(100), date: "2026-03-15", currency: "USD" }, KEY),
    afterRetry: async (userId, debtId) => {
      expect(await Transaction.countDocuments({ userId, category: debtCategoryId(debtId as string), date: "2026-03-15" })).toBe(1);
      expect((await getDebt(userId, debtId as string))?.currentBalance).toBe(toCents(360));
    },
  }),
  scenario({
    name: "raising a savings goal, which contributes the difference",
    setup: async (userId) => (await createSavingsGoalFor(userId, { name: "Bike" })).id,
    run: (userId, goalId) => updateSavingsGoal(userId, goalId as string, { name: "Bike", target: toCents(1000), deadline: "2027-03-05", current: toCents(75) }, "2026-03-20", KEY),
    afterRetry: async (userId, goalId) => {
      const [goal] = await listSavingsGoals(userId);
      expect(goal).toMatchObject({ id: goalId, current: toCents(75) });
      const contributions = await Transaction.find({ userId, category: SAVINGS_CATEGORY, deleted: false }).lean();
      expect(contributions.map((transaction) => transaction.amount)).toEqual([toCents(75)]);
      expect(await SavingsGoal.countDocuments({ userId, pendingContribution: { $ne: null } })).toBe(0);
    },
  }),
  scenario({
    name: "Reset Financial Data",
    setup: async (userId) => {
      const debt = await createDebtFor(userId);
      await createTransactionFor(userId, { amount: 4000 });
      await createTransactionFor(userId, { amount: 6000, category: debtCategoryId(debt.id), date: "2026-02-02" });
    },
    run: (userId) => resetFinancialData(userId),
  }),
  scenario({
    name: "undoing an import",
    setup: async (userId) => {
      const imported = await importBankFile(userId, BANK_FILE);
      if (imported.status !== "imported") throw new Error(`the import ended ${imported.status}`);
      return imported.batchId;
    },
    // The page's submit marks it, the job removes it; sent again, the submit finds it under way and the job carries on.
    run: async (userId, batchId) => {
      await startUndoImport(userId, batchId as string);
      await continueImportUndo(batchId as string);
    },
    afterRetry: async (userId, batchId) => {
      expect(await Transaction.countDocuments({ userId, source: "import" })).toBe(0);
      expect(await ImportBatch.findById(batchId).lean()).toMatchObject({ status: "undone", removed: 3 });
    },
  }),
  scenario({
    name: "importing a bank file",
    setup: async (userId) => {
      const upload = await saveUpload(userId, { fileName: "bank.csv", bytes: new TextEncoder().encode(BANK_FILE) });
      if (!upload.ok) throw new Error(upload.error);
      const preview = await previewImport(userId, upload.draftId, {});
      if (preview.status !== "ready") throw new Error(`no preview (${preview.status})`);
      return { draftId: upload.draftId, fingerprint: preview.preview.fingerprint };
    },
    run: (userId, context) => {
      const { draftId, fingerprint } = context as { draftId: string; fingerprint: string };
      return confirmImport(userId, draftId, {}, fingerprint, KEY);
    },
    afterRetry: async (userId) => {
      expect(await Transaction.countDocuments({ userId, source: "import", deleted: false })).toBe(3);
    },
  }),
  scenario({
    name: "a linked bank's sync",
    setup: async (userId) => {
      await applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 1250), bankEntry("t2", 800, { pending: true })] });
    },
    run: (userId) => applyLedgerBatch(userId, { bankUpserts: [bankEntry("t1", 1300, { date: "2026-04-01" }), bankEntry("t3", 9900, { type: "income", description: "Payroll" })], bankRemovals: ["t2"] }),
  }),
];

/** A fresh user with the scenario's data, written before the crash is armed. */
async function prepared(setup: Scenario<unknown>["setup"]) {
  crash.arm(null);
  const userId = await createGoogleUser();
  return { userId, context: await setup(userId) };
}

async function expectInStep(userId: string, label: string) {
  expect(await maintainedTotals(userId), `month summaries ${label}`).toEqual(await recomputedTotals(userId));
  const { read, expected } = await debtBalances(userId);
  expect(read, `debt balances ${label}`).toEqual(expected);
}

describe("a crash at any write of a batch", () => {
  for (const { name, setup, run, afterRetry } of SCENARIOS) {
    test(`${name}: the totals equal a recount once the database is back, and sending it again writes it once`, async () => {
      const counted = await prepared(setup);
      crash.arm(null);
      await run(counted.userId, counted.context);
      const writes = crash.writes();
      expect(writes).toBeGreaterThan(0);

      const points: CrashPoint[] = Array.from({ length: writes }, (_, step) => [{ step, when: "before" as const }, { step, when: "after" as const }]).flat();
      for (const point of points) {
        const label = `after a crash ${point.when} write ${point.step + 1} of ${writes}`;
        const { userId, context } = await prepared(setup);
        crash.arm(point);
        await run(userId, context).catch(() => undefined);
        expect(crash.crashed(), label).toBe(true);
        crash.recover();
        await expectInStep(userId, label);
        await run(userId, context);
        await expectInStep(userId, `${label}, sent again`);
        await afterRetry?.(userId, context);
      }
    }, 120_000);
  }
});

test("a user's reads recount a batch whose process died once its lease has run out, not before", async () => {
  const userId = await createGoogleUser();
  await createTransactionFor(userId, { amount: 1500 });
  const { LedgerJournal, MonthSummary } = await import("../../../models");
  await MonthSummary.updateMany({ userId: new Types.ObjectId(userId) }, { $inc: { expense: 999 } });
  const gone = { batchId: "batch-of-a-dead-process", holder: "another-host:4242:abcdef01", months: ["2026-03"] };
  await LedgerJournal.updateOne({ _id: userId }, { $set: { ...gone, leaseUntil: new Date(Date.now() + 60_000) } });
  expect(await maintainedTotals(userId)).not.toEqual(await recomputedTotals(userId));
  await LedgerJournal.updateOne({ _id: userId }, { $set: { leaseUntil: new Date(Date.now() - 1) } });
  expect(await maintainedTotals(userId)).toEqual(await recomputedTotals(userId));
  expect(await LedgerJournal.findById(userId).lean()).toMatchObject({ batchId: null, holder: null });
});
