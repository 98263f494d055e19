import { isCents, toCents, ZERO_CENTS, type Cents } from "~/lib/money";
import { monthKeyOf, shiftMonth } from "~/lib/month";

/** aprBasisPoints: the annual percentage rate in hundredths of a percent (19.99% → 1999), an integer 0..10000. */
export type PayoffDebt = { id: string; name: string; balance: Cents; aprBasisPoints: number; minimum: Cents };

export const PLAN_STRATEGIES = ["avalanche", "snowball", "custom"] as const;
export type PlanStrategy = (typeof PLAN_STRATEGIES)[number];

/** 100 years: a plan that does not finish within it says so. */
export const MAX_PLAN_MONTHS = 1200;
/** The extra monthly payment a plan starts with: $500. */
export const DEFAULT_EXTRA_PAYMENT = toCents(50000);

/** An APR in basis points, charged monthly: 12 months × 10,000 basis points make the whole balance. */
const BASIS_POINT_MONTHS = 120000;

/**
 * One month's interest: balance × APR / 12, to the cent, half up. Computed
 * with BigInt, so it is exact for any balance (a float product of a 10^13-cent
 * balance and an APR is already past exact integers).
 */
export function monthlyInterest(balance: Cents, aprBasisPoints: number): Cents {
  if (balance <= 0) return ZERO_CENTS;
  const divisor = BigInt(BASIS_POINT_MONTHS);
  const roundedHalfUp = (BigInt(balance) * BigInt(aprBasisPoints) * 2n + divisor) / (2n * divisor);
  return toCents(Number(roundedHalfUp));
}

type PayoffEstimate = { kind: "months"; months: number } | { kind: "never" } | { kind: "invalid" };

/** How many months a fixed payment takes to clear one debt, rounded up: "Invalid debt data", "Never (payment too low)" when it does not exceed the monthly interest, or n months. */
export function payoffMonths(balance: Cents, aprBasisPoints: number, payment: Cents): PayoffEstimate {
  if (balance <= 0 || payment <= 0) return { kind: "invalid" };
  if (aprBasisPoints === 0) return { kind: "months", months: Math.ceil(balance / payment) };
  // payment <= balance × r, compared in integers so a payment of exactly the interest is never.
  if (BigInt(payment) * BigInt(BASIS_POINT_MONTHS) <= BigInt(balance) * BigInt(aprBasisPoints)) return { kind: "never" };
  const monthlyRate = aprBasisPoints / BASIS_POINT_MONTHS;
  const exactMonths = -Math.log1p(-(balance * monthlyRate) / payment) / Math.log1p(monthlyRate);
  const nearest = Math.round(exactMonths);
  // An exact payoff computes as 2.000000000000004 months; it is still 2, not 3.
  return { kind: "months", months: Math.abs(exactMonths - nearest) < 1e-9 ? nearest : Math.ceil(exactMonths) };
}

/** The month (YYYY-MM) that is `months` calendar months after the month of `from` (a Date or YYYY-MM-DD). */
export function payoffDate(from: Date | string, months: number): string {
  return shiftMonth(monthKeyOf(from), months);
}

/** How much of the total is paid off, as a percentage 0..100 (not rounded). */
export function percentPaid(total: Cents, current: Cents): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, ((total - current) / total) * 100));
}

