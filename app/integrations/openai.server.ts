import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  wrap,
  type IBackoffFactory,
  type IRetryBackoffContext,
} from "cockatiel";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import { getEnv } from "~/utils/env.server";

/** The policy for calls to the model: attempts, backoff, breaker and sampling. */
export const MODEL_POLICY = {
  attempts: 3,
  baseDelayMs: 3000,
  maxDelayMs: 10_000,
  breakerFailures: 5,
  breakerOpenMs: 5 * 60_000,
  temperature: 0.7,
  topP: 0.95,
  maxOutputTokens: 2048,
  /** What an unparsable answer shows of itself (in the 'Analysis Generated' notice). */
  rawExcerptLength: 200,
} as const;

/** Statuses worth another attempt; any other status fails at once. */
const RETRIED_STATUSES = new Set([429, 500, 503]);

/**
 * Why the model gave no usable answer, one per fallback notice (decision 150):
 * circuit-open → 'AI Service Temporarily Disabled', overloaded → 'AI Service Temporarily Overloaded',
 * unavailable → 'AI Service Unavailable', no-response → 'No Response', unparsable → 'Analysis Generated'.
 */
export type ModelFailure = "circuit-open" | "overloaded" | "unavailable" | "no-response" | "unparsable";

export type ModelOutcome<T> = { ok: true; value: T } | { ok: false; failure: ModelFailure; detail: string; excerpt: string | null };

/** Where the breaker's state lives between calls, so that every app process sees the same circuit. */
export type BreakerStore = { load(): Promise<unknown>; save(state: unknown): Promise<void> };

type ModelClientConfig = {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  breakerStore: BreakerStore;
  /** The first retry's delay: MODEL_POLICY's 3000 ms unless OPENAI_RETRY_BASE_DELAY_MS says otherwise (tests make it short). */
  retryBaseDelayMs?: number;
};

type StructuredRequest<Schema extends z.ZodType> = { schemaName: string; schema: Schema; system: string; user: string };

/** A failed HTTP exchange (not a bad answer): what is retried and what the breaker counts. */
function isRequestFailure(error: unknown) {
  if (error instanceof APIConnectionTimeoutError) return true;
  if (error instanceof APIConnectionError) return true;
  return error instanceof APIError && error.status !== undefined && error.status >= 400;
}

/** A timeout is not retried: a model that was too slow once is usually as slow again, and the page waits for its answer. */
function isRetried(error: unknown) {
  if (error instanceof APIConnectionTimeoutError) return false;
  if (error instanceof APIConnectionError) return true;
  return error instanceof APIError && RETRIED_STATUSES.has(error.status ?? 0);
}

function isOverloaded(error: APIError) {
  return error.status === 503 || /overloaded|unavailable/i.test(error.message);
}

function failure(kind: ModelFailure, detail: string, excerpt: string | null = null): ModelOutcome<never> {
  return { ok: false, failure: kind, detail, excerpt };
}

function requestFailure(error: unknown): ModelOutcome<never> {
  if (error instanceof BrokenCircuitError) return failure("circuit-open", "Circuit breaker is open - API temporarily disabled due to repeated failures");
  if (error instanceof APIError && error.status !== undefined) {
    return failure(isOverloaded(error) ? "overloaded" : "unavailable", `API request failed with status ${error.status}`);
  }
  return failure("unavailable", error instanceof Error ? error.message : String(error));
}

export function retryBackoff(baseDelayMs: number): IBackoffFactory<IRetryBackoffContext<unknown>> {
  return new ExponentialBackoff({ initialDelay: baseDelayMs, maxDelay: MODEL_POLICY.maxDelayMs, exponent: 2 });
}

/**
 * A client for any OpenAI-compatible chat completions endpoint that asks for
 * structured output and never throws: every failure comes back as a
 * `ModelFailure`. The SDK's own retries are off; MODEL_POLICY (3 attempts,
 * exponential backoff with jitter from 3 s, on 429/500/503 and network
 * errors) runs inside a breaker that opens after 5 failed requests in a row
 * for 5 minutes. The breaker's state is read before and written after each
 * request, so a fleet of processes stops calling a failing model together.
 */
export function createModelClient(config: ModelClientConfig) {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: 0 });
  const retryPolicy = retry(handleWhen(isRetried), {
    maxAttempts: MODEL_POLICY.attempts - 1,
    backoff: retryBackoff(config.retryBaseDelayMs ?? MODEL_POLICY.baseDelayMs),
  });

  async function complete<Schema extends z.ZodType>(request: StructuredRequest<Schema>): Promise<ModelOutcome<z.infer<Schema>>> {
    const breaker = circuitBreaker(handleWhen(isRequestFailure), {
      halfOpenAfter: MODEL_POLICY.breakerOpenMs,
      breaker: new ConsecutiveBreaker(MODEL_POLICY.breakerFailures),
      initialState: (await config.breakerStore.load()) ?? undefined,
    });
    const format = zodResponseFormat(request.schema, request.schemaName);
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await wrap(breaker, retryPolicy).execute(() =>
        client.chat.completions.create({
          model: config.model,
          messages: [
            { role: "system", content: request.system },
            { role: "user", content: request.user },
          ],
          response_format: format,
          temperature: MODEL_POLICY.temperature,
          top_p: MODEL_POLICY.topP,
          max_completion_tokens: MODEL_POLICY.maxOutputTokens,
        }),
      );
    } catch (error) {
      return requestFailure(error);
    } finally {
      await config.breakerStore.save(breaker.toJSON());
    }
    return readAnswer(completion, (content) => format.$parseRaw(content) as z.infer<Schema>);
  }

  return { model: config.model, complete };
}

export type ModelClient = ReturnType<typeof createModelClient>;

/** The answer of a completion: the parsed structured output, or why there is none. */
function readAnswer<T>(completion: OpenAI.Chat.Completions.ChatCompletion, parse: (content: string) => T): ModelOutcome<T> {
  const choice = completion.choices?.[0];
  if (!choice) return failure("no-response", "The model returned no answer");
  const content = choice.message?.content ?? "";
  const excerpt = content.slice(0, MODEL_POLICY.rawExcerptLength) || null;
  if (choice.message?.refusal) return failure("no-response", `The model declined: ${choice.message.refusal}`);
  if (!content.trim()) return failure("no-response", "The model returned an empty answer");
  if (choice.finish_reason === "length") return failure("unparsable", "The answer was cut off at the length limit", excerpt);
  try {
    return { ok: true, value: parse(content) };
  } catch (error) {
    return failure("unparsable", error instanceof Error ? error.message.slice(0, 500) : "The answer did not match the schema", excerpt);
  }
}

/** The endpoint configured by the environment, or null when none is (the rules engine answers then). */
export function modelSettings() {
  const env = getEnv();
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) return null;
  // Local OpenAI-compatible servers (Ollama, llama.cpp) take no key, but the SDK insists on one.
  return {
    apiKey: env.OPENAI_API_KEY ?? "no-key",
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    retryBaseDelayMs: env.OPENAI_RETRY_BASE_DELAY_MS,
  };
}
