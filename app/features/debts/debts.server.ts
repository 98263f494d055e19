import mongoose, { Types } from "mongoose";
import { Debt, Transaction, type DebtRecord } from "../../../models";
import type { AccountSummary } from "~/features/accounts/accounts";
import { listAccountNames } from "~/features/accounts/accounts.server";
import { reportingCurrencyOf } from "~/features/auth/user.server";
import { debtCategoryId, TRANSFER_CATEGORY } from "~/features/categories/categories";
import { addDebtCategory, retireDebtCategory, updateDebtCategory } from "~/features/categories/categories.server";
import { readAccountBalances } from "~/features/transactions/account-balances.server";
import { withLedgerLock } from "~/features/transactions/ledger-journal.server";
import { applyLedgerBatch, submittedTransactions } from "~/features/transactions/ledger.server";
import { toObjectId } from "~/integrations/database.server";
import { listMonthSummaries, type ListedMonthSummary } from "~/features/transactions/month-summary.server";
import { LedgerRefusedError, type LedgerEntry } from "~/features/transactions/ledger";
import { formatMoney, toCents, type Cents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { submittedId } from "~/utils/submission.server";
import {
  DEBT_MESSAGES,
  debtStatistics,
  linkedPaymentLabel,
  linkRefusal,
  MANUAL_PAYMENT_DESCRIPTION,
  paidPerDebt,
  payFromAccounts,
  paymentViaTransactionLabel,
  type DebtAccount,
  type DebtItem,
  type DebtPayment,
  type DebtPriority,
  type DebtType,
} from "./debts";

/**
 * What the debt form writes: a debt's fields but its id, creation time and account name. `accountId`
 * links it to one of the user's card or loan accounts (absent or null: not linked); `currentBalance`
 * may be null only then.
 */
export type DebtInput = Omit<DebtItem, "id" | "createdAt" | "accountId" | "accountName" | "currentBalance"> & {
  currentBalance: Cents | null;
  accountId?: string | null;
};

/** A debt written, or why its account was refused (nothing written). */
type DebtChange = { ok: true; debt: DebtItem } | { ok: false; field: "accountId"; message: string };

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
  accountId: 1,
} as const;

type ListedDebt = Pick<DebtRecord, "_id" | keyof typeof ITEM_FIELDS>;

/** What the debts' balances follow from: the payments into each debt's category (by debt id) and the linked accounts (by id). */
type DebtFigures = { paid: Map<string, number>; accounts: Map<string, AccountSummary> };

/**
 * A stored debt as it leaves the server. What is owed is its balance before payments less the payments;
 * for a linked debt, what its account owes (its balance, below zero when owed, turned round), in the
 * reporting currency: an account left in another one when the reporting currency changed counts at the
 * latest rate, and keeps the debt's own figure while no rate is known.
 */
function toItem(stored: ListedDebt, figures: DebtFigures): DebtItem {
  const id = String(stored._id);
  const account = stored.accountId ? figures.accounts.get(String(stored.accountId)) : undefined;
  return {
    id,
    name: stored.name,
    type: stored.type as DebtType,
    totalAmount: stored.totalAmount as Cents,
    currentBalance: toCents(account?.reportedBalance != null ? 0 - account.reportedBalance : stored.balanceBeforePayments - (figures.paid.get(id) ?? 0)),
    aprBasisPoints: stored.aprBasisPoints,
    minimumPayment: stored.minimumPayment as Cents,
    dueDate: stored.dueDate ?? null,
    priority: stored.priority as DebtPriority,
    description: stored.description ?? "",
    createdAt: stored.createdAt.toISOString(),
    accountId: stored.accountId ? String(stored.accountId) : null,
    accountName: account?.name ?? null,
  };
}

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

