import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from "openai";
import { LengthFinishReasonError } from "openai/error";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEBT_SCHEMA_NAME, SPENDING_SCHEMA_NAME, debtAnswerSchema, spendingAnswerSchema } from "~/features/insights/schema";
import { STAND_IN_DEFAULTS, startOpenAIStandIn } from "./openai.mjs";

let standIn: Awaited<ReturnType<typeof startOpenAIStandIn>>;
let client: OpenAI;

const SPENDING_DATA = {
  month: "2026-11",
  currency: "USD",
  summary: { income: 3000, expenses: 1234.5, net: 1765.5, monthlyBudget: 2500 },
  topCategories: [
    { id: "food", name: "Food & Dining", spent: 320.4 },
    { id: "transport", name: "Transport", spent: 95 },
  ],
  transactions: [
    { ref: "t1", date: "2026-11-03", type: "expense", category: "food", categoryName: "Food & Dining", amount: 12.5, description: "Coffee" },
    { ref: "t2", date: "2026-11-04", type: "income", category: "salary", categoryName: "Salary", amount: 3000, description: "Pay" },
    { ref: "t3", date: "2026-11-05", type: "expense", category: "food", categoryName: "Food & Dining", amount: 80, description: "Groceries" },
    { ref: "t4", date: "2026-11-06", type: "expense", category: "food", categoryName: "Food & Dining", amount: 40, description: "Dinner" },
    { ref: "t5", date: "2026-11-07", type: "expense", category: "rent", categoryName: "Rent", amount: 900, description: "Rent" },
    { ref: "t6", date: "2026-11-08", type: "expense", category: "transport", categoryName: "Transport", amount: 95, description: "Train pass" },
  ],
};

const DEBT_DATA = {
  currency: "USD",
  debts: [
    { ref: "d1", name: "Visa", type: "credit_card", currentBalance: 5000, interestRate: 19.99, minimumPayment: 150, priority: "high" },
    { ref: "d2", name: "Car loan", type: "auto_loan", currentBalance: 1200, interestRate: 6.5, minimumPayment: 200, priority: "medium" },
  ],
  transactions: [],
};

const prompt = (data: unknown) => `Analyse my month.\n\nDATA (JSON):\n${JSON.stringify(data)}`;

function askForSpending(data: unknown = SPENDING_DATA, openai = client) {
  return openai.chat.completions.parse({
    model: STAND_IN_DEFAULTS.model,
    messages: [
      { role: "system", content: "You are a careful financial assistant." },
      { role: "user", content: prompt(data) },
    ],
    response_format: zodResponseFormat(spendingAnswerSchema, SPENDING_SCHEMA_NAME),
    temperature: 0.2,
    top_p: 1,
    max_completion_tokens: 1500,
  });
}

type Behaviour = { mode: string; times?: number; delayMs?: number };

