import { describe, expect, test } from "vitest";
import { InsightResult, User } from "../../../models";
import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { action as strategiesAction, loader as strategiesLoader } from "~/routes/_app.debt-management.strategies";
import { action, loader } from "~/routes/_app.insights";
import { action as profileAction } from "~/routes/_app.profile";
import { setCategoryBudget } from "~/features/budgets/budgets.server";
import { payDebt } from "~/features/debts/debts.server";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { createDebtFor, createGoogleUser, createPremiumUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { INSIGHT_INTENTS, RATE_LIMIT_MESSAGE, REFRESHES_PER_HOUR, type DebtResult, type SpendingResult } from "./insights";

useTestDatabase();

const MONTH = monthKeyOf(new Date());
const LAST_MONTH = monthKeyOf(new Date(new Date().setUTCDate(0)));
const args = (request: Request) => ({ request, params: {}, context: {} });

type InsightsPage = { result: SpendingResult | null; aiStatus: { mode: string; reason?: string } };

async function refresh(cookie: string, fields: Record<string, string> = { intent: INSIGHT_INTENTS.refresh }, query = `?month=${MONTH}`) {
  return outcome(() => action(args(postRequest(`/insights${query}`, cookie, fields))));
}

async function page(cookie: string) {
  return payloadOf<InsightsPage>(await outcome(() => loader(args(getRequest(`/insights?month=${MONTH}`, cookie)))));
}

/** A user whose month has food spending well above last month's and above its budget, and a monthly subscription. */
async function userWithSpending() {
  const userId = await createPremiumUser();
  const coffee = await createTransactionFor(userId, { type: "expense", category: "food", amount: toCents(64000), date: `${MONTH}-03`, description: "Groceries" });
  await createTransactionFor(userId, { type: "expense", category: "food", amount: toCents(30000), date: `${LAST_MONTH}-03`, description: "Groceries" });
  await createTransactionFor(userId, { type: "income", category: "salary", amount: toCents(300000), date: `${MONTH}-01`, description: "Pay" });
  await setCategoryBudget(userId, MONTH, "food", toCents(40000));
  return { userId, cookie: await cookieFor(userId), foodId: coffee.id };
}

describe("/insights with no model configured: the rules engine answers", () => {
  test("before the first generation the page offers 'Generate AI Insights' (no result) and says no model is configured", async () => {
    const { cookie } = await userWithSpending();
    const loaded = await page(cookie);
    expect(loaded.result).toBeNull();
    expect(loaded.aiStatus).toEqual({ mode: "rules", reason: "no-key" });
  });

  test("generating stores the month's insights with the user's real categories and figures, citing their own transactions", async () => {
    const { userId, cookie, foodId } = await userWithSpending();
    const other = await userWithSpending();
    const response = (await refresh(cookie)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/insights?month=${MONTH}`);
    expect((await toastOf(response))?.message).toMatch(/^AI insights refreshed successfully at \d{1,2}:\d{2} (AM|PM) UTC!$/);

    const { result } = await page(cookie);
    expect(result).toMatchObject({ source: "rules", notice: null, month: MONTH });
    const text = JSON.stringify(result);
    expect(text).toContain("Food & Dining");
    expect(text).toContain("$640.00");
    const overBudget = result!.insights.find((insight) => insight.citations.some((citation) => citation.kind === "category" && citation.id === "food") && insight.potentialSavings === 24000);
    expect(overBudget, "the food category is $240.00 over its $400.00 budget").toBeDefined();
    const cited = result!.insights.flatMap((insight) => insight.citations).filter((citation) => citation.kind === "transaction");
    expect(cited.map((citation) => citation.id)).toContain(foodId);
    expect(cited.map((citation) => citation.id)).not.toContain(other.foodId);
    expect(result!.patterns.find((pattern) => pattern.categoryId === "food")?.trend).toBe("increasing");
    expect(await InsightResult.countDocuments({ userId })).toBe(1);
  });

  test("the analytics Insights tab shows the same stored result, and its refresh form comes back to the tab", async () => {
    const { cookie } = await userWithSpending();
    const back = `/analytics?month=${MONTH}&tab=insights`;
    const response = (await refresh(cookie, { intent: INSIGHT_INTENTS.refresh, returnTo: back })) as Response;
    expect(response.headers.get("Location")).toBe(back);
    const analytics = payloadOf<{ insights: InsightsPage | null }>(await outcome(() => analyticsLoader(args(getRequest(back, cookie)))));
    expect(analytics.insights?.result?.source).toBe("rules");
    const elsewhere = (await refresh(cookie, { intent: INSIGHT_INTENTS.refresh, returnTo: "https://evil.example/" })) as Response;
    expect(elsewhere.headers.get("Location")).toBe(`/insights?month=${MONTH}`);
  });

  test("a deleted transaction is no longer cited", async () => {
    const { cookie, foodId } = await userWithSpending();
    await refresh(cookie);
    const { Transaction } = await import("../../../models");
    await Transaction.updateOne({ _id: foodId }, { $set: { deleted: true } });
    const text = JSON.stringify((await page(cookie)).result);
    expect(text).not.toContain(foodId);
  });

  test("an unknown intent is a 400 and writes nothing; free users go to the subscription page", async () => {
    const { userId, cookie } = await userWithSpending();
    const refused = await refresh(cookie, { intent: "drop-tables" });
    expect(statusOf(refused)).toBe(400);
    expect(await InsightResult.countDocuments({ userId })).toBe(0);

    const freeCookie = await cookieFor(await createGoogleUser());
    const redirected = (await refresh(freeCookie)) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe("/manage-subscription");
  });

  test(`refreshes are limited to ${REFRESHES_PER_HOUR} an hour per user, with a clear message and nothing generated`, async () => {
    const { userId, cookie } = await userWithSpending();
    for (let count = 0; count < REFRESHES_PER_HOUR; count++) expect(statusOf(await refresh(cookie))).toBe(302);
    await InsightResult.deleteMany({ userId });
    const limited = await refresh(cookie);
    expect(statusOf(limited)).toBe(429);
    expect(payloadOf<{ rateLimitMessage: string }>(limited).rateLimitMessage).toBe(RATE_LIMIT_MESSAGE);
    expect(await InsightResult.countDocuments({ userId })).toBe(0);
  });
});

describe("debt strategies on demand", () => {
  async function strategiesPage(cookie: string) {
    return payloadOf<{ aiResult: DebtResult | null }>(await outcome(() => strategiesLoader(args(getRequest("/debt-management/strategies", cookie)))));
  }

  test("'Generate AI Strategies' stores avalanche-versus-snowball advice from the user's debts", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const card = await createDebtFor(userId, { name: "Store card", currentBalance: toCents(500000), totalAmount: toCents(500000), aprBasisPoints: 2499, minimumPayment: toCents(15000) });
    await createDebtFor(userId, { name: "Car loan", currentBalance: toCents(200000), totalAmount: toCents(200000), aprBasisPoints: 500, minimumPayment: toCents(10000) });
    expect((await strategiesPage(cookie)).aiResult).toBeNull();

    const response = (await outcome(() => strategiesAction(args(postRequest("/debt-management/strategies", cookie, { intent: INSIGHT_INTENTS.strategies }))))) as Response;
    expect(response.status).toBe(302);
    const { aiResult } = await strategiesPage(cookie);
    expect(aiResult?.source).toBe("rules");
    const text = JSON.stringify(aiResult);
    expect(text).toContain("Store card");
    expect(aiResult!.strategies.some((strategy) => strategy.citations.some((citation) => citation.kind === "debt" && citation.id === card.id))).toBe(true);
  });

  test("an unknown intent is a 400", async () => {
    const cookie = await cookieFor(await createPremiumUser());
    expect(statusOf(await outcome(() => strategiesAction(args(postRequest("/debt-management/strategies", cookie, { intent: "x" })))))).toBe(400);
  });

  test("a debt linked to its card counts the transfers into the card as its payments, once each", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const card = await addAccountBesideMain(userId, { name: "Visa card", kind: "credit_card", onBudget: true, openingBalance: -300000, openingDate: `${MONTH}-01` }, `${MONTH}-01`);
    if (!card.ok) throw new Error(card.message);
    const debt = await createDebtFor(userId, { name: "Visa", totalAmount: toCents(300000), currentBalance: null, accountId: card.account.id, aprBasisPoints: 1999, minimumPayment: toCents(9000) });
    await createDebtFor(userId, { name: "Car loan" });
    await payDebt(userId, debt.id, { amount: toCents(12500), date: `${MONTH}-01`, currency: "USD" });

    await outcome(() => strategiesAction(args(postRequest("/debt-management/strategies", cookie, { intent: INSIGHT_INTENTS.strategies }))));
    const { aiResult } = await strategiesPage(cookie);
    const recent = aiResult?.strategies.find((strategy) => strategy.title.endsWith("paid toward your debts recently"));
    expect(recent?.title).toBe("$125.00 paid toward your debts recently");
    expect(recent?.description).toContain("Visa $125.00 (1 payment");
    expect(recent?.description).not.toContain("No payment to Visa");
  });
});

describe("the profile switch", () => {
  test("turns AI off and on; anything but on/off is a 400 that writes nothing", async () => {
    const userId = await createPremiumUser();
    const cookie = await cookieFor(userId);
    const post = (value: string) => outcome(() => profileAction(args(postRequest("/profile", cookie, { intent: "update-ai", aiInsights: value }))));
    expect(statusOf(await post("off"))).toBe(302);
    expect((await User.findById(userId).lean())?.aiInsights).toBe(false);
    expect(statusOf(await post("maybe"))).toBe(400);
    expect((await User.findById(userId).lean())?.aiInsights).toBe(false);
    expect(statusOf(await post("on"))).toBe(302);
    expect((await User.findById(userId).lean())?.aiInsights).toBe(true);
  });
});
