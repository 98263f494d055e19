import type { ReactElement } from "react";
import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { formatGeneratedAt, INSIGHT_INTENTS, type AiStatus, type DebtResult, type SpendingResult } from "../insights";
import { DebtStrategiesPanel } from "./debt-strategies-panel";
import { InsightsPanel } from "./insights-panel";
import { renderInRouter, renderWhileSubmitting, silenceServerLayoutEffectWarnings } from "../../../../tests/setup/render-in-router";

silenceServerLayoutEffectWarnings();

function render(element: ReactElement, path = "/insights") {
  return renderInRouter(element, path);
}

function renderSubmitting(element: ReactElement, action: string, intent: string) {
  return renderWhileSubmitting(element, { path: "/insights", action, fields: { intent } });
}

const LONG_DESCRIPTION =
  "You spent $640.00 on Food & Dining this month, 28% more than your $500.00 budget, mostly on restaurant visits at weekends and takeaway deliveries.";
const LONG_RECOMMENDATION = "Plan four home-cooked dinners a week and set a weekly dining-out limit of $60 to bring the category back under budget.";

const spending: SpendingResult = {
  kind: "spending",
  month: "2026-11",
  source: "model",
  notice: null,
  modelPending: false,
  generatedAt: "2026-11-05T15:04:00.000Z",
  insights: [
    {
      title: "Dining out is over budget",
      description: LONG_DESCRIPTION,
      recommendation: LONG_RECOMMENDATION,
      potentialSavings: toCents(8520),
      confidence: 0.85,
      difficulty: "easy",
      citations: [
        { kind: "category", id: "food & dining", label: "Food & Dining" },
        { kind: "transaction", id: "tx1", label: "Bistro 42, Nov 3" },
      ],
    },
    {
      title: "Subscriptions <b>add up</b>",
      description: "Short description.",
      recommendation: "Cancel one. <script>alert('x')</script>",
      potentialSavings: null,
      confidence: 0.7,
      difficulty: "medium",
      citations: [],
    },
    {
      title: "Housing takes half your income",
      description: "Rent is 50% of income.",
      recommendation: "Consider a cheaper place.",
      potentialSavings: toCents(30000),
      confidence: 0.4,
      difficulty: "hard",
      citations: [],
    },
  ],
  patterns: [
    {
      categoryId: "food",
      categoryName: "Food & Dining",
      pattern: "Spending on food has risen for three months in a row, led by restaurant and delivery purchases on Fridays.",
      trend: "increasing",
      anomaly: "A $180.00 charge on Nov 14 is four times your usual restaurant bill.",
      citations: [{ kind: "transaction", id: "tx9", label: "Nov 14 restaurant" }],
    },
    { categoryId: "utilities", categoryName: "Utilities", pattern: "Steady.", trend: "stable", anomaly: null, citations: [] },
    { categoryId: "transportation", categoryName: "Transportation", pattern: "Less fuel.", trend: "decreasing", anomaly: null, citations: [] },
  ],
};

const model: AiStatus = { mode: "model", model: "gpt-4o-mini" };
const panelProps = { action: "/insights", currency: "USD", refreshFailed: false, rateLimitMessage: null, aiStatus: model, monthLabel: "November 2026" };

/** The markup of the one card (insight, pattern or strategy) that contains `title`. */
function cardOf(html: string, title: string) {
  const cards = html.split(/data-testid="(?:insight|pattern|strategy)-card"/).slice(1);
  const found = cards.filter((card) => card.includes(title));
  expect(found).toHaveLength(1);
  return found[0];
}

const unescape = (html: string) => html.replaceAll("&amp;", "&");

