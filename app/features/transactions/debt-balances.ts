import { debtIdOfCategory } from "~/features/debts/debts";

/** The fields of a transaction that move a debt's balance. */
export type BalanceMovingTransaction = { type: "income" | "expense"; category: string; amount: number; deleted?: boolean };

/**
 * How much each debt's balance moves when `before` documents are replaced by
 * `after` ones: every live expense in a debt's category is a payment that
 * lowers its balance, so one leaving gives its amount back.
 */
export function debtBalanceChanges(before: BalanceMovingTransaction[], after: BalanceMovingTransaction[]) {
  const changes = new Map<string, number>();
  const add = (transaction: BalanceMovingTransaction, sign: 1 | -1) => {
    if (transaction.deleted || transaction.type !== "expense") return;
    const debtId = debtIdOfCategory(transaction.category);
    if (debtId) changes.set(debtId, (changes.get(debtId) ?? 0) + sign * transaction.amount);
  };
  for (const transaction of before) add(transaction, 1);
  for (const transaction of after) add(transaction, -1);
  for (const [debtId, change] of changes) if (change === 0) changes.delete(debtId);
  return changes;
}

/** What the payments in the month summaries gave each debt (to hand back when every transaction is deleted at once). */
export function paidPerDebt(summaries: Array<{ categories: Record<string, { expense?: number }> }>) {
  const paid = new Map<string, number>();
  for (const summary of summaries) {
    for (const [categoryId, totals] of Object.entries(summary.categories ?? {})) {
      const debtId = debtIdOfCategory(categoryId);
      if (debtId && totals.expense) paid.set(debtId, (paid.get(debtId) ?? 0) + totals.expense);
    }
  }
  return paid;
}
