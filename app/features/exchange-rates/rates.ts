import { differenceInCalendarDays, format, parseISO, subDays } from "date-fns";
import { type RatePair } from "~/lib/conversion";
import { isIsoDate } from "~/lib/month";

/** One day of the ECB's rates: units of each currency per 1 EUR, as decimal text. */
export type RateDay = { day: string; rates: Readonly<Record<string, string>> };

/** Stored days by their date, for lookups by day. */
export type RateDays = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** The rate of a day, and the day it was published on (`exact` when that is the day asked for). */
export type RateOnDay = { rate: RatePair; day: string; exact: boolean };

/**
 * How far back a day without rates (a weekend, an ECB holiday) takes its rates from: Easter's four closed
 * days are the longest gap in a year, so ten calendar days cover any gap, and nothing older than that is used.
 */
export const LOOKBACK_DAYS = 10;

const EURO = "EUR";

/** The day `days` calendar days before `date` (yyyy-MM-dd). */
export function daysBefore(date: string, days: number) {
  return format(subDays(parseISO(date), days), "yyyy-MM-dd");
}

/** Calendar days from `from` to `to`: 2017-03-03 to 2017-03-06 is 3. */
export function daysBetween(from: string, to: string) {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

export function rateDaysOf(days: Iterable<RateDay>): RateDays {
  return new Map(Array.from(days, ({ day, rates }) => [day, rates]));
}

function euroRate(rates: Readonly<Record<string, string>>, currency: string) {
  if (currency === EURO) return "1";
  return Object.hasOwn(rates, currency) ? rates[currency] : undefined;
}

/**
 * The rate from `from` to `to` on `date`: the rates of that day, or of the nearest earlier day that has both
 * currencies, at most LOOKBACK_DAYS before; null when there is none. A cross rate is the pair of the two
 * currencies' rates per euro (USD → JPY on 2017-03-03: { from: "1.0565", to: "120.83" }), EUR's being "1".
 * The same currency is { from: "1", to: "1" } on any day.
 */
export function ratePairOn(days: RateDays, date: string, from: string, to: string): RateOnDay | null {
  if (!isIsoDate(date)) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  if (from === to) return { rate: { from: "1", to: "1" }, day: date, exact: true };
  for (let back = 0; back <= LOOKBACK_DAYS; back += 1) {
    const day = daysBefore(date, back);
    const rates = days.get(day);
    const fromRate = rates && euroRate(rates, from);
    const toRate = rates && euroRate(rates, to);
    if (fromRate && toRate) return { rate: { from: fromRate, to: toRate }, day, exact: back === 0 };
  }
  return null;
}
