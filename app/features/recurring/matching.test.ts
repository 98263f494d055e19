import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dueBetween, MATCH_WINDOWS, matchOccurrence, missedOccurrences, type Schedule, type ScheduledTransaction } from "./matching";
import { dayNumber, daysBetween, FREQUENCIES, occurrencesBetween, shiftDay } from "./occurrences";

const rent: Schedule = {
  id: "rent",
  payeeKey: "landlord ltd rent",
  type: "expense",
  accountId: "checking",
  currency: "GBP",
  amount: 125_000,
  amountMin: 125_000,
  amountMax: 125_000,
  frequency: "monthly",
  anchor: "2026-01-01",
};

function payment(date: string, overrides: Partial<ScheduledTransaction> = {}): ScheduledTransaction {
  return { date, amount: 125_000, currency: "GBP", type: "expense", accountId: "checking", description: "LANDLORD LTD RENT", ...overrides };
}

const isoDay = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
const dayArbitrary = fc.integer({ min: dayNumber("1990-01-01"), max: dayNumber("2100-12-31") }).map(isoDay);

describe("matchOccurrence: the window around a due date", () => {
  it("monthly, 5 days before to 7 after: March 1 is met from February 24 to March 8", () => {
    expect(matchOccurrence(rent, [], payment("2026-02-23"))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2026-02-24"))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-01"))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-08"))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-09"))).toBeNull();
  });

  it("weekly, 2 days before to 3 after: the day between two windows meets neither", () => {
    const cleaner: Schedule = { ...rent, frequency: "weekly", anchor: "2026-01-05" };
    expect(matchOccurrence(cleaner, [], payment("2026-01-08"))).toBe("2026-01-05");
    expect(matchOccurrence(cleaner, [], payment("2026-01-09"))).toBeNull();
    expect(matchOccurrence(cleaner, [], payment("2026-01-10"))).toBe("2026-01-12");
    expect(matchOccurrence(cleaner, [], payment("2026-01-15"))).toBe("2026-01-12");
  });

  it("biweekly, 4 days before to 5 after", () => {
    const salary: Schedule = { ...rent, frequency: "biweekly", anchor: "2026-01-02" };
    expect(matchOccurrence(salary, [], payment("2026-01-11"))).toBeNull();
    expect(matchOccurrence(salary, [], payment("2026-01-12"))).toBe("2026-01-16");
    expect(matchOccurrence(salary, [], payment("2026-01-21"))).toBe("2026-01-16");
    expect(matchOccurrence(salary, [], payment("2026-01-22"))).toBeNull();
    expect(matchOccurrence(salary, [], payment("2026-01-26"))).toBe("2026-01-30");
  });

  it("quarterly and yearly, 5 before to 7 after, a clamped due date included", () => {
    const water: Schedule = { ...rent, frequency: "quarterly", anchor: "2026-01-15" };
    expect(matchOccurrence(water, [], payment("2026-04-09"))).toBeNull();
    expect(matchOccurrence(water, [], payment("2026-04-10"))).toBe("2026-04-15");
    const leap: Schedule = { ...rent, frequency: "yearly", anchor: "2024-02-29" };
    expect(matchOccurrence(leap, [], payment("2025-02-23"))).toBe("2025-02-28");
    expect(matchOccurrence(leap, [], payment("2025-03-07"))).toBe("2025-02-28");
    expect(matchOccurrence(leap, [], payment("2025-03-08"))).toBeNull();
  });

  it("before the anchor: within its window the anchor is met, earlier nothing", () => {
    expect(matchOccurrence(rent, [], payment("2025-12-27"))).toBe("2026-01-01");
    expect(matchOccurrence(rent, [], payment("2025-12-26"))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2025-12-05"))).toBeNull();
  });
});

