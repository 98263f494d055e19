import { describe, expect, test } from "vitest";
import { convertMinor, isRateText } from "./conversion";
import { toCents } from "./money";

// The European Central Bank's reference rates of 2017-03-03 (units per euro): USD 1.0565, JPY 120.83, GBP 0.86355.
const EUR_USD = { from: "1", to: "1.0565" };
const JPY_USD = { from: "120.83", to: "1.0565" };
const GBP_JPY = { from: "0.86355", to: "120.83" };

describe("convertMinor: exact, rounded once, half away from zero", () => {
  test("euros to dollars: 100.00 EUR × 1.0565 = $105.65", () => {
    expect(convertMinor(toCents(10000), "EUR", "USD", EUR_USD)).toBe(10565);
  });

  test("yen (no minor units) to dollars across the euro: ¥1,000 × 1.0565 ÷ 120.83 = $8.7437 → $8.74", () => {
    expect(convertMinor(toCents(1000), "JPY", "USD", JPY_USD)).toBe(874);
  });

  test("pounds to yen: £10.00 × 120.83 ÷ 0.86355 = ¥1,399.22 → ¥1,399", () => {
    expect(convertMinor(toCents(1000), "GBP", "JPY", GBP_JPY)).toBe(1399);
  });

  test("dollars to dinars (three minor units) at a typed rate: $10.00 × 0.377 = BHD 3.770", () => {
    expect(convertMinor(toCents(1000), "USD", "BHD", { from: "1", to: "0.377" })).toBe(3770);
  });

  test("a half rounds away from zero, for money out too", () => {
    // 1 cent × 0.5 = 0.5 cent.
    expect(convertMinor(toCents(1), "EUR", "USD", { from: "2", to: "1" })).toBe(1);
    expect(convertMinor(toCents(-1), "EUR", "USD", { from: "2", to: "1" })).toBe(-1);
    expect(convertMinor(toCents(3), "EUR", "USD", { from: "4", to: "1" })).toBe(1);
  });

  test("the same currency at one to one is the same amount", () => {
    expect(convertMinor(toCents(123456789), "USD", "USD", { from: "1", to: "1" })).toBe(123456789);
  });

  test("a malformed rate is refused, never guessed", () => {
    expect(() => convertMinor(toCents(100), "EUR", "USD", { from: "1", to: "0" })).toThrow(RangeError);
    expect(() => convertMinor(toCents(100), "EUR", "USD", { from: "1", to: "1,05" })).toThrow(RangeError);
  });
});

describe("rates people type", () => {
  test.each(["1", "1.0565", "0.000123", "120.83"])("%s is a rate", (text) => expect(isRateText(text)).toBe(true));
  test.each(["0", "0.000", "-1.2", "1e3", "", "1.", ".5", "abc"])("%j is not", (text) => expect(isRateText(text)).toBe(false));
});
