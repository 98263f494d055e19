import { parseWithZod } from "@conform-to/zod/v4";
import { parseAmountToCents, type Cents } from "~/lib/money";
import { DEBT_MAX_CENTS, DEBT_MESSAGES } from "./debts";
import { DEFAULT_EXTRA_PAYMENT, PLAN_STRATEGIES } from "./payoff";
import { DebtSchema, PaymentSchema } from "./schema";

/** The debt form (add and edit) checked; the value is ready for `addDebt`/`updateDebt`. */
export function parseDebtForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: DebtSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { interestRate, dueDate, accountId, currentBalance, ...rest } = submission.value;
  return { submission, input: { ...rest, aprBasisPoints: interestRate, dueDate: dueDate ?? null, accountId: accountId ?? null, currentBalance: currentBalance ?? null } } as const;
}

/** The Pay panel's amount and date. */
export function parsePaymentForm(formData: FormData) {
  return parseWithZod(formData, { schema: PaymentSchema });
}

export type PlanChoices = { extra: Cents; strategy: (typeof PLAN_STRATEGIES)[number]; customOrder: string[] };

/** The calculator's choices from its query or a saved-plan form: extra (default $500), strategy, custom order (ids, comma-separated). */
export function parsePlanChoices(source: URLSearchParams | FormData): { choices: PlanChoices; error: string | null } {
  const extraText = source.get("extra");
  const strategyText = source.get("strategy");
  const strategy = PLAN_STRATEGIES.find((candidate) => candidate === strategyText) ?? "avalanche";
  const customOrder = String(source.get("order") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (extraText === null || String(extraText).trim() === "") return { choices: { extra: DEFAULT_EXTRA_PAYMENT, strategy, customOrder }, error: null };
  const extra = parseAmountToCents(String(extraText));
  if (extra === null || extra > DEBT_MAX_CENTS) return { choices: { extra: DEFAULT_EXTRA_PAYMENT, strategy, customOrder }, error: DEBT_MESSAGES.extraInvalid };
  return { choices: { extra, strategy, customOrder }, error: null };
}