/** What the user's payments gave each debt so far (by debt id), and the balances of the accounts the debts are linked to. */
async function readFigures(userId: string, debts: ListedDebt[], read?: ListedMonthSummary[]): Promise<DebtFigures> {
  const summaries = read ?? (await listMonthSummaries(userId));
  const accounts = debts.some((debt) => debt.accountId) ? await readAccountBalances(userId, summaries) : [];
  return { paid: paidPerDebt(summaries), accounts: new Map(accounts.map((account) => [account.id, account])) };
}

/** The user's debts, newest first (from the month summaries given, when the caller has read them). */
export async function listDebts(userId: string, summaries?: ListedMonthSummary[]): Promise<DebtItem[]> {
  const debts = await Debt.find({ userId: owner(userId) }).sort({ createdAt: -1, _id: -1 }).select(ITEM_FIELDS).lean<ListedDebt[]>();
  if (debts.length === 0) return [];
  const figures = await readFigures(userId, debts, summaries);
  return debts.map((debt) => toItem(debt, figures));
}

/** The user's debt, or null when the id is not one of theirs. */
export async function getDebt(userId: string, debtId: string): Promise<DebtItem | null> {
  const _id = toObjectId(debtId);
  if (!_id) return null;
  const stored = await Debt.findOne({ _id, userId: owner(userId) }).select(ITEM_FIELDS).lean<ListedDebt>();
  return stored ? toItem(stored, await readFigures(userId, [stored])) : null;
}

/** Total owed, total of the minimums and the average rate of the user's debts. */
export async function getDebtStatistics(userId: string) {
  return debtStatistics(await listDebts(userId));
}

/**
 * The user's accounts as the debt forms offer them (to link a debt to, to pay from), the main account
 * first: those in the reporting currency, the one a debt's balance, minimum and payments are in.
 */
export async function listDebtAccounts(userId: string): Promise<DebtAccount[]> {
  const [accounts, currency] = await Promise.all([listAccountNames(userId), reportingCurrencyOf(userId)]);
  return accounts.filter((account) => account.currency === currency);
}

/**
 * A debt's stored fields from the form: what is owed now, with the payments so far into its category
 * (`paid`) added back. A linked debt's balance before payments is read only once it is unlinked, when
 * the form sends what is owed again.
 */
function storedFields({ currentBalance, accountId, ...fields }: DebtInput, paid: number) {
  return { ...fields, accountId: accountId ? new Types.ObjectId(accountId) : null, balanceBeforePayments: (currentBalance ?? 0) + paid };
}

/** The user's debts as the link rules read them: which account each is linked to. */
async function readLinks(userId: string) {
  const debts = await Debt.find({ userId: owner(userId) }).select({ name: 1, accountId: 1 }).lean<Array<Pick<DebtRecord, "_id" | "name" | "accountId">>>();
  return debts.map((debt) => ({ id: String(debt._id), name: debt.name, accountId: debt.accountId ? String(debt.accountId) : null }));
}

/** Why `debt` (null for a new one) may not be linked to `accountId`, as a refused change; null when it may. */
async function refusedLink(userId: string, accountId: string | null, links: Awaited<ReturnType<typeof readLinks>>, debt: { id: string; accountId: string | null } | null) {
  if (accountId === null) return null;
  const message = linkRefusal(accountId, await listDebtAccounts(userId), links, debt);
  return message ? ({ ok: false, field: "accountId", message } as const) : null;
}

/**
 * Adds a debt from the form (refused when its account is not one it may be linked to). With the form's
 * submission key its id is derived from the key, so the same form sent again adds nothing and answers
 * with the debt the first added. Holding the user's ledger, so two debts cannot take one account.
 */
