import { utcFormat } from "d3-time-format";

/*
 * Times written from their UTC fields: the app keeps no time zone of the user's, and the server and the
 * browser must write the same text (Intl's output differs between ICU versions, date-fns' `format` reads
 * local time).
 */
const day = utcFormat("%b %-d, %Y");
const clock = utcFormat("%-I:%M %p UTC");
const dayAndClock = utcFormat("%b %-d, %Y at %-I:%M %p UTC");

function validDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 5, 2026"; null when `iso` is not a date. */
export function formatUtcDay(iso: string) {
  const date = validDate(iso);
  return date ? day(date) : null;
}

/** "3:04 PM UTC"; null when `iso` is not a date. */
export function formatUtcClock(iso: string) {
  const date = validDate(iso);
  return date ? clock(date) : null;
}

/** "Nov 5, 2026 at 3:04 PM UTC"; null when `iso` is not a date. */
export function formatUtcDateTime(iso: string) {
  const date = validDate(iso);
  return date ? dayAndClock(date) : null;
}
