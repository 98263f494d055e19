import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startOpenAIStandIn, STAND_IN_DEFAULTS } from "../../scripts/stand-ins/openai.mjs";
import { spendingAnswerSchema, SPENDING_SCHEMA_NAME } from "~/features/insights/schema";
import { createModelClient, MODEL_POLICY, retryBackoff, type BreakerStore } from "./openai.server";

let standIn: Awaited<ReturnType<typeof startOpenAIStandIn>>;

const DATA = {
  month: "2026-11",
  currency: "USD",
  summary: { income: 3000, expenses: 1234.5, net: 1765.5, monthlyBudget: 2500 },
  topCategories: [{ id: "c1", name: "Food & Dining", spent: 320.4, budget: 300 }],
  transactions: [{ ref: "t1", date: "2026-11-03", type: "expense", category: "c1", categoryName: "Food & Dining", amount: 12.5, description: "Coffee" }],
};
const REQUEST = { schemaName: SPENDING_SCHEMA_NAME, schema: spendingAnswerSchema, system: "You are careful.", user: `Analyse.\n\nDATA (JSON):\n${JSON.stringify(DATA)}` };

/** The breaker's state as the app's database keeps it: one shared document, here one shared variable. */
function sharedStore(): BreakerStore & { state: unknown } {
  return {
    state: null,
    async load() {
      return this.state;
    },
    async save(state) {
      this.state = JSON.parse(JSON.stringify(state));
    },
  };
}

function client(store: BreakerStore = sharedStore(), timeoutMs = 2000) {
  return createModelClient({ apiKey: STAND_IN_DEFAULTS.apiKey, baseURL: standIn.baseURL, model: STAND_IN_DEFAULTS.model, timeoutMs, breakerStore: store, retryBaseDelayMs: 5 });
}

