import { debtIdOfCategory } from "~/features/categories/categories";
import { DEBT_TYPE_LABELS } from "~/features/debts/debts";
import { buildMinimumsOnlyPlan, buildPayoffPlan, MAX_PLAN_MONTHS, monthlyInterest, orderForStrategy, type PayoffDebt, type PayoffPlan } from "~/features/debts/payoff";
import { toCents, type Cents } from "~/lib/money";
import { isIsoDate } from "~/lib/month";
import type { DebtStrategy, InsightTransaction } from "./insights";
import { debtCitation, joinNames, MAX_CITED_TRANSACTIONS, moneyText, shortDate, transactionCitation, type MoneyText } from "./wording";

/**
 * The offline debt rules engine: strategies for the user's debts computed from
 * their own figures when no model answers. Pure and deterministic: ties are
 * broken by name or id. Debt rule 1: the payoff method; 2: the highest rate;
 * 3: debts whose minimum never pays them down; 4: the recent debt payments.
 */

/** A debt with its minimum below its interest is shown the payment that clears it in 3 years. */
const CLEAR_STUCK_DEBT_MONTHS = 36;

export type DebtRulesInput = {
  currency: string;
  /** id, name, balance (cents), aprBasisPoints (1999 = 19.99%), minimum (cents), type. */
  debts: Array<PayoffDebt & { type: string }>;
  /** The extra monthly payment the user compares with (default $500). */
  extra: Cents;
  /** The last 50 transactions, newest first. */
  recentTransactions: InsightTransaction[];
};

type RuleDebt = DebtRulesInput["debts"][number];

type DebtContext = {
  input: DebtRulesInput;
  owed: RuleDebt[];
  money: MoneyText;
  avalanche: PayoffPlan;
  snowball: PayoffPlan;
  minimumsOnly: PayoffPlan;
};

/**
 * Up to 4 strategies for the debts still owed, most urgent first (debt rules
 * 3, 1, 2 and 4): minimums that never pay a debt down, the payoff method with
 * the user's extra payment, the highest rate, and the debt payments among the
 * recent transactions.
 */
export function debtRules(input: DebtRulesInput): DebtStrategy[] {
  const owed = input.debts.filter((debt) => debt.balance > 0);
  if (owed.length === 0) return [];
  const context: DebtContext = {
    input,
    owed,
    money: moneyText(input.currency),
    avalanche: buildPayoffPlan(owed, { extra: input.extra, strategy: "avalanche" }),
    snowball: buildPayoffPlan(owed, { extra: input.extra, strategy: "snowball" }),
    minimumsOnly: buildMinimumsOnlyPlan(owed),
  };
  return [...stuckDebtStrategies(context), payoffMethodStrategy(context), ...highestRateStrategies(context), ...recentPaymentStrategies(context)];
}

