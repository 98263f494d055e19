import { strFromU8, unzipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { allModels, BankConnection, BankLink, ContactSubmission, SentReminder, SeriesProposal, Session, User } from "../../../models";
import { sealAccessToken } from "~/features/bank/access-token.server";
import { createSession } from "~/features/auth/session.server";
import { noteSecurityChange } from "~/features/auth/security-events.server";
import { startTwoFactorSetup } from "~/features/auth/two-factor.server";
import { consumeAttempt } from "~/utils/rate-limit.server";
import { createBudget, createDebtFor, createGoogleUser, createSavingsGoalFor, createTransactionFor, createUser, importBankFile, TEST_PASSWORD } from "../../../tests/factories";
import { savePlan } from "~/features/debts/plan.server";
import { getOrCreateAssets, recordNetWorthSnapshot } from "~/features/net-worth/net-worth.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { toCents } from "~/lib/money";
import { generateSpendingInsights } from "~/features/insights/insights.server";
import { ACCOUNT_MESSAGES } from "./account";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { finishReconciliation } from "~/features/transactions/account-reconciliation.server";
import { addRule } from "~/features/rules/rules.server";
import { addSchedule, markDetectionAsked } from "~/features/recurring/recurring.server";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { countUserData, deleteAccount, exportAccountData, HOLDS_NO_USER_DATA, listSessions, signOutSession, userDataCollections } from "./account.server";

useTestDatabase();

/** A user with something in every collection that can hold a user's data. */
async function busyUser() {
  const userId = await createUser();
  const user = await User.findById(userId).lean();
  const email = user!.email;
  await createTransactionFor(userId);
  await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: "2026-03-01" }, "2026-03-10");
  await finishReconciliation(userId, userId, { statementDate: "2026-03-31", statementBalance: toCents(100), difference: toCents(100 + 1200), choice: "keep-difference" }, "2026-04-01", null);
  await createBudget(userId, "2026-03", toCents(100000));
  await importBankFile(userId, "Date,Description,Amount\n2026-03-02,Cafe,-4.50\n");
  await createSession(userId, new Request("http://localhost/"));
  await ContactSubmission.create({ name: "Me", email, subject: "general", message: "Hello there, a question." });
  await startTwoFactorSetup(userId, email);
  await noteSecurityChange({ userId, email, device: "Chrome on Linux", origin: "http://localhost:3000" }, "two-factor-on");
  await consumeAttempt("loginFailuresPerAccount", email);
  await createDebtFor(userId);
  await savePlan(userId, { extra: toCents(10000), strategy: "avalanche", customOrder: [] });
  await getOrCreateAssets(userId);
  await recordNetWorthSnapshot(userId, "2026-03");
  await createSavingsGoalFor(userId);
  await addRule(userId, { name: "Coffee", match: "all", conditions: [{ field: "description", operator: "contains", text: "cafe" }], actions: [{ kind: "set-category", categoryId: "food" }, { kind: "add-tags", tagNames: ["Coffee"] }] });
  await generateSpendingInsights(userId, "2026-03");
  const schedule = await addSchedule(userId, { name: "Rent", type: "expense", accountId: mainAccountId(userId), currency: "USD", amount: 150000, frequency: "monthly", nextDate: "2026-04-01", category: "housing", remind: true, remindDaysBefore: 3 });
  if (!schedule.ok) throw new Error("the schedule was not saved");
  const proposal = { userId, status: "proposed" as const, type: "expense" as const, accountId: mainAccountId(userId), currency: "USD", amountMin: 4000, amountMax: 6000, frequency: "biweekly", anchor: "2026-01-13", detectedAt: new Date() };
  await SeriesProposal.create({ ...proposal, key: "grocer", name: "Corner Grocer", payeeKey: "corner grocer", amount: 5000, nextDate: "2026-03-10" });
  await markDetectionAsked(userId);
  await SentReminder.create({ _id: `${userId}:rent:2026-04-01`, userId, sentAt: new Date() });
  const itemId = `item-${userId}`;
  await BankConnection.create({
    userId,
    itemId,
    institutionName: "First Platypus Bank",
    accounts: [{ id: "acc-1", name: "Plaid Checking", type: "checking", mask: "0000" }],
    accessToken: sealAccessToken(BANK_ACCESS_TOKEN, `${userId}:${itemId}`),
    cursor: "cursor-of-the-bank",
    connectedAt: new Date(),
  });
  await BankLink.create({ userId, linkToken: "link-sandbox-pending", createdAt: new Date() });
  return { userId, email };
}

const BANK_ACCESS_TOKEN = "access-sandbox-never-downloaded";