type DebtComparison = (a: PayoffDebt, b: PayoffDebt) => number;
const byNameThenId: DebtComparison = (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
const highestAprFirst: DebtComparison = (a, b) => b.aprBasisPoints - a.aprBasisPoints || a.balance - b.balance || byNameThenId(a, b);
const smallestBalanceFirst: DebtComparison = (a, b) => a.balance - b.balance || b.aprBasisPoints - a.aprBasisPoints || byNameThenId(a, b);

/**
 * The order in which debts receive the money left after minimums. Custom: the
 * named debts in the given order (unknown ids ignored, a repeated id counts
 * once), then the debts it does not name in avalanche order.
 */
export function orderForStrategy(debts: PayoffDebt[], strategy: PlanStrategy, customOrder: readonly string[] = []): PayoffDebt[] {
  if (strategy === "snowball") return [...debts].sort(smallestBalanceFirst);
  const avalanche = [...debts].sort(highestAprFirst);
  if (strategy === "avalanche") return avalanche;
  const named = [...new Set(customOrder)].flatMap((id) => debts.filter((debt) => debt.id === id));
  return [...named, ...avalanche.filter((debt) => !named.includes(debt))];
}

type PlanMonthDebt = { id: string; interest: Cents; payment: Cents; balance: Cents };
/** One month of a plan; `debts` lists every debt in input order, paid-off ones with payment 0 and balance 0. `balance` is after the payment. */
type PlanMonth = { month: number; payment: Cents; interest: Cents; debts: PlanMonthDebt[] };
export type PayoffPlan =
  | {
      finished: true;
      months: number;
      totalInterest: Cents;
      totalPaid: Cents;
      monthlyAmount: Cents;
      payoffMonth: Record<string, number>;
      order: string[];
      schedule: PlanMonth[];
    }
  | { finished: false; reason: "payment-below-interest" | "too-long"; monthlyAmount: Cents; order: string[] };

/**
 * Pays the debts down with the same monthly amount every month: the minimums
 * (each capped at its balance), then the rest to the first unpaid debt in
 * strategy order, spilling to the next. A paid-off debt's minimum stays in
 * the monthly amount, so it rolls over to the others.
 */
export function buildPayoffPlan(debts: PayoffDebt[], options: { extra: Cents; strategy: PlanStrategy; customOrder?: readonly string[] }): PayoffPlan {
  const monthlyAmount = toCents(sumOf(debts.map((debt) => debt.minimum)) + options.extra);
  const order = orderForStrategy(debts, options.strategy, options.customOrder);
  const firstMonthInterest = sumOf(debts.map((debt) => monthlyInterest(debt.balance, debt.aprBasisPoints)));
  if (debts.some(isOwed) && monthlyAmount <= firstMonthInterest) return unfinished("payment-below-interest", monthlyAmount, order);
  return simulate(debts, { monthlyAmount, order, restRollsOver: true });
}

/** Each debt paid only its own minimum, nothing rolling over: what the plan is compared with. */
export function buildMinimumsOnlyPlan(debts: PayoffDebt[]): PayoffPlan {
  const owed = debts.filter(isOwed);
  const monthlyAmount = toCents(sumOf(owed.map((debt) => debt.minimum)));
  const neverShrinks = owed.some((debt) => debt.minimum <= monthlyInterest(debt.balance, debt.aprBasisPoints));
  if (neverShrinks) return unfinished("payment-below-interest", monthlyAmount, debts);
  return simulate(debts, { monthlyAmount, order: debts, restRollsOver: false });
}

export type PlanComparison = { interestSaved: Cents | null; monthsSaved: number | null };

/** What the plan saves over paying only minimums; null when either never finishes. */
export function compareWithMinimums(plan: PayoffPlan, minimumsOnly: PayoffPlan): PlanComparison {
  if (!plan.finished || !minimumsOnly.finished) return { interestSaved: null, monthsSaved: null };
  return { interestSaved: toCents(minimumsOnly.totalInterest - plan.totalInterest), monthsSaved: minimumsOnly.months - plan.months };
}

function isOwed(debt: PayoffDebt) {
  return debt.balance > 0;
}

function sumOf(amounts: number[]) {
  return amounts.reduce((total, amount) => total + amount, 0);
}

function unfinished(reason: "payment-below-interest" | "too-long", monthlyAmount: Cents, order: PayoffDebt[]): PayoffPlan {
  return { finished: false, reason, monthlyAmount, order: order.map((debt) => debt.id) };
}

/** Month by month until every debt is paid, or MAX_PLAN_MONTHS have passed. */
function simulate(debts: PayoffDebt[], plan: { monthlyAmount: Cents; order: PayoffDebt[]; restRollsOver: boolean }): PayoffPlan {
  const balances = debts.map((debt) => Math.max(debt.balance, 0));
  const payoffMonth: Record<string, number> = {};
  debts.forEach((debt, index) => {
    if (balances[index] === 0) payoffMonth[debt.id] = 0;
  });
  const restOrder = plan.restRollsOver ? plan.order.map((debt) => debts.indexOf(debt)) : [];
  const schedule: PlanMonth[] = [];
  let totalInterest = 0;
  let totalPaid = 0;

  for (let month = 1; balances.some((balance) => balance > 0); month++) {
    if (month > MAX_PLAN_MONTHS) return unfinished("too-long", plan.monthlyAmount, plan.order);
    const interests = debts.map((debt, index) => monthlyInterest(toCents(balances[index]), debt.aprBasisPoints));
    const payments = debts.map(() => 0);
    for (const [index, debt] of debts.entries()) {
      if (balances[index] === 0) continue;
      const owed = balances[index] + interests[index];
      // A balance that outgrows exact cents is growing faster than it is paid: the plan cannot finish in cents.
      if (!isCents(owed)) return unfinished("too-long", plan.monthlyAmount, plan.order);
      payments[index] = Math.min(debt.minimum, owed);
      balances[index] = owed - payments[index];
    }
    let rest = plan.monthlyAmount - sumOf(payments);
    for (const index of restOrder) {
      const share = Math.min(rest, balances[index]);
      payments[index] += share;
      balances[index] -= share;
      rest -= share;
    }

    for (const [index, debt] of debts.entries()) {
      if (balances[index] === 0 && payments[index] > 0) payoffMonth[debt.id] = month;
    }
    const monthInterest = sumOf(interests);
    const monthPayment = sumOf(payments);
    totalInterest += monthInterest;
    totalPaid += monthPayment;
    schedule.push({
      month,
      payment: toCents(monthPayment),
      interest: toCents(monthInterest),
      debts: debts.map((debt, index) => ({ id: debt.id, interest: interests[index], payment: toCents(payments[index]), balance: toCents(balances[index]) })),
    });
  }

  return {
    finished: true,
    months: schedule.length,
    totalInterest: toCents(totalInterest),
    totalPaid: toCents(totalPaid),
    monthlyAmount: plan.monthlyAmount,
    payoffMonth,
    order: plan.order.map((debt) => debt.id),
    schedule,
  };
}
