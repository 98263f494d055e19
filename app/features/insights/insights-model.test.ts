import mongoose from "mongoose";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AiCircuit, InsightResult, User } from "../../../models";
import { INSIGHTS_FROM_MODEL, insightsFromModel, type InsightsFromModelJobData } from "../../../jobs/insights-from-model";
import { action as strategiesAction, loader as strategiesLoader } from "~/routes/_app.debt-management.strategies";
import { action, loader } from "~/routes/_app.insights";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { startOpenAIStandIn, STAND_IN_DEFAULTS } from "../../../scripts/stand-ins/openai.mjs";
import { createDebtFor, createPremiumUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, postRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { INSIGHT_INTENTS, type DebtResult, type SpendingResult } from "./insights";
import { getSpendingInsights, MODEL_WAIT_MS } from "./insights.server";

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

/** The model jobs the refreshes of `userId` queued, oldest first. */
async function queuedModelJobs(userId: string) {
  const jobs = await mongoose.connection.db!.collection("agendaJobs").find({ name: INSIGHTS_FROM_MODEL, "data.userId": userId }).sort({ _id: 1 }).toArray();
  return jobs.map((job) => job.data as InsightsFromModelJobData);
}

/** What the scheduler would run (it is not started in tests): the user's latest queued model job. */
async function runModelJob(userId: string) {
  const jobs = await queuedModelJobs(userId);
  expect(jobs.length, "a model job was queued").toBeGreaterThan(0);
  return insightsFromModel(jobs[jobs.length - 1]);
}

/** A refresh, then the model's half from its job; the page's result after both. */
async function refreshed(userId: string, cookie: string) {
  await refresh(cookie);
  await runModelJob(userId);
  return shown(cookie);
}

describe("pointed at an OpenAI-compatible server", () => {
  test("a refresh answers with the rules engine's insights at once, the model unasked; the page says the AI version is on its way", async () => {
    const { userId, cookie } = await spender();
    const response = await refresh(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/insights?month=${MONTH}`);
    // The page's own note is the one announcement: no toast as well.
    expect(await toastOf(response)).toBeNull();
    expect(await sentBodies(), "the request did not wait for the model").toHaveLength(0);
    const { result, aiStatus } = await shown(cookie);
    expect(result).toMatchObject({ source: "rules", notice: null, modelPending: true });
    expect(result.patterns.map((pattern) => pattern.categoryName)).toContain("Food & Dining");
    expect(aiStatus).toEqual({ mode: "rules", reason: "pending" });
    expect(await queuedModelJobs(userId)).toEqual([{ userId, kind: "spending", month: MONTH, askedAt: expect.any(String) }]);
  });

  test("shows the model's validated answer; citations resolve to the user's own transactions and categories, invented ones are dropped", async () => {
    const { userId, cookie, groceries } = await spender();
    await refresh(cookie);
    expect(await runModelJob(userId)).toBe("model");
    const { result, aiStatus } = await shown(cookie);
    expect(aiStatus).toEqual({ mode: "model", model: STAND_IN_DEFAULTS.model });
    expect(result.source).toBe("model");
    expect(result.notice).toBeNull();
    expect(result.modelPending).toBe(false);
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
    await refreshed(userId, cookie);
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
    const response = await refresh(cookie);
    expect((await toastOf(response))?.type).toBe("success");
    expect(await queuedModelJobs(userId)).toEqual([]);
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
    const { userId, cookie } = await spender();
    await queue(mode, Number(times));
    const response = await refresh(cookie);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toBeNull();
    await runModelJob(userId);
    const { result, aiStatus } = await shown(cookie);
    expect(result.notice?.title).toBe(title);
    expect(result.modelPending).toBe(false);
    expect(result.source).toBe("rules");
    expect(aiStatus).toEqual({ mode: "rules", reason: "fallback" });
    expect(result.patterns.map((pattern) => pattern.categoryName)).toContain("Food & Dining");
  });

  test("'Analysis Generated' quotes the start of the answer as text", async () => {
    const { userId, cookie } = await spender();
    await queue("invalid-json");
    expect((await refreshed(userId, cookie)).result.notice?.description).toContain("Here are your insights");
  });

  test("after 5 failed requests the circuit opens for every user: 'AI Service Temporarily Disabled' without calling the model", async () => {
    await queue("400", 5);
    for (let request = 0; request < 5; request++) {
      const { userId, cookie } = await spender();
      await refreshed(userId, cookie);
    }
    expect(await sentBodies()).toHaveLength(5);
    expect(await AiCircuit.countDocuments()).toBe(1);
    const { userId, cookie } = await spender();
    expect((await refreshed(userId, cookie)).result.notice?.title).toBe("AI Service Temporarily Disabled");
    expect(await sentBodies()).toHaveLength(5);
  });

  test("a refresh while the model is asked makes the earlier answer moot: only the latest is stored", async () => {
    const { userId, cookie } = await spender();
    await refresh(cookie);
    await refresh(cookie);
    const [earlier, latest] = await queuedModelJobs(userId);
    expect(await insightsFromModel(earlier)).toBe("superseded");
    expect((await shown(cookie)).result).toMatchObject({ source: "rules", modelPending: true });
    expect(await insightsFromModel(latest)).toBe("model");
    expect((await shown(cookie)).result.source).toBe("model");
  });

  test("a result that waited longer than the job could take reads as 'No Response' above the rules engine's insights", async () => {
    const { userId, cookie } = await spender();
    await refresh(cookie);
    const stored = await InsightResult.findOne({ userId }).lean();
    const later = new Date(stored!.generatedAt.getTime() + MODEL_WAIT_MS);
    const result = await getSpendingInsights(userId, MONTH, later);
    expect(result).toMatchObject({ source: "rules", modelPending: false, notice: { title: "No Response" } });
    expect(result!.insights.length).toBeGreaterThan(0);
  });
});

describe("debt strategies from the model", () => {
  async function debtor() {
    const userId = await createPremiumUser();
    const card = await createDebtFor(userId, { name: "Store card", currentBalance: toCents(500000), totalAmount: toCents(500000), aprBasisPoints: 2499, minimumPayment: toCents(15000) });
    await createDebtFor(userId, { name: "Car loan", currentBalance: toCents(200000), totalAmount: toCents(200000), aprBasisPoints: 500, minimumPayment: toCents(10000) });
    return { card, userId, cookie: await cookieFor(userId) };
  }
  const generate = async (cookie: string) =>
    (await outcome(() => strategiesAction(args(postRequest("/debt-management/strategies", cookie, { intent: INSIGHT_INTENTS.strategies }))))) as Response;
  const strategies = async (cookie: string) =>
    payloadOf<{ aiResult: DebtResult }>(await outcome(() => strategiesLoader(args(getRequest("/debt-management/strategies", cookie))))).aiResult;

  test("cite the user's debts by id", async () => {
    const { card, userId, cookie } = await debtor();
    const response = await generate(cookie);
    expect(await toastOf(response)).toBeNull();
    expect(await strategies(cookie)).toMatchObject({ source: "rules", modelPending: true });
    expect(await runModelJob(userId)).toBe("model");
    const result = await strategies(cookie);
    expect(result.source).toBe("model");
    expect(result.strategies[0].title).toBe("Model strategy: pay Store card first");
    expect(result.strategies[0].citations).toContainEqual({ kind: "debt", id: card.id, label: "Store card" });
  });

  test("a failing model gives the avalanche fallback above the rules engine's strategies", async () => {
    const { userId, cookie } = await debtor();
    await queue("500", 3);
    const response = await generate(cookie);
    expect(await toastOf(response)).toBeNull();
    await runModelJob(userId);
    const result = await strategies(cookie);
    expect(result.notice?.title).toBe("AI Service Unavailable");
    expect(result.notice?.description).toContain("highest interest rate");
    expect(JSON.stringify(result.strategies)).toContain("Store card");
  });
});
