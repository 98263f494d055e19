import mongoose, { Types } from "mongoose";
import { Transaction, type TransactionRecord } from "../../../models";
import type { AccountSummary } from "~/features/accounts/accounts";
import { finishing, reconciledThrough, RECONCILE_MESSAGES, statementDifference, statementRefusal, type FinishingChoice } from "~/features/accounts/reconcile";
import { getReconciliation, listReconciliations, recordReconciliation } from "~/features/accounts/reconciliations.server";
import type { Cents } from "~/lib/money";
import { submittedId } from "~/utils/submission.server";
import { balanceAtEndOf, getOrCreateAccountWithBalance } from "./account-balances.server";
import { LedgerRefusedError, type LedgerBatch } from "./ledger";
import { withLedgerLock } from "./ledger-journal.server";
import { applyLedgerBatch } from "./ledger.server";
import { listMonthSummaries, type ListedMonthSummary } from "./month-summary.server";

/** How many of the transactions a statement would clear its check lists (the newest); the rest are counted. */
const LISTED_TO_CLEAR = 100;

/** What the adjustment transaction of a reconciliation is called in the register. */
export const ADJUSTMENT_DESCRIPTION = "Reconciliation adjustment";

/** A bank statement: its closing date and balance, signed from the user's side like the account's. */
export type Statement = { statementDate: string; statementBalance: Cents };

const TO_CLEAR_FIELDS = { _id: 1, date: 1, description: 1, type: 1, amount: 1, category: 1, transferAccountId: 1 } as const;
type ToClearRecord = Pick<TransactionRecord, "_id" | keyof typeof TO_CLEAR_FIELDS>;

/** A transaction a statement would clear, as the page lists it. */
export type ToClearItem = { id: string; date: string; description: string; type: "income" | "expense"; amount: number; category: string; transferAccountId: string | null };

/**
 * The account's live transactions up to the statement date that no reconciliation cleared: what a match
 * clears; with `markedBy`, also those that reconciliation marked already.
 */
function toClearFilter(userId: string, accountId: string, statementDate: string, markedBy?: Types.ObjectId) {
  const uncleared = { cleared: mongoose.trusted({ $ne: true }) };
  return {
    userId: new Types.ObjectId(userId),
    accountId: new Types.ObjectId(accountId),
    deleted: false,
    date: mongoose.trusted({ $lte: statementDate }),
    ...(markedBy ? { $or: [uncleared, { reconciliationId: markedBy }] } : uncleared),
  };
}

/**
 * The statement against the account: the account's balance at the end of the statement date by its
 * transactions and the difference. A matched statement cleared every transaction up to its date and a
 * new one may not be older (statementRefusal), so that balance is the cleared transactions' plus those
 * this statement would clear.
 */
async function statementFigures(userId: string, account: AccountSummary, statement: Statement, summaries: ListedMonthSummary[]) {
  const clearedBalance = await balanceAtEndOf(userId, account, statement.statementDate, summaries);
  return { ...statement, clearedBalance, difference: statementDifference(statement.statementBalance, clearedBalance) };
}

async function listToClear(userId: string, accountId: string, statementDate: string) {
  const filter = toClearFilter(userId, accountId, statementDate);
  const [count, newest] = await Promise.all([
    Transaction.countDocuments(filter),
    Transaction.find(filter).sort({ date: -1, _id: -1 }).limit(LISTED_TO_CLEAR).select(TO_CLEAR_FIELDS).lean<ToClearRecord[]>(),
  ]);
  const items: ToClearItem[] = newest.map((row) => ({
    id: String(row._id),
    date: row.date,
    description: row.description,
    type: row.type,
    amount: row.amount,
    category: row.category,
    transferAccountId: row.transferAccountId ? String(row.transferAccountId) : null,
  }));
  return { count, items };
}