/** 1999 → "19.99%", 2400 → "24%". */
function aprText(aprBasisPoints: number) {
  return `${(aprBasisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

/** 26 → "2 years 2 months" (a plan takes at least a month). */
function durationText(months: number) {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years > 0 ? `${years} ${years === 1 ? "year" : "years"}` : "", rest > 0 ? `${rest} ${rest === 1 ? "month" : "months"}` : ""];
  return parts.filter(Boolean).join(" ");
}

function typeLabel(type: string) {
  return DEBT_TYPE_LABELS[type as keyof typeof DEBT_TYPE_LABELS] ?? type;
}

function debtById(context: DebtContext, id: string) {
  return context.owed.find((debt) => debt.id === id) as RuleDebt;
}

function totalMonthlyInterest(debts: PayoffDebt[]) {
  return debts.reduce((sum, debt) => sum + monthlyInterest(debt.balance, debt.aprBasisPoints), 0);
}

/** The fixed monthly payment that clears a balance in `months` at the APR, rounded up to the cent. */
function paymentToClear(balance: number, aprBasisPoints: number, months: number) {
  const monthlyRate = aprBasisPoints / 120000;
  if (monthlyRate === 0) return Math.ceil(balance / months);
  return Math.ceil((balance * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
}

/** Debt rule 3: debts whose minimum does not exceed their monthly interest, so the balance never goes down. */
function stuckDebtStrategies(context: DebtContext): DebtStrategy[] {
  const { money } = context;
  const stuck = context.owed.filter((debt) => debt.minimum <= monthlyInterest(debt.balance, debt.aprBasisPoints));
  if (stuck.length === 0) return [];
  const describe = (debt: RuleDebt) => {
    const interest = monthlyInterest(debt.balance, debt.aprBasisPoints);
    return `${debt.name}: the ${money(debt.minimum)} minimum ${debt.minimum < interest ? "is less than" : "only equals"} the ${money(interest)} interest it charges each month, so its ${money(debt.balance)} balance never goes down.`;
  };
  const payments = stuck.map((debt) => `${money(paymentToClear(debt.balance, debt.aprBasisPoints, CLEAR_STUCK_DEBT_MONTHS))} a month on ${debt.name}`);
  return [
    {
      title: stuck.length === 1 ? `Urgent: ${stuck[0].name}'s minimum never pays it down` : `Urgent: ${stuck.length} minimums never pay their debts down`,
      description: stuck.map(describe).join(" "),
      strategy: `Pay more than the interest now: ${joinNames(payments)} clears ${stuck.length === 1 ? "it" : "each"} in ${durationText(CLEAR_STUCK_DEBT_MONTHS)}. Call the lender to ask for a lower rate or a hardship plan.`,
      potentialSavings: null,
      difficulty: "hard",
      citations: stuck.map(debtCitation),
    },
  ];
}

function unfinishedText(context: DebtContext, plan: Extract<PayoffPlan, { finished: false }>) {
  const { money, input } = context;
  const paying = `minimums plus ${money(input.extra)} extra: ${money(plan.monthlyAmount)} a month`;
  if (plan.reason === "payment-below-interest") {
    const interest = totalMonthlyInterest(context.owed);
    return {
      description: `Your ${paying}, but the debts charge ${money(interest)} in interest a month, so the balances would never go down.`,
      strategy: `Pay at least ${money(interest - plan.monthlyAmount + 1)} more each month just to start bringing the balances down, and put it on ${debtById(context, plan.order[0]).name} (the highest rate).`,
    };
  }
  return {
    description: `At your ${paying}, the debts would take more than ${MAX_PLAN_MONTHS / 12} years to pay off.`,
    strategy: `Raise the monthly payment and put every extra dollar on ${debtById(context, plan.order[0]).name} (the highest rate).`,
  };
}

function minimumsOnlyText(context: DebtContext) {
  const plan = context.minimumsOnly;
  return plan.finished ? `${durationText(plan.months)} and ${context.money(plan.totalInterest)} interest` : "the debts would never be paid off";
}

