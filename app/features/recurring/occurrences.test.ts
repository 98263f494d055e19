import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  dayInMonth,
  dayNumber,
  dayOfNumber,
  daysBetween,
  daysInMonth,
  FREQUENCIES,
  monthNumber,
  nextOccurrenceOnOrAfter,
  occurrencesBetween,
  previousOccurrenceBefore,
  shiftDay,
  type Frequency,
} from "./occurrences";

const DAY_MS = 86_400_000;

/** The day `days` days after 1970-01-01, worked out apart from the module. */
const isoDay = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The `index`-th due date of a schedule, worked out apart from the module: Date's own UTC calendar, a short month's last day. */
function referenceOccurrence(anchor: string, frequency: Frequency, index: number) {
  const [year, month, day] = anchor.split("-").map(Number);
  const days = { weekly: 7, biweekly: 14 }[frequency as "weekly" | "biweekly"];
  if (days) return new Date(Date.UTC(year, month - 1, day + index * days)).toISOString().slice(0, 10);
  const months = { monthly: 1, quarterly: 3, yearly: 12 }[frequency as "monthly" | "quarterly" | "yearly"];
  const target = month - 1 + index * months;
  const lastDay = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, target, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The first due date on or after `day`, reached by stepping one occurrence at a time. */
function steppedNext(anchor: string, frequency: Frequency, day: string) {
  for (let index = 0; ; index += 1) {
    const due = referenceOccurrence(anchor, frequency, index);
    if (due >= day) return { due, index };
  }
}

/** Days from 1950 to 2150: far enough either way, and clear of Date.UTC's two-digit years. */
const dayArbitrary = fc.integer({ min: dayNumber("1950-01-01"), max: dayNumber("2150-12-31") }).map(isoDay);
const frequencyArbitrary = fc.constantFrom(...FREQUENCIES);

describe("day arithmetic", () => {
  it("counts whole UTC days from 1970-01-01 and back", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayNumber("1969-12-31")).toBe(-1);
    expect(dayNumber("2000-03-01") - dayNumber("2000-02-28")).toBe(2);
    expect(dayOfNumber(0)).toBe("1970-01-01");
    expect(dayOfNumber(dayNumber("2026-02-28"))).toBe("2026-02-28");
  });

  it("shifts a day across months, years and leap days; 2026-02-27 to 2026-03-02 is 3 days", () => {
    expect(shiftDay("2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
    expect(shiftDay("2024-03-01", -1)).toBe("2024-02-29");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2026-05-10", 0)).toBe("2026-05-10");
    expect(daysBetween("2026-02-27", "2026-03-02")).toBe(3);
    expect(daysBetween("2026-03-02", "2026-02-27")).toBe(-3);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("numbers months from year 0 and knows their lengths, leap years included", () => {
    expect(monthNumber("2026-03-14")).toBe(2026 * 12 + 2);
    expect(daysInMonth(monthNumber("2026-02-01"))).toBe(28);
    expect(daysInMonth(monthNumber("2024-02-01"))).toBe(29);
    expect(daysInMonth(monthNumber("2100-02-01"))).toBe(28);
    expect(daysInMonth(monthNumber("2000-02-01"))).toBe(29);
    expect(daysInMonth(monthNumber("2026-04-01"))).toBe(30);
    expect(daysInMonth(monthNumber("2026-12-01"))).toBe(31);
    expect(dayInMonth(monthNumber("2026-02-01"), 31)).toBe("2026-02-28");
    expect(dayInMonth(monthNumber("2026-02-01"), 14)).toBe("2026-02-14");
    expect(dayInMonth(monthNumber("2026-04-01"), 31)).toBe("2026-04-30");
  });
});

describe("each frequency", () => {
  it("weekly: every 7 days from the anchor", () => {
    expect(occurrencesBetween("2026-01-05", "weekly", "2026-01-01", "2026-02-01")).toEqual(["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26"]);
  });

  it("biweekly: every 14 days, across a month's end", () => {
    expect(occurrencesBetween("2026-01-02", "biweekly", "2026-01-01", "2026-03-01")).toEqual(["2026-01-02", "2026-01-16", "2026-01-30", "2026-02-13", "2026-02-27"]);
  });

  it("monthly: the anchor's day of month", () => {
    expect(occurrencesBetween("2026-01-15", "monthly", "2026-01-01", "2026-04-30")).toEqual(["2026-01-15", "2026-02-15", "2026-03-15", "2026-04-15"]);
  });

  it("quarterly: every three months, a short month clamped and the next one back on the day", () => {
    expect(occurrencesBetween("2025-11-30", "quarterly", "2025-11-01", "2026-12-31")).toEqual(["2025-11-30", "2026-02-28", "2026-05-30", "2026-08-30", "2026-11-30"]);
  });

  it("yearly: the same day each year", () => {
    expect(occurrencesBetween("2022-03-15", "yearly", "2022-01-01", "2025-12-31")).toEqual(["2022-03-15", "2023-03-15", "2024-03-15", "2025-03-15"]);
  });

  it("a range of one day holds its due date, or nothing", () => {
    expect(occurrencesBetween("2026-01-05", "weekly", "2026-01-12", "2026-01-12")).toEqual(["2026-01-12"]);
    expect(occurrencesBetween("2026-01-05", "weekly", "2026-01-13", "2026-01-13")).toEqual([]);
    expect(occurrencesBetween("2026-01-05", "weekly", "2026-01-20", "2026-01-13")).toEqual([]);
  });
});

describe("short months", () => {
  it("an anchor on the 31st falls on each shorter month's last day, and back on the 31st after it", () => {
    expect(occurrencesBetween("2026-01-31", "monthly", "2026-01-01", "2026-08-31")).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
    ]);
  });

  it("in a leap year the 31st falls on February 29", () => {
    expect(occurrencesBetween("2024-01-31", "monthly", "2024-02-01", "2024-03-31")).toEqual(["2024-02-29", "2024-03-31"]);
  });

  it("an anchor on the 30th or the 29th: February's last day, then the day again", () => {
    expect(occurrencesBetween("2026-01-30", "monthly", "2026-01-01", "2026-03-31")).toEqual(["2026-01-30", "2026-02-28", "2026-03-30"]);
    expect(occurrencesBetween("2026-01-29", "monthly", "2026-01-01", "2026-03-31")).toEqual(["2026-01-29", "2026-02-28", "2026-03-29"]);
    expect(occurrencesBetween("2024-01-29", "monthly", "2024-02-01", "2024-02-29")).toEqual(["2024-02-29"]);
  });

  it("February 29 yearly: February 28 in common years, the 29th again in leap years", () => {
    expect(occurrencesBetween("2024-02-29", "yearly", "2024-01-01", "2028-12-31")).toEqual(["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]);
  });

  it("February 29 yearly over the centuries: 2100 is no leap year, 2400 is", () => {
    expect(occurrencesBetween("2096-02-29", "yearly", "2099-01-01", "2104-12-31")).toEqual(["2099-02-28", "2100-02-28", "2101-02-28", "2102-02-28", "2103-02-28", "2104-02-29"]);
    expect(nextOccurrenceOnOrAfter("2024-02-29", "yearly", "2400-01-01")).toBe("2400-02-29");
  });

  it("a clamped month does not pull the following ones earlier: each is counted from the anchor", () => {
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2026-03-01")).toBe("2026-03-31");
    expect(nextOccurrenceOnOrAfter("2026-01-31", "quarterly", "2026-05-01")).toBe("2026-07-31");
    expect(occurrencesBetween("2025-11-30", "quarterly", "2026-03-01", "2026-06-30")).toEqual(["2026-05-30"]);
  });
});

describe("the anchor is the first occurrence", () => {
  it("a range wholly before the anchor holds nothing", () => {
    for (const frequency of FREQUENCIES) expect(occurrencesBetween("2026-03-15", frequency, "2020-01-01", "2026-03-14")).toEqual([]);
  });

  it("a range across the anchor starts at it", () => {
    expect(occurrencesBetween("2026-03-15", "monthly", "2026-01-01", "2026-05-20")).toEqual(["2026-03-15", "2026-04-15", "2026-05-15"]);
    expect(occurrencesBetween("2026-03-15", "weekly", "2026-03-01", "2026-03-29")).toEqual(["2026-03-15", "2026-03-22", "2026-03-29"]);
    expect(occurrencesBetween("2026-03-15", "yearly", "1990-01-01", "2027-12-31")).toEqual(["2026-03-15", "2027-03-15"]);
  });

  it("the next occurrence of any day up to the anchor is the anchor, and none comes before it", () => {
    for (const frequency of FREQUENCIES) {
      expect(nextOccurrenceOnOrAfter("2026-03-15", frequency, "1999-07-04")).toBe("2026-03-15");
      expect(nextOccurrenceOnOrAfter("2026-03-15", frequency, "2026-03-14")).toBe("2026-03-15");
      expect(nextOccurrenceOnOrAfter("2026-03-15", frequency, "2026-03-15")).toBe("2026-03-15");
      expect(previousOccurrenceBefore("2026-03-15", frequency, "1999-07-04")).toBeNull();
      expect(previousOccurrenceBefore("2026-03-15", frequency, "2026-03-15")).toBeNull();
      expect(previousOccurrenceBefore("2026-03-15", frequency, "2026-03-16")).toBe("2026-03-15");
    }
  });
});

describe("next and previous around a due date", () => {
  it("weekly: on a due date it is the next one, the day after it the one after", () => {
    expect(nextOccurrenceOnOrAfter("2026-01-05", "weekly", "2026-01-12")).toBe("2026-01-12");
    expect(nextOccurrenceOnOrAfter("2026-01-05", "weekly", "2026-01-11")).toBe("2026-01-12");
    expect(nextOccurrenceOnOrAfter("2026-01-05", "weekly", "2026-01-13")).toBe("2026-01-19");
    expect(previousOccurrenceBefore("2026-01-05", "weekly", "2026-01-12")).toBe("2026-01-05");
    expect(previousOccurrenceBefore("2026-01-05", "weekly", "2026-01-13")).toBe("2026-01-12");
  });

  it("biweekly: the day before, on and after a due date", () => {
    expect(nextOccurrenceOnOrAfter("2026-01-02", "biweekly", "2026-01-29")).toBe("2026-01-30");
    expect(nextOccurrenceOnOrAfter("2026-01-02", "biweekly", "2026-01-30")).toBe("2026-01-30");
    expect(nextOccurrenceOnOrAfter("2026-01-02", "biweekly", "2026-01-31")).toBe("2026-02-13");
    expect(previousOccurrenceBefore("2026-01-02", "biweekly", "2026-01-30")).toBe("2026-01-16");
    expect(previousOccurrenceBefore("2026-01-02", "biweekly", "2026-01-31")).toBe("2026-01-30");
  });

  it("monthly on the 31st: around February's clamped due date", () => {
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2026-02-27")).toBe("2026-02-28");
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2026-02-28")).toBe("2026-02-28");
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2026-03-01")).toBe("2026-03-31");
    expect(previousOccurrenceBefore("2026-01-31", "monthly", "2026-02-28")).toBe("2026-01-31");
    expect(previousOccurrenceBefore("2026-01-31", "monthly", "2026-03-01")).toBe("2026-02-28");
    expect(previousOccurrenceBefore("2026-01-31", "monthly", "2026-03-31")).toBe("2026-02-28");
    expect(previousOccurrenceBefore("2026-01-31", "monthly", "2026-04-01")).toBe("2026-03-31");
  });

  it("quarterly and yearly: a day inside the gap", () => {
    expect(nextOccurrenceOnOrAfter("2025-01-05", "quarterly", "2025-05-20")).toBe("2025-07-05");
    expect(previousOccurrenceBefore("2025-01-05", "quarterly", "2025-05-20")).toBe("2025-04-05");
    expect(nextOccurrenceOnOrAfter("2024-02-29", "yearly", "2025-03-01")).toBe("2026-02-28");
    expect(previousOccurrenceBefore("2024-02-29", "yearly", "2025-03-01")).toBe("2025-02-28");
    expect(previousOccurrenceBefore("2024-02-29", "yearly", "2028-03-01")).toBe("2028-02-29");
  });
});

describe("far from the anchor", () => {
  it("100 years out, worked out by hand: 36,524 days (24 leap days, 2100 none) from a Monday", () => {
    // 2026-01-05 + 36,524 days is 2126-01-05; 36,524 = 7 × 5,217 + 5, so the Monday due date is two days later.
    expect(daysBetween("2026-01-05", "2126-01-05")).toBe(36_524);
    expect(nextOccurrenceOnOrAfter("2026-01-05", "weekly", "2126-01-05")).toBe("2126-01-07");
    expect(new Date("2126-01-07T00:00:00Z").getUTCDay()).toBe(1);
    expect(previousOccurrenceBefore("2026-01-05", "weekly", "2126-01-07")).toBe("2125-12-31");
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2126-02-01")).toBe("2126-02-28");
    expect(nextOccurrenceOnOrAfter("2026-01-31", "monthly", "2126-01-31")).toBe("2126-01-31");
    expect(occurrencesBetween("2024-02-29", "yearly", "2123-01-01", "2125-12-31")).toEqual(["2123-02-28", "2124-02-29", "2125-02-28"]);
  });

  it.each(FREQUENCIES)("%s: 100 years out is what stepping one occurrence at a time reaches", (frequency) => {
    for (const anchor of ["2026-01-05", "2026-01-31", "2024-02-29", "2025-11-30"]) {
      for (const day of ["2126-01-05", "2126-02-28", "2126-03-01", "2099-12-31"]) {
        const stepped = steppedNext(anchor, frequency, day);
        expect(nextOccurrenceOnOrAfter(anchor, frequency, day)).toBe(stepped.due);
        expect(previousOccurrenceBefore(anchor, frequency, day)).toBe(referenceOccurrence(anchor, frequency, stepped.index - 1));
        expect(occurrencesBetween(anchor, frequency, day, stepped.due)).toEqual([stepped.due]);
      }
    }
  });
});

describe("properties", () => {
  it("occurrencesBetween is ascending, within the range and from the anchor on, each its own next occurrence, and what stepping finds", () => {
    fc.assert(
      fc.property(dayArbitrary, frequencyArbitrary, dayArbitrary, fc.integer({ min: 0, max: 3 * 366 }), (anchor, frequency, from, length) => {
        const to = isoDay(dayNumber(from) + length);
        const due = occurrencesBetween(anchor, frequency, from, to);
        for (let index = 1; index < due.length; index += 1) expect(due[index - 1] < due[index]).toBe(true);
        for (const day of due) {
          expect(day >= from && day <= to && day >= anchor).toBe(true);
          expect(nextOccurrenceOnOrAfter(anchor, frequency, day)).toBe(day);
        }
        const stepped: string[] = [];
        const start = from > anchor ? from : anchor;
        for (let { due: day, index } = steppedNext(anchor, frequency, start); day <= to; index += 1, day = referenceOccurrence(anchor, frequency, index)) stepped.push(day);
        expect(due).toEqual(stepped);
      }),
      { numRuns: 300 },
    );
  });

  it("previousOccurrenceBefore(d) < d <= nextOccurrenceOnOrAfter(d), with no occurrence strictly between them", () => {
    fc.assert(
      fc.property(dayArbitrary, frequencyArbitrary, dayArbitrary, (anchor, frequency, day) => {
        const next = nextOccurrenceOnOrAfter(anchor, frequency, day);
        const previous = previousOccurrenceBefore(anchor, frequency, day);
        expect(next >= day && next >= anchor).toBe(true);
        if (day <= anchor) {
          expect(previous).toBeNull();
          expect(next).toBe(anchor);
          return;
        }
        expect(previous).not.toBeNull();
        expect(previous! < day).toBe(true);
        expect(previous! >= anchor).toBe(true);
        expect(occurrencesBetween(anchor, frequency, shiftDay(previous!, 1), shiftDay(next, -1))).toEqual([]);
        expect(occurrencesBetween(anchor, frequency, previous!, next)).toEqual([previous, next]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the machine's time zone", () => {
  const savedZone = process.env.TZ;
  afterEach(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  /** A sample of every function's answers, around daylight-saving changes in London (Mar 29 / Oct 25, 2026) and New York (Mar 8 / Nov 1, 2026). */
  function answers() {
    const days = ["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-31", "2026-11-01", "2026-11-02"];
    return days.flatMap((day) => [
      dayNumber(day),
      shiftDay(day, 1),
      shiftDay(day, -1),
      daysBetween("2026-01-01", day),
      ...FREQUENCIES.flatMap((frequency) => [
        nextOccurrenceOnOrAfter("2026-01-31", frequency, day),
        previousOccurrenceBefore("2026-01-31", frequency, day),
        occurrencesBetween("2026-03-01", frequency, shiftDay(day, -20), day).join(","),
      ]),
    ]);
  }

  it("gives the same answers whatever process.env.TZ is (Node applies a change at once)", () => {
    process.env.TZ = "UTC";
    const inUtc = answers();
    for (const zone of ["Europe/London", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe"]) {
      process.env.TZ = zone;
      expect(answers()).toEqual(inUtc);
    }
    // The zone really changed under the functions: the same local midnight is 14 hours before UTC's in Kiritimati, 11 after in Pago Pago.
    process.env.TZ = "Pacific/Kiritimati";
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-14 * 60);
    process.env.TZ = "Pacific/Pago_Pago";
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(11 * 60);
  });

  it("days around daylight-saving changes in London and New York are whole days apart", () => {
    for (const zone of ["Europe/London", "America/New_York"]) {
      process.env.TZ = zone;
      expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
      expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
      expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
      expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
      expect(shiftDay("2026-03-28", 1)).toBe("2026-03-29");
      expect(shiftDay("2026-03-29", 1)).toBe("2026-03-30");
      expect(shiftDay("2026-10-25", 1)).toBe("2026-10-26");
      expect(shiftDay("2026-11-01", -1)).toBe("2026-10-31");
      expect(occurrencesBetween("2026-03-22", "weekly", "2026-03-01", "2026-04-12")).toEqual(["2026-03-22", "2026-03-29", "2026-04-05", "2026-04-12"]);
      expect(occurrencesBetween("2026-10-18", "weekly", "2026-10-18", "2026-11-08")).toEqual(["2026-10-18", "2026-10-25", "2026-11-01", "2026-11-08"]);
    }
  });
});
