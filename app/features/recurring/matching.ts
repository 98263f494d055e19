import type { TransactionType } from "~/features/transactions/transactions";
import { occurrencesBetween, previousOccurrenceBefore, shiftDay, type Frequency } from "./occurrences";
import { amountTolerance, payeeKey, type HistoryTransaction } from "./series";

/*
 * A user's schedules against what really happens: which due date a new transaction meets, which due dates went
 * by unmet, which are still to come. Pure: the caller keeps each schedule's met dates (the due dates, as
 * `matchOccurrence` returns them, not the transactions' own dates) and passes them in.
 */

/** A recurring payment the user keeps (accepted from a proposed series, or made by hand). */
export type Schedule = {
  id: string;
  /** `payeeKey` of the descriptions it is paid with. */
  payeeKey: string;
  type: TransactionType;
  /** Null: met from any account. */
  accountId: string | null;
  currency: string;
  /** Minor units of `currency`: what is expected, and the range it has been in. */
  amount: number;
  amountMin: number;
  amountMax: number;
  frequency: Frequency;
  /** Its first due date; the others follow from it (`occurrences.ts`). */
  anchor: string;
};

export type ScheduledTransaction = Pick<HistoryTransaction, "date" | "amount" | "currency" | "type" | "accountId" | "description">;

/**
 * How many days before and after its due date a transaction may be booked and meet it: a payment taken early
 * (a bill collected on the Friday before) or late (a weekend, a bank holiday, a card that posts days later).
 * The windows of neighbouring due dates never overlap, so a transaction is within one window at most.
 */
export const MATCH_WINDOWS: Record<Frequency, { before: number; after: number }> = {
  weekly: { before: 2, after: 3 },
  biweekly: { before: 4, after: 5 },
  monthly: { before: 5, after: 7 },
  quarterly: { before: 5, after: 7 },
  yearly: { before: 5, after: 7 },
};

/** Due dates still to check for being missed: the latest this many, so a forgotten schedule does not list years of them. */
const MISSED_LOOKBACK_OCCURRENCES = 2;

/** Whether the amount is in the schedule's range, each end widened by the tolerance detection allows between neighbouring amounts (10%, or one unit of the currency). */
function amountFits(schedule: Schedule, amount: number) {
  return amount >= schedule.amountMin - amountTolerance(schedule.amountMin, schedule.currency) && amount <= schedule.amountMax + amountTolerance(schedule.amountMax, schedule.currency);
}

/**
 * The due date `transaction` meets, or null: one of the schedule's way, currency and payee (and account, when
 * it names one), with an amount in its widened range, booked within MATCH_WINDOWS of a due date not met yet.
 */
export function matchOccurrence(schedule: Schedule, metDates: readonly string[], transaction: ScheduledTransaction) {
  if (transaction.type !== schedule.type || transaction.currency !== schedule.currency) return null;
  if (schedule.accountId !== null && transaction.accountId !== schedule.accountId) return null;
  if (!amountFits(schedule, transaction.amount) || payeeKey(transaction.description) !== schedule.payeeKey) return null;
  const window = MATCH_WINDOWS[schedule.frequency];
  const met = new Set(metDates);
  const due = occurrencesBetween(schedule.anchor, schedule.frequency, shiftDay(transaction.date, -window.after), shiftDay(transaction.date, window.before));
  return due.find((day) => !met.has(day)) ?? null;
}

/**
 * The due dates that passed more than `graceDays` before `today` unmet ("Rent was expected on the 1st"), oldest
 * first: of the latest MISSED_LOOKBACK_OCCURRENCES such due dates, none before the anchor.
 */
export function missedOccurrences(schedule: Schedule, metDates: readonly string[], today: string, graceDays: number) {
  const met = new Set(metDates);
  const lookedAt: string[] = [];
  let before = shiftDay(today, -graceDays);
  while (lookedAt.length < MISSED_LOOKBACK_OCCURRENCES) {
    const due = previousOccurrenceBefore(schedule.anchor, schedule.frequency, before);
    if (due === null) break;
    lookedAt.unshift(due);
    before = due;
  }
  return lookedAt.filter((day) => !met.has(day));
}

/** The due dates from `from` to `to` (inclusive) not met yet: a calendar's or a forecast's. */
export function dueBetween(schedule: Schedule, metDates: readonly string[], from: string, to: string) {
  const met = new Set(metDates);
  return occurrencesBetween(schedule.anchor, schedule.frequency, from, to).filter((day) => !met.has(day));
}
