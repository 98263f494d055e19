import { addMonths, differenceInCalendarMonths, format, isValid, parse } from "date-fns";

export const MONTH_KEY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A remembered month is restored only within this many years of today. */
export const SAVED_MONTH_MAX_YEARS = 5;

export function isMonthKey(value: unknown): value is string {
  return typeof value === "string" && MONTH_KEY_PATTERN.test(value);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && DATE_PATTERN.test(value) && isValid(parse(value, "yyyy-MM-dd", new Date()));
}

export function monthKeyOf(date: Date | string) {
  return typeof date === "string" ? date.slice(0, 7) : format(date, "yyyy-MM");
}

export function todayIso(now = new Date()) {
  return format(now, "yyyy-MM-dd");
}

export function shiftMonth(monthKey: string, months: number) {
  return format(addMonths(parse(monthKey, "yyyy-MM", new Date()), months), "yyyy-MM");
}

/** Calendar months from `from` to `to` (both yyyy-MM): "2026-01" to "2026-03" is 2. */
export function monthsBetween(from: string, to: string) {
  return differenceInCalendarMonths(parse(to, "yyyy-MM", new Date()), parse(from, "yyyy-MM", new Date()));
}

export function monthLabel(monthKey: string) {
  return format(parse(monthKey, "yyyy-MM", new Date()), "MMMM yyyy");
}

/** The month to show: the requested one when valid and within ±5 years of now, else the current month. */
export function resolveMonth(requested: unknown, now = new Date()) {
  if (!isMonthKey(requested)) return monthKeyOf(now);
  const year = Number(requested.slice(0, 4));
  return Math.abs(year - now.getFullYear()) <= SAVED_MONTH_MAX_YEARS ? requested : monthKeyOf(now);
}
