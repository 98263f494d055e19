import { describe, expect, it } from "vitest";
import { matchArrivals, type ScheduleMarkOf, type ScheduleWithMarks } from "./arrivals";
import type { Schedule, ScheduledTransaction } from "./matching";

/** Rent of $1,500.00 due on the 1st of each month from January, paid from the checking account. */
const rent: Schedule = {
  id: "rent",
  payeeKey: "rent acme properties",
  type: "expense",
  accountId: "checking",
  currency: "USD",
  amount: 150_000,
  amountMin: 150_000,
  amountMax: 150_000,
  frequency: "monthly",
  anchor: "2026-01-01",
};

function row(date: string, overrides: Partial<ScheduledTransaction> = {}): ScheduledTransaction {
  return { date, amount: 150_000, currency: "USD", type: "expense", accountId: "checking", description: "RENT ACME PROPERTIES", ...overrides };
}

function withMarks(schedule: Schedule, marks: ScheduleMarkOf[] = []): ScheduleWithMarks {
  return { schedule, marks };
}

describe("matchArrivals: what arriving rows are to the user's schedules", () => {
  it("a row meets the due date in its window that is not met yet; a row of another payee, way or account meets nothing", () => {
    expect(matchArrivals([withMarks(rent)], [row("2026-03-02")])).toEqual([{ kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" }]);
    expect(matchArrivals([withMarks(rent)], [row("2026-03-02", { description: "Coffee Corner" }), row("2026-03-02", { type: "income" }), row("2026-03-02", { accountId: "card" })])).toEqual([null, null, null]);
  });

  it("a due date met before (by any source) is not met again by a row in its window", () => {
    const marks = [{ transactionId: "t-feb", dueDate: "2026-02-01", source: "import" }];
    expect(matchArrivals([withMarks(rent, marks)], [row("2026-02-03"), row("2026-03-01")])).toEqual([null, { kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" }]);
  });

  it("two rows of one batch for the same due date: the earlier takes it and the later meets nothing, whatever order they come in", () => {
    const arrivals = matchArrivals([withMarks(rent)], [row("2026-03-04"), row("2026-02-27")]);
    expect(arrivals).toEqual([null, { kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" }]);
    // On one day, the row given first takes it.
    expect(matchArrivals([withMarks(rent)], [row("2026-03-01"), row("2026-03-01")])).toEqual([{ kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" }, null]);
  });

  it("a later row in the next due date's window meets that one: March's and April's rent in one file", () => {
    expect(matchArrivals([withMarks(rent)], [row("2026-03-01"), row("2026-03-05"), row("2026-03-28")])).toEqual([
      { kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" },
      null,
      { kind: "meets", scheduleId: "rent", dueDate: "2026-04-01" },
    ]);
    // A weekly bill: the 5th's window ends on the 8th, the 12th's starts on the 10th.
    const cleaner: Schedule = { ...rent, id: "cleaner", payeeKey: "cleaner", frequency: "weekly", anchor: "2026-01-05", amount: 5_000, amountMin: 5_000, amountMax: 5_000 };
    const cleaning = (date: string) => row(date, { description: "CLEANER", amount: 5_000 });
    expect(matchArrivals([withMarks(cleaner)], [cleaning("2026-01-05"), cleaning("2026-01-07"), cleaning("2026-01-10")])).toEqual([
      { kind: "meets", scheduleId: "cleaner", dueDate: "2026-01-05" },
      null,
      { kind: "meets", scheduleId: "cleaner", dueDate: "2026-01-12" },
    ]);
  });

  it("a row repeating a due date recorded by hand is that payment again: kind recorded, naming the recorded transaction, once", () => {
    const marks = [{ transactionId: "by-hand", dueDate: "2026-03-01", source: "manual" }];
    expect(matchArrivals([withMarks(rent, marks)], [row("2026-03-02")])).toEqual([{ kind: "recorded", scheduleId: "rent", dueDate: "2026-03-01", recordedId: "by-hand" }]);
    // A second row for that due date repeats nothing left: the recorded payment was answered by the first.
    expect(matchArrivals([withMarks(rent, marks)], [row("2026-03-02"), row("2026-03-03")])).toEqual([{ kind: "recorded", scheduleId: "rent", dueDate: "2026-03-01", recordedId: "by-hand" }, null]);
  });

  it("a due date met by an import (or a bank) is not a recorded payment: a row repeating it meets nothing", () => {
    for (const source of ["import", "plaid"]) {
      const marks = [{ transactionId: "imported", dueDate: "2026-03-01", source }];
      expect(matchArrivals([withMarks(rent, marks)], [row("2026-03-02")])).toEqual([null]);
    }
  });

  it("the first schedule (in the order given) that a row fits takes it", () => {
    const rentAgain: Schedule = { ...rent, id: "rent-again" };
    expect(matchArrivals([withMarks(rent), withMarks(rentAgain)], [row("2026-03-01")])).toEqual([{ kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" }]);
    expect(matchArrivals([withMarks(rentAgain), withMarks(rent)], [row("2026-03-01")])).toEqual([{ kind: "meets", scheduleId: "rent-again", dueDate: "2026-03-01" }]);
    // Once the first's due date is taken, a second row goes to the next schedule that fits.
    expect(matchArrivals([withMarks(rent), withMarks(rentAgain)], [row("2026-03-01"), row("2026-03-02")])).toEqual([
      { kind: "meets", scheduleId: "rent", dueDate: "2026-03-01" },
      { kind: "meets", scheduleId: "rent-again", dueDate: "2026-03-01" },
    ]);
  });

  it("no schedules, no rows: nothing to meet", () => {
    expect(matchArrivals([], [row("2026-03-01")])).toEqual([null]);
    expect(matchArrivals([withMarks(rent)], [])).toEqual([]);
  });
});
