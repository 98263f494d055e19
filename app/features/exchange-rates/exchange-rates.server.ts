import mongoose from "mongoose";
import { ExchangeRate, type ExchangeRateRecord } from "../../../models";
import { fetchEcbRates } from "~/integrations/ecb-rates.server";
import { isIsoDate } from "~/lib/month";
import { inBulkWriteSlices } from "~/utils/db.server";
import { daysBefore, daysBetween, LOOKBACK_DAYS, rateDaysOf, ratePairOn, type RateDay, type RateOnDay } from "./rates";

export type RateRequest = { date: string; from: string; to: string };

/** Stores each day's rates, a stored day taking the file's (the ECB may correct a day); returns how many days were new. */
export async function storeRateDays(days: readonly RateDay[]): Promise<number> {
  const fetchedAt = new Date();
  const results = await inBulkWriteSlices(days, (slice) =>
    ExchangeRate.bulkWrite(slice.map(({ day, rates }) => ({ updateOne: { filter: { _id: day }, update: { $set: { rates, fetchedAt } }, upsert: true } }))),
  );
  return results.reduce((added, result) => added + result.upsertedCount, 0);
}

/** The newest day with stored rates, or null when none is stored. */
export async function latestRateDay(): Promise<string | null> {
  const newest = await ExchangeRate.findOne().sort({ _id: -1 }).select({ _id: 1 }).lean<Pick<ExchangeRateRecord, "_id">>();
  return newest?._id ?? null;
}

/**
 * Fetches the ECB's newest rates and stores them; returns how many days were new. An empty store (a fresh
 * install), `history`, or a daily file that does not directly follow the newest stored day (the app missed a
 * publication, or a weekend passed) takes the 90-day file instead, so no day is left out. Throws the
 * integration's `EcbRatesError` and then stores nothing.
 */
export async function refreshExchangeRates({ history = false }: { history?: boolean } = {}): Promise<number> {
  const newest = await latestRateDay();
  if (history || !newest) return storeRateDays(await fetchEcbRates("hist-90d"));
  const daily = await fetchEcbRates("daily");
  const missedDays = daily.some(({ day }) => daysBetween(newest, day) > 1);
  return storeRateDays(missedDays ? await fetchEcbRates("hist-90d") : daily);
}

/**
 * The rate of each request (in order; see `ratePairOn`), reading the stored days once for the whole span of
 * dates asked for, from LOOKBACK_DAYS before the earliest: an import of thousands of rows is one query.
 */
export async function ratePairsFor(requests: readonly RateRequest[]): Promise<Array<RateOnDay | null>> {
  const dates = requests.filter(({ from, to }) => from !== to).map(({ date }) => date);
  const malformed = dates.find((date) => !isIsoDate(date));
  if (malformed !== undefined) throw new RangeError(`not a yyyy-MM-dd date: ${malformed}`);
  if (dates.length === 0) return requests.map(({ date, from, to }) => ratePairOn(new Map(), date, from, to));
  const earliest = dates.reduce((min, date) => (date < min ? date : min));
  const latest = dates.reduce((max, date) => (date > max ? date : max));
  const stored = await ExchangeRate.find({ _id: mongoose.trusted({ $gte: daysBefore(earliest, LOOKBACK_DAYS), $lte: latest }) })
    .select({ rates: 1 })
    .lean<Array<Pick<ExchangeRateRecord, "_id" | "rates">>>();
  const days = rateDaysOf(stored.map(({ _id, rates }) => ({ day: _id, rates })));
  return requests.map(({ date, from, to }) => ratePairOn(days, date, from, to));
}