/** Debt rule 1: avalanche against snowball with the user's extra payment (with one debt: the plan against minimums only). */
function payoffMethodStrategy(context: DebtContext): DebtStrategy {
  const { money, avalanche, snowball, input } = context;
  if (!avalanche.finished) {
    return { title: "Your payments cannot clear your debts", ...unfinishedText(context, avalanche), potentialSavings: null, difficulty: "hard", citations: context.owed.map(debtCitation) };
  }
  const avalancheFirst = debtById(context, avalanche.order[0]);
  const monthly = `${money(avalanche.monthlyAmount)} a month (minimums plus ${money(input.extra)} extra)`;
  if (context.owed.length === 1) {
    const saved = context.minimumsOnly.finished ? context.minimumsOnly.totalInterest - avalanche.totalInterest : 0;
    return {
      title: `Paying ${money(avalanche.monthlyAmount)} a month clears ${avalancheFirst.name} in ${durationText(avalanche.months)}`,
      description: `Paying ${monthly} clears ${avalancheFirst.name} in ${durationText(avalanche.months)} with ${money(avalanche.totalInterest)} interest. The minimum alone: ${minimumsOnlyText(context)}.`,
      strategy: `Pay ${money(avalanche.monthlyAmount)} to ${avalancheFirst.name} every month, set up as an automatic payment.`,
      potentialSavings: saved > 0 ? toCents(saved) : null,
      difficulty: "medium",
      citations: [debtCitation(avalancheFirst)],
    };
  }
  const avalancheText = `avalanche (highest rate first, starting with ${avalancheFirst.name} at ${aprText(avalancheFirst.aprBasisPoints)}) is debt-free in ${durationText(avalanche.months)} with ${money(avalanche.totalInterest)} interest`;
  if (!snowball.finished) {
    return {
      title: "Avalanche: the only method that clears your debts",
      description: `With ${monthly}: ${avalancheText}; snowball (smallest balance first) would take more than ${MAX_PLAN_MONTHS / 12} years while the high-rate debt grows. Minimums only: ${minimumsOnlyText(context)}.`,
      strategy: avalancheStep(context, avalancheFirst),
      potentialSavings: null,
      difficulty: "medium",
      citations: [debtCitation(avalancheFirst)],
    };
  }
  const snowballFirst = debtById(context, snowball.order[0]);
  const saving = snowball.totalInterest - avalanche.totalInterest;
  const description = `With ${monthly}: ${avalancheText}; snowball (smallest balance first, starting with ${snowballFirst.name} at ${money(snowballFirst.balance)}) takes ${durationText(snowball.months)} with ${money(snowball.totalInterest)} interest. Minimums only: ${minimumsOnlyText(context)}.`;
  const citations = [avalancheFirst, ...(snowballFirst === avalancheFirst ? [] : [snowballFirst])].map(debtCitation);
  if (saving > 0) {
    return { title: `Avalanche saves ${money(saving)} over snowball`, description, strategy: avalancheStep(context, avalancheFirst), potentialSavings: toCents(saving), difficulty: "medium", citations };
  }
  const snowballStep = `Pay the minimum on every debt and put ${extraPhrase(context)} on ${snowballFirst.name} (the smallest balance) until it is gone, then roll its payment onto the next smallest.`;
  if (saving === 0) {
    return {
      title: "Avalanche and snowball cost the same",
      description: `${description} Both cost the same, so choose snowball: clearing the smallest balance first gives the quickest win.`,
      strategy: snowballStep,
      potentialSavings: null,
      difficulty: "medium",
      citations,
    };
  }
  return { title: `Snowball saves ${money(-saving)} over avalanche`, description, strategy: snowballStep, potentialSavings: toCents(-saving), difficulty: "medium", citations };
}

function extraPhrase(context: DebtContext) {
  return context.input.extra > 0 ? `the extra ${context.money(context.input.extra)}` : "any spare money";
}

function avalancheStep(context: DebtContext, first: RuleDebt) {
  return `Pay the minimum on every debt and put ${extraPhrase(context)} on ${first.name} (${aprText(first.aprBasisPoints)} APR) until it is gone, then roll its payment onto the next highest rate.`;
}

