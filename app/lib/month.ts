/*
 * Months are "yyyy-MM" keys and days "yyyy-MM-dd" strings: calendar values, shifted and compared as
 * month numbers, with no date library (date-fns' `format` and `parse` bring about 9 KB gzipped of
 * locale and pattern tables to every page that shows a month, decision 166). Intl names the month.
 */
const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });
const weekdayName = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Months since year 0: "2026-03" → 2026 × 12 + 2. */
function monthNumber(monthKey: string) {
  return Number(monthKey.slice(0, 4)) * 12 + Number(monthKey.slice(5, 7)) - 1;
}

function monthKeyFromNumber(month: number) {
  return `${String(Math.floor(month / 12)).padStart(4, "0")}-${twoDigits((month % 12) + 1)}`;
}

const MONTH_KEY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A remembered month is restored only within this many years of today. */
const SAVED_MONTH_MAX_YEARS = 5;

export function isMonthKey(value: unknown): value is string {
  return typeof value === "string" && MONTH_KEY_PATTERN.test(value);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function monthKeyOf(date: Date | string) {
  return typeof date === "string" ? date.slice(0, 7) : `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}`;
}

export function todayIso(now = new Date()) {
  return `${monthKeyOf(now)}-${twoDigits(now.getDate())}`;
}

export function shiftMonth(monthKey: string, months: number) {
  return monthKeyFromNumber(monthNumber(monthKey) + months);
}

/** Calendar months from `from` to `to` (both yyyy-MM): "2026-01" to "2026-03" is 2. */
export function monthsBetween(from: string, to: string) {
  return monthNumber(to) - monthNumber(from);
}

/** "2026-03" → "March 2026". */
export function monthLabel(monthKey: string) {
  const [year, month] = monthKey.split("-").map(Number);
  return `${monthName.format(Date.UTC(year, month - 1))} ${monthKey.slice(0, 4)}`;
}

/** The month to show: the requested one when valid and within ±5 years of now, else the current month. */
export function resolveMonth(requested: unknown, now = new Date()) {
  if (!isMonthKey(requested)) return monthKeyOf(now);
  const year = Number(requested.slice(0, 4));
  return Math.abs(year - now.getFullYear()) <= SAVED_MONTH_MAX_YEARS ? requested : monthKeyOf(now);
}

/** "Tuesday, November 24, 2026" for a yyyy-MM-dd day. */
export function dayHeading(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  return `${weekdayName.format(day)}, ${monthName.format(day)} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
