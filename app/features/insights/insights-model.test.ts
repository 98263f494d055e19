import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AiCircuit, User } from "../../../models";
import { action as strategiesAction, loader as strategiesLoader } from "~/routes/_app.debt-management.strategies";
import { action, loader } from "~/routes/_app.insights";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { startOpenAIStandIn, STAND_IN_DEFAULTS } from "../../../scripts/stand-ins/openai.mjs";
import { createDebtFor, createPremiumUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { INSIGHT_INTENTS, INSIGHT_MESSAGES, type DebtResult, type SpendingResult } from "./insights";

let standIn: Awaited<ReturnType<typeof startOpenAIStandIn>>;

// Registered before the database hook, so the environment is set before anything reads it.
beforeAll(async () => {
  standIn = await startOpenAIStandIn({ port: 0 });
  process.env.OPENAI_API_KEY = STAND_IN_DEFAULTS.apiKey;
  process.env.OPENAI_BASE_URL = standIn.baseURL;
  process.env.OPENAI_MODEL = STAND_IN_DEFAULTS.model;
  process.env.OPENAI_RETRY_BASE_DELAY_MS = "5";
  process.env.OPENAI_TIMEOUT_MS = "2000";
});
useTestDatabase();
afterAll(async () => {
  await standIn.stop();
});
beforeEach(async () => {
  await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
  await AiCircuit.deleteMany({});
});

const MONTH = monthKeyOf(new Date());
const args = (request: Request) => ({ request, params: {}, context: {} });

async function queue(mode: string, times = 1) {
  await fetch(`${standIn.url}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode, times }) });
}

async function sentBodies() {
  return ((await (await fetch(`${standIn.url}/__requests`)).json()) as Array<{ body: unknown }>).map((request) => JSON.stringify(request.body));
}

async function spender() {
  const userId = await createPremiumUser();
  const groceries = await createTransactionFor(userId, { type: "expense", category: "food", amount: toCents(64000), date: `${MONTH}-03`, description: "Groceries" });
  await createTransactionFor(userId, { type: "income", category: "salary", amount: toCents(300000), date: `${MONTH}-01`, description: "Pay" });
  return { userId, cookie: await cookieFor(userId), groceries };
}

async function refresh(cookie: string) {
  return (await outcome(() => action(args(postRequest(`/insights?month=${MONTH}`, cookie, { intent: INSIGHT_INTENTS.refresh }))))) as Response;
}

async function shown(cookie: string) {
  return payloadOf<{ result: SpendingResult; aiStatus: unknown }>(await outcome(() => loader(args(getRequest(`/insights?month=${MONTH}`, cookie)))));
}

describe("pointed at an OpenAI-compatible server", () => {
  test("shows the model's validated answer; citations resolve to the user's own transactions and categories, invented ones are dropped", async () => {
    const { cookie, groceries } = await spender();
    const response = await refresh(cookie);
    expect((await toastOf(response))?.type).toBe("success");
    const { result, aiStatus } = await shown(cookie);
    expect(aiStatus).toEqual({ mode: "model", model: STAND_IN_DEFAULTS.model });
    expect(result.source).toBe("model");
    expect(result.notice).toBeNull();
    const [first] = result.insights;
    expect(first.title).toBe("Model insight: Food & Dining");
    expect(first.citations).toContainEqual({ kind: "category", id: "food", label: "Food & Dining" });
    expect(first.citations).toContainEqual(expect.objectContaining({ kind: "transaction", id: groceries.id }));
    // The stand-in always adds "t999", a reference the prompt never handed out.
    expect(first.citations.every((citation) => citation.kind !== "transaction" || citation.id === groceries.id)).toBe(true);
    expect(result.patterns[0]).toMatchObject({ categoryId: "food", categoryName: "Food & Dining", trend: "stable" });
  });

  test("sends only what §7 lists: no email, no user or database ids", async () => {
    const { userId, cookie, groceries } = await spender();
    await refresh(cookie);
    const [body] = await sentBodies();
    const email = (await User.findById(userId).lean())!.email;
    expect(body).toContain("Groceries");
    expect(body).toContain("640");
    expect(body).not.toContain(email);
    expect(body).not.toContain(userId);
    expect(body).not.toContain(groceries.id);
    expect(body).not.toMatch(/[0-9a-f]{24}/);
  });

  test("with AI turned off in the profile nothing is sent and the rules engine answers", async () => {
    const { userId, cookie } = await spender();
    await User.updateOne({ _id: userId }, { $set: { aiInsights: false } });
    await refresh(cookie);
    expect(await sentBodies()).toHaveLength(0);
    const { result, aiStatus } = await shown(cookie);
    expect(result.source).toBe("rules");
    expect(aiStatus).toEqual({ mode: "rules", reason: "turned-off" });
  });
});

describe("every failure of the model answers with §8's fallback and the locally computed insights, never an error page", () => {
  test.each([
    ["503", "AI Service Temporarily Overloaded", 3],
    ["400", "AI Service Unavailable", 1],
    ["refusal", "No Response", 1],
    ["no-choice", "No Response", 1],
    ["invalid-json", "Analysis Generated", 1],
    ["schema-mismatch", "Analysis Generated", 1],
    ["cut-off", "Analysis Generated", 1],
  ])("%s → '%s'", async (mode, title, times) => {
    const { cookie } = await spender();
    await queue(mode, Number(times));
    const response = await refresh(cookie);
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe(INSIGHT_MESSAGES.refreshFailedToast);
    const { result, aiStatus } = await shown(cookie);
    expect(result.notice?.title).toBe(title);
    expect(result.source).toBe("rules");
    expect(aiStatus).toEqual({ mode: "rules", reason: "fallback" });
    expect(result.patterns.map((pattern) => pattern.categoryName)).toContain("Food & Dining");
  });

  test("'Analysis Generated' quotes the start of the answer as text", async () => {
    const { cookie } = await spender();
    await queue("invalid-json");
    await refresh(cookie);
    expect((await shown(cookie)).result.notice?.description).toContain("Here are your insights");
  });

  test("after 5 failed requests the circuit opens for every user: 'AI Service Temporarily Disabled' without calling the model", async () => {
    await queue("400", 5);
    for (let request = 0; request < 5; request++) await refresh((await spender()).cookie);
    expect(await sentBodies()).toHaveLength(5);
    expect(await AiCircuit.countDocuments()).toBe(1);
    const { cookie } = await spender();
    await refresh(cookie);
    expect((await shown(cookie)).result.notice?.title).toBe("AI Service Temporarily Disabled");
    expect(await sentBodies()).toHaveLength(5);
  });
});

describe("debt strategies from the model", () => {
  async function debtor() {
    const userId = await createPremiumUser();
    const card = await createDebtFor(userId, { name: "Store card", currentBalance: toCents(500000), totalAmount: toCents(500000), aprBasisPoints: 2499, minimumPayment: toCents(15000) });
    await createDebtFor(userId, { name: "Car loan", currentBalance: toCents(200000), totalAmount: toCents(200000), aprBasisPoints: 500, minimumPayment: toCents(10000) });
    return { card, cookie: await cookieFor(userId) };
  }
  const generate = async (cookie: string) =>
    (await outcome(() => strategiesAction(args(postRequest("/debt-management/strategies", cookie, { intent: INSIGHT_INTENTS.strategies }))))) as Response;
  const strategies = async (cookie: string) =>
    payloadOf<{ aiResult: DebtResult }>(await outcome(() => strategiesLoader(args(getRequest("/debt-management/strategies", cookie))))).aiResult;

  test("cite the user's debts by id", async () => {
    const { card, cookie } = await debtor();
    await generate(cookie);
    const result = await strategies(cookie);
    expect(result.source).toBe("model");
    expect(result.strategies[0].title).toBe("Model strategy: pay Store card first");
    expect(result.strategies[0].citations).toContainEqual({ kind: "debt", id: card.id, label: "Store card" });
  });

  test("a failing model gives the avalanche fallback and 'Failed to generate AI insights. Please try again.'", async () => {
    const { cookie } = await debtor();
    await queue("500", 3);
    const response = await generate(cookie);
    expect((await toastOf(response))?.message).toBe(INSIGHT_MESSAGES.strategiesFailed);
    const result = await strategies(cookie);
    expect(result.notice?.title).toBe("AI Service Unavailable");
    expect(result.notice?.description).toContain("highest interest rate");
    expect(JSON.stringify(result.strategies)).toContain("Store card");
  });
});
