import { max } from "d3-array";
import { format } from "d3-format";
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { arc, line, pie, type PieArcDatum } from "d3-shape";
import { utcFormat, utcParse } from "d3-time-format";
import type { AnalyticsFigures } from "../analytics";

/**
 * The charts' geometry: pure functions of the data that return SVG path
 * strings and coordinates, computed with d3 scales and shapes. The loader
 * draws the page's charts with them (`drawCharts`) and the chart components
 * render what it sent, so the HTML already holds the drawing and the browser
 * never loads d3 (about 20 KB gzipped). Components import only types from here.
 */

type Margin = { top: number; right: number; bottom: number; left: number };
type Frame = { width: number; height: number; margin: Margin };

/** Amounts in cents shown as axis ticks in whole units, SI-shortened to three significant digits: 150000 → "1.5k". */
const siTick = format(".3~s");
export function formatTick(cents: number) {
  return siTick(cents / 100);
}

const parseMonth = utcParse("%Y-%m");
const monthShort = utcFormat("%b %Y");
/** "2026-03" → "Mar 2026": axes name a month 'MMM yyyy'. */
export function monthTick(monthKey: string) {
  const date = parseMonth(monthKey);
  return date ? monthShort(date) : monthKey;
}

/** Rounds a coordinate to two decimals, so the markup stays short and stable. */
function round(value: number) {
  return Math.round(value * 100) / 100;
}

type PieArc = { path: string; startAngle: number; endAngle: number; centroid: [number, number] };

/**
 * One arc per value, in the given order (no re-sorting), starting at 12
 * o'clock and going clockwise, centred on (0, 0).
 */
export function pieArcs(values: number[], { outerRadius, innerRadius = 0 }: { outerRadius: number; innerRadius?: number }): PieArc[] {
  const layout = pie<number>()
    .sort(null)
    .value((value) => value);
  const shape = arc<PieArcDatum<number>>().innerRadius(innerRadius).outerRadius(outerRadius).digits(2);
  return layout(values).map((datum) => {
    const [x, y] = shape.centroid(datum);
    return { path: shape(datum) ?? "", startAngle: datum.startAngle, endAngle: datum.endAngle, centroid: [round(x), round(y)] };
  });
}

type Tick = { value: number; position: number; label: string };

function amountScale(maximum: number, frame: Frame) {
  return scaleLinear()
    .domain([0, maximum > 0 ? maximum : 100])
    .range([frame.height - frame.margin.bottom, frame.margin.top])
    .nice(4);
}

function amountTicks(scale: ReturnType<typeof amountScale>): Tick[] {
  return scale.ticks(4).map((value) => ({ value, position: round(scale(value)), label: formatTick(value) }));
}

type BarDatum = { label: string; value: number };
type BarRect = BarDatum & { x: number; y: number; width: number; height: number };

/** Vertical bars from a zero baseline, one band per datum; negative values draw nothing. */
export function barLayout(data: BarDatum[], frame: Frame) {
  const x = scaleBand<string>()
    .domain(data.map((datum) => datum.label))
    .range([frame.margin.left, frame.width - frame.margin.right])
    .paddingInner(0.35)
    .paddingOuter(0.25);
  const y = amountScale(max(data, (datum) => datum.value) ?? 0, frame);
  const baseline = round(y(0));
  const bars: BarRect[] = data.map((datum) => {
    const top = round(y(Math.max(0, datum.value)));
    return { ...datum, x: round(x(datum.label) ?? 0), y: top, width: round(x.bandwidth()), height: round(baseline - top) };
  });
  return { frame, bars, baseline, ticks: amountTicks(y) };
}

export type BarLayout = ReturnType<typeof barLayout>;

type LineSeries<Key extends string = string> = { key: Key; values: number[] };
type LinePoint = { x: number; y: number; value: number };

/** One line per series over the same months (oldest first), with its points and both axes' ticks. */
export function lineLayout<Key extends string>(series: LineSeries<Key>[], months: string[], frame: Frame) {
  const x = scalePoint<string>()
    .domain(months)
    .range([frame.margin.left, frame.width - frame.margin.right])
    .padding(0.3);
  const y = amountScale(max(series.flatMap((each) => each.values)) ?? 0, frame);
  const path = line<LinePoint>()
    .x((point) => point.x)
    .y((point) => point.y)
    .digits(2);
  const lines = series.map((each) => {
    const points = each.values.map((value, index) => ({ x: round(x(months[index]) ?? 0), y: round(y(value)), value }));
    return { key: each.key, points, path: path(points) ?? "" };
  });
  return {
    frame,
    lines,
    xTicks: months.map((month) => ({ value: month, position: round(x(month) ?? 0), label: monthTick(month) })),
    yTicks: amountTicks(y),
  };
}

export type LineLayout<Key extends string = string> = ReturnType<typeof lineLayout<Key>>;

export type PieLayout = { radius: number; arcs: PieArc[] };

const PIE_RADIUS = 100;
const BAR_FRAME: Frame = { width: 360, height: 240, margin: { top: 24, right: 16, bottom: 32, left: 48 } };
const LINE_FRAME: Frame = { width: 560, height: 260, margin: { top: 20, right: 16, bottom: 36, left: 52 } };

/**
 * The page's three charts: the expense pie (slices in their order), income
 * against expenses (a budget standing in for income is named so), and the
 * six-month lines of income and expenses.
 */
export function drawCharts({ slices, current, trend }: Pick<AnalyticsFigures, "slices" | "current" | "trend">) {
  const pie: PieLayout = { radius: PIE_RADIUS, arcs: pieArcs(slices.map((slice) => slice.amount), { outerRadius: PIE_RADIUS }) };
  const bar = barLayout(
    [
      { label: current.incomeFromBudget ? "Income (budget)" : "Income", value: current.income },
      { label: "Expenses", value: current.expenses },
    ],
    BAR_FRAME,
  );
  const series: LineSeries<"income" | "expenses">[] = [
    { key: "income", values: trend.map((point) => point.income) },
    { key: "expenses", values: trend.map((point) => point.expenses) },
  ];
  const line = lineLayout(series, trend.map((point) => point.month), LINE_FRAME);
  return { pie, bar, line };
}

export type Charts = ReturnType<typeof drawCharts>;
