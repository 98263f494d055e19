import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { amountParts, detectDecimalMark, parseAmount } from "./amounts";
import type { DecimalMark } from "./readers/source";

const minorUnits = (text: string, mark: DecimalMark | null, currency = "USD") => {
  const parsed = parseAmount(text, mark, currency);
  return parsed.ok ? parsed.cents : parsed.error;
};

describe("reading an amount with a known decimal mark", () => {
  test.each([
    ["-8,78", "comma", -878],
    ["-750,00", "comma", -75000],
    ["1.234,56", "comma", 123456],
    ["1 234,56", "comma", 123456],
    ["1\u00A0234,56", "comma", 123456],
    ["1'234.50", "point", 123450],
    ["-1,234.56", "point", -123456],
    ["12,34,567.00", "point", 1234567_00],
    ["(12.50)", "point", -1250],
    ["12.50-", "point", -1250],
    ["+8,78", "comma", 878],
    ["$45.00", "point", 4500],
    ["-$45.00", "point", -4500],
    ["45,00 EUR", "comma", 4500],
    ["EUR -45,00", "comma", -4500],
    ["CHF 1'250.50", "point", 125050],
    ["−8,78", "comma", -878],
    ["12.34 DR", "point", -1234],
    ["12.34 CR", "point", 1234],
    [".50", "point", 50],
    ["2500", null, 250000],
    ["1,234", null, 123400],
  ] as const)("%s with a decimal %s is %i cents", (text, mark, expected) => {
    expect(minorUnits(text, mark)).toBe(expected);
  });

  test("up to four decimals, rounded half to even only when a third or fourth decimal is not zero", () => {
    expect(parseAmount("59.8900", "point", "USD")).toEqual({ ok: true, cents: 5989, rounded: false });
    expect(parseAmount("-12.3450", "point", "USD")).toEqual({ ok: true, cents: -1234, rounded: true });
    expect(parseAmount("0.125", "point", "USD")).toEqual({ ok: true, cents: 12, rounded: true });
    expect(parseAmount("0.135", "point", "USD")).toEqual({ ok: true, cents: 14, rounded: true });
    expect(parseAmount("0,1251", "comma", "USD")).toEqual({ ok: true, cents: 13, rounded: true });
    expect(minorUnits("1.23456", "point")).toBe('amount "1.23456" has more than 4 decimals');
  });

  test("a cell that does not fit the column's format is an error, never a different number", () => {
    expect(minorUnits("1,234.56", "comma")).toBe('amount "1,234.56" does not fit the number format');
    expect(minorUnits("8.78", null)).toBe('amount "8.78" does not fit the number format');
    expect(minorUnits("1.23.456,00", "comma")).toBe('amount "1.23.456,00" does not fit the number format');
    expect(minorUnits("abc", "point")).toBe('invalid amount "abc"');
    expect(minorUnits("12abc34", "point")).toBe('invalid amount "12abc34"');
    expect(minorUnits("", "point")).toBe('invalid amount ""');
    expect(minorUnits("99999999999.99", "point")).toBe('amount "99999999999.99" is too large');
  });
});

describe("the signs and currencies around an amount", () => {
  test("a sign before the currency, with or without a space, and the mark that gave the sign", () => {
    expect(amountParts("+ £1,100.00")).toEqual({ negative: false, core: "1,100.00", marker: "+" });
    expect(amountParts("-$5.00")).toEqual({ negative: true, core: "5.00", marker: "-" });
    expect(amountParts("(12.50)")).toEqual({ negative: true, core: "12.50", marker: "-" });
    expect(amountParts("250.00 CR")).toEqual({ negative: false, core: "250.00", marker: "CR" });
    expect(amountParts("US$ 40")).toEqual({ negative: false, core: "40", marker: null });
    expect(amountParts("12,00 zł")).toEqual({ negative: false, core: "12,00", marker: null });
  });

  test("words that end in a number are text: only a currency's code or sign is taken off", () => {
    for (const text of ["Shop 12", "POS 1234", "Row 7", "Payroll 2"]) expect(amountParts(text), text).toBeNull();
    expect(amountParts("CAD 12")).toMatchObject({ core: "12" });
  });
});

