import { describe, expect, test } from "vitest";
import { centsToInput, parseAmountToCents, stripToAmount } from "./money";
import { isIsoDate, monthKeyOf, monthLabel, resolveMonth, shiftMonth } from "./month";

describe("amount parsing", () => {
  test.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    [" 0.99 ", 99],
    ["0", 0],
  ])("%s → %i cents", (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  test.each(["", "abc", "12.345", "-5", "1e3", "12,50", "."])("%s is refused", (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  test("inline edits strip everything but the number", () => {
    expect(stripToAmount("$1,234.56")).toBe("1234.56");
    expect(stripToAmount("1.2.3")).toBe("1.23");
  });

  test("cents back to an input value", () => {
    expect(centsToInput(123456)).toBe("1234.56");
  });
});

describe("months", () => {
  const now = new Date(2026, 10, 21);

  test("month keys, labels and shifts", () => {
    expect(monthKeyOf("2026-03-15")).toBe("2026-03");
    expect(monthKeyOf(now)).toBe("2026-11");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthLabel("2026-03")).toBe("March 2026");
  });

  test("a saved month is restored only within ±5 years", () => {
    expect(resolveMonth("2022-04", now)).toBe("2022-04");
    expect(resolveMonth("2031-12", now)).toBe("2031-12");
    expect(resolveMonth("2020-01", now)).toBe("2026-11");
    expect(resolveMonth("2032-01", now)).toBe("2026-11");
    expect(resolveMonth("2026-13", now)).toBe("2026-11");
    expect(resolveMonth(null, now)).toBe("2026-11");
  });

  test("dates must be real YYYY-MM-DD days", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
  });
});