/** Debt rule 2: the highest-rate debt's monthly interest and what paying it first saves over minimums only (two or more debts with interest). */
function highestRateStrategies(context: DebtContext): DebtStrategy[] {
  const { money, avalanche, minimumsOnly } = context;
  const [highest] = orderForStrategy(context.owed, "avalanche") as RuleDebt[];
  if (context.owed.length < 2 || highest.aprBasisPoints === 0) return [];
  const interest = monthlyInterest(highest.balance, highest.aprBasisPoints);
  const saved = avalanche.finished && minimumsOnly.finished ? minimumsOnly.totalInterest - avalanche.totalInterest : null;
  const comparison =
    saved === null
      ? " Paying only the minimums would never clear your debts."
      : saved > 0
        ? ` Putting the ${money(context.input.extra)} extra on it first saves ${money(saved)} interest compared with paying only minimums.`
        : "";
  const cheaper =
    highest.type === "credit_card" ? "a 0% balance-transfer card or a lower-rate consolidation loan would cut this interest further" : "ask the lender about a lower rate or refinancing";
  return [
    {
      title: `${highest.name} costs ${money(interest)} a month in interest`,
      description: `${highest.name} (${typeLabel(highest.type)}, ${aprText(highest.aprBasisPoints)} APR) has your highest rate: its ${money(highest.balance)} balance costs about ${money(interest)} a month, ${money(interest * 12)} a year.${comparison}`,
      strategy: `Send every spare dollar to ${highest.name} while paying the minimums on the rest; ${cheaper}.`,
      potentialSavings: saved !== null && saved > 0 ? toCents(saved) : null,
      difficulty: "medium",
      citations: [debtCitation(highest)],
    },
  ];
}

/** Debt rule 4: payments into debt categories (`debt_{debtId}`) among the recent transactions. */
function recentPaymentStrategies(context: DebtContext): DebtStrategy[] {
  const { money, input } = context;
  const debtsById = new Map(input.debts.map((debt) => [debt.id, debt]));
  const payments = input.recentTransactions.filter((transaction) => {
    const debtId = debtIdOfCategory(transaction.category);
    return transaction.type === "expense" && debtId !== null && debtsById.has(debtId) && isIsoDate(transaction.date);
  });
  if (payments.length === 0) return [];
  const debtOf = (transaction: InsightTransaction) => debtsById.get(debtIdOfCategory(transaction.category) as string) as RuleDebt;
  const paid = [...new Set(payments.map(debtOf))].map((debt) => {
    const own = payments.filter((payment) => debtOf(payment) === debt).sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
    return { debt, latest: own[0], count: own.length, total: own.reduce((sum, payment) => sum + payment.amount, 0) };
  });
  paid.sort((a, b) => b.total - a.total || a.debt.name.localeCompare(b.debt.name));
  const total = paid.reduce((sum, entry) => sum + entry.total, 0);
  const paidText = paid.map(({ debt, latest, count, total: debtTotal }) => `${debt.name} ${money(debtTotal)} (${count === 1 ? "1 payment" : `${count} payments`}, latest ${shortDate(latest.date)})`);
  const belowMinimum = paid.filter(({ debt, latest }) => latest.amount < debt.minimum).map(({ debt, latest }) => `the latest ${debt.name} payment, ${money(latest.amount)}, is below its ${money(debt.minimum)} minimum`);
  const unpaid = context.owed.filter((debt) => !paid.some((entry) => entry.debt === debt)).map((debt) => debt.name);
  const [highest] = orderForStrategy(context.owed, "avalanche");
  const notes = [
    ...(belowMinimum.length > 0 ? [` Note that ${joinNames(belowMinimum)}.`] : []),
    ...(unpaid.length > 0 ? [` No payment to ${joinNames(unpaid, "or")} appears among them.`] : []),
  ];
  const check = unpaid.length > 0 ? `Check that ${joinNames(unpaid)} ${unpaid.length === 1 ? "is" : "are"} not overdue, then make` : "Make";
  return [
    {
      title: `${money(total)} paid toward your debts recently`,
      description: `Your ${input.recentTransactions.length} most recent transactions include ${payments.length === 1 ? "1 debt payment" : `${payments.length} debt payments`}: ${paidText.join("; ")}.${notes.join("")}`,
      strategy: `${check} every minimum an automatic payment on payday so none is missed, and send anything above the minimums to ${highest.name} (the highest rate).`,
      potentialSavings: null,
      difficulty: "easy",
      citations: [
        ...paid.map(({ debt }) => debtCitation(debt)),
        ...payments.slice(0, MAX_CITED_TRANSACTIONS).map((payment) => transactionCitation(payment, debtOf(payment).name, money)),
      ],
    },
  ];
}
