import { describe, expect, test } from "vitest";
import { DEFAULT_CURRENCY } from "./currency";
import { allCurrencies, currencyLabel, FEATURED_CURRENCIES, isSupportedCurrency } from "./currency-list";
import { formatMoney, toCents } from "./money";

describe("currency lists", () => {
  test("about 48 featured currencies, unique, all of them ISO codes the platform knows", () => {
    const codes = FEATURED_CURRENCIES.map((currency) => currency.code);
    expect(codes.length).toBe(48);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(isSupportedCurrency(code)).toBe(true);
    expect(codes[0]).toBe(DEFAULT_CURRENCY);
  });

  test("each featured symbol is the one amounts are printed with", () => {
    for (const { code, symbol } of FEATURED_CURRENCIES) {
      expect(formatMoney(toCents(123456), code), code).toContain(symbol);
    }
  });

  test("the full list comes from the platform's ISO 4217 data, with names and symbols", () => {
    const currencies = allCurrencies();
    expect(currencies.length).toBeGreaterThan(150);
    const byCode = new Map(currencies.map((currency) => [currency.code, currency]));
    for (const code of ["USD", "EUR", "JPY", "XOF", "CHF", "ZAR"]) expect(byCode.has(code), code).toBe(true);
    expect(byCode.get("EUR")).toEqual({ code: "EUR", name: "Euro", symbol: "€" });
    expect(byCode.get("XOF")?.name).toBe("West African CFA Franc");
    expect(allCurrencies()).toBe(currencies);
  });

  test("only ISO codes are supported", () => {
    expect(isSupportedCurrency("EUR")).toBe(true);
    expect(isSupportedCurrency("ZZZ")).toBe(false);
    expect(isSupportedCurrency("eur")).toBe(false);
    expect(isSupportedCurrency("")).toBe(false);
  });

  test("picker labels read code — name (symbol)", () => {
    expect(currencyLabel({ code: "USD", name: "US Dollar", symbol: "$" })).toBe("USD — US Dollar ($)");
    expect(currencyLabel({ code: "CHF", name: "Swiss Franc", symbol: "CHF" })).toBe("CHF — Swiss Franc");
  });
});
