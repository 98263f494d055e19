// An OpenAI-compatible stand-in for the Chat Completions calls Ledgerly makes with structured output
// (`client.chat.completions.parse` with a json_schema response format). It answers from the request: the
// data after the prompt's last "DATA (JSON):" line, shaped by the schema's name. Tests script failures
// through POST /__control and read what was sent from GET /__requests.
// Run directly: node scripts/stand-ins/openai.mjs (port from OPENAI_STAND_IN_PORT, default 12112).
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { scriptedCalls } from "./kit/scripted-calls.mjs";
import { isRunDirectly, json, parseJsonBody, routes, runFromCommandLine, serve } from "./kit/server.mjs";

export const STAND_IN_DEFAULTS = {
  port: 12112,
  apiKey: "sk-ledgerly-stand-in",
  model: "ledgerly-stand-in",
};

export const STAND_IN_MODES = [
  "ok",
  "429",
  "500",
  "503",
  "400",
  "slow",
  "invalid-json",
  "schema-mismatch",
  "refusal",
  "cut-off",
  "no-choice",
  "drop",
];

/** @typedef {import("./kit/server.mjs").Reply} Reply */
/** @typedef {import("./kit/server.mjs").Call} Call */
/** @typedef {{ path: string, headers: import("node:http").IncomingHttpHeaders, body: unknown }} RecordedRequest */

const DATA_MARKER = "DATA (JSON):\n";
const DEFAULT_SLOW_DELAY_MS = 5000;
/** Cited by every spending answer's first insight: a reference that exists in no prompt, for the app to drop. */
const UNKNOWN_TRANSACTION_REF = "t999";

const ERROR_REPLIES = {
  429: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" },
  500: { message: "The server had an error while processing your request.", type: "server_error", code: null },
  503: { message: "The engine is currently overloaded, please try again later", type: "server_error", code: null },
  400: {
    message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    type: "invalid_request_error",
    code: null,
  },
};

/** Thrown by handlers and answered in OpenAI's error shape. */
class ApiError extends Error {
  constructor(status, message, { type = "invalid_request_error", code = null, param = null } = {}) {
    super(message);
    this.status = status;
    this.details = { message, type, param, code };
  }
}

const invalidRequest = (message) => new ApiError(400, message);

const unixNow = () => Math.floor(Date.now() / 1000);
const newId = (prefix) => `${prefix}-${randomBytes(12).toString("hex")}`;
const roundCents = (amount) => Math.round(amount * 100) / 100;
const estimateTokens = (text) => Math.ceil(text.length / 4);

const errorReply = (error) => json({ error: error.details }, error.status);

/** The text of a message whose content is a string or an array of content parts. */
function messageText(message) {
  if (typeof message?.content === "string") return message.content;
  if (!Array.isArray(message?.content)) return "";
  return message.content.map((part) => (part?.type === "text" ? part.text : "")).join("");
}

function readPromptData(body) {
  const lastUserMessage = (Array.isArray(body.messages) ? body.messages : []).findLast((message) => message?.role === "user");
  const text = messageText(lastUserMessage);
  const start = text.lastIndexOf(DATA_MARKER);
  if (start === -1) throw invalidRequest(`The last user message has no "${DATA_MARKER.trim()}" line followed by data.`);
  try {
    return JSON.parse(text.slice(start + DATA_MARKER.length));
  } catch {
    throw invalidRequest(`The data after "${DATA_MARKER.trim()}" is not valid JSON.`);
  }
}

function spendingAnswer(data) {
  const currency = data.currency ?? "USD";
  const money = (amount) => `${currency} ${Number(amount ?? 0).toFixed(2)}`;
  const month = data.month ?? "this month";
  const summary = data.summary ?? {};
  const topCategories = Array.isArray(data.topCategories) ? data.topCategories : [];
  const expenses = (Array.isArray(data.transactions) ? data.transactions : []).filter(
    (transaction) => transaction.type === "expense",
  );
  const refsOfCategory = (categoryId, limit) =>
    expenses.filter((transaction) => transaction.category === categoryId).slice(0, limit).map((transaction) => transaction.ref);
  const largestExpense = expenses.reduce(
    (largest, transaction) => (!largest || transaction.amount > largest.amount ? transaction : largest),
    undefined,
  );
  const [top] = topCategories;
  const net = Number(summary.net ?? 0);

  const topInsight = top
    ? {
        title: `Model insight: ${top.name}`,
        description: `${top.name} is your largest spending category in ${month} at ${money(top.spent)}.`,
        recommendation: `Set a monthly limit for ${top.name} and review its largest purchases first.`,
        potentialSavings: roundCents(top.spent * 0.1),
        confidence: 0.8,
        difficulty: "medium",
        transactionRefs: [...refsOfCategory(top.id, 2), UNKNOWN_TRANSACTION_REF],
        categoryIds: [top.id],
      }
    : {
        title: "Model insight: no spending yet",
        description: `No category spending is recorded for ${month}.`,
        recommendation: "Record your expenses as they happen to get insights on them.",
        potentialSavings: null,
        confidence: 0.5,
        difficulty: "easy",
        transactionRefs: [UNKNOWN_TRANSACTION_REF],
        categoryIds: [],
      };
  const netInsight = {
    title: net >= 0 ? "Model insight: money left over" : "Model insight: spending above income",
    description:
      net >= 0
        ? `Your net for ${month} is ${money(net)}: income ${money(summary.income)}, expenses ${money(summary.expenses)}.`
        : `You spent ${money(-net)} more than you earned in ${month}.`,
    recommendation: largestExpense
      ? `Check whether your largest expense, ${largestExpense.description} (${money(largestExpense.amount)}), can shrink.`
      : "Keep tracking income and expenses to see where the money goes.",
    potentialSavings: null,
    confidence: 0.6,
    difficulty: net >= 0 ? "easy" : "hard",
    transactionRefs: largestExpense ? [largestExpense.ref] : [],
    categoryIds: [],
  };
  const patterns = topCategories.slice(0, 2).map((category) => ({
    categoryId: category.id,
    categoryName: category.name,
    pattern: `${category.name} spending of ${money(category.spent)} in ${month}.`,
    trend: "stable",
    anomaly: null,
    transactionRefs: refsOfCategory(category.id, 3),
  }));
  return { insights: [topInsight, netInsight], patterns };
}

