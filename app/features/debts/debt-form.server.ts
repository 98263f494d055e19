import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isIsoDate } from "~/lib/month";
import { parseAmountToCents, type Cents } from "~/lib/money";
import {
  DEBT_DESCRIPTION_MAX_LENGTH,
  DEBT_MAX_CENTS,
  DEBT_MESSAGES,
  DEBT_NAME_MAX_LENGTH,
  DEBT_PRIORITIES,
  DEBT_TYPES,
  type DebtPriority,
  type DebtType,
} from "./debts";
import { DEFAULT_EXTRA_PAYMENT, PLAN_STRATEGIES } from "./payoff";

/** A typed amount as cents, or the message when it is not one (or outside `accept`). */
function centsField(message: string, accept: (cents: Cents) => boolean) {
  return z.string({ error: message }).transform((value, context) => {
    const cents = parseAmountToCents(value);
    if (cents === null || cents > DEBT_MAX_CENTS || !accept(cents)) {
      context.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return cents;
  });
}

const DebtSchema = z
  .object({
    name: z
      .string({ error: DEBT_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: DEBT_MESSAGES.nameRequired })
      .max(DEBT_NAME_MAX_LENGTH, { error: DEBT_MESSAGES.nameTooLong }),
    type: z.enum(DEBT_TYPES as [DebtType, ...DebtType[]], { error: DEBT_MESSAGES.typeInvalid }).default("credit_card"),
    totalAmount: centsField(DEBT_MESSAGES.totalPositive, (cents) => cents > 0),
    currentBalance: centsField(DEBT_MESSAGES.balanceNotNegative, () => true),
    // The rate is typed like an amount (two decimals at most), so its "cents" are basis points.
    interestRate: centsField(DEBT_MESSAGES.rateRange, (basisPoints) => basisPoints <= 10000),
    minimumPayment: centsField(DEBT_MESSAGES.minimumPositive, (cents) => cents > 0),
    dueDate: z
      .string()
      .refine(isIsoDate, { error: DEBT_MESSAGES.dueDateInvalid })
      .optional(),
    priority: z.enum(DEBT_PRIORITIES as [DebtPriority, ...DebtPriority[]], { error: DEBT_MESSAGES.priorityInvalid }).default("medium"),
    description: z.string().trim().max(DEBT_DESCRIPTION_MAX_LENGTH, { error: DEBT_MESSAGES.descriptionTooLong }).default(""),
  })
  .refine((debt) => debt.currentBalance <= debt.totalAmount, { error: DEBT_MESSAGES.balanceAboveTotal, path: ["currentBalance"] });

/** The debt form (add and edit) checked; the value is ready for `addDebt`/`updateDebt`. */
export function parseDebtForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: DebtSchema });
  if (submission.status !== "success") return { submission, input: null } as const;
  const { interestRate, dueDate, ...rest } = submission.value;
  return { submission, input: { ...rest, aprBasisPoints: interestRate, dueDate: dueDate ?? null } } as const;
}

const PaymentSchema = z.object({
  amount: centsField(DEBT_MESSAGES.paymentInvalid, (cents) => cents > 0),
  date: z.string({ error: DEBT_MESSAGES.dueDateInvalid }).refine(isIsoDate, { error: DEBT_MESSAGES.dueDateInvalid }),
});

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