async function queue(mode: string, times = 1, delayMs?: number) {
  const response = await fetch(`${standIn.url}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode, times, delayMs }) });
  expect(response.ok).toBe(true);
}

async function requestsSent() {
  return ((await (await fetch(`${standIn.url}/__requests`)).json()) as unknown[]).length;
}

beforeAll(async () => {
  standIn = await startOpenAIStandIn({ port: 0 });
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(async () => {
  await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
});
afterEach(() => {
  vi.useRealTimers();
});

test("asks for structured output with §9's sampling and no SDK retries, and returns the parsed answer", async () => {
  const outcome = await client().complete(REQUEST);
  expect(outcome.ok).toBe(true);
  if (!outcome.ok) return;
  expect(outcome.value.insights[0].title).toContain("Food & Dining");
  expect(outcome.value.insights[0].categoryIds).toEqual(["c1"]);
  const [sent] = (await (await fetch(`${standIn.url}/__requests`)).json()) as Array<{ body: Record<string, unknown>; headers: Record<string, string> }>;
  expect(sent.headers.authorization).toBe(`Bearer ${STAND_IN_DEFAULTS.apiKey}`);
  expect(sent.body).toMatchObject({
    model: STAND_IN_DEFAULTS.model,
    temperature: 0.7,
    top_p: 0.95,
    max_completion_tokens: 2048,
    response_format: { type: "json_schema", json_schema: { name: SPENDING_SCHEMA_NAME, strict: true } },
  });
});

describe("retries: 3 attempts on 429, 500, 503 and network errors only", () => {
  test.each(["429", "500", "503", "drop"])("%s twice, then an answer: the third attempt succeeds", async (mode) => {
    await queue(mode, 2);
    const outcome = await client().complete(REQUEST);
    expect(outcome.ok).toBe(true);
    expect(await requestsSent()).toBe(3);
  });

  test("429 three times: the request fails as unavailable after 3 attempts", async () => {
    await queue("429", 3);
    const outcome = await client().complete(REQUEST);
    expect(outcome).toMatchObject({ ok: false, failure: "unavailable", detail: "API request failed with status 429" });
    expect(await requestsSent()).toBe(3);
  });

  test("503 three times is 'overloaded'", async () => {
    await queue("503", 3);
    expect(await client().complete(REQUEST)).toMatchObject({ ok: false, failure: "overloaded" });
  });

  test("a 400 is not retried", async () => {
    await queue("400");
    expect(await client().complete(REQUEST)).toMatchObject({ ok: false, failure: "unavailable", detail: "API request failed with status 400" });
    expect(await requestsSent()).toBe(1);
  });

  test("a timeout is not retried", async () => {
    await queue("slow", 1, 3000);
    expect(await client(sharedStore(), 1000).complete(REQUEST)).toMatchObject({ ok: false, failure: "unavailable" });
    expect(await requestsSent()).toBe(1);
  });

  test("an unreachable endpoint is unavailable", async () => {
    const dead = createModelClient({ apiKey: "key", baseURL: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 1000, breakerStore: sharedStore(), retryBaseDelayMs: 5 });
    expect(await dead.complete(REQUEST)).toMatchObject({ ok: false, failure: "unavailable" });
  });
});

describe("answers that cannot be used", () => {
  test("text that is not JSON is 'unparsable' with its first 200 characters", async () => {
    await queue("invalid-json");
    const outcome = await client().complete(REQUEST);
    expect(outcome).toMatchObject({ ok: false, failure: "unparsable" });
    expect(!outcome.ok && outcome.excerpt).toContain("Here are your insights");
    expect(!outcome.ok && (outcome.excerpt?.length ?? 0)).toBeLessThanOrEqual(MODEL_POLICY.rawExcerptLength);
  });

  test("JSON that does not fit the schema is 'unparsable'", async () => {
    await queue("schema-mismatch");
    expect(await client().complete(REQUEST)).toMatchObject({ ok: false, failure: "unparsable" });
  });

  test("an answer cut off at the length limit is 'unparsable'", async () => {
    await queue("cut-off");
    expect(await client().complete(REQUEST)).toMatchObject({ ok: false, failure: "unparsable", detail: "The answer was cut off at the length limit" });
  });

  test.each(["refusal", "no-choice"])("%s is 'no-response'", async (mode) => {
    await queue(mode);
    expect(await client().complete(REQUEST)).toMatchObject({ ok: false, failure: "no-response" });
  });

  test("bad answers do not count towards the breaker: the request itself succeeded", async () => {
    const store = sharedStore();
    await queue("invalid-json", 6);
    for (let attempt = 0; attempt < 6; attempt++) expect(await client(store).complete(REQUEST)).toMatchObject({ failure: "unparsable" });
    expect(await client(store).complete(REQUEST)).toMatchObject({ ok: true });
  });
});

describe("circuit breaker: opens after 5 failed requests for 5 minutes, shared through its store", () => {
  test("open after 5, half-open after 5 minutes, closed again on success", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T10:00:00Z") });
    const store = sharedStore();
    await queue("400", 5);
    for (let request = 0; request < 5; request++) expect(await client(store).complete(REQUEST)).toMatchObject({ failure: "unavailable" });

    // Another process (another client on the same store) does not call the model either.
    expect(await client(store).complete(REQUEST)).toMatchObject({ ok: false, failure: "circuit-open", detail: "Circuit breaker is open - API temporarily disabled due to repeated failures" });
    expect(await requestsSent()).toBe(5);

    vi.setSystemTime(new Date("2026-11-24T10:04:59Z"));
    expect(await client(store).complete(REQUEST)).toMatchObject({ failure: "circuit-open" });

    vi.setSystemTime(new Date("2026-11-24T10:05:01Z"));
    expect(await client(store).complete(REQUEST)).toMatchObject({ ok: true });
    expect(await requestsSent()).toBe(6);
    await queue("400", 4);
    for (let request = 0; request < 4; request++) await client(store).complete(REQUEST);
    expect(await client(store).complete(REQUEST)).toMatchObject({ ok: true });
  });

  test("a failed test call in the half-open state opens the circuit again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T10:00:00Z") });
    const store = sharedStore();
    await queue("400", 6);
    for (let request = 0; request < 5; request++) await client(store).complete(REQUEST);
    vi.setSystemTime(new Date("2026-11-24T10:05:01Z"));
    expect(await client(store).complete(REQUEST)).toMatchObject({ failure: "unavailable" });
    expect(await client(store).complete(REQUEST)).toMatchObject({ failure: "circuit-open" });
  });

  test("a success resets the count of failures in a row", async () => {
    const store = sharedStore();
    await queue("400", 4);
    await queue("ok");
    await queue("400", 4);
    for (let request = 0; request < 9; request++) await client(store).complete(REQUEST);
    expect(await client(store).complete(REQUEST)).toMatchObject({ ok: true });
  });
});

test("backoff: exponential from 3000 ms with random jitter, capped", () => {
  const firstDelays: number[] = [];
  const thirdDelays: number[] = [];
  for (let run = 0; run < 200; run++) {
    const context = { attempt: 1, result: { error: new Error("x") }, signal: new AbortController().signal };
    const first = retryBackoff(MODEL_POLICY.baseDelayMs).next(context);
    const third = first.next(context).next(context);
    firstDelays.push(first.duration);
    thirdDelays.push(third.duration);
  }
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  expect(new Set(firstDelays).size).toBeGreaterThan(100);
  expect(average(thirdDelays)).toBeGreaterThan(average(firstDelays) * 2);
  expect(Math.max(...thirdDelays)).toBeLessThanOrEqual(MODEL_POLICY.maxDelayMs);
});
