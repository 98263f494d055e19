import { describe, expect, test } from "vitest";
import { isIsoDate, monthKeyOf, monthLabel, monthsBetween, resolveMonth, shiftMonth } from "./month";

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

describe("monthsBetween", () => {
  test("counts calendar months, across years and backwards", () => {
    expect(monthsBetween("2026-01", "2026-03")).toBe(2);
    expect(monthsBetween("2025-11", "2026-02")).toBe(3);
    expect(monthsBetween("2026-03", "2026-01")).toBe(-2);
    expect(monthsBetween("2026-03", "2026-03")).toBe(0);
  });
});