describe("matchOccurrence: what else must agree", () => {
  it("the way, the currency, the account and the payee", () => {
    expect(matchOccurrence(rent, [], payment("2026-03-01", { type: "income" }))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2026-03-01", { currency: "EUR" }))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2026-03-01", { accountId: "savings" }))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2026-03-01", { description: "OTHER LANDLORD" }))).toBeNull();
  });

  it("the payee as payeeKey reads it: the bank's references and the case do not matter", () => {
    expect(matchOccurrence(rent, [], payment("2026-03-01", { description: "Landlord Ltd Rent REF 884213" }))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-01", { description: "LANDLORD LTD RENT 01/03" }))).toBe("2026-03-01");
  });

  it("a schedule of no account is met from any account", () => {
    const anywhere: Schedule = { ...rent, accountId: null };
    expect(matchOccurrence(anywhere, [], payment("2026-03-01", { accountId: "savings" }))).toBe("2026-03-01");
    expect(matchOccurrence(anywhere, [], payment("2026-03-01"))).toBe("2026-03-01");
  });

  it("an amount in the range widened by 10% at each end: 1,125.00 to 1,375.00 for 1,250.00", () => {
    expect(matchOccurrence(rent, [], payment("2026-03-01", { amount: 137_500 }))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-01", { amount: 137_501 }))).toBeNull();
    expect(matchOccurrence(rent, [], payment("2026-03-01", { amount: 112_500 }))).toBe("2026-03-01");
    expect(matchOccurrence(rent, [], payment("2026-03-01", { amount: 112_499 }))).toBeNull();
  });

  it("a varying range widens from its own ends; a small amount by one whole unit; yen by ¥ amounts", () => {
    const gas: Schedule = { ...rent, payeeKey: "british gas dd", amount: 7_150, amountMin: 6_000, amountMax: 9_200 };
    const bill = (amount: number) => payment("2026-03-01", { amount, description: "BRITISH GAS DD REF 9TV4R6LD" });
    expect([5_399, 5_400, 10_120, 10_121].map((amount) => matchOccurrence(gas, [], bill(amount)))).toEqual([null, "2026-03-01", "2026-03-01", null]);
    const icloud: Schedule = { ...rent, payeeKey: "apple com bill", amount: 299, amountMin: 299, amountMax: 299 };
    const charge = (amount: number) => payment("2026-03-01", { amount, description: "APPLE.COM/BILL" });
    expect([198, 199, 399, 400].map((amount) => matchOccurrence(icloud, [], charge(amount)))).toEqual([null, "2026-03-01", "2026-03-01", null]);
    const yen: Schedule = { ...rent, currency: "JPY", amount: 1_000, amountMin: 1_000, amountMax: 1_000 };
    expect([899, 900, 1_100, 1_101].map((amount) => matchOccurrence(yen, [], payment("2026-03-01", { amount, currency: "JPY" })))).toEqual([null, "2026-03-01", "2026-03-01", null]);
  });

  it("a due date already met is not met again; the window holds no other, so nothing is", () => {
    expect(matchOccurrence(rent, ["2026-03-01"], payment("2026-03-02"))).toBeNull();
    expect(matchOccurrence(rent, ["2026-03-01"], payment("2026-03-08"))).toBeNull();
    expect(matchOccurrence(rent, ["2026-02-01", "2026-04-01"], payment("2026-03-02"))).toBe("2026-03-01");
    expect(matchOccurrence(rent, ["2026-03-01"], payment("2026-03-28"))).toBe("2026-04-01");
  });
});

describe("missedOccurrences", () => {
  it("a due date is missed once more than the grace days have passed", () => {
    const paid = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"];
    expect(missedOccurrences(rent, paid, "2026-05-04", 3)).toEqual([]);
    expect(missedOccurrences(rent, paid, "2026-05-05", 3)).toEqual(["2026-05-01"]);
    expect(missedOccurrences(rent, paid, "2026-05-01", 0)).toEqual([]);
    expect(missedOccurrences(rent, paid, "2026-05-02", 0)).toEqual(["2026-05-01"]);
    // On May 4 with three grace days the latest two looked at are March 1 and April 1.
    expect(missedOccurrences(rent, ["2026-04-01"], "2026-05-04", 3)).toEqual(["2026-03-01"]);
  });

  it("only the latest two due dates are looked at, met ones left out, oldest first", () => {
    expect(missedOccurrences(rent, [], "2026-12-15", 3)).toEqual(["2026-11-01", "2026-12-01"]);
    expect(missedOccurrences(rent, [], "2026-05-05", 3)).toEqual(["2026-04-01", "2026-05-01"]);
    expect(missedOccurrences(rent, ["2026-05-01"], "2026-05-05", 3)).toEqual(["2026-04-01"]);
    expect(missedOccurrences(rent, ["2026-04-01", "2026-05-01"], "2026-05-05", 3)).toEqual([]);
    // March went unmet too, but it is the third latest.
    expect(missedOccurrences(rent, ["2026-01-01", "2026-02-01"], "2026-05-05", 3)).toEqual(["2026-04-01", "2026-05-01"]);
  });

  it("none before the anchor", () => {
    expect(missedOccurrences(rent, [], "2025-12-20", 3)).toEqual([]);
    expect(missedOccurrences(rent, [], "2026-01-04", 3)).toEqual([]);
    expect(missedOccurrences(rent, [], "2026-01-05", 3)).toEqual(["2026-01-01"]);
    expect(missedOccurrences(rent, [], "2026-01-31", 3)).toEqual(["2026-01-01"]);
  });

  it("weekly, with two grace days", () => {
    const cleaner: Schedule = { ...rent, frequency: "weekly", anchor: "2026-01-05" };
    expect(missedOccurrences(cleaner, [], "2026-02-04", 2)).toEqual(["2026-01-19", "2026-01-26"]);
    expect(missedOccurrences(cleaner, ["2026-01-26"], "2026-02-05", 2)).toEqual(["2026-02-02"]);
  });
});

describe("dueBetween", () => {
  it("the due dates from one day to another, both included, those met left out", () => {
    expect(dueBetween(rent, [], "2026-02-01", "2026-04-01")).toEqual(["2026-02-01", "2026-03-01", "2026-04-01"]);
    expect(dueBetween(rent, ["2026-03-01"], "2026-02-01", "2026-04-30")).toEqual(["2026-02-01", "2026-04-01"]);
    expect(dueBetween(rent, ["2026-03-01"], "2026-03-01", "2026-03-01")).toEqual([]);
  });

  it("none before the anchor; short months clamped", () => {
    expect(dueBetween(rent, [], "2025-11-01", "2026-02-15")).toEqual(["2026-01-01", "2026-02-01"]);
    expect(dueBetween({ ...rent, anchor: "2026-01-31" }, ["2026-03-31"], "2026-02-01", "2026-04-30")).toEqual(["2026-02-28", "2026-04-30"]);
  });
});

describe("properties", () => {
  it("the windows of neighbouring due dates never overlap, whatever the frequency and anchor", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FREQUENCIES), dayArbitrary, fc.integer({ min: -400, max: 4_000 }), (frequency, anchor, startOffset) => {
        const { before, after } = MATCH_WINDOWS[frequency];
        const start = shiftDay(anchor, startOffset);
        const due = occurrencesBetween(anchor, frequency, start, shiftDay(start, 800));
        for (let index = 1; index < due.length; index += 1) expect(daysBetween(due[index - 1], due[index])).toBeGreaterThan(before + after);
      }),
      { numRuns: 500 },
    );
  });

  it("a transaction lies in one due date's window at most, meets that one unless it is met, and nothing then", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FREQUENCIES), dayArbitrary, fc.integer({ min: -30, max: 3_000 }), (frequency, anchor, offset) => {
        const { before, after } = MATCH_WINDOWS[frequency];
        const schedule: Schedule = { ...rent, frequency, anchor };
        const transaction = payment(shiftDay(anchor, offset));
        const inWindow = occurrencesBetween(anchor, frequency, shiftDay(transaction.date, -after), shiftDay(transaction.date, before));
        expect(inWindow.length).toBeLessThanOrEqual(1);
        const met = matchOccurrence(schedule, [], transaction);
        expect(met).toBe(inWindow[0] ?? null);
        if (met === null) return;
        expect(daysBetween(met, transaction.date)).toBeGreaterThanOrEqual(-before);
        expect(daysBetween(met, transaction.date)).toBeLessThanOrEqual(after);
        expect(matchOccurrence(schedule, [met], transaction)).toBeNull();
      }),
      { numRuns: 1_000 },
    );
  });
});
