import { describe, expect, test } from "vitest";
import { dayHeading, isIsoDate, monthKeyOf, monthLabel, monthsBetween, resolveMonth, shiftMonth, todayIso } from "./month";

describe("months", () => {
  const now = new Date(2026, 10, 21);

  test("month keys, labels and shifts", () => {
    expect(monthKeyOf("2026-03-15")).toBe("2026-03");
    expect(monthKeyOf(now)).toBe("2026-11");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-03", -15)).toBe("2024-12");
    expect(shiftMonth("2026-03", 24)).toBe("2028-03");
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(monthLabel("2026-03")).toBe("March 2026");
    expect(Array.from({ length: 12 }, (_, index) => monthLabel(shiftMonth("2026-01", index)))).toEqual(
      ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"].map((name) => `${name} 2026`),
    );
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
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
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

describe("day headings", () => {
  test("name the weekday and month of a calendar day, whatever the time zone", () => {
    expect(dayHeading("2026-11-24")).toBe("Tuesday, November 24, 2026");
    expect(dayHeading("2028-02-29")).toBe("Tuesday, February 29, 2028");
  });
});
