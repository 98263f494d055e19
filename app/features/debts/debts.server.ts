import mongoose, { Types } from "mongoose";
import { Debt, Transaction, type DebtRecord } from "../../../models";
import { debtCategoryId } from "~/features/categories/categories";
import { addDebtCategory, renameDebtCategory, retireDebtCategory } from "~/features/categories/categories.server";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { applyLedgerBatch, submittedTransactions } from "~/features/transactions/ledger.server";
import { toObjectId } from "~/utils/db.server";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";
import { LedgerRefusedError } from "~/features/transactions/ledger";
import { formatMoney, type Cents } from "~/lib/money";
import { submittedId } from "~/utils/submission.server";
import {
  DEBT_MESSAGES,
  debtStatistics,
  MANUAL_PAYMENT_DESCRIPTION,
  paidPerDebt,
  paymentViaTransactionLabel,
  type DebtItem,
  type DebtPayment,
  type DebtPriority,
  type DebtType,
} from "./debts";

/** What the debt form writes: a debt's fields but its id and creation time. */
export type DebtInput = Omit<DebtItem, "id" | "createdAt">;

const ITEM_FIELDS = {
  name: 1,
  type: 1,
  totalAmount: 1,
  balanceBeforePayments: 1,
  aprBasisPoints: 1,
  minimumPayment: 1,
  dueDate: 1,
  priority: 1,
  description: 1,
  createdAt: 1,
} as const;

type ListedDebt = Pick<DebtRecord, "_id" | keyof typeof ITEM_FIELDS>;

/** A stored debt as it leaves the server; what is owed is its balance before payments less the payments (`paid`, by debt id). */
function toItem(stored: ListedDebt, paid: Map<string, number>): DebtItem {
  return {
    id: String(stored._id),
    name: stored.name,
    type: stored.type as DebtType,
    totalAmount: stored.totalAmount as Cents,
    currentBalance: (stored.balanceBeforePayments - (paid.get(String(stored._id)) ?? 0)) as Cents,
    aprBasisPoints: stored.aprBasisPoints,
    minimumPayment: stored.minimumPayment as Cents,
    dueDate: stored.dueDate ?? null,
    priority: stored.priority as DebtPriority,
    description: stored.description ?? "",
    createdAt: stored.createdAt.toISOString(),
  };
}

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

/** What the user's payments gave each debt so far (by debt id). */
async function readPaid(userId: string) {
  return paidPerDebt(await listMonthSummaries(userId));
}

/** The user's debts, newest first. */
export async function listDebts(userId: string): Promise<DebtItem[]> {
  const debts = await Debt.find({ userId: owner(userId) }).sort({ createdAt: -1, _id: -1 }).select(ITEM_FIELDS).lean<ListedDebt[]>();
  if (debts.length === 0) return [];
  const paid = await readPaid(userId);
  return debts.map((debt) => toItem(debt, paid));
}

/** The user's debt, or null when the id is not one of theirs. */
export async function getDebt(userId: string, debtId: string): Promise<DebtItem | null> {
  const _id = toObjectId(debtId);
  if (!_id) return null;
  const stored = await Debt.findOne({ _id, userId: owner(userId) }).select(ITEM_FIELDS).lean<ListedDebt>();
  return stored ? toItem(stored, await readPaid(userId)) : null;
}

/** Total owed, total of the minimums and the average rate of the user's debts. */
export async function getDebtStatistics(userId: string) {
  return debtStatistics(await listDebts(userId));
}

/** A debt's stored fields from the form: what is owed now, with the payments so far (`paid`) added back. */
function storedFields({ currentBalance, ...fields }: DebtInput, paid: number) {
  return { ...fields, balanceBeforePayments: currentBalance + paid };
}

/**
 * Adds a debt from the form. With the form's submission key its id is
 * derived from the key, so the same form sent again adds nothing and
 * answers with the debt the first added.
 */
export async function addDebt(userId: string, input: DebtInput, submissionKey: string | null = null): Promise<DebtItem> {
  const _id = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, "debt") : undefined);
  const stored = submissionKey ? await getDebt(userId, _id.toString()) : null;
  if (stored) return stored;
  const position = await Debt.countDocuments({ userId: owner(userId) });
  const created = await Debt.create({ _id, userId: owner(userId), ...storedFields(input, 0) });
  const debt = toItem(created.toObject(), new Map());
  await addDebtCategory(userId, debt, position);
  return debt;
}

/**
 * Rewrites the user's debt from the form (its category is renamed with it);
 * null when it is not theirs. Holding the user's ledger, so no payment lands
 * between reading the payments and writing the balance before them.
 */
export async function updateDebt(userId: string, debtId: string, input: DebtInput): Promise<DebtItem | null> {
  const _id = toObjectId(debtId);
  if (!_id) return null;
  return withLedgerLock(userId, async () => {
    const paid = await readPaid(userId);
    const updated = await Debt.findOneAndUpdate({ _id, userId: owner(userId) }, { $set: storedFields(input, paid.get(debtId) ?? 0) }, { returnDocument: "after", runValidators: true }).lean<ListedDebt>();
    if (!updated) return null;
    await renameDebtCategory(userId, debtId, input.name);
    return toItem(updated, paid);
  });
}

