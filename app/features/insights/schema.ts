import { z } from "zod";
import { DIFFICULTIES, TRENDS } from "./insights";

/**
 * What the model is asked to answer, as strict structured output: an object
 * root, every property required (absent values are null). Amounts are in the
 * user's currency units (the prompt's figures are too); references are the
 * opaque ones of the prompt ("t12" a transaction, "d2" a debt, a category id).
 */
export const SPENDING_SCHEMA_NAME = "spending_insights";
export const DEBT_SCHEMA_NAME = "debt_strategies";

const text = (max: number) => z.string().trim().min(1).max(max);
const amount = z.number().nonnegative().max(1_000_000_000).nullable();

const modelInsightSchema = z.object({
  title: text(120),
  description: text(600),
  recommendation: text(400),
  potentialSavings: amount,
  confidence: z.number().min(0).max(1).nullable(),
  difficulty: z.enum(DIFFICULTIES),
  transactionRefs: z.array(z.string()).max(10),
  categoryIds: z.array(z.string()).max(5),
});

const modelPatternSchema = z.object({
  categoryId: z.string(),
  categoryName: text(60),
  pattern: text(400),
  trend: z.enum(TRENDS),
  anomaly: z.string().max(300).nullable(),
  transactionRefs: z.array(z.string()).max(10),
});

export const spendingAnswerSchema = z.object({
  insights: z.array(modelInsightSchema).min(1).max(5),
  patterns: z.array(modelPatternSchema).max(5),
});

const modelStrategySchema = z.object({
  title: text(120),
  description: text(600),
  strategy: text(600),
  potentialSavings: amount,
  difficulty: z.enum(DIFFICULTIES),
  debtRefs: z.array(z.string()).max(10),
  transactionRefs: z.array(z.string()).max(10),
});

export const debtAnswerSchema = z.object({ strategies: z.array(modelStrategySchema).min(1).max(5) });

export type SpendingAnswer = z.infer<typeof spendingAnswerSchema>;
export type DebtAnswer = z.infer<typeof debtAnswerSchema>;
