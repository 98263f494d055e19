import { ExchangeRate, type ExchangeRateRecord } from "../../../models";
import { fetchEcbRates } from "~/integrations/ecb-rates.server";
import { isIsoDate } from "~/lib/month";
import { inBulkWriteSlices } from "~/integrations/database.server";
import { daysBetween, rateDaysOf, ratePairOn, type RateDay, type RateDays, type RateOnDay } from "./rates";

export type RateRequest = { date: string; from: string; to: string };

/**
 * How long this process answers rates from memory before it reads the store again (another process's
 * refresh shows within it; this process's own writes show at once). A range read of the stored days costs
 * FerretDB a scan of them all (half a second with five years stored), which a page or a write must not wait for.
 */
const CACHE_MS = 10 * 60 * 1000;

let cached: { days: Promise<RateDays>; readAt: number } | null = null;

/** Every stored day's rates, from memory when read within CACHE_MS. */
function storedDays() {
  if (!cached || Date.now() - cached.readAt > CACHE_MS) {
    const days = ExchangeRate.find({})
      .select({ rates: 1 })
      .lean<Array<Pick<ExchangeRateRecord, "_id" | "rates">>>()
      .then((stored) => rateDaysOf(stored.map(({ _id, rates }) => ({ day: _id, rates }))));
    cached = { days, readAt: Date.now() };
    days.catch(() => {
      cached = null;
    });
  }
  return cached.days;
}

/** Stores each day's rates, a stored day taking the file's (the ECB may correct a day); returns how many days were new. */
export async function storeRateDays(days: readonly RateDay[]): Promise<number> {
  const fetchedAt = new Date();
  try {
    const results = await inBulkWriteSlices(days, (slice) =>
      ExchangeRate.bulkWrite(slice.map(({ day, rates }) => ({ updateOne: { filter: { _id: day }, update: { $set: { rates, fetchedAt } }, upsert: true } }))),
    );
    return results.reduce((added, result) => added + result.upsertedCount, 0);
  } finally {
    cached = null;
  }
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

/** The rate of each request (in order; see `ratePairOn`), from the stored days (read once per CACHE_MS). */
export async function ratePairsFor(requests: readonly RateRequest[]): Promise<Array<RateOnDay | null>> {
  const malformed = requests.find(({ date, from, to }) => from !== to && !isIsoDate(date));
  if (malformed) throw new RangeError(`not a yyyy-MM-dd date: ${malformed.date}`);
  if (requests.every(({ from, to }) => from === to)) return requests.map(({ date, from, to }) => ratePairOn(new Map(), date, from, to));
  const days = await storedDays();
  return requests.map(({ date, from, to }) => ratePairOn(days, date, from, to));
}

/**
 * The rates of `requests` (one read, none when empty), to look up by day and currencies: null where no
 * rate is known or the pair was not among the requests.
 */
export async function rateLookup(requests: readonly RateRequest[]) {
  const key = ({ date, from, to }: RateRequest) => `${date}|${from}|${to}`;
  const found = requests.length > 0 ? await ratePairsFor(requests) : [];
  const byRequest = new Map(requests.map((request, index) => [key(request), found[index]]));
  return (date: string, from: string, to: string) => byRequest.get(key({ date, from, to })) ?? null;
}