describe("amounts in the minor units of their currency", () => {
  test("yen have none: a yen amount is whole yen, and decimals are rounded half to even to whole yen", () => {
    expect(minorUnits("1234", null, "JPY")).toBe(1234);
    expect(minorUnits("-1,280", "point", "JPY")).toBe(-1280);
    expect(minorUnits("¥250.000", "comma", "JPY")).toBe(250000);
    expect(parseAmount("1234.00", "point", "JPY")).toEqual({ ok: true, cents: 1234, rounded: false });
    expect(parseAmount("1234.5", "point", "JPY")).toEqual({ ok: true, cents: 1234, rounded: true });
    expect(parseAmount("1235.5", "point", "JPY")).toEqual({ ok: true, cents: 1236, rounded: true });
    expect(parseAmount("-450,50", "comma", "JPY")).toEqual({ ok: true, cents: -450, rounded: true });
    expect(parseAmount("99.4999", "point", "JPY")).toEqual({ ok: true, cents: 99, rounded: true });
    expect(minorUnits("1234.56789", "point", "JPY")).toBe('amount "1234.56789" has more than 4 decimals');
  });

  test("Kuwaiti and Bahraini dinars have three, fils: a fourth decimal is rounded half to even to fils", () => {
    expect(minorUnits("1.234", "point", "KWD")).toBe(1234);
    expect(minorUnits("-0,5", "comma", "BHD")).toBe(-500);
    expect(minorUnits("12", null, "KWD")).toBe(12000);
    expect(parseAmount("1.2340", "point", "BHD")).toEqual({ ok: true, cents: 1234, rounded: false });
    expect(parseAmount("1.2345", "point", "BHD")).toEqual({ ok: true, cents: 1234, rounded: true });
    expect(parseAmount("-1.2355", "point", "BHD")).toEqual({ ok: true, cents: -1236, rounded: true });
    expect(parseAmount("0,0006", "comma", "KWD")).toEqual({ ok: true, cents: 1, rounded: true });
    expect(minorUnits("1.23456", "point", "BHD")).toBe('amount "1.23456" has more than 4 decimals');
  });

  test("a currency with four decimals of its own (Chile's UF) reads them exactly", () => {
    expect(parseAmount("37.1234", "point", "CLF")).toEqual({ ok: true, cents: 371234, rounded: false });
    expect(minorUnits("37.12345", "point", "CLF")).toBe('amount "37.12345" has more than 4 decimals');
  });

  test("in a currency without decimals, 1,234 and 1.234 can only group thousands", () => {
    expect(detectDecimalMark(["-1,280", "250,000", "-500"], "JPY")).toMatchObject({ status: "decided", mark: "point" });
    expect(detectDecimalMark(["-1.280", "250.000"], "JPY")).toMatchObject({ status: "decided", mark: "comma" });
    expect(detectDecimalMark(["1.234", "-2.500"], "KWD")).toMatchObject({ status: "ask", reason: "ambiguous" });
  });
});

describe("deciding the decimal mark from the whole column", () => {
  test("cells that can only be read one way decide it", () => {
    expect(detectDecimalMark(["-8,78", "-750,00", "1.250,00"], "USD")).toMatchObject({ status: "decided", mark: "comma" });
    expect(detectDecimalMark(["1,234.56", "-5.00", "12"], "USD")).toMatchObject({ status: "decided", mark: "point" });
    expect(detectDecimalMark(["1,234", "-8,78"], "USD")).toMatchObject({ status: "decided", mark: "comma" });
    expect(detectDecimalMark(["1 250,00", "-3,00"], "USD")).toMatchObject({ status: "decided", mark: "comma" });
  });

  test("when every amount could be 1,234 or 1.234 the user is asked", () => {
    expect(detectDecimalMark(["1,234", "-2,500", "3"], "USD")).toEqual({ status: "ask", reason: "ambiguous", example: "1,234", counts: { point: 0, comma: 0 } });
  });

  test("cells written both ways are a conflict the user settles", () => {
    expect(detectDecimalMark(["1,234.56", "-5.00", "8,78"], "USD")).toEqual({ status: "ask", reason: "conflict", example: "8,78", counts: { point: 2, comma: 1 } });
  });

  test("a column of whole numbers needs no mark", () => {
    expect(detectDecimalMark(["12", "-5", "", "abc"], "USD")).toEqual({ status: "whole", mark: null });
  });
});

/** Writes cents the way some bank would: any decimal mark, grouping, sign and currency style. */
const formattedAmount = fc
  .record({
    cents: fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }),
    mark: fc.constantFrom<DecimalMark>("point", "comma"),
    grouping: fc.constantFrom("none", "mark", " ", "\u00A0", "'"),
    sign: fc.constantFrom("leading", "trailing", "parentheses"),
    plus: fc.boolean(),
    currency: fc.constantFrom("", "$", "€", "EUR ", " EUR", "£", " CHF"),
    decimals: fc.constantFrom(2, 3, 4),
  })
  .map(({ cents, mark, grouping, sign, plus, currency, decimals }) => {
    const decimalMark = mark === "point" ? "." : ",";
    const groupMark = grouping === "none" ? "" : grouping === "mark" ? (mark === "point" ? "," : ".") : grouping;
    const digits = String(Math.abs(cents));
    const whole = digits.length > 2 ? digits.slice(0, -2) : "0";
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, groupMark);
    const number = `${grouped}${decimalMark}${digits.slice(-2).padStart(2, "0")}${"0".repeat(decimals - 2)}`;
    const withCurrency = currency.startsWith(" ") ? `${number}${currency}` : `${currency}${number}`;
    let text = withCurrency;
    if (cents < 0) text = sign === "leading" ? `-${withCurrency}` : sign === "trailing" ? `${withCurrency}-` : `(${withCurrency})`;
    else if (plus) text = `+${withCurrency}`;
    return { cents, mark, decimals, text };
  });

describe("any supported way of writing an amount", () => {
  test("reads back to the same cents", () => {
    fc.assert(
      fc.property(formattedAmount, ({ cents: expected, mark, text }) => {
        expect(parseAmount(text, mark, "USD")).toEqual({ ok: true, cents: expected, rounded: false });
      }),
      { numRuns: 2000 },
    );
  });

  // Three decimals are left out: "5,120" can honestly be read both ways, and a column of only such amounts is asked about.
  test("a column written in one style with two or four decimals is recognised as that style", () => {
    fc.assert(
      fc.property(fc.constantFrom<DecimalMark>("point", "comma"), fc.array(formattedAmount, { minLength: 1, maxLength: 30 }), (mark, amounts) => {
        const column = amounts.filter((amount) => amount.mark === mark && amount.decimals !== 3).map((amount) => amount.text);
        fc.pre(column.length > 0);
        expect(detectDecimalMark(column, "USD")).toMatchObject({ status: "decided", mark });
      }),
      { numRuns: 500 },
    );
  });
});
