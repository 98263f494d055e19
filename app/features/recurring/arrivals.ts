import { matchOccurrence, type Schedule, type ScheduledTransaction } from "./matching";

/*
 * What arriving transactions (an import's rows, a bank's new ones, one typed in) are to the user's schedules:
 * each meets the due date of one schedule, or repeats a payment already recorded by hand for that due date (the
 * user pressed "Record it", then the bank's own line came), or neither. Pure: the caller reads the marks.
 */

/** A due date a transaction met: by hand ("manual") or from a file or bank. */
export type ScheduleMarkOf = { transactionId: string; dueDate: string; source: string };

export type ScheduleWithMarks = { schedule: Schedule; marks: readonly ScheduleMarkOf[] };

export type Arrival =
  /** It meets the schedule's due date `dueDate`, not met before. */
  | { kind: "meets"; scheduleId: string; dueDate: string }
  /** The due date it would meet was met by a payment recorded by hand (`recordedId`): the same payment again. */
  | { kind: "recorded"; scheduleId: string; dueDate: string; recordedId: string };

/**
 * Each transaction's arrival, in the order given, or null. They are taken oldest first, so two rows that could
 * meet one due date give it to the earlier; a due date met (or a hand-recorded payment answered) here is not
 * met again by a later row. The first schedule (in the order given) a transaction fits takes it.
 */
export function matchArrivals(schedules: readonly ScheduleWithMarks[], transactions: readonly ScheduledTransaction[]): Array<Arrival | null> {
  const state = schedules.map(({ schedule, marks }) => ({
    schedule,
    met: marks.map((mark) => mark.dueDate),
    recordedByHand: new Map(marks.filter((mark) => mark.source === "manual").map((mark) => [mark.dueDate, mark.transactionId])),
  }));
  const arrivals: Array<Arrival | null> = transactions.map(() => null);
  const order = transactions.map((_, index) => index).sort((a, b) => transactions[a].date.localeCompare(transactions[b].date) || a - b);
  for (const index of order) {
    const transaction = transactions[index];
    for (const entry of state) {
      const dueDate = matchOccurrence(entry.schedule, entry.met, transaction);
      if (dueDate) {
        entry.met.push(dueDate);
        arrivals[index] = { kind: "meets", scheduleId: entry.schedule.id, dueDate };
        break;
      }
      const repeated = matchOccurrence(entry.schedule, [], transaction);
      const recordedId = repeated ? entry.recordedByHand.get(repeated) : undefined;
      if (repeated && recordedId) {
        entry.recordedByHand.delete(repeated);
        arrivals[index] = { kind: "recorded", scheduleId: entry.schedule.id, dueDate: repeated, recordedId };
        break;
      }
    }
  }
  return arrivals;
}
