import { countRuleMatches, processRuleRun } from "../app/features/rules/rule-runs.server";

export const RULE_RUN = "rule-run";
export const COUNT_RULE_MATCHES = "count-rule-matches";

export type RuleRunJobData = { runId: string };
export type CountRuleMatchesJobData = { userId: string };

/** Previews, applies or undoes one rule run on a user's past transactions (the rules page queues it). */
export function runRule(runId: string) {
  return processRuleRun(runId);
}

/** Counts how many transactions each of a user's rules matches (queued when their rules change). */
export function countMatches(userId: string) {
  return countRuleMatches(userId);
}