describe("InsightsPanel without a result", () => {
  const html = render(<InsightsPanel {...panelProps} result={null} />);

  test("the header and the empty state, each with a plain POST form", () => {
    expect(html).toContain("Smart Financial Insights</h2>");
    expect(html).toContain("November 2026");
    expect(html).toContain("Refresh Insights");
    expect(html).toContain("Ready for AI Insights</h3>");
    expect(html).toContain("Generate AI Insights");
    expect(html).not.toContain("Personalized Insights");
    expect((html.match(/<form method="post" action="\/insights"/g) ?? []).length).toBe(2);
    expect((html.match(new RegExp(`<input type="hidden" name="intent" value="${INSIGHT_INTENTS.refresh}"/>`, "g")) ?? []).length).toBe(2);
    expect(html).not.toContain(`disabled=""`);
  });

  test("a per-user limit shows inline as an alert; the panel's status region is there, empty", () => {
    const limited = render(<InsightsPanel {...panelProps} result={null} rateLimitMessage="You can refresh insights 10 times an hour." />);
    expect(limited).toMatch(/role="alert"[^>]*>You can refresh insights 10 times an hour\./);
    expect(html).toContain(`<div role="status" data-testid="ai-status"></div>`);
  });

  test("while the form posts: 'Updating...' with a spinner, disabled (an action with a query matches too)", async () => {
    const action = "/analytics?month=2026-11&tab=insights";
    const pending = await renderSubmitting(<InsightsPanel {...panelProps} action={action} result={null} />, action, INSIGHT_INTENTS.refresh);
    expect(pending).toContain("Updating...");
    expect(pending).toContain("Generating...");
    expect(pending).toContain("animate-spin");
    expect(pending).toMatch(/<button type="submit" disabled="" aria-busy="true"/);
    expect(pending).not.toContain("Refresh Insights");
    const other = await renderSubmitting(<InsightsPanel {...panelProps} action={action} result={null} />, action, "something-else");
    expect(other).toContain("Refresh Insights");
  });
});

