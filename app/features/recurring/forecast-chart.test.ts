import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { forecastBalances, type ForecastAccount, type ForecastFlow } from "./forecast";
import { dayTick, forecastLayout, formatTick } from "./forecast-chart";

/** A plot of 300 × 200 units inside a 20-unit margin: 31 days are 10 units apart. */
const frame = { width: 340, height: 240, margin: { top: 20, right: 20, bottom: 20, left: 20 } };
const checking: ForecastAccount = { id: "checking", name: "Checking", currency: "USD", balance: toCents(120000) };
const flow = (date: string, amount: number, label: string, accountId = "checking"): ForecastFlow => ({ accountId, date, amount: toCents(amount), label, kind: "scheduled" });

function forecast(accounts: ForecastAccount[], flows: ForecastFlow[], days = 30) {
  return forecastBalances({ today: "2026-12-01", days, accounts, flows, reportingCurrency: "USD" });
}

describe("the forecast chart's geometry", () => {
  const { total } = forecast([checking], [flow("2026-12-03", -150000, "Rent"), flow("2026-12-10", 200000, "Salary")]);
  const layout = forecastLayout([{ key: "total", ...total }], { currency: "USD", frame });
  const [line] = layout.lines;

  test("the days across the plot, a tick every seven days from today labelled like 'Dec 8'", () => {
    expect(line.points.map((point) => point.x)).toEqual(Array.from({ length: 31 }, (_, index) => 20 + 10 * index));
    expect(layout.xTicks).toEqual([
      { value: "2026-12-01", position: 20, label: "Dec 1" },
      { value: "2026-12-08", position: 90, label: "Dec 8" },
      { value: "2026-12-15", position: 160, label: "Dec 15" },
      { value: "2026-12-22", position: 230, label: "Dec 22" },
      { value: "2026-12-29", position: 300, label: "Dec 29" },
    ]);
  });

  test("amounts from −$300.00 to $1,700.00 on a −$500 to $2,000 axis (nice), zero at 180, ticks SI-shortened", () => {
    expect(layout.yTicks.map((tick) => [tick.label, tick.position])).toEqual([
      ["−500", 220],
      ["0", 180],
      ["500", 140],
      ["1k", 100],
      ["1.5k", 60],
      ["2k", 20],
    ]);
    expect(line.points.slice(0, 3).map((point) => [point.label, point.y, point.balance])).toEqual([
      ["Dec 1", 84, 120000],
      ["Dec 2", 84, 120000],
      ["Dec 3", 204, -30000],
    ]);
    expect(line.points[9]).toEqual({ date: "2026-12-10", label: "Dec 10", x: 110, y: 44, balance: 170000 });
  });

  test("a step line: the balance holds until the next day, drops on Dec 3 and rises on Dec 10", () => {
    expect(line.path.startsWith("M20,84L30,84L30,84L40,84L40,204L50,204")).toBe(true);
    expect(line.path).toContain("L110,204L110,44");
    expect(line.path.endsWith("L320,44L320,44")).toBe(true);
  });

  test("the lowest point and the first day below zero, where they are drawn", () => {
    expect(line.lowest).toEqual({ date: "2026-12-03", label: "Dec 3", x: 40, y: 204, balance: -30000 });
    expect(line.belowZero).toEqual({ date: "2026-12-03", label: "Dec 3", x: 40, y: 204, balance: -30000, already: false });
  });

  test("below zero: the zero line and the area under it, to the plot's bottom", () => {
    expect(layout.zeroLine).toBe(180);
    expect(layout.belowZeroArea).toEqual({ x: 20, y: 180, width: 300, height: 40 });
  });
});

describe("edge cases", () => {
  test("never below zero: the axis starts at zero, without a zero line or an area under it", () => {
    const layout = forecastLayout([{ key: "total", ...forecast([checking], [flow("2026-12-05", 30000, "Refund")]).total }], { currency: "USD", frame });
    expect(layout.yTicks[0]).toEqual({ value: 0, position: 220, label: "0" });
    expect(layout.zeroLine).toBeNull();
    expect(layout.belowZeroArea).toBeNull();
    expect(layout.lines[0].belowZero).toBeNull();
  });

  test("below zero throughout: zero at the top, the whole plot under it; already below zero is drawn at today", () => {
    const overdrawn = { ...checking, balance: toCents(-40000) };
    const layout = forecastLayout([{ key: "total", ...forecast([overdrawn], [flow("2026-12-05", -10000, "Fee")]).total }], { currency: "USD", frame });
    expect(layout.zeroLine).toBe(20);
    expect(layout.belowZeroArea).toEqual({ x: 20, y: 20, width: 300, height: 200 });
    expect(layout.lines[0].belowZero).toMatchObject({ date: "2026-12-01", x: 20, already: true });
    expect(layout.lines[0].lowest).toMatchObject({ date: "2026-12-05", x: 60, balance: -50000 });
  });

  test("all balances zero: an axis up to 100 units still", () => {
    const layout = forecastLayout([{ key: "total", ...forecast([], []).total }], { currency: "USD", frame });
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(["0", "20", "40", "60", "80", "100"]);
    expect(new Set(layout.lines[0].points.map((point) => point.y))).toEqual(new Set([220]));
  });

  test("today alone: one point in the middle", () => {
    const layout = forecastLayout([{ key: "total", ...forecast([checking], [], 0).total }], { currency: "USD", frame });
    expect(layout.lines[0].points).toEqual([{ date: "2026-12-01", label: "Dec 1", x: 170, y: 20, balance: 120000 }]);
  });

  test("the total and one account on one axis that holds both", () => {
    const savings: ForecastAccount = { id: "savings", name: "Savings", currency: "USD", balance: toCents(400000) };
    const { total, accounts } = forecast([checking, savings], [flow("2026-12-03", -150000, "Rent")]);
    const layout = forecastLayout(
      [
        { key: "total", ...total },
        { key: "checking", ...accounts[0] },
      ],
      { currency: "USD", frame },
    );
    expect(layout.lines.map((each) => each.key)).toEqual(["total", "checking"]);
    // −$300.00 to $5,200.00 in four steps or so: $2,000 apart, from −$2,000 to $6,000.
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(["−2k", "0", "2k", "4k", "6k"]);
    expect(layout.lines[1].lowest).toMatchObject({ date: "2026-12-03", balance: -30000 });
    expect(layout.lines[0].belowZero).toBeNull();
  });
});

describe("labels", () => {
  test("ticks in whole units of the currency, SI-shortened; under one unit as a decimal", () => {
    expect(formatTick(150000, "USD")).toBe("1.5k");
    expect(formatTick(-30000, "USD")).toBe("−300");
    expect(formatTick(150000, "JPY")).toBe("150k");
    expect(formatTick(1234567, "BHD")).toBe("1.23k");
    expect(formatTick(50, "USD")).toBe("0.5");
    expect(formatTick(0, "USD")).toBe("0");
  });

  test("days 'MMM d', the same in every time zone", () => {
    expect(dayTick("2026-12-07")).toBe("Dec 7");
    expect(dayTick("2027-01-01")).toBe("Jan 1");
  });
});