export async function addDebt(userId: string, input: DebtInput, submissionKey: string | null = null): Promise<DebtChange> {
  const _id = new Types.ObjectId(submissionKey ? submittedId(userId, submissionKey, "debt") : undefined);
  return withLedgerLock(userId, async () => {
    const stored = submissionKey ? await getDebt(userId, _id.toString()) : null;
    if (stored) return { ok: true, debt: stored } as const;
    const accountId = input.accountId ?? null;
    const links = await readLinks(userId);
    const refusal = await refusedLink(userId, accountId, links, null);
    if (refusal) return refusal;
    await Debt.create({ _id, userId: owner(userId), ...storedFields(input, 0) });
    await addDebtCategory(userId, { id: _id.toString(), name: input.name }, links.length, accountId !== null);
    return { ok: true, debt: (await getDebt(userId, _id.toString())) as DebtItem } as const;
  });
}

/**
 * Rewrites the user's debt from the form (its category is renamed with it, and retired while the debt
 * is linked); null when it is not theirs. Holding the user's ledger, so no payment lands between
 * reading the payments and writing the balance before them, and no other debt takes the account.
 */
export async function updateDebt(userId: string, debtId: string, input: DebtInput): Promise<DebtChange | null> {
  const _id = toObjectId(debtId);
  if (!_id) return null;
  return withLedgerLock(userId, async () => {
    const links = await readLinks(userId);
    const debt = links.find((link) => link.id === debtId);
    if (!debt) return null;
    const accountId = input.accountId ?? null;
    const refusal = await refusedLink(userId, accountId, links, debt);
    if (refusal) return refusal;
    const paid = paidPerDebt(await listMonthSummaries(userId));
    await Debt.updateOne({ _id, userId: owner(userId) }, { $set: storedFields(input, paid.get(debtId) ?? 0) }, { runValidators: true });
    await updateDebtCategory(userId, debtId, { name: input.name, retired: accountId !== null });
    return { ok: true, debt: (await getDebt(userId, debtId)) as DebtItem } as const;
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

type PaymentResult =
  | { ok: true; debt: DebtItem }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "above-balance" | "pay-from"; message: string };

/**
 * 'Pay' on the tracker, written by the ledger from `fromAccountId` (by default the first account it may
 * come from, the main account unless closed): for a linked debt a transfer into its account, which is
 * neither income nor expense; for another an expense in the debt's category. Either lowers the balance.
 * A payment above what is still owed is refused (the transaction form may overpay; the tracker says how
 * much is left).
 */
export async function payDebt(
  userId: string,
  debtId: string,
  payment: { amount: Cents; date: string; currency: string; fromAccountId?: string | null },
  submissionKey: string | null = null,
): Promise<PaymentResult> {
  // Held across the balance check and the payment, so two payments at once cannot both pass the check.
  return withLedgerLock(userId, async () => {
    const debt = await getDebt(userId, debtId);
    if (!debt) return { ok: false, reason: "not-found" } as const;
    const payFrom = payFromAccounts(await listDebtAccounts(userId), debt);
    const fromAccountId = payment.fromAccountId ?? payFrom[0]?.id;
    const common = { type: "expense" as const, amount: payment.amount, date: payment.date, description: MANUAL_PAYMENT_DESCRIPTION, accountId: fromAccountId, source: "debt" as const };
    const entry: LedgerEntry = debt.accountId
      ? { ...common, category: TRANSFER_CATEGORY, transferAccountId: debt.accountId }
      : { ...common, category: debtCategoryId(debt.id) };
    // One page renders a Pay form per debt with the same key: each debt's payment is a submission of its own.
    const submission = submissionKey ? { key: submissionKey, scope: debt.id } : undefined;
    const sentBefore = submission !== undefined && (await submittedTransactions(userId, submission, 1)).length > 0;
    if (!sentBefore && !payFrom.some((account) => account.id === fromAccountId)) {
      return { ok: false, reason: "pay-from", message: DEBT_MESSAGES.payFromInvalid } as const;
    }
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
      const paid = paidPerDebt(await listMonthSummaries(userId));
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

const PAYMENT_FIELDS = { amount: 1, date: 1, description: 1, source: 1, transferAccountId: 1, reported: 1 } as const;

type StoredPayment = {
  _id: Types.ObjectId;
  amount: number;
  date: string;
  description: string;
  source: string;
  transferAccountId: Types.ObjectId | null;
  reported?: { amount: number | null } | null;
};

/** A payment in the reporting currency (one into an account of another currency at its day's rate); null while no rate converts it. */
function reportedPayment(payment: StoredPayment) {
  return payment.reported ? payment.reported.amount : payment.amount;
}

/** The months of `summaries` where `counted` says a payment may be, newest first. */
function monthsWith(summaries: ListedMonthSummary[], counted: (summary: ListedMonthSummary) => boolean) {
  return summaries.filter(counted).map((summary) => summary.monthKey).sort().reverse();
}

/**
 * Reads `months` one by one, newest first, until `limit` payments are found: a page costs what it shows,
 * not every payment ever made (each read is an equality the database answers from an index).
 */
async function readPayments(months: string[], filter: Record<string, unknown>, limit: number) {
  const payments: StoredPayment[] = [];
  for (const monthKey of months) {
    if (payments.length >= limit) break;
    payments.push(...(await Transaction.find({ ...filter, monthKey, deleted: false }).sort({ date: -1, createdAt: -1 }).select(PAYMENT_FIELDS).lean<StoredPayment[]>()));
  }
  return payments.slice(0, limit);
}

/** The money that came into one of the user's accounts: its live incomes (the other sides of transfers among them), newest first. */
function readAccountIncomes(userId: string, accountId: string, summaries: ListedMonthSummary[], limit = Number.POSITIVE_INFINITY) {
  const months = monthsWith(summaries, (summary) => (summary.accounts?.[accountId]?.count ?? 0) > 0);
  return readPayments(months, { userId: owner(userId), accountId: new Types.ObjectId(accountId), type: "income" }, limit);
}

/**
 * The live payments of the user's debt, newest first (null when the debt is not theirs): the expenses in
 * its category, or for a linked debt every income into its account (what lowered what it owes: transfers
 * into it, a refund, a bank's payment row not linked as a transfer yet).
 */
export async function listDebtPayments(userId: string, debtId: string, limit = 100): Promise<DebtPayment[] | null> {
  const debt = await getDebt(userId, debtId);
  if (!debt) return null;
  const summaries = await listMonthSummaries(userId);
  if (debt.accountId) {
    const [incomes, accounts] = await Promise.all([readAccountIncomes(userId, debt.accountId, summaries, limit), listAccountNames(userId)]);
    const names = new Map(accounts.map((account) => [account.id, account.name]));
    return incomes.flatMap((payment) => {
      const amount = reportedPayment(payment);
      if (amount === null) return [];
      const fromAccountName = payment.transferAccountId ? (names.get(String(payment.transferAccountId)) ?? null) : null;
      return [{ id: String(payment._id), amount: toCents(amount), date: payment.date, description: linkedPaymentLabel({ ...payment, fromAccountName }) }];
    });
  }
  const category = debtCategoryId(debt.id);
  const months = monthsWith(summaries, (summary) => (summary.categories?.[category]?.expense ?? 0) > 0);
  const payments = await readPayments(months, { userId: owner(userId), category, type: "expense" }, limit);
  return payments.map((payment) => ({
    id: String(payment._id),
    amount: payment.amount as Cents,
    date: payment.date,
    description: payment.source === "debt" ? payment.description : paymentViaTransactionLabel(payment.description),
  }));
}

/**
 * What came into each of the accounts, by month, in the months of `summaries`: the payments of the
 * debts linked to them, for a saved plan's progress.
 */
export async function paidIntoAccountsByMonth(userId: string, accountIds: string[], summaries: ListedMonthSummary[]) {
  const paid = new Map<string, number>();
  for (const accountId of accountIds) {
    for (const income of await readAccountIncomes(userId, accountId, summaries)) {
      const monthKey = monthKeyOf(income.date);
      paid.set(monthKey, (paid.get(monthKey) ?? 0) + (reportedPayment(income) ?? 0));
    }
  }
  return paid;
}