describe("InsightsPanel with a result", () => {
  const html = render(<InsightsPanel {...panelProps} result={spending} />);

  test("the spec's headings and boxes, in order", () => {
    const order = [
      "Smart Financial Insights</h2>",
      "Personalized Insights</h3>",
      "Last updated",
      "Smart Financial Recommendations",
      "Dining out is over budget</h4>",
      "Tips for Financial Success</h4>",
      "Spending Patterns</h3>",
      "Your Spending Analysis",
      "Food &amp; Dining</h4>",
      "Understanding Your Patterns</h4>",
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((position) => position > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain("Refresh Insights");
    expect(html).not.toContain("Ready for AI Insights");
    expect(html).not.toContain("<h5");
  });

  test("'Last updated' in UTC inside a <time>", () => {
    expect(formatGeneratedAt("2026-11-05T15:04:00.000Z")).toBe("Nov 5, 2026 at 3:04 PM UTC");
    expect(formatGeneratedAt("2026-01-09T00:30:00.000Z")).toBe("Jan 9, 2026 at 12:30 AM UTC");
    expect(formatGeneratedAt("not a date")).toBeNull();
    expect(html).toContain(`Last updated <time dateTime="2026-11-05T15:04:00.000Z">Nov 5, 2026 at 3:04 PM UTC</time>`);
  });

  test("the source: the model's name", () => {
    expect(html).toContain("Generated by gpt-4o-mini, checked against your data");
  });

  test("cards: recommendation, potential savings when set, difficulty written and coloured", () => {
    const first = cardOf(html, "Dining out is over budget");
    expect(first).toContain("Recommendation: ");
    expect(first).toContain("Potential savings");
    expect(first).toContain("$85.20");
    expect(first).toMatch(/data-difficulty="easy" class="[^"]*bg-green-100 text-green-700/);
    expect(first).toContain("Difficulty: </span>Easy");
    expect(cardOf(html, "Subscriptions")).not.toContain("Potential savings");
    expect(cardOf(html, "Subscriptions")).toMatch(/data-difficulty="medium" class="[^"]*bg-yellow-100/);
    expect(cardOf(html, "Subscriptions")).toContain("Medium");
    expect(cardOf(html, "Housing takes half")).toMatch(/data-difficulty="hard" class="[^"]*bg-red-100/);
    expect(cardOf(html, "Housing takes half")).toContain("Hard");
  });

  test("confidence: a progressbar with the whole percent, green above 0.7, yellow above 0.4, red otherwise", () => {
    const bar = (card: string) => card.match(/role="progressbar"[^>]*><div class="([^"]*)"/);
    const first = cardOf(html, "Dining out is over budget");
    expect(first).toContain("Confidence 85%");
    expect(first).toMatch(/role="progressbar" aria-labelledby="[^"]+" aria-valuemin="0" aria-valuemax="100" aria-valuenow="85" data-band="green"/);
    expect(bar(first)?.[1]).toContain("bg-green-500");
    const second = cardOf(html, "Subscriptions");
    expect(second).toContain("Confidence 70%");
    expect(second).toContain(`aria-valuenow="70" data-band="yellow"`);
    expect(bar(second)?.[1]).toContain("bg-yellow-400");
    const third = cardOf(html, "Housing takes half");
    expect(third).toContain("Confidence 40%");
    expect(third).toContain(`aria-valuenow="40" data-band="red"`);
    expect(bar(third)?.[1]).toContain("bg-red-500");
  });

  test("citations link to the data: a category to its month's transactions, a transaction to its edit page", () => {
    const first = cardOf(html, "Dining out is over budget");
    expect(first).toContain("Based on");
    expect(first).toContain(`href="/transactions?category=food%20%26%20dining&amp;month=2026-11"`);
    expect(first).toContain(">Food &amp; Dining</a>");
    expect(first).toContain(`href="/transactions/tx1/edit"`);
    expect(first).toContain(">Bistro 42, Nov 3</a>");
    expect(cardOf(html, "Subscriptions")).not.toContain("Based on");
    expect(html).toContain(`href="/transactions/tx9/edit"`);
  });

  test("small screens: descriptions cut to 100, recommendations and patterns to 80, the whole text read once", () => {
    const truncated = [...html.matchAll(/<span aria-hidden="true" data-truncated="" class="md:hidden">([^<]*)<\/span><span class="sr-only md:not-sr-only">([^<]*)<\/span>/g)];
    expect(truncated.map((match) => match[1].endsWith("..."))).toEqual([true, true, true]);
    const [description, recommendation, pattern] = truncated;
    expect(unescape(description[1]).length).toBeLessThanOrEqual(103);
    expect(LONG_DESCRIPTION.startsWith(unescape(description[1]).slice(0, -3))).toBe(true);
    expect(unescape(description[2])).toBe(LONG_DESCRIPTION);
    expect(unescape(recommendation[1]).length).toBeLessThanOrEqual(83);
    expect(recommendation[2]).toBe(LONG_RECOMMENDATION);
    expect(unescape(pattern[1]).length).toBeLessThanOrEqual(83);
    // Short texts are written once, uncut.
    expect(html).toContain("Short description.");
    expect(html).not.toContain("Short description....");
  });

  test("patterns: trend labels written, anomaly shown", () => {
    expect(cardOf(html, "Food &amp; Dining</h4>")).toContain("Rising");
    expect(cardOf(html, "Food &amp; Dining</h4>")).toContain("Anomaly: ");
    expect(cardOf(html, "Utilities</h4>")).toContain("Stable");
    expect(cardOf(html, "Transportation</h4>")).toContain("Declining");
  });

  test("a pattern without an earlier month to compare with shows no trend, in words", () => {
    const firstMonth = { ...spending, patterns: [{ categoryId: "food", categoryName: "Food & Dining", pattern: "Your first month.", trend: null, anomaly: null, citations: [] }] };
    // The card ends at its list item; the tips after the list name every trend.
    const card = cardOf(render(<InsightsPanel {...panelProps} result={firstMonth} />), "Food &amp; Dining</h4>").split("</li>")[0];
    expect(card).toContain("No trend yet");
    expect(card).not.toMatch(/Rising|Stable|Declining/);
  });

  test("model text is text: markup in it is escaped", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).toContain("Subscriptions &lt;b&gt;add up&lt;/b&gt;");
  });

  test("a failed model: its notice, once, in the panel's one live region above the cards, and the rules engine as the source", () => {
    const withNotice = render(
      <InsightsPanel
        {...panelProps}
        aiStatus={{ mode: "rules", reason: "fallback" }}
        result={{ ...spending, source: "rules", notice: { title: "AI Service Temporarily Overloaded", description: "Showing insights computed from your data." } }}
      />,
    );
    expect(withNotice).toMatch(/<div role="status" data-testid="ai-status"><div data-testid="ai-notice" class="[^"]*bg-amber-50/);
    expect(withNotice.match(/role="(status|alert)"|aria-live/g)).toEqual([`role="status"`]);
    expect(withNotice.match(/AI Service Temporarily Overloaded/g)).toHaveLength(1);
    expect(withNotice).toContain("Showing insights computed from your data.");
    expect(withNotice.indexOf("AI Service Temporarily Overloaded")).toBeLessThan(withNotice.indexOf("Personalized Insights"));
    expect(withNotice).toContain("Computed locally by Ledgerly&#x27;s rules engine from your own data</p>");
    expect(html).not.toContain("ai-notice");
  });

  test("while the model is asked: the rules engine's insights at once, and a calm note with a link to check again", () => {
    const pending = render(
      <InsightsPanel {...panelProps} aiStatus={{ mode: "rules", reason: "pending" }} result={{ ...spending, source: "rules", modelPending: true }} />,
      "/insights?month=2026-11",
    );
    expect(pending).toMatch(/<div role="status" data-testid="ai-status"><p data-testid="ai-pending"[^>]*>The AI version of these insights is being prepared and will take their place here when it is ready\./);
    expect(pending).toMatch(/<a [^>]*href="\/insights"[^>]*>Check again<\/a>/);
    expect(pending).toContain("Personalized Insights");
    expect(pending).not.toContain("Updating...");
    expect(pending).not.toContain("ai-notice");
  });

  test("the rules engine's reasons: no key, AI turned off (with a link to the profile)", () => {
    const rules = { ...spending, source: "rules" as const };
    expect(render(<InsightsPanel {...panelProps} aiStatus={{ mode: "rules", reason: "no-key" }} result={rules} />)).toContain(
      "Computed locally by Ledgerly&#x27;s rules engine from your own data (no AI model is configured)",
    );
    const off = render(<InsightsPanel {...panelProps} aiStatus={{ mode: "rules", reason: "turned-off" }} result={rules} />);
    expect(off).toContain("(AI is turned off in your ");
    expect(off).toMatch(/<a [^>]*href="\/profile"[^>]*>profile<\/a>\)/);
  });
});

