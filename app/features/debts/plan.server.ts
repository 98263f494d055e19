import { Types } from "mongoose";
import { DebtPlan, type DebtPlanRecord } from "../../../models";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";
import type { Cents } from "~/lib/money";
import { monthKeyOf, shiftMonth } from "~/lib/month";
import { debtCategoryId } from "~/features/categories/categories";
import type { DebtItem } from "./debts";
import { listDebts, paidIntoAccountsByMonth } from "./debts.server";
import { buildMinimumsOnlyPlan, buildPayoffPlan, compareWithMinimums, PLAN_STRATEGIES, type PayoffDebt, type PlanStrategy } from "./payoff";
import { planProgress } from "./plan-progress";
import { summarisePlan } from "./plan-summary";

type PlanSettings = { extra: Cents; strategy: PlanStrategy; customOrder: string[] };

/** The debts as the payoff maths takes them: what is still owed (an overpaid debt owes 0). */
export function toPayoffDebts(debts: DebtItem[]): PayoffDebt[] {
  return debts.map((debt) => ({
    id: debt.id,
    name: debt.name,
    balance: Math.max(0, debt.currentBalance) as Cents,
    aprBasisPoints: debt.aprBasisPoints,
    minimum: debt.minimumPayment,
  }));
}

/** Saves the plan with today's balances; month 1 is next month. Replaces any earlier plan. */
export async function savePlan(userId: string, settings: PlanSettings, now = new Date()) {
  const debts = toPayoffDebts(await listDebts(userId));
  const known = new Set(debts.map((debt) => debt.id));
  await DebtPlan.findOneAndUpdate(
    { _id: userId },
    {
      $set: {
        userId: new Types.ObjectId(userId),
        strategy: settings.strategy,
        extra: settings.extra,
        customOrder: settings.strategy === "custom" ? settings.customOrder.filter((id) => known.has(id)) : [],
        startMonth: shiftMonth(monthKeyOf(now), 1),
        debts,
      },
    },
    { upsert: true, runValidators: true },
  );
}

export async function deletePlan(userId: string) {
  await DebtPlan.deleteOne({ _id: userId });
}

export async function getSavedPlan(userId: string) {
  return DebtPlan.findById(userId).lean<DebtPlanRecord>();
}

/**
 * What was paid each month towards the given debts from `fromMonth` on: the expenses in their categories
 * (the month summaries, which the ledger keeps in step) and what came into the accounts of those linked
 * to one (a category's payments from before its debt was linked stay counted in their months).
 */
async function paidByMonth(userId: string, debts: Array<Pick<DebtItem, "id" | "accountId">>, fromMonth: string) {
  const summaries = (await listMonthSummaries(userId)).filter((summary) => summary.monthKey >= fromMonth);
  const paid = await paidIntoAccountsByMonth(userId, debts.flatMap((debt) => debt.accountId ?? []), summaries);
  for (const summary of summaries) {
    const total = debts.reduce((sum, debt) => sum + (summary.categories?.[debtCategoryId(debt.id)]?.expense ?? 0), 0);
    if (total !== 0) paid.set(summary.monthKey, (paid.get(summary.monthKey) ?? 0) + total);
  }
  return paid;
}

/**
 * The saved plan against reality: its schedule from the balances it was
 * saved with, month by month against the payments made, and the remaining
 * schedule computed again from today's balances (`debts`, the user's debts
 * as the page read them) with the same choices.
 */
export async function getPlanReview(userId: string, debts: DebtItem[], now = new Date()) {
  const saved = await getSavedPlan(userId);
  if (!saved) return null;
  const settings: PlanSettings = { extra: saved.extra as Cents, strategy: saved.strategy as PlanStrategy, customOrder: saved.customOrder };
  const savedDebts = saved.debts.map((debt) => ({ ...debt, balance: debt.balance as Cents, minimum: debt.minimum as Cents }));
  const original = buildPayoffPlan(savedDebts, settings);
  const current = toPayoffDebts(debts.filter((debt) => savedDebts.some((planned) => planned.id === debt.id)));
  const currentMonth = monthKeyOf(now);
  return {
    settings,
    startMonth: saved.startMonth,
    savedAt: saved.updatedAt.toISOString(),
    debtNames: Object.fromEntries(savedDebts.map((debt) => [debt.id, debt.name])),
    original,
    progress: planProgress(original, saved.startMonth, currentMonth, await paidByMonth(userId, savedDebts.map((planned) => ({ id: planned.id, accountId: debts.find((debt) => debt.id === planned.id)?.accountId ?? null })), saved.startMonth)),
    remaining: buildPayoffPlan(current, settings),
    remainingStartMonth: shiftMonth(currentMonth, 1),
  };
}

/**
 * Every plan the calculator and the strategies tab show for the user's debts
 * today: each strategy with `settings.extra` (the chosen one with its
 * schedule), paying only the minimums, and what each saves against it.
 * Month 1 is next month.
 */
export async function comparePlans(userId: string, settings: PlanSettings, now = new Date()) {
  const debtItems = await listDebts(userId);
  const debts = toPayoffDebts(debtItems);
  const minimumsOnly = buildMinimumsOnlyPlan(debts);
  const strategies = PLAN_STRATEGIES.map((strategy) => {
    const plan = buildPayoffPlan(debts, { extra: settings.extra, strategy, customOrder: settings.customOrder });
    return { strategy, plan, saving: compareWithMinimums(plan, minimumsOnly) };
  });
  const chosen = strategies.find((candidate) => candidate.strategy === settings.strategy) ?? strategies[0];
  return {
    debts: debts.map(({ id, name, balance, aprBasisPoints, minimum }) => ({ id, name, balance, aprBasisPoints, minimum })),
    startMonth: shiftMonth(monthKeyOf(now), 1),
    chosen: { strategy: chosen.strategy, plan: chosen.plan, saving: chosen.saving },
    strategies: strategies.map(({ strategy, plan, saving }) => ({ strategy, plan: summarisePlan(plan), saving })),
    minimumsOnly: summarisePlan(minimumsOnly),
  };
}
