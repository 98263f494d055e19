import type { Cents } from "~/lib/money";
import { formatUtcClock, formatUtcDateTime } from "~/lib/utc-time";

export const INSIGHTS_PATH = "/insights";

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const TRENDS = ["increasing", "decreasing", "stable"] as const;
export type Trend = (typeof TRENDS)[number];

/** An insight's confidence when none is given. */
export const DEFAULT_CONFIDENCE = 0.7;

/** What an insight rests on; the page links a transaction to its row and a category to its transactions. */
export type Citation = { kind: "transaction" | "category" | "debt"; id: string; label: string };

export type Insight = {
  title: string;
  description: string;
  recommendation: string;
  potentialSavings: Cents | null;
  /** 0 to 1. */
  confidence: number;
  difficulty: Difficulty;
  citations: Citation[];
};

export type Pattern = {
  categoryId: string;
  categoryName: string;
  pattern: string;
  /** Null when there is no earlier month to compare with (the rules engine's first month). */
  trend: Trend | null;
  anomaly: string | null;
  citations: Citation[];
};

export type DebtStrategy = {
  title: string;
  description: string;
  strategy: string;
  potentialSavings: Cents | null;
  difficulty: Difficulty;
  citations: Citation[];
};

/** Who wrote a result: the configured model, or the rules engine on this server. */
export type InsightSource = "model" | "rules";

/** A transaction as the rules engine and the model's prompt read it. */
export type InsightTransaction = {
  id: string;
  type: "income" | "expense";
  category: string;
  amount: Cents;
  /** yyyy-MM-dd */
  date: string;
  description: string;
};

export type InsightCategory = { id: string; name: string; type: "income" | "expense"; /** The month's budget (expense) or expected amount (income). */ planned: Cents };

/** Why a model's answer is missing: one of the fallback titles (decision 150), shown above the locally computed results. */
export type Notice = { title: string; description: string };

type StoredResult = {
  source: InsightSource;
  /** Set when the model was asked and failed. */
  notice: Notice | null;
  /** The rules engine's result stands in while the model is asked in the background. */
  modelPending: boolean;
  /** ISO time of generation. */
  generatedAt: string;
};
export type SpendingResult = StoredResult & { kind: "spending"; month: string; insights: Insight[]; patterns: Pattern[] };
export type DebtResult = StoredResult & { kind: "debts"; month: string; strategies: DebtStrategy[] };

export const INSIGHT_INTENTS = { refresh: "refresh-insights", strategies: "generate-strategies" } as const;

/** What the insights panels and their notifications say. */
export const INSIGHT_MESSAGES = {
  refreshed: (time: string) => `AI insights refreshed successfully at ${time}!`,
  circuitOpen: "Circuit breaker is open - API temporarily disabled due to repeated failures",
  requestFailed: (status: number) => `API request failed with status ${status}`,
} as const;

export const TREND_LABELS: Record<Trend, string> = { increasing: "Rising", decreasing: "Declining", stable: "Stable" };

/** The confidence bar: green above 0.7, yellow above 0.4, red otherwise; shown as a whole percent. */
export function confidenceBand(confidence: number): "green" | "yellow" | "red" {
  if (confidence > 0.7) return "green";
  if (confidence > 0.4) return "yellow";
  return "red";
}

/** Small screens show descriptions cut to 100 characters, recommendations and patterns to 80, with an ellipsis. */
export const MOBILE_TEXT_LIMITS = { description: 100, recommendation: 80, pattern: 80 } as const;

export function truncateText(text: string, limit: number) {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}

/** Where a result comes from, as the panels label it. */
export type AiStatus = { mode: "model"; model: string } | { mode: "rules"; reason: "no-key" | "turned-off" | "fallback" | "pending" };

/** The label of a shown result: a model being asked or that failed says so, otherwise what the user's settings give today. */
export function aiStatusOf(availability: Exclude<AiStatus, { reason: "fallback" | "pending" }>, result: { notice: Notice | null; modelPending: boolean } | null): AiStatus {
  if (result?.modelPending) return { mode: "rules", reason: "pending" };
  return result?.notice ? { mode: "rules", reason: "fallback" } : availability;
}

/** "3:04 PM UTC", for toasts. */
export function formatGeneratedTime(iso: string) {
  return formatUtcClock(iso) ?? "";
}

/** "Nov 5, 2026 at 3:04 PM UTC" for 'Last updated'; null when `iso` is not a date. */
export const formatGeneratedAt = formatUtcDateTime;

/** Refreshes (insights or debt strategies) a user may ask for per hour. */
export const REFRESHES_PER_HOUR = 10;
export const RATE_LIMIT_MESSAGE = `You can refresh insights ${REFRESHES_PER_HOUR} times an hour. Please try again later.`;