describe("DebtStrategiesPanel", () => {
  const debts: DebtResult = {
    kind: "debts",
    month: "2026-11",
    source: "model",
    notice: null,
    modelPending: false,
    generatedAt: "2026-11-05T15:04:00.000Z",
    strategies: [
      {
        title: "Avalanche your Visa card",
        description: "Your Visa card charges 24.9%, the highest rate of your debts.",
        strategy: "Put the extra $200 a month on the Visa card until it is paid off.",
        potentialSavings: toCents(41250),
        difficulty: "medium",
        citations: [{ kind: "debt", id: "debt 1", label: "Visa card" }],
      },
    ],
  };
  const props = { action: "/debt-management/strategies", currency: "USD", rateLimitMessage: null, aiStatus: model };

  test("without a result: 'Generate AI Strategies', a plain POST form", () => {
    const html = render(<DebtStrategiesPanel {...props} result={null} />);
    expect(html).toContain("Generate AI Strategies");
    expect(html).not.toContain("Last updated");
    expect(html).toContain(`<form method="post" action="/debt-management/strategies"`);
    expect(html).toContain(`<input type="hidden" name="intent" value="${INSIGHT_INTENTS.strategies}"/>`);
    expect(html).not.toContain(`role="alert"`);
  });

  test("with a result: 'Refresh', 'Last updated', the strategy card with its debt citation", () => {
    const html = render(<DebtStrategiesPanel {...props} result={debts} />);
    expect(html).toContain(">Refresh</button>");
    expect(html).not.toContain("Generate AI Strategies");
    expect(html).toContain("Last updated <time");
    expect(html).toContain("Avalanche your Visa card</h3>");
    expect(html).toContain("Strategy: ");
    expect(html).toContain("$412.50");
    expect(html).toMatch(/data-difficulty="medium" class="[^"]*bg-yellow-100/);
    expect(html).toContain(`href="/debt-management?history=debt%201#debt-debt%201-history"`);
    expect(html).not.toContain("progressbar");
    expect(html).toContain("Generated by gpt-4o-mini, checked against your data");
  });

  test("a per-user limit shows as an alert", () => {
    const limited = render(<DebtStrategiesPanel {...props} result={null} rateLimitMessage="Try again in 10 minutes." />);
    expect(limited).toMatch(/role="alert"[^>]*>Try again in 10 minutes\./);
  });

  test("a failed model: its notice above the strategies, the panel's one announcement", () => {
    const html = render(<DebtStrategiesPanel {...props} aiStatus={{ mode: "rules", reason: "fallback" }} result={{ ...debts, source: "rules", notice: { title: "AI Service Unavailable", description: "Check your connection." } }} />);
    expect(html).toContain("AI Service Unavailable</h3>");
    expect(html.match(/role="(status|alert)"|aria-live/g)).toEqual([`role="status"`]);
    expect(html.indexOf("AI Service Unavailable")).toBeLessThan(html.indexOf("Avalanche your Visa card"));
  });

  test("while the model is asked: the rules engine's strategies and the note", () => {
    const html = render(<DebtStrategiesPanel {...props} aiStatus={{ mode: "rules", reason: "pending" }} result={{ ...debts, source: "rules", modelPending: true }} />);
    expect(html).toContain("The AI version of these strategies is being prepared");
    expect(html).toContain("Avalanche your Visa card</h3>");
  });

  test("while generating: 'Generating...' with a spinner, disabled", async () => {
    const html = await renderSubmitting(<DebtStrategiesPanel {...props} result={null} />, props.action, INSIGHT_INTENTS.strategies);
    expect(html).toContain("Generating...");
    expect(html).toContain("animate-spin");
    expect(html).toContain(`disabled=""`);
  });
});
