import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, test } from "vitest";
import { allModels, Budget, MonthSummary, Session, Transaction, User } from "../../../models";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { createBudget, createTransactionFor, createUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { toCents } from "~/lib/money";
import { backedUpCollections, NOT_BACKED_UP, restoreBackup, writeBackup } from "./backup.server";

useTestDatabase();

const folder = mkdtempSync(path.join(os.tmpdir(), "ledgerly-backup-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("backup and restore", () => {
  test("every collection is either backed up or named with the reason it is not", () => {
    const names = allModels.map((model) => model.collection.collectionName);
    expect([...backedUpCollections(), ...Object.keys(NOT_BACKED_UP)].sort()).toEqual([...names].sort());
  });

  test("round-trips a user with transactions, budgets and a subscription; what came after the backup is gone", async () => {
    const userId = await createUser();
    await createTransactionFor(userId, { type: "expense", amount: 1250, date: "2026-03-05", description: "Groceries" });
    await createTransactionFor(userId, { type: "income", category: "salary", amount: 300000, date: "2026-03-01", description: "Pay" });
    await createBudget(userId, "2026-03", toCents(200000));
    const periodEnd = new Date("2026-04-01T00:00:00Z");
    await User.updateOne({ _id: userId }, { $set: { premiumAccess: true, "subscription.status": "active", "subscription.subscriptionId": "sub_123", "subscription.currentPeriodEnd": periodEnd } });
    const before = {
      user: await User.findById(userId).lean(),
      transactions: await Transaction.find({ userId }).sort({ _id: 1 }).lean(),
      budgets: await Budget.find({ userId }).sort({ _id: 1 }).lean(),
      totals: await getMonthTotals(userId, "2026-03"),
    };
    const file = path.join(folder, "round-trip.jsonl.gz");
    const counts = await writeBackup(file);
    expect(counts).toMatchObject({ users: expect.any(Number), transactions: expect.any(Number), budgets: expect.any(Number) });

    const later = await createUser();
    await createTransactionFor(userId, { amount: 999, date: "2026-03-09", description: "After the backup" });
    await MonthSummary.deleteMany({ userId });

    const restored = await restoreBackup(file);
    expect(restored.counts).toEqual(counts);
    expect(await User.findById(userId).lean()).toEqual(before.user);
    expect(await Transaction.find({ userId }).sort({ _id: 1 }).lean()).toEqual(before.transactions);
    expect(await Budget.find({ userId }).sort({ _id: 1 }).lean()).toEqual(before.budgets);
    expect(await getMonthTotals(userId, "2026-03")).toEqual(before.totals);
    expect(await User.countDocuments({ _id: later })).toBe(0);
    expect(await Session.countDocuments({})).toBe(0);
    expect((await User.findById(userId).lean())?.subscription).toMatchObject({ status: "active", subscriptionId: "sub_123", currentPeriodEnd: periodEnd });
  });

  test("a file that is not a complete backup is refused before anything is deleted", async () => {
    const userId = await createUser();
    const foreign = path.join(folder, "foreign.gz");
    writeFileSync(foreign, gzipSync('{"format":"something-else","version":1}\n'));
    await expect(restoreBackup(foreign)).rejects.toThrow("is not a Ledgerly backup of version 1");
    const cut = path.join(folder, "cut.gz");
    writeFileSync(cut, gzipSync(`{"format":"ledgerly-backup","version":1,"createdAt":"2026-03-01T00:00:00.000Z","collections":["users"]}\n`));
    await expect(restoreBackup(cut)).rejects.toThrow("is incomplete");
    expect(await User.countDocuments({ _id: userId })).toBe(1);
  });
});
