import { describe, expect, test } from "vitest";
import { barLayout, formatTick, lineLayout, monthTick, pieArcs } from "./chart-geometry";

describe("pie arcs", () => {
  test("two equal values: two half discs, the first from 12 o'clock clockwise to 6 o'clock", () => {
    const [first, second] = pieArcs([1, 1], { outerRadius: 100 });
    expect(first).toEqual({ path: "M0,-100A100,100,0,1,1,0,100L0,0Z", startAngle: 0, endAngle: Math.PI, centroid: [50, 0] });
    expect(second).toEqual({ path: "M0,100A100,100,0,1,1,0,-100L0,0Z", startAngle: Math.PI, endAngle: 2 * Math.PI, centroid: [-50, 0] });
  });

  test("3 : 1 keeps the given order: three quarters (large arc) ending at 9 o'clock, then a quarter", () => {
    const [large, small] = pieArcs([3, 1], { outerRadius: 100 });
    expect(large.path).toBe("M0,-100A100,100,0,1,1,-100,0L0,0Z");
    expect(large.endAngle).toBeCloseTo((3 * Math.PI) / 2);
    // Centroid at half the radius, in the middle of the arc (135° clockwise from 12 o'clock).
    expect(large.centroid).toEqual([35.36, 35.36]);
    expect(small.path).toBe("M-100,0A100,100,0,0,1,0,-100L0,0Z");
    expect(small.centroid).toEqual([-35.36, -35.36]);
  });

  test("a single value is a full disc", () => {
    expect(pieArcs([5], { outerRadius: 100 })[0].path).toBe("M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100Z");
  });
});

describe("bars", () => {
  const frame = { width: 360, height: 240, margin: { top: 20, right: 20, bottom: 20, left: 40 } };

  test("two bands across 300 units (inner padding 0.35, outer 0.25), heights on a 0–$4,000 scale over 200 units", () => {
    // step = 300 / (2 − 0.35 + 2 × 0.25) = 139.53; bandwidth = 0.65 × step = 90.70; first band at 40 + 0.25 × step.
    const { bars, baseline, ticks } = barLayout(
      [
        { label: "Income", value: 400000 },
        { label: "Expenses", value: 150000 },
      ],
      frame,
    );
    expect(baseline).toBe(220);
    expect(bars).toEqual([
      { label: "Income", value: 400000, x: 74.88, y: 20, width: 90.7, height: 200 },
      { label: "Expenses", value: 150000, x: 214.42, y: 145, width: 90.7, height: 75 },
    ]);
    expect(ticks.map((tick) => [tick.label, tick.position])).toEqual([
      ["0", 220],
      ["1k", 170],
      ["2k", 120],
      ["3k", 70],
      ["4k", 20],
    ]);
  });

  test("all zero: flat bars on the baseline, still a scale", () => {
    const { bars, ticks } = barLayout([{ label: "Income", value: 0 }], frame);
    expect(bars[0]).toMatchObject({ y: 220, height: 0 });
    expect(ticks.length).toBeGreaterThan(1);
  });

  test("a negative value draws no bar below the baseline", () => {
    expect(barLayout([{ label: "Balance", value: -500 }], frame).bars[0].height).toBe(0);
  });
});

describe("lines", () => {
  test("three months as points (padding 0.3) over 280 units, values on a 0–$2,000 scale over 200 units", () => {
    // step = 280 / (2 + 2 × 0.3) = 107.69; first point at 10 + 0.3 × step = 42.31.
    const { lines, xTicks, yTicks } = lineLayout([{ key: "income", values: [0, 100000, 200000] }], ["2025-12", "2026-01", "2026-02"], {
      width: 300,
      height: 220,
      margin: { top: 10, right: 10, bottom: 10, left: 10 },
    });
    expect(lines).toEqual([
      {
        key: "income",
        path: "M42.31,210L150,110L257.69,10",
        points: [
          { x: 42.31, y: 210, value: 0 },
          { x: 150, y: 110, value: 100000 },
          { x: 257.69, y: 10, value: 200000 },
        ],
      },
    ]);
    expect(xTicks.map((tick) => [tick.label, tick.position])).toEqual([
      ["Dec 2025", 42.31],
      ["Jan 2026", 150],
      ["Feb 2026", 257.69],
    ]);
    expect(yTicks.map((tick) => tick.label)).toEqual(["0", "500", "1k", "1.5k", "2k"]);
  });
});

test("ticks in whole units, three significant digits; months as 'MMM yyyy'", () => {
  expect(formatTick(150000)).toBe("1.5k");
  expect(formatTick(5000)).toBe("50");
  expect(formatTick(123456789)).toBe("1.23M");
  expect(formatTick(0)).toBe("0");
  expect(monthTick("2026-03")).toBe("Mar 2026");
  expect(monthTick("not-a-month")).toBe("not-a-month");
});
