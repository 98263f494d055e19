import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { AMOUNT_PATTERN, amountPattern, centsToInput, formatMoney, isCents, parseAmountToCents, stripToAmount, toCents, type Cents } from "./money";

describe("Cents", () => {
  test("whole numbers that are exactly representable are cents, negative ones included", () => {
    expect(toCents(1010)).toBe(1010);
    expect(toCents(-250)).toBe(-250);
    expect(toCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  test.each([10.1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])("%s is refused", (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
    expect(isCents(value)).toBe(false);
  });

  test("only numbers can be cents", () => {
    expect(isCents("12")).toBe(false);
    expect(isCents(null)).toBe(false);
  });
});

describe("parseAmountToCents: what a person types", () => {
  test.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    ["10.10", 1010],
    ["0.1", 10],
    ["12.", 1200],
    [".5", 50],
    [" 12 ", 1200],
    [" 0.99 ", 99],
    ["0", 0],
    ["007.50", 750],
    // Where multiplying a float by 100 would be off by one cent.
    ["0.07", 7],
    ["1.15", 115],
    ["4.35", 435],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
  ])("%j → %i cents", (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  test.each([
    ["1.005", "a third decimal is refused, not rounded"],
    ["12.345", "a third decimal is refused, not rounded"],
    ["1,234.56", "no thousands separators"],
    ["12,50", "no decimal comma"],
    ["", "empty"],
    ["  ", "blank"],
    [".", "a point without digits"],
    ["-1", "no sign"],
    ["-5", "no sign"],
    ["+5", "no sign"],
    ["1e3", "no exponent"],
    ["abc", "not a number"],
    ["$12", "no currency symbol"],
    ["1 000", "no inner spaces"],
    ["1.2.3", "one point at most"],
    ["90071992547409.92", "more cents than can be counted exactly"],
  ])("%j is refused (%s)", (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  test("each currency takes its own decimals", () => {
    expect(parseAmountToCents("1234", "JPY")).toBe(1234);
    expect(parseAmountToCents("12.5", "JPY")).toBeNull();
    expect(parseAmountToCents("1.005", "BHD")).toBe(1005);
    expect(parseAmountToCents("1.5", "BHD")).toBe(1500);
    expect(parseAmountToCents("1.0005", "BHD")).toBeNull();
    expect(new RegExp(`^(?:${amountPattern("JPY")})$`, "v").test("12.5")).toBe(false);
    expect(new RegExp(`^(?:${amountPattern("BHD")})$`, "v").test("12.345")).toBe(true);
  });

  test("only text is parsed", () => {
    expect(parseAmountToCents(12)).toBeNull();
    expect(parseAmountToCents(undefined)).toBeNull();
  });

  test("the input pattern accepts exactly what the parser accepts", () => {
    const pattern = new RegExp(`^(?:${AMOUNT_PATTERN})$`, "v");
    for (const text of ["12", "10.10", "12.", ".5", "0"]) expect(pattern.test(text), text).toBe(true);
    for (const text of ["1.005", "1,234.56", "", ".", "-1", "1e3"]) expect(pattern.test(text), text).toBe(false);
  });
});

describe("amounts back to text", () => {
  test("inline edits strip everything but the number", () => {
    expect(stripToAmount("$1,234.56")).toBe("1234.56");
    expect(stripToAmount("1.2.3")).toBe("1.23");
  });

  test("cents back to an input value, exactly", () => {
    expect(centsToInput(toCents(123456))).toBe("1234.56");
    expect(centsToInput(toCents(1010))).toBe("10.10");
    expect(centsToInput(toCents(5))).toBe("0.05");
    expect(centsToInput(toCents(0))).toBe("0.00");
    expect(centsToInput(toCents(-250))).toBe("-2.50");
    expect(centsToInput(toCents(Number.MAX_SAFE_INTEGER))).toBe("90071992547409.91");
  });

  test("each currency with its own decimals", () => {
    expect(centsToInput(toCents(123456), "JPY")).toBe("123456");
    expect(centsToInput(toCents(-5), "BHD")).toBe("-0.005");
    expect(centsToInput(toCents(123456), "BHD")).toBe("123.456");
  });

  test("parsing what centsToInput writes gives the same cents", () => {
    for (const cents of [0, 1, 99, 1010, 123456, Number.MAX_SAFE_INTEGER]) {
      expect(parseAmountToCents(centsToInput(toCents(cents)))).toBe(cents);
    }
  });
});

describe("formatMoney (integer cents)", () => {
  test("US dollars with two decimals", () => {
    expect(formatMoney(toCents(123456), "USD")).toBe("$1,234.56");
    expect(formatMoney(toCents(5), "USD")).toBe("$0.05");
    expect(formatMoney(toCents(-2500), "USD")).toBe("-$25.00");
  });

  test("euros use the euro sign", () => {
    const euros = formatMoney(toCents(123456), "EUR");
    expect(euros).toContain("1,234.56");
    expect(euros).toContain("€");
    expect(euros).toBe("€1,234.56");
    expect(formatMoney(toCents(-123456), "EUR")).toBe("-€1,234.56");
  });

  test("yen have no minor units: the amount is whole yen, never rounded", () => {
    expect(formatMoney(toCents(123456), "JPY")).toBe("¥123,456");
    expect(formatMoney(toCents(-1235), "JPY")).toBe("-¥1,235");
    expect(formatMoney(toCents(1), "JPY")).toBe("¥1");
  });

  test("dinars have three minor units", () => {
    expect(formatMoney(toCents(123456), "KWD")).toBe("KWD\u00a0123.456");
    expect(formatMoney(toCents(5), "BHD")).toBe("BHD\u00a00.005");
  });

  test("ISO's decimals, not CLDR's: forints and rupiah keep two", () => {
    expect(formatMoney(toCents(123456), "HUF")).toBe("Ft\u00a01,234.56");
    expect(formatMoney(toCents(123456), "IDR")).toBe("Rp\u00a01,234.56");
  });

  test("a yen and a dinar amount sum exactly in their own units", () => {
    const yen = [parseAmountToCents("1200", "JPY"), parseAmountToCents("35", "JPY"), parseAmountToCents("99999", "JPY")].map(Number);
    expect(formatMoney(toCents(yen.reduce((sum, value) => sum + value, 0)), "JPY")).toBe("¥101,234");
    const dinars = [parseAmountToCents("0.001", "BHD"), parseAmountToCents("12.345", "BHD"), parseAmountToCents("0.1", "BHD")].map(Number);
    expect(formatMoney(toCents(dinars.reduce((sum, value) => sum + value, 0)), "BHD")).toBe("BHD\u00a012.446");
  });

  test("the largest exact amount is shown to the cent (dividing by 100 as a float would print .90)", () => {
    expect(formatMoney(toCents(Number.MAX_SAFE_INTEGER), "USD")).toBe("$90,071,992,547,409.91");
  });

  test("non-finite amounts show as zero", () => {
    expect(formatMoney(Number.NaN as Cents, "USD")).toBe("$0.00");
    expect(formatMoney(Number.POSITIVE_INFINITY as Cents, "USD")).toBe("$0.00");
    expect(formatMoney(Number.NEGATIVE_INFINITY as Cents, "EUR")).toBe("€0.00");
  });

  test("another locale formats the same amount its own way", () => {
    expect(formatMoney(toCents(123456), "EUR", "de-DE")).toBe("1.234,56\u00a0€");
  });

  test("a malformed currency code falls back to US dollars instead of throwing", () => {
    expect(formatMoney(toCents(100), "")).toBe("$1.00");
    expect(formatMoney(toCents(100), "dollars")).toBe("$1.00");
    expect(formatMoney(toCents(100), "eur")).toBe("€1.00");
  });
});

describe("typed amounts, for any input", () => {
  test("every amount shown as an input's value reads back to the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseAmountToCents(centsToInput(toCents(cents)))).toBe(cents);
      }),
    );
  });

  test("any text is either whole cents or refused, never an error or a fraction", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d.,\-+e ]{0,12}$/)), (text) => {
        const cents = parseAmountToCents(text);
        expect(cents === null || (isCents(cents) && cents >= 0)).toBe(true);
      }),
    );
  });
});
