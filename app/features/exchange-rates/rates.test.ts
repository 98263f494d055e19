import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseEcbRates } from "~/integrations/ecb-rates.server";
import { daysBefore, daysBetween, rateDaysOf, ratePairOn } from "./rates";

// The recorded ECB file: 64 business days from 2016-12-05 (a Monday) to 2017-03-03 (a Friday).
const fixture = rateDaysOf(parseEcbRates(readFileSync(new URL("../../../tests/fixtures/ecb/eurofxref-hist-90d.xml", import.meta.url), "utf8")));

describe("the rate of a day from the ECB's euro rates", () => {
  test("a day the ECB published: its own rates, exact", () => {
    expect(ratePairOn(fixture, "2017-03-03", "EUR", "USD")).toEqual({ rate: { from: "1", to: "1.0565" }, day: "2017-03-03", exact: true });
    expect(ratePairOn(fixture, "2017-03-03", "USD", "EUR")).toEqual({ rate: { from: "1.0565", to: "1" }, day: "2017-03-03", exact: true });
    expect(ratePairOn(fixture, "2017-03-02", "EUR", "GBP")).toEqual({ rate: { from: "1", to: "0.8556" }, day: "2017-03-02", exact: true });
  });

  test("a cross rate is the two currencies' rates per euro", () => {
    expect(ratePairOn(fixture, "2017-03-03", "USD", "JPY")).toEqual({ rate: { from: "1.0565", to: "120.83" }, day: "2017-03-03", exact: true });
    expect(ratePairOn(fixture, "2017-03-01", "GBP", "CHF")).toEqual({ rate: { from: "0.8555", to: "1.0647" }, day: "2017-03-01", exact: true });
  });

  test("a weekend takes Friday's rates, not exact", () => {
    expect(ratePairOn(fixture, "2017-03-04", "EUR", "USD")).toEqual({ rate: { from: "1", to: "1.0565" }, day: "2017-03-03", exact: false });
    expect(ratePairOn(fixture, "2017-02-26", "USD", "JPY")).toEqual({ rate: { from: "1.0609", to: "119.04" }, day: "2017-02-24", exact: false });
  });

  test("an ECB holiday takes the last business day's: Boxing Day 2016 (a Monday) has the rates of Friday the 23rd", () => {
    expect(ratePairOn(fixture, "2016-12-26", "EUR", "USD")).toMatchObject({ day: "2016-12-23", exact: false });
  });

  test("looks back ten calendar days at most", () => {
    expect(ratePairOn(fixture, "2017-03-13", "EUR", "USD")).toMatchObject({ day: "2017-03-03", exact: false });
    expect(ratePairOn(fixture, "2017-03-14", "EUR", "USD")).toBeNull();
  });

  test("a day before the first stored day has no rate", () => {
    expect(ratePairOn(fixture, "2016-12-05", "EUR", "USD")).toMatchObject({ day: "2016-12-05", exact: true });
    expect(ratePairOn(fixture, "2016-12-04", "EUR", "USD")).toBeNull();
    expect(ratePairOn(new Map(), "2017-03-03", "EUR", "USD")).toBeNull();
  });

  test("the same currency is 1 to 1 on any day, stored or not", () => {
    expect(ratePairOn(new Map(), "1999-01-01", "USD", "USD")).toEqual({ rate: { from: "1", to: "1" }, day: "1999-01-01", exact: true });
    expect(ratePairOn(fixture, "2017-03-04", "EUR", "EUR")).toEqual({ rate: { from: "1", to: "1" }, day: "2017-03-04", exact: true });
  });

  test("a currency the ECB does not publish has no rate", () => {
    expect(ratePairOn(fixture, "2017-03-03", "EUR", "ISK")).toBeNull();
    expect(ratePairOn(fixture, "2017-03-03", "EUR", "constructor")).toBeNull();
  });

  test("any currency present on a day counts: the nearest earlier day that has both currencies answers", () => {
    const days = rateDaysOf([
      { day: "2017-03-01", rates: { USD: "1.0533", ISK: "117.5" } },
      { day: "2017-03-02", rates: { USD: "1.0514" } },
    ]);
    expect(ratePairOn(days, "2017-03-02", "ISK", "USD")).toEqual({ rate: { from: "117.5", to: "1.0533" }, day: "2017-03-01", exact: false });
    expect(ratePairOn(days, "2017-03-02", "EUR", "USD")).toMatchObject({ day: "2017-03-02", exact: true });
  });

  test("refuses a date that is not yyyy-MM-dd", () => {
    expect(() => ratePairOn(fixture, "2017-02-30", "EUR", "USD")).toThrow(RangeError);
    expect(() => ratePairOn(fixture, "03/03/2017", "EUR", "USD")).toThrow(RangeError);
  });
});

describe("calendar days", () => {
  test("count across months and years", () => {
    expect(daysBefore("2017-03-01", 1)).toBe("2017-02-28");
    expect(daysBefore("2017-01-02", 10)).toBe("2016-12-23");
    expect(daysBetween("2017-03-03", "2017-03-06")).toBe(3);
    expect(daysBetween("2016-12-30", "2017-01-02")).toBe(3);
  });
});
