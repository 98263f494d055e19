import { differenceInCalendarDays, parseISO } from "date-fns";
import type { TransactionItem } from "./transactions";

/** Two sides of a transfer are booked at most this many days apart (a card payment posts a day or three after it leaves the bank). */
export const TRANSFER_PAIR_MAX_DAYS = 4;

/** Words banks write on a transfer or a card payment: a pair whose descriptions hold one is proposed first. */
const TRANSFER_WORDS = /\b(transfer|payment thank you|thank you for your payment|autopay|card payment|credit card payment|overboeking|virement|überweisung|ueberweisung|umbuchung|transferencia|trasferimento)\b/i;

type Candidate = Pick<TransactionItem, "id" | "type" | "amount" | "date" | "description" | "accountId">;

/** A likely transfer: money that left one account and the same amount arriving in another a few days apart. */
export type TransferProposal<T extends Candidate = Candidate> = { out: T; in: T; days: number; worded: boolean };

/**
 * Pairs of transactions that look like the two sides of one transfer: an
 * expense and an income of the same amount, in two different accounts, at
 * most TRANSFER_PAIR_MAX_DAYS apart, of one currency (`currencyOfAccount`;
 * the same number in two currencies is no transfer). Each transaction is in one pair at most;
 * an expense takes the closest income (by date), and pairs whose
 * descriptions say "transfer" or "payment thank you" come first. Only ever
 * proposed: the user links them.
 */
export function proposeTransferPairs<T extends Candidate>(candidates: readonly T[], currencyOfAccount: ReadonlyMap<string, string> = new Map()): Array<TransferProposal<T>> {
  const incomesByAmount = new Map<number, T[]>();
  for (const candidate of candidates) {
    if (candidate.type !== "income") continue;
    incomesByAmount.set(candidate.amount, [...(incomesByAmount.get(candidate.amount) ?? []), candidate]);
  }
  const options = candidates
    .filter((candidate) => candidate.type === "expense")
    .flatMap((out) =>
      (incomesByAmount.get(out.amount) ?? []).flatMap((arriving) => {
        const days = Math.abs(differenceInCalendarDays(parseISO(arriving.date), parseISO(out.date)));
        if (arriving.accountId === out.accountId || days > TRANSFER_PAIR_MAX_DAYS) return [];
        if (currencyOfAccount.get(arriving.accountId) !== currencyOfAccount.get(out.accountId)) return [];
        return [{ out, in: arriving, days, worded: TRANSFER_WORDS.test(out.description) || TRANSFER_WORDS.test(arriving.description) }];
      }),
    )
    .sort((a, b) => Number(b.worded) - Number(a.worded) || a.days - b.days || (a.out.date < b.out.date ? 1 : a.out.date > b.out.date ? -1 : 0));
  const used = new Set<string>();
  const proposals: Array<TransferProposal<T>> = [];
  for (const option of options) {
    if (used.has(option.out.id) || used.has(option.in.id)) continue;
    used.add(option.out.id);
    used.add(option.in.id);
    proposals.push(option);
  }
  return proposals;
}