function debtAnswer(data) {
  const currency = data.currency ?? "USD";
  const money = (amount) => `${currency} ${Number(amount ?? 0).toFixed(2)}`;
  const debts = Array.isArray(data.debts) ? data.debts : [];
  if (debts.length === 0) {
    return {
      strategies: [
        {
          title: "Model strategy: stay debt-free",
          description: "You have no debts recorded.",
          strategy: "Keep paying cards in full each month so no interest builds up.",
          potentialSavings: null,
          difficulty: "easy",
          debtRefs: [],
          transactionRefs: [],
        },
      ],
    };
  }
  const highestInterest = debts.reduce((highest, debt) => (debt.interestRate > highest.interestRate ? debt : highest));
  const smallestBalance = debts.reduce((smallest, debt) => (debt.currentBalance < smallest.currentBalance ? debt : smallest));
  return {
    strategies: [
      {
        title: `Model strategy: pay ${highestInterest.name} first`,
        description: `${highestInterest.name} charges ${highestInterest.interestRate}% a year, the highest rate of your debts, on ${money(highestInterest.currentBalance)}.`,
        strategy: `Pay the minimum on every other debt and put every extra payment toward ${highestInterest.name}.`,
        potentialSavings: roundCents((highestInterest.currentBalance * highestInterest.interestRate) / 100),
        difficulty: "medium",
        debtRefs: [highestInterest.ref],
        transactionRefs: [],
      },
      {
        title: `Model strategy: clear ${smallestBalance.name}`,
        description: `${smallestBalance.name} has your smallest balance, ${money(smallestBalance.currentBalance)}.`,
        strategy: `Clearing ${smallestBalance.name} frees its ${money(smallestBalance.minimumPayment)} minimum payment for the next debt.`,
        potentialSavings: null,
        difficulty: "easy",
        debtRefs: [smallestBalance.ref],
        transactionRefs: [],
      },
    ],
  };
}

const ANSWER_BUILDERS = {
  spending_insights: { build: spendingAnswer, rootKey: "insights" },
  debt_strategies: { build: debtAnswer, rootKey: "strategies" },
};

/** The builder for the request's json_schema response format. */
function answerBuilderFor(body) {
  const format = body.response_format;
  if (format?.type !== "json_schema" || !format.json_schema?.name) {
    throw invalidRequest("The stand-in answers only requests with a json_schema response_format.");
  }
  const builder = ANSWER_BUILDERS[format.json_schema.name];
  if (!builder) {
    const known = Object.keys(ANSWER_BUILDERS).join(", ");
    throw invalidRequest(`Unknown json_schema name '${format.json_schema.name}': the stand-in answers ${known}.`);
  }
  return builder;
}

function completion(body, { content, refusal = null, finishReason = "stop", withChoice = true }) {
  const promptText = (Array.isArray(body.messages) ? body.messages : []).map(messageText).join("\n");
  const promptTokens = estimateTokens(promptText);
  const completionTokens = estimateTokens(content ?? refusal ?? "");
  const choice = {
    index: 0,
    message: { role: "assistant", content, refusal, annotations: [] },
    finish_reason: finishReason,
    logprobs: null,
  };
  return {
    id: newId("chatcmpl"),
    object: "chat.completion",
    created: unixNow(),
    model: typeof body.model === "string" ? body.model : STAND_IN_DEFAULTS.model,
    choices: withChoice ? [choice] : [],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: null,
  };
}

