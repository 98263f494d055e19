import { completeWithModel } from "../app/features/insights/insights.server";

export const INSIGHTS_FROM_MODEL = "insights-from-model";

/** A refresh that waits for the model: whose result (user, kind, month) and the refresh's time (ISO). */
export type InsightsFromModelJobData = { userId: string; kind: "spending" | "debts"; month: string; askedAt: string };

/** Asks the model for the insights or debt strategies a refresh stored the rules engine's for meanwhile (decision 227). */
export function insightsFromModel({ userId, kind, month, askedAt }: InsightsFromModelJobData) {
  return completeWithModel(userId, kind, month, new Date(askedAt));
}
