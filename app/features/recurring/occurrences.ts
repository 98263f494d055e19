/*
 * When a recurring payment falls due. A schedule is an anchor day and a frequency: the anchor is its first
 * occurrence, and each next one is a whole number of steps after it (7 or 14 days, or 1, 3 or 12 calendar
 * months). Month steps keep the anchor's day of month and fall on a shorter month's last day: an anchor on
 * 2026-01-31 falls due on 2026-02-28, 2026-03-31, 2026-04-30. Each occurrence is counted from the anchor, never
 * from the one before, so a short month does not pull the following ones earlier.
 *
 * Days are YYYY-MM-DD calendar days, counted here as whole UTC days: no machine's time zone can shift one, and
 * no date library reaches the pages that show a schedule (decision 166). An occurrence far from the anchor is
 * reached by arithmetic on its index, never by stepping there one occurrence at a time.
 */

export const FREQUENCIES = ["weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: "Every week",
  biweekly: "Every two weeks",
  monthly: "Every month",
  quarterly: "Every three months",
  yearly: "Every year",
};

/** How far apart a frequency's occurrences are: whole days, or calendar months. */
export type Step = { days: number } | { months: number };

export const FREQUENCY_STEPS: Record<Frequency, Step> = {
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  yearly: { months: 12 },
};

const DAY_MS = 86_400_000;
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export function dayNumber(day: string) {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

/** The YYYY-MM-DD day `days` days after 1970-01-01. */
export function dayOfNumber(days: number) {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `days` calendar days after `day` (before it when negative). */
export function shiftDay(day: string, days: number) {
  return dayOfNumber(dayNumber(day) + days);
}

/** Calendar days from `from` to `to`: 2026-02-27 to 2026-03-02 is 3. */
export function daysBetween(from: string, to: string) {
  return dayNumber(to) - dayNumber(from);
}

/** Months since year 0 of a day: 2026-03-14 → 2026 × 12 + 2. */
export function monthNumber(day: string) {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in the month of a month number (see `monthNumber`). */
export function daysInMonth(month: number) {
  const monthOfYear = month % 12;
  return monthOfYear === 1 && isLeapYear(Math.floor(month / 12)) ? 29 : MONTH_LENGTHS[monthOfYear];
}

/** The day `dayOfMonth` of a month number, or the month's last day when it is shorter. */
export function dayInMonth(month: number, dayOfMonth: number) {
  const year = String(Math.floor(month / 12)).padStart(4, "0");
  return `${year}-${twoDigits((month % 12) + 1)}-${twoDigits(Math.min(dayOfMonth, daysInMonth(month)))}`;
}

/** The `index`-th occurrence (0 is the anchor). */
function occurrence(anchor: string, step: Step, index: number) {
  if ("days" in step) return shiftDay(anchor, index * step.days);
  return dayInMonth(monthNumber(anchor) + index * step.months, Number(anchor.slice(8, 10)));
}

/** The index of the first occurrence on or after `day`: worked out from the distance, whatever it is. */
function firstIndexOnOrAfter(anchor: string, step: Step, day: string) {
  if ("days" in step) return Math.max(0, Math.ceil(daysBetween(anchor, day) / step.days));
  // The occurrence of index n falls in the anchor's month + n steps, so the index whose month holds `day`
  // (or is the last before it) is found by division; at most one step more reaches `day`.
  const index = Math.floor((monthNumber(day) - monthNumber(anchor)) / step.months);
  if (index < 0) return 0;
  return occurrence(anchor, step, index) < day ? index + 1 : index;
}

/** The occurrences from `from` to `to` (both included, YYYY-MM-DD), in order; none before the anchor. */
export function occurrencesBetween(anchor: string, frequency: Frequency, from: string, to: string) {
  const step = FREQUENCY_STEPS[frequency];
  const days: string[] = [];
  for (let index = firstIndexOnOrAfter(anchor, step, from); ; index += 1) {
    const due = occurrence(anchor, step, index);
    if (due > to) return days;
    days.push(due);
  }
}

/** The first occurrence on `day` or after it (the anchor itself for any day up to it). */
export function nextOccurrenceOnOrAfter(anchor: string, frequency: Frequency, day: string) {
  const step = FREQUENCY_STEPS[frequency];
  return occurrence(anchor, step, firstIndexOnOrAfter(anchor, step, day));
}

/** The last occurrence before `day`; null when `day` is not after the anchor. */
export function previousOccurrenceBefore(anchor: string, frequency: Frequency, day: string) {
  const step = FREQUENCY_STEPS[frequency];
  const index = firstIndexOnOrAfter(anchor, step, day) - 1;
  return index < 0 ? null : occurrence(anchor, step, index);
}
