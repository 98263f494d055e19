import { expect, test } from "vitest";
import { formatUtcClock, formatUtcDateTime, formatUtcDay } from "./utc-time";

test("times are written from their UTC fields, without padding, and a non-date is null", () => {
  expect(formatUtcDay("2026-11-05T23:30:00-05:00")).toBe("Nov 6, 2026");
  expect(formatUtcClock("2026-11-05T15:04:00Z")).toBe("3:04 PM UTC");
  expect(formatUtcClock("2026-11-05T00:07:00Z")).toBe("12:07 AM UTC");
  expect(formatUtcDateTime("2026-11-05T15:04:00Z")).toBe("Nov 5, 2026 at 3:04 PM UTC");
  expect(formatUtcDay("not a date")).toBeNull();
});

test("every month has its three-letter English name", () => {
  const days = Array.from({ length: 12 }, (_, month) => formatUtcDay(new Date(Date.UTC(2026, month, 1)).toISOString()));
  expect(days).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map((name) => `${name} 1, 2026`));
});
