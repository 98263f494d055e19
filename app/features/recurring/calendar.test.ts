import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { calendarMonth, placeOnCalendar, type CalendarDay } from "./calendar";

/** Computed apart from date-fns, in UTC: the day after, and the weekday (0: Sunday). */
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(utc(date).getTime() + 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => utc(date).getUTCDay();

const dates = (week: CalendarDay[]) => week.map((day) => day.date);
const span = (weeks: CalendarDay[][]) => [weeks[0][0].date, weeks.at(-1)?.at(-1)?.date];

describe("a month's weeks", () => {
  test("December 2026 from Mondays: Nov 30 to Jan 3, five weeks, the days outside December marked", () => {
    const { month, weeks, previous, next } = calendarMonth("2026-12");
    expect([month, previous, next]).toEqual(["2026-12", "2026-11", "2027-01"]);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      { date: "2026-11-30", inMonth: false, isToday: false },
      { date: "2026-12-01", inMonth: true, isToday: false },
      { date: "2026-12-02", inMonth: true, isToday: false },
      { date: "2026-12-03", inMonth: true, isToday: false },
      { date: "2026-12-04", inMonth: true, isToday: false },
      { date: "2026-12-05", inMonth: true, isToday: false },
      { date: "2026-12-06", inMonth: true, isToday: false },
    ]);
    expect(dates(weeks[4])).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(weeks[4].map((day) => day.inMonth)).toEqual([true, true, true, true, false, false, false]);
  });

  test("December 2026 from Sundays: Nov 29 to Jan 2", () => {
    const { weeks } = calendarMonth("2026-12", { weekStartsOn: 0 });
    expect(weeks).toHaveLength(5);
    expect(span(weeks)).toEqual(["2026-11-29", "2027-01-02"]);
  });

  test("February 2026 from Sundays is exactly four weeks; from Mondays it takes five", () => {
    const sundays = calendarMonth("2026-02", { weekStartsOn: 0 }).weeks;
    expect(sundays).toHaveLength(4);
    expect(span(sundays)).toEqual(["2026-02-01", "2026-02-28"]);
    expect(sundays.flat().every((day) => day.inMonth)).toBe(true);
    expect(span(calendarMonth("2026-02").weeks)).toEqual(["2026-01-26", "2026-03-01"]);
  });

  test("March 2026 from Mondays takes six weeks, across the US change of clocks on the 8th", () => {
    const { weeks } = calendarMonth("2026-03");
    expect(weeks).toHaveLength(6);
    expect(span(weeks)).toEqual(["2026-02-23", "2026-04-05"]);
    expect(dates(weeks[2])).toEqual(["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15"]);
    expect(dates(weeks[1])).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"]);
  });

  test("April and September 2026, when New Zealand changes its clocks (the 5th and the 27th)", () => {
    expect(dates(calendarMonth("2026-04").weeks[0])).toEqual(["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"]);
    expect(dates(calendarMonth("2026-09").weeks[3])).toEqual(["2026-09-21", "2026-09-22", "2026-09-23", "2026-09-24", "2026-09-25", "2026-09-26", "2026-09-27"]);
  });

  test("the previous and next months across a year", () => {
    expect(calendarMonth("2026-01")).toMatchObject({ previous: "2025-12", next: "2026-02" });
  });

  test("today is marked, on a day of the month or of the weeks around it; a today outside the weeks marks none", () => {
    const marked = (today: string) => calendarMonth("2026-12", { today }).weeks.flat().filter((day) => day.isToday);
    expect(marked("2026-12-15")).toEqual([{ date: "2026-12-15", inMonth: true, isToday: true }]);
    expect(marked("2026-11-30")).toEqual([{ date: "2026-11-30", inMonth: false, isToday: true }]);
    expect(marked("2026-11-29")).toEqual([]);
  });

  test("a malformed month is refused", () => {
    expect(() => calendarMonth("2026-13")).toThrow(RangeError);
    expect(() => calendarMonth("2026-1")).toThrow("not a month: 2026-1");
  });

  test("any month, either start of the week: whole weeks from that weekday, one day after another, every day of the month once", () => {
    const month = fc.record({ year: fc.integer({ min: 1900, max: 2200 }), month: fc.integer({ min: 1, max: 12 }) }).map(({ year, month }) => `${year}-${String(month).padStart(2, "0")}`);
    fc.assert(
      fc.property(month, fc.constantFrom(0 as const, 1 as const), (monthKey, weekStartsOn) => {
        const { weeks } = calendarMonth(monthKey, { weekStartsOn });
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        expect(weeks.every((week) => week.length === 7 && weekday(week[0].date) === weekStartsOn)).toBe(true);
        const days = weeks.flat();
        days.slice(1).forEach((day, index) => expect(day.date).toBe(nextDay(days[index].date)));
        const inMonth = days.filter((day) => day.inMonth).map((day) => day.date);
        expect(inMonth[0]).toBe(`${monthKey}-01`);
        expect(inMonth.every((date) => date.startsWith(monthKey))).toBe(true);
        expect(nextDay(inMonth.at(-1) ?? "").slice(0, 7)).not.toBe(monthKey);
        expect(days.filter((day) => !day.inMonth).every((day) => !day.date.startsWith(monthKey))).toBe(true);
      }),
    );
  });
});

describe("events on the calendar", () => {
  const { weeks } = calendarMonth("2026-12");

  test("grouped by day in the order given; days without events have none; days of the weeks around the month take theirs", () => {
    const rent = { date: "2026-12-03", label: "Rent" };
    const gym = { date: "2026-12-03", label: "Gym" };
    const early = { date: "2026-11-30", label: "Phone" };
    const placed = placeOnCalendar(weeks, [rent, early, gym]);
    expect(placed.map((week) => week.length)).toEqual([7, 7, 7, 7, 7]);
    expect(placed[0][3]).toEqual({ date: "2026-12-03", inMonth: true, isToday: false, events: [rent, gym] });
    expect(placed[0][0]).toEqual({ date: "2026-11-30", inMonth: false, isToday: false, events: [early] });
    expect(placed.flat().filter((day) => day.events.length > 0)).toHaveLength(2);
  });

  test("events on no day of the weeks are left out", () => {
    const placed = placeOnCalendar(weeks, [{ date: "2026-11-29" }, { date: "2027-01-04" }]);
    expect(placed.flat().flatMap((day) => day.events)).toEqual([]);
  });
});