/** The account with its balance, its reconciliations, and `statement` checked against it: refused with the reason, or its figures. */
async function readStatement(userId: string, accountId: string, statement: Statement, today: string) {
  const summaries = await listMonthSummaries(userId);
  const account = await getOrCreateAccountWithBalance(userId, accountId, today, summaries);
  if (!account) return null;
  const history = await listReconciliations(userId, accountId);
  const refusal = statementRefusal(statement.statementDate, account, reconciledThrough(history));
  const check = refusal ? { ok: false as const, message: refusal } : { ok: true as const, ...(await statementFigures(userId, account, statement, summaries)) };
  return { account, history, check };
}

/**
 * The reconcile page of one of the user's accounts: the account with its balance, its reconciliations,
 * and the statement asked for checked: refused with the reason, or its figures with the transactions it
 * would clear. Null when the account is not the user's.
 */
export async function getReconcilePage(userId: string, accountId: string, statement: Statement | null, today: string) {
  if (!statement) {
    const account = await getOrCreateAccountWithBalance(userId, accountId, today, await listMonthSummaries(userId));
    return account ? { account, history: await listReconciliations(userId, accountId), check: null } : null;
  }
  const read = await readStatement(userId, accountId, statement, today);
  if (!read) return null;
  const { check } = read;
  if (!check.ok) return { ...read, check };
  return { ...read, check: { ...check, toClear: await listToClear(userId, accountId, statement.statementDate) } };
}

async function writeOrRefuse(userId: string, batch: LedgerBatch) {
  const result = await applyLedgerBatch(userId, batch);
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return result;
}

/**
 * Finishes the reconciliation of a statement the page checked and showed `difference` for: `clear` when
 * it matched marks every transaction up to its date cleared; `adjust` adds a transaction of the
 * difference on the statement date (uncategorized, so it waits in New), then clears; `keep-difference`
 * clears nothing. Each is recorded. Holding the ledger from the check to the last write, no other batch
 * changes the figures between; when they are not what the page showed, nothing is written ("changed").
 *
 * The form's one-time key names the reconciliation (and the adjustment): the same form sent again answers
 * with the reconciliation the first one recorded. Null when the account is not the user's.
 */
export function finishReconciliation(
  userId: string,
  accountId: string,
  input: Statement & { difference: Cents; choice: FinishingChoice },
  today: string,
  submissionKey: string | null,
) {
  return withLedgerLock(userId, async () => {
    const read = await readStatement(userId, accountId, input, today);
    if (!read) return null;
    const reconciliationId = submissionKey ? submittedId(userId, submissionKey, "reconciliation") : new Types.ObjectId().toHexString();
    const recorded = await getReconciliation(userId, reconciliationId);
    if (recorded) return { ok: true as const, reconciliation: recorded };
    if (!read.check.ok) return { ok: false as const, reason: "refused" as const, message: read.check.message };
    const { clearedBalance, difference } = read.check;
    const outcome = difference === input.difference ? finishing(input.choice, difference) : null;
    if (!outcome) return { ok: false as const, reason: "changed" as const, message: RECONCILE_MESSAGES.changed };

    if (outcome.adjustment !== 0) {
      const adjustment = {
        type: outcome.adjustment > 0 ? ("income" as const) : ("expense" as const),
        amount: Math.abs(outcome.adjustment),
        category: "",
        date: input.statementDate,
        description: ADJUSTMENT_DESCRIPTION,
        accountId,
        source: "manual" as const,
      };
      await writeOrRefuse(userId, { added: [adjustment], ...(submissionKey ? { submission: { key: submissionKey, scope: "reconciliation" } } : {}) });
    }
    let transactionCount = 0;
    if (outcome.status === "matched") {
      // Those this reconciliation marked before a crash cut it off count too, when its form is sent again.
      const ids = await Transaction.find(toClearFilter(userId, accountId, input.statementDate, new Types.ObjectId(reconciliationId)))
        .select({ _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      transactionCount = (await writeOrRefuse(userId, { cleared: { ids: ids.map((row) => String(row._id)), reconciliationId } })).cleared;
    }
    const reconciliation = await recordReconciliation(userId, accountId, reconciliationId, {
      statementDate: input.statementDate,
      statementBalance: input.statementBalance,
      clearedBalance,
      difference,
      adjustment: outcome.adjustment,
      status: outcome.status,
      transactionCount,
    });
    return { ok: true as const, reconciliation };
  });
}
