import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ExchangeRate } from "../../../models";
import { parseEcbRates } from "~/integrations/ecb-rates.server";
import { convertMinor } from "~/lib/conversion";
import { toCents } from "~/lib/money";
import { startEcbStandIn } from "../../../scripts/stand-ins/ecb.mjs";
import { useTestDatabase } from "../../../tests/setup/database";
import { latestRateDay, ratePairsFor, refreshExchangeRates, storeRateDays } from "./exchange-rates.server";

const DAILY = "/stats/eurofxref/eurofxref-daily.xml";
const HIST_90D = "/stats/eurofxref/eurofxref-hist-90d.xml";
const TIMEOUT_MS = 300;

let standIn: Awaited<ReturnType<typeof startEcbStandIn>>;
const recordedDays = parseEcbRates(readFileSync(new URL("../../../tests/fixtures/ecb/eurofxref-hist-90d.xml", import.meta.url), "utf8"));

// Registered before the database hook, so the environment is set before anything reads it.
beforeAll(async () => {
  standIn = await startEcbStandIn({ port: 0 });
  process.env.ECB_RATES_URL = standIn.url;
  process.env.ECB_TIMEOUT_MS = String(TIMEOUT_MS);
});
useTestDatabase();
afterAll(() => standIn.stop());
beforeEach(async () => {
  await fetch(`${standIn.url}/__control/reset`, { method: "POST" });
  await ExchangeRate.deleteMany({});
});

async function control(mode: "500" | "hang", times: number) {
  const response = await fetch(`${standIn.url}/__control`, { method: "POST", body: JSON.stringify({ mode, times }) });
  expect(response.ok).toBe(true);
}

async function requested() {
  return (await (await fetch(`${standIn.url}/__requests`)).json()) as string[];
}

describe("refreshing the ECB's rates", () => {
  test("an empty store takes the 90-day file, 64 days; the daily file then adds none", async () => {
    expect(await latestRateDay()).toBeNull();
    expect(await refreshExchangeRates()).toBe(64);
    expect(await ExchangeRate.countDocuments()).toBe(64);
    expect(await latestRateDay()).toBe("2017-03-03");
    const stored = await ExchangeRate.findById("2017-03-03").lean();
    expect(stored?.rates).toMatchObject({ USD: "1.0565", JPY: "120.83", GBP: "0.86355" });
    expect(stored?.fetchedAt).toBeInstanceOf(Date);

    expect(await refreshExchangeRates()).toBe(0);
    expect(await ExchangeRate.countDocuments()).toBe(64);
    expect(await requested()).toEqual([HIST_90D, DAILY]);
  });

  test("history takes the 90-day file even when days are stored", async () => {
    await storeRateDays(recordedDays.slice(0, 1));
    expect(await refreshExchangeRates({ history: true })).toBe(63);
    expect(await requested()).toEqual([HIST_90D]);
  });

  test("a daily file that does not follow the newest stored day brings the 90-day file, which fills the gap", async () => {
    await storeRateDays(recordedDays.filter(({ day }) => day <= "2017-02-20"));
    expect(await refreshExchangeRates()).toBe(9);
    expect(await ExchangeRate.countDocuments()).toBe(64);
    expect(await requested()).toEqual([DAILY, HIST_90D]);
  });

  test("storing the same days again counts no new day (in slices: FerretDB stalls on one update of 64 stored days)", async () => {
    expect(await storeRateDays(recordedDays)).toBe(64);
    expect(await storeRateDays(recordedDays)).toBe(0);
    expect(await storeRateDays([])).toBe(0);
    expect(await ExchangeRate.countDocuments()).toBe(64);
  });

  test("an ECB answering 500 twice, then the file, still refreshes", async () => {
    await control("500", 2);
    expect(await refreshExchangeRates()).toBe(64);
    expect(await requested()).toEqual([HIST_90D, HIST_90D, HIST_90D]);
  });

  test("an ECB answering 500 every time fails after three attempts, writing nothing", async () => {
    await control("500", 3);
    await expect(refreshExchangeRates()).rejects.toThrow(`ECB rates: ${standIn.url}${HIST_90D} answered 500 (3 attempts)`);
    expect(await ExchangeRate.countDocuments()).toBe(0);
  });

  test("an ECB that never answers fails once each attempt has timed out, writing nothing", async () => {
    await control("hang", 3);
    await expect(refreshExchangeRates()).rejects.toThrow(`ECB rates: ${standIn.url}${HIST_90D} gave no answer within ${TIMEOUT_MS} ms (3 attempts)`);
    expect(await requested()).toHaveLength(3);
    expect(await ExchangeRate.countDocuments()).toBe(0);
  });

  test("an ECB that cannot be reached fails with a clear error", async () => {
    const stopped = await startEcbStandIn({ port: 0 });
    await stopped.stop();
    process.env.ECB_RATES_URL = stopped.url;
    try {
      await expect(refreshExchangeRates()).rejects.toThrow(`ECB rates: ${stopped.url}${HIST_90D} could not be reached`);
    } finally {
      process.env.ECB_RATES_URL = standIn.url;
    }
  });
});

describe("rates for a batch of dates", () => {
  test("answers each request from one read of the stored days", async () => {
    await storeRateDays(recordedDays);
    const find = vi.spyOn(ExchangeRate, "find");
    const answers = await ratePairsFor([
      { date: "2017-03-03", from: "EUR", to: "USD" },
      { date: "2017-03-04", from: "USD", to: "JPY" },
      { date: "2016-12-26", from: "EUR", to: "GBP" },
      { date: "2017-03-14", from: "EUR", to: "USD" },
      { date: "2016-12-04", from: "EUR", to: "USD" },
      { date: "2030-01-01", from: "USD", to: "USD" },
    ]);
    expect(find).toHaveBeenCalledTimes(1);
    find.mockRestore();
    expect(answers).toEqual([
      { rate: { from: "1", to: "1.0565" }, day: "2017-03-03", exact: true },
      { rate: { from: "1.0565", to: "120.83" }, day: "2017-03-03", exact: false },
      { rate: { from: "1", to: "0.85278" }, day: "2016-12-23", exact: false },
      null,
      null,
      { rate: { from: "1", to: "1" }, day: "2030-01-01", exact: true },
    ]);
  });

  test("thousands of rows are one query", async () => {
    await storeRateDays(recordedDays);
    const find = vi.spyOn(ExchangeRate, "find");
    const requests = Array.from({ length: 5000 }, (_, index) => ({ date: recordedDays[index % 64].day, from: "GBP", to: "USD" }));
    const answers = await ratePairsFor(requests);
    expect(find).toHaveBeenCalledTimes(1);
    find.mockRestore();
    expect(answers.every((answer) => answer?.exact)).toBe(true);
  });

  test("converts with the stored rates: 100.00 EUR on 2017-03-03 is $105.65, ¥1,000 is $8.74", async () => {
    await refreshExchangeRates();
    const [euros, yen] = await ratePairsFor([
      { date: "2017-03-03", from: "EUR", to: "USD" },
      { date: "2017-03-03", from: "JPY", to: "USD" },
    ]);
    expect(convertMinor(toCents(10000), "EUR", "USD", euros!.rate)).toBe(10565);
    expect(convertMinor(toCents(1000), "JPY", "USD", yen!.rate)).toBe(874);
  });

  test("refuses a date that is not yyyy-MM-dd before reading anything", async () => {
    await expect(ratePairsFor([{ date: "3 March 2017", from: "EUR", to: "USD" }])).rejects.toThrow(RangeError);
  });
});