/**
 * Deletes the user's debt; its category is marked deleted, so it leaves the
 * dashboard and the form while the payments already made stay on the books.
 */
export async function deleteDebt(userId: string, debtId: string): Promise<boolean> {
  const _id = toObjectId(debtId);
  if (!_id) return false;
  const removed = await Debt.deleteOne({ _id, userId: owner(userId) });
  if (removed.deletedCount === 0) return false;
  await retireDebtCategory(userId, debtId);
  return true;
}

type PaymentResult = { ok: true; debt: DebtItem } | { ok: false; reason: "not-found" } | { ok: false; reason: "above-balance"; message: string };

/**
 * 'Pay' on the tracker: an expense in the debt's category written by the
 * ledger, which lowers the balance. A payment above what is still owed is
 * refused (the transaction form may overpay; the tracker says how much is left).
 */
export async function payDebt(
  userId: string,
  debtId: string,
  payment: { amount: Cents; date: string; currency: string },
  submissionKey: string | null = null,
): Promise<PaymentResult> {
  // Held across the balance check and the payment, so two payments at once cannot both pass the check.
  return withLedgerLock(userId, async () => {
    const debt = await getDebt(userId, debtId);
    if (!debt) return { ok: false, reason: "not-found" } as const;
    const entry = { type: "expense" as const, amount: payment.amount, category: debtCategoryId(debt.id), date: payment.date, description: MANUAL_PAYMENT_DESCRIPTION, source: "debt" as const };
    // One page renders a Pay form per debt with the same key: each debt's payment is a submission of its own.
    const submission = submissionKey ? { key: submissionKey, scope: debt.id } : undefined;
    const sentBefore = submission !== undefined && (await submittedTransactions(userId, submission, 1)).length > 0;
    if (!sentBefore && payment.amount > debt.currentBalance) {
      return { ok: false, reason: "above-balance", message: DEBT_MESSAGES.paymentAboveBalance(formatMoney(Math.max(0, debt.currentBalance) as Cents, payment.currency)) } as const;
    }
    const result = await applyLedgerBatch(userId, { submission, added: [entry] });
    if (!result.ok) throw new LedgerRefusedError(result.issues);
    return { ok: true, debt: (await getDebt(userId, debtId)) ?? debt } as const;
  });
}

/**
 * Debts stored in the layout before, which kept what is owed in
 * `currentBalance` and moved it with every payment: each gets its balance
 * before payments (what it owed plus the payments counted so far), holding
 * its user's ledger. Run once at start, before any request; returns how many.
 */
export async function upgradeStoredDebtBalances() {
  const legacy = await Debt.find({ balanceBeforePayments: mongoose.trusted({ $exists: false }) })
    .select({ userId: 1, currentBalance: 1 })
    .lean<Array<{ _id: Types.ObjectId; userId: Types.ObjectId; currentBalance?: number }>>();
  for (const userId of new Set(legacy.map((debt) => String(debt.userId)))) {
    await withLedgerLock(userId, async () => {
      const paid = await readPaid(userId);
      for (const debt of legacy.filter((candidate) => String(candidate.userId) === userId)) {
        await Debt.updateOne(
          { _id: debt._id, balanceBeforePayments: mongoose.trusted({ $exists: false }) },
          { $set: { balanceBeforePayments: (debt.currentBalance ?? 0) + (paid.get(String(debt._id)) ?? 0) }, $unset: { currentBalance: 1 } },
        );
      }
    });
  }
  return legacy.length;
}

const PAYMENT_FIELDS = { amount: 1, date: 1, description: 1, source: 1 } as const;

type StoredPayment = { _id: Types.ObjectId; amount: number; date: string; description: string; source: string };

/**
 * The live payments of the user's debt, newest first (null when the debt is
 * not theirs). Read month by month, newest first, from the months whose
 * summary counts a payment, until `limit` are found: the page costs what it
 * shows, not every payment ever made (each read is an equality the
 * database answers from an index).
 */
export async function listDebtPayments(userId: string, debtId: string, limit = 100): Promise<DebtPayment[] | null> {
  const debt = await getDebt(userId, debtId);
  if (!debt) return null;
  const category = debtCategoryId(debt.id);
  const months = (await listMonthSummaries(userId))
    .filter((summary) => (summary.categories?.[category]?.expense ?? 0) > 0)
    .map((summary) => summary.monthKey)
    .sort()
    .reverse();
  const payments: StoredPayment[] = [];
  for (const monthKey of months) {
    if (payments.length >= limit) break;
    payments.push(
      ...(await Transaction.find({ userId: owner(userId), category, monthKey, type: "expense", deleted: false })
        .sort({ date: -1, createdAt: -1 })
        .select(PAYMENT_FIELDS)
        .lean<StoredPayment[]>()),
    );
  }
  return payments.slice(0, limit).map((payment) => ({
    id: String(payment._id),
    amount: payment.amount as Cents,
    date: payment.date,
    description: payment.source === "debt" ? payment.description : paymentViaTransactionLabel(payment.description),
  }));
}