async function control(behaviour: Behaviour) {
  const response = await fetch(`${standIn.url}/__control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(behaviour),
  });
  expect(response.status).toBe(200);
}

async function recordedRequests() {
  const response = await fetch(`${standIn.url}/__requests`);
  return (await response.json()) as { path: string; headers: Record<string, string>; body: Record<string, unknown> }[];
}

beforeAll(async () => {
  standIn = await startOpenAIStandIn({ port: 0 });
  client = new OpenAI({ apiKey: STAND_IN_DEFAULTS.apiKey, baseURL: standIn.baseURL, maxRetries: 0, timeout: 2000 });
});

afterAll(async () => {
  await standIn?.stop();
});

beforeEach(async () => {
  await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
});

describe("OpenAI stand-in", () => {
  it("answers spending insights built from the prompt's data, in the app's schema", async () => {
    const completion = await askForSpending();
    const [choice] = completion.choices;
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe(STAND_IN_DEFAULTS.model);
    expect(choice.finish_reason).toBe("stop");
    expect(choice.message.refusal).toBeNull();
    const answer = spendingAnswerSchema.parse(choice.message.parsed);

    expect(answer.insights).toHaveLength(2);
    const [top, net] = answer.insights;
    expect(top.title).toBe("Model insight: Food & Dining");
    expect(top.description).toContain("320.40");
    expect(top.categoryIds).toEqual(["food"]);
    expect(top.transactionRefs).toEqual(["t1", "t3", "t999"]);
    expect(net.description).toContain("1765.50");
    expect(net.transactionRefs).toEqual(["t5"]);
    expect(answer.patterns.map((pattern) => [pattern.categoryId, pattern.trend])).toEqual([
      ["food", "stable"],
      ["transport", "stable"],
    ]);
    expect(answer.patterns[1].transactionRefs).toEqual(["t6"]);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it("answers without citations when there are no transactions", async () => {
    const completion = await askForSpending({
      ...SPENDING_DATA,
      summary: { income: 0, expenses: 0, net: 0, monthlyBudget: null },
      topCategories: [],
      transactions: [],
    });
    const answer = spendingAnswerSchema.parse(completion.choices[0].message.parsed);
    expect(answer.insights).toHaveLength(2);
    expect(answer.insights[0].transactionRefs).toEqual(["t999"]);
    expect(answer.insights[1].transactionRefs).toEqual([]);
    expect(answer.patterns).toEqual([]);
  });

  it("answers debt strategies: highest interest first, then the smallest balance", async () => {
    const completion = await client.chat.completions.parse({
      model: STAND_IN_DEFAULTS.model,
      messages: [{ role: "user", content: prompt(DEBT_DATA) }],
      response_format: zodResponseFormat(debtAnswerSchema, DEBT_SCHEMA_NAME),
    });
    const { strategies } = debtAnswerSchema.parse(completion.choices[0].message.parsed);
    expect(strategies.map((strategy) => [strategy.title, strategy.debtRefs])).toEqual([
      ["Model strategy: pay Visa first", ["d1"]],
      ["Model strategy: clear Car loan", ["d2"]],
    ]);
    expect(strategies[1].description).toContain("1200.00");
  });

  it("answers an unknown schema name with an OpenAI-shaped 400", async () => {
    const response = await fetch(`${standIn.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${STAND_IN_DEFAULTS.apiKey}` },
      body: JSON.stringify({
        model: STAND_IN_DEFAULTS.model,
        messages: [{ role: "user", content: prompt({}) }],
        response_format: { type: "json_schema", json_schema: { name: "horoscope", strict: true, schema: {} } },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: expect.stringContaining("horoscope"), type: "invalid_request_error", param: null, code: null },
    });
  });

  it("serves the path without /v1 and lists its model", async () => {
    const withoutPrefix = new OpenAI({ apiKey: STAND_IN_DEFAULTS.apiKey, baseURL: standIn.url, maxRetries: 0 });
    const completion = await askForSpending(SPENDING_DATA, withoutPrefix);
    expect(completion.choices[0].message.parsed?.insights).toHaveLength(2);

    const models = await client.models.list();
    expect(models.data).toEqual([expect.objectContaining({ id: STAND_IN_DEFAULTS.model, object: "model", owned_by: "ledgerly" })]);
  });

  it("records what was sent, authorization included", async () => {
    await askForSpending();
    const [request] = await recordedRequests();
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${STAND_IN_DEFAULTS.apiKey}`);
    expect(request.body).toMatchObject({
      model: STAND_IN_DEFAULTS.model,
      temperature: 0.2,
      top_p: 1,
      max_completion_tokens: 1500,
      response_format: { type: "json_schema", json_schema: { name: SPENDING_SCHEMA_NAME, strict: true } },
    });

    await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
    expect(await recordedRequests()).toEqual([]);
  });

  it.each([
    ["429", RateLimitError, 429, "rate_limit_exceeded"],
    ["500", InternalServerError, 500, null],
    ["503", InternalServerError, 503, null],
    ["400", BadRequestError, 400, null],
  ] as const)("mode %s raises the SDK's error with that status", async (mode, ErrorClass, status, code) => {
    await control({ mode });
    const failure = await askForSpending().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ErrorClass);
    expect(failure).toMatchObject({ status, code });
    await expect(askForSpending()).resolves.toBeDefined();
  });

  it("invalid-json makes parse throw a SyntaxError", async () => {
    await control({ mode: "invalid-json" });
    await expect(askForSpending()).rejects.toBeInstanceOf(SyntaxError);
  });

  it("schema-mismatch makes parse throw a zod error", async () => {
    await control({ mode: "schema-mismatch" });
    await expect(askForSpending()).rejects.toBeInstanceOf(z.core.$ZodError);
  });

  it("refusal answers a refusal and nothing parsed", async () => {
    await control({ mode: "refusal" });
    const { message } = (await askForSpending()).choices[0];
    expect(message.refusal).toBe("I'm sorry, I can't help with that.");
    expect(message.content).toBeNull();
    expect(message.parsed).toBeNull();
  });

  it("cut-off makes parse throw LengthFinishReasonError", async () => {
    await control({ mode: "cut-off" });
    await expect(askForSpending()).rejects.toBeInstanceOf(LengthFinishReasonError);
  });

  it("no-choice answers no choices", async () => {
    await control({ mode: "no-choice" });
    expect((await askForSpending()).choices).toHaveLength(0);
  });

  it("slow answers late: in time for a patient client, a timeout for an impatient one", async () => {
    await control({ mode: "slow", delayMs: 100 });
    const started = Date.now();
    await expect(askForSpending()).resolves.toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);

    await control({ mode: "slow", delayMs: 5000 });
    const impatient = new OpenAI({ apiKey: STAND_IN_DEFAULTS.apiKey, baseURL: standIn.baseURL, maxRetries: 0, timeout: 200 });
    await expect(askForSpending(SPENDING_DATA, impatient)).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("stop does not wait for a slow answer", async () => {
    const other = await startOpenAIStandIn({ port: 0 });
    await fetch(`${other.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "slow", delayMs: 60_000 }) });
    const patient = new OpenAI({ apiKey: STAND_IN_DEFAULTS.apiKey, baseURL: other.baseURL, maxRetries: 0, timeout: 120_000 });
    const pending = askForSpending(SPENDING_DATA, patient).catch((error: unknown) => error);
    await expect.poll(async () => (await (await fetch(`${other.url}/__requests`)).json()).length).toBe(1);

    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(APIConnectionError);
  });

  it("drop closes the connection without answering", async () => {
    await control({ mode: "drop" });
    const failure = await askForSpending().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIConnectionError);
    expect(failure).not.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("applies a behaviour to exactly `times` requests, and queued behaviours in order", async () => {
    await control({ mode: "500", times: 2 });
    await expect(askForSpending()).rejects.toBeInstanceOf(InternalServerError);
    await expect(askForSpending()).rejects.toBeInstanceOf(InternalServerError);
    await expect(askForSpending()).resolves.toBeDefined();

    await control({ mode: "429" });
    await control({ mode: "ok" });
    await control({ mode: "503" });
    await expect(askForSpending()).rejects.toBeInstanceOf(RateLimitError);
    await expect(askForSpending()).resolves.toBeDefined();
    await expect(askForSpending()).rejects.toMatchObject({ status: 503 });
    await expect(askForSpending()).resolves.toBeDefined();
    expect(await recordedRequests()).toHaveLength(7);
  });

  it("refuses an unknown mode", async () => {
    const response = await fetch(`${standIn.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "sometimes" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("rejects with a one-line message when the port is taken", async () => {
    const failure = await startOpenAIStandIn({ port: standIn.port }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const { message } = failure as Error;
    expect(message).toMatch(new RegExp(`port ${standIn.port} .*already in use`));
    expect(message).not.toContain("\n");
  });
});