describe("account data", () => {
  test("every collection is either searched for a user's data or named as holding none", () => {
    const names = allModels.map((model) => model.collection.collectionName);
    expect([...userDataCollections(), ...Object.keys(HOLDS_NO_USER_DATA)].sort()).toEqual([...names].sort());
  });

  test("deleting the account removes every document of the user from every collection, and nobody else's", async () => {
    const { userId, email } = await busyUser();
    const other = await busyUser();
    const owner = { id: (await User.findById(userId).lean())!._id, email };
    const before = await countUserData(owner);
    for (const name of ["users", "credentials", "sessions", "accounts", "transactions", "monthSummaries", "accountDayNets", "budgets", "importBatches", "importMappings", "twoFactors", "securityEvents", "contactSubmissions", "rateLimits", "debts", "debtPlans", "financialAssets", "netWorthSnapshots", "savingsGoals", "insightResults", "plaidAccounts", "bankLinks", "reconciliations", "rules", "tags", "schedules", "seriesProposals", "seriesDetections", "sentReminders"]) {
      expect(before[name], name).toBeGreaterThan(0);
    }
    const otherBefore = await countUserData({ id: (await User.findById(other.userId).lean())!._id, email: other.email });

    expect(await deleteAccount(userId, { password: "wrong" })).toEqual({ ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword });
    expect(await deleteAccount(userId, {})).toEqual({ ok: false, field: "password", message: ACCOUNT_MESSAGES.passwordRequired });
    expect((await countUserData(owner)).transactions).toBe(before.transactions);

    expect(await deleteAccount(userId, { password: TEST_PASSWORD })).toEqual({ ok: true });
    expect(Object.values(await countUserData(owner)).every((count) => count === 0)).toBe(true);
    expect(await countUserData({ id: (await User.findById(other.userId).lean())!._id, email: other.email })).toEqual(otherBefore);
  });

  test("an account without a password confirms with its email address", async () => {
    const userId = await createGoogleUser();
    const user = await User.findById(userId).lean();
    expect(await deleteAccount(userId, { email: "someone@else.com" })).toMatchObject({ ok: false, field: "email", message: ACCOUNT_MESSAGES.wrongEmail });
    expect(await deleteAccount(userId, { email: ` ${user!.email.toUpperCase()} ` })).toEqual({ ok: true });
    expect(await User.countDocuments({ _id: userId })).toBe(0);
  });

  test("the download holds every record of the user and the transactions CSV, and no secret", async () => {
    const { userId, email } = await busyUser();
    const setup = await startTwoFactorSetup(userId, email);
    const archive = await exportAccountData(userId, new Date("2026-03-10T00:00:00Z"));
    const files = unzipSync(archive!);
    expect(Object.keys(files).sort()).toEqual(["ledgerly-data.json", "transactions.csv"]);
    const json = strFromU8(files["ledgerly-data.json"]);
    const exported = JSON.parse(json) as { exportedAt: string; account: string; collections: Record<string, unknown[]> };
    expect(exported.account).toBe(email);
    expect(Object.keys(exported.collections).sort()).toEqual([
      "accountDayNets",
      "accounts",
      "budgets",
      "contactSubmissions",
      "debtPlans",
      "debts",
      "financialAssets",
      "importBatches",
      "importMappings",
      "insightResults",
      "ledgerJournals",
      "migrations",
      "monthSummaries",
      "netWorthSnapshots",
      "passwordresettokens",
      "plaidAccounts",
      "reconciliations",
      "reportingRecounts",
      "ruleRuns",
      "rules",
      "savingsGoals",
      "schedules",
      "securityEvents",
      "sentReminders",
      "seriesDetections",
      "seriesProposals",
      "tags",
      "transactions",
      "users",
    ]);
    expect(exported.collections.transactions.length).toBeGreaterThanOrEqual(2);
    expect(json).not.toContain("passwordHash");
    expect(json).not.toContain(setup.secret);
    expect(exported.collections.plaidAccounts).toEqual([expect.objectContaining({ institutionName: "First Platypus Bank" })]);
    expect(json).not.toContain("accessToken");
    expect(json).not.toContain("cursor-of-the-bank");
    expect(json).not.toContain("link-sandbox-pending");
    expect(strFromU8(files["transactions.csv"])).toContain("Cafe");
  });
});

describe("signed-in devices", () => {
  test("are listed newest first; one is signed out by its id, never another user's", async () => {
    const userId = await createUser();
    const otherId = await createUser();
    const first = await createSession(userId, new Request("http://localhost/", { headers: { "User-Agent": "Firefox" } }));
    const second = await createSession(userId, new Request("http://localhost/"));
    const theirs = await createSession(otherId, new Request("http://localhost/"));
    expect((await listSessions(userId)).map((session) => session._id).sort()).toEqual([first.id, second.id].sort());
    expect(await signOutSession(userId, theirs.id)).toBe(false);
    expect(await Session.countDocuments({ _id: theirs.id })).toBe(1);
    expect(await signOutSession(userId, first.id)).toBe(true);
    expect((await listSessions(userId)).map((session) => session._id)).toEqual([second.id]);
  });
});