/** The completion a behaviour answers with, built from the request's data. */
function completionFor(mode, body) {
  const builder = answerBuilderFor(body);
  switch (mode) {
    case "invalid-json":
      return completion(body, { content: "Here are your insights: {not json" });
    case "schema-mismatch":
      return completion(body, { content: JSON.stringify({ [builder.rootKey]: "none" }) });
    case "refusal":
      return completion(body, { content: null, refusal: "I'm sorry, I can't help with that." });
    case "no-choice":
      return completion(body, { content: null, withChoice: false });
    case "cut-off": {
      const answer = JSON.stringify(builder.build(readPromptData(body)));
      return completion(body, { content: answer.slice(0, Math.floor(answer.length / 2)), finishReason: "length" });
    }
    default:
      return completion(body, { content: JSON.stringify(builder.build(readPromptData(body))) });
  }
}

function parseJson(rawBody) {
  try {
    return parseJsonBody(rawBody);
  } catch {
    throw invalidRequest("The request body is not valid JSON.");
  }
}

/**
 * Starts the stand-in on host:port (port 0 picks a free one). Give the SDK `baseURL` and any API key.
 * @param {{ port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, baseURL: string, port: number, stop: () => Promise<void> }>}
 */
export async function startOpenAIStandIn({ port = 0, host = "127.0.0.1" } = {}) {
  /** The behaviours of the next completion requests; a request with none scripted is answered normally. */
  let behaviours = scriptedCalls(invalidRequest);
  /** @type {RecordedRequest[]} */
  let recorded = [];
  const stopping = new AbortController();

  function queueBehaviour({ mode, times = 1, delayMs = DEFAULT_SLOW_DELAY_MS }) {
    if (!STAND_IN_MODES.includes(mode)) throw invalidRequest(`Unknown mode '${mode}': use one of ${STAND_IN_MODES.join(", ")}.`);
    if (!Number.isFinite(delayMs) || delayMs < 0) throw invalidRequest("delayMs must be a non-negative number.");
    behaviours.add({ mode, delayMs }, { times });
    return { queued: behaviours.pending().map(({ what, remaining }) => ({ mode: what.mode, remaining, delayMs: what.delayMs })) };
  }

  /**
   * @param {Call} call
   * @returns {Promise<Reply | null>} null when the socket was dropped or closed before an answer.
   */
  async function handleCompletion({ request, response, url: { pathname }, rawBody }) {
    let body;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = rawBody;
    }
    recorded.push({ path: pathname, headers: request.headers, body });
    if (!/^Bearer \S+/.test(request.headers.authorization ?? "")) {
      throw new ApiError(401, "You didn't provide an API key. Provide it in the Authorization header (Bearer auth).", {
        code: "invalid_api_key",
      });
    }
    if (typeof body !== "object" || body === null) throw invalidRequest("The request body is not valid JSON.");

    const { mode, delayMs } = behaviours.take() ?? { mode: "ok", delayMs: 0 };
    if (mode in ERROR_REPLIES) {
      const { message, type, code } = ERROR_REPLIES[mode];
      throw new ApiError(Number(mode), message, { type, code });
    }
    if (mode === "drop") {
      request.socket.destroy();
      return null;
    }
    if (mode === "slow") {
      const clientGone = new AbortController();
      response.once("close", () => clientGone.abort());
      try {
        await sleep(delayMs, undefined, { signal: AbortSignal.any([clientGone.signal, stopping.signal]) });
      } catch {
        return null;
      }
    }
    return json(completionFor(mode, body));
  }

  const models = () =>
    json({
      object: "list",
      data: [{ id: STAND_IN_DEFAULTS.model, object: "model", created: unixNow(), owned_by: "ledgerly" }],
    });
  const findRoute = routes({
    "POST /__control": ({ rawBody }) => json(queueBehaviour(parseJson(rawBody))),
    "POST /__control/reset": () => {
      behaviours = scriptedCalls(invalidRequest);
      recorded = [];
      return json({ reset: true });
    },
    "GET /__requests": () => json(recorded),
    "GET /v1/models": models,
    "GET /models": models,
    "POST /v1/chat/completions": handleCompletion,
    "POST /chat/completions": handleCompletion,
  });

  const server = await serve({
    name: "OpenAI",
    port,
    host,
    handle: (call) => {
      const route = findRoute(call.method, call.url.pathname);
      if (!route) throw new ApiError(404, `Invalid URL (${call.method} ${call.url.pathname})`);
      return route.handler(call);
    },
    failed: (error) =>
      error instanceof ApiError
        ? errorReply(error)
        : errorReply(new ApiError(500, String(error?.message ?? error), { type: "server_error" })),
    headers: () => ({ "x-request-id": newId("req") }),
    onStop: () => stopping.abort(),
  });
  return { url: server.url, baseURL: `${server.url}/v1`, port: server.port, stop: server.stop };
}

if (isRunDirectly(import.meta.url)) {
  const describe = (standIn) => `OpenAI stand-in on ${standIn.url} (SDK baseURL ${standIn.baseURL}, API key ${STAND_IN_DEFAULTS.apiKey})`;
  await runFromCommandLine({ name: "OpenAI", port: STAND_IN_DEFAULTS.port, portVariable: "OPENAI_STAND_IN_PORT", start: startOpenAIStandIn, describe });
}
