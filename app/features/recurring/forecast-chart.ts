import { extent } from "d3-array";
import { format } from "d3-format";
import { scaleLinear, scaleUtc } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";
import { utcFormat } from "d3-time-format";
import { minorUnitDigits } from "~/lib/money";
import type { ForecastSeries } from "./forecast";

/**
 * The balance forecast chart's geometry, drawn on the server with d3 like the analytics charts: the loader sends
 * the paths and coordinates, the component renders them and imports only types from here, so d3 never reaches
 * the browser.
 */

type Frame = { width: number; height: number; margin: { top: number; right: number; bottom: number; left: number } };

export const FORECAST_FRAME: Frame = { width: 640, height: 280, margin: { top: 28, right: 16, bottom: 36, left: 56 } };

/** An x tick every this many days from today: a week apart, on today's weekday. */
const DAYS_BETWEEN_TICKS = 7;

/** The amount axis of balances that are all zero: up to 100 whole units, so it still has a scale. */
const EMPTY_CEILING_UNITS = 100;

const siTick = format(".3~s");
const fractionTick = format(".3~g");
/**
 * An amount in minor units as an axis tick in whole units of `currency`, SI-shortened to three digits:
 * 150000 cents → "1.5k", −30000 → "−300"; under one unit as a decimal ("0.5"), which SI would write "500m".
 */
export function formatTick(amount: number, currency: string) {
  const units = amount / 10 ** minorUnitDigits(currency);
  return Math.abs(units) < 1 ? fractionTick(units) : siTick(units);
}

const dayShort = utcFormat("%b %-d");
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** "2026-12-07" → "Dec 7", whatever the time zone. */
export function dayTick(date: string) {
  return dayShort(utcDay(date));
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}

/** A series to draw: a forecast of an account or of the total, with the key the component knows it by. */
export type ForecastLine = { key: string } & Pick<ForecastSeries, "days" | "lowest" | "belowZero">;

type Point = { date: string; label: string; x: number; y: number; balance: number };

/**
 * One line per series over the same days (the first series' days), on one amount axis in `currency`. Balances
 * hold from one day to the next, so the lines are steps. The amount axis always takes in zero; when it goes below
 * zero, the zero line and the area under it are drawn.
 */
export function forecastLayout(lines: [ForecastLine, ...ForecastLine[]], { currency, frame = FORECAST_FRAME }: { currency: string; frame?: Frame }) {
  const dates = lines[0].days.map((day) => day.date);
  const left = frame.margin.left;
  const right = frame.width - frame.margin.right;
  const bottom = frame.height - frame.margin.bottom;
  const x = scaleUtc()
    .domain([utcDay(dates[0]), utcDay(dates[dates.length - 1])])
    .range([left, right]);
  const [lowest = 0, highest = 0] = extent(lines.flatMap((each) => each.days.map((day) => day.balance)));
  const floor = Math.min(0, lowest);
  const ceiling = Math.max(0, highest);
  const y = scaleLinear()
    .domain(floor === ceiling ? [0, EMPTY_CEILING_UNITS * 10 ** minorUnitDigits(currency)] : [floor, ceiling])
    .range([bottom, frame.margin.top])
    .nice(4);
  const path = line<Point>()
    .x((point) => point.x)
    .y((point) => point.y)
    .curve(curveStepAfter)
    .digits(2);

  const pointOf = (date: string, balance: number): Point => ({ date, label: dayTick(date), x: round(x(utcDay(date))), y: round(y(balance)), balance });
  const drawn = lines.map((each) => {
    const points = each.days.map((day) => pointOf(day.date, day.balance));
    const { belowZero: below } = each;
    const belowZero = below ? { ...points[each.days.findIndex((day) => day.date === below.date)], already: below.already } : null;
    return { key: each.key, path: path(points) ?? "", points, lowest: pointOf(each.lowest.date, each.lowest.balance), belowZero };
  });

  const zeroLine = y.domain()[0] < 0 ? round(y(0)) : null;
  return {
    frame,
    lines: drawn,
    zeroLine,
    belowZeroArea: zeroLine === null ? null : { x: left, y: zeroLine, width: round(right - left), height: round(bottom - zeroLine) },
    xTicks: dates.filter((_, index) => index % DAYS_BETWEEN_TICKS === 0).map((date) => ({ value: date, position: round(x(utcDay(date))), label: dayTick(date) })),
    yTicks: y.ticks(4).map((value) => ({ value, position: round(y(value)), label: formatTick(value, currency) })),
  };
}

export type ForecastLayout = ReturnType<typeof forecastLayout>;
