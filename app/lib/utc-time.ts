/*
 * Times written from their UTC fields: the app keeps no time zone of the user's, and the server and the
 * browser must write the same text. Intl names the month; the rest is put together here, because Intl's
 * whole patterns differ between ICU versions (the space before AM/PM, "at" or a comma) and date-fns'
 * `format` reads local time. No date library: these run on pages that must stay light (decision 166).
 */
const monthName = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

function validDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (date: Date) => `${monthName.format(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

function clock(date: Date) {
  const hours = date.getUTCHours();
  return `${hours % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"} UTC`;
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
  return date ? `${day(date)} at ${clock(date)}` : null;
}
