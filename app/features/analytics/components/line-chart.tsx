import { formatMoney, toCents } from "~/lib/money";
import type { TrendPoint } from "../analytics";
import { CHART_COLORS, ChartFrame, ChartMark } from "./chart-frame";
import { lineLayout, monthTick, type Frame } from "./chart-geometry";

const FRAME: Frame = { width: 560, height: 260, margin: { top: 20, right: 16, bottom: 36, left: 52 } };

const SERIES = [
  { key: "income", label: "Income", color: CHART_COLORS.income, dash: undefined },
  { key: "expenses", label: "Expenses", color: CHART_COLORS.expenses, dash: "6 4" },
] as const;

/** Six months of income and expenses as two lines drawn on the server (expenses dashed, so colour is not the only cue). */
export function LineChart({ points, currency }: { points: TrendPoint[]; currency: string }) {
  const months = points.map((point) => point.month);
  const { lines, xTicks, yTicks } = lineLayout(
    SERIES.map((series) => ({ key: series.key, values: points.map((point) => point[series.key]) })),
    months,
    FRAME,
  );
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const first = monthTick(months[0]);
  const last = monthTick(months[months.length - 1]);
  const describe = (key: "income" | "expenses") => points.map((point) => `${monthTick(point.month)} ${money(point[key])}`).join(", ");
  const description = `From ${first} to ${last}. Income: ${describe("income")}. Expenses: ${describe("expenses")}.`;
  const anyFromBudget = points.some((point) => point.incomeFromBudget);

  return (
    <div className="space-y-2">
      <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm text-slate-700">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <svg aria-hidden="true" width="24" height="8" viewBox="0 0 24 8">
              <line x1="0" x2="24" y1="4" y2="4" stroke={series.color} strokeWidth="3" strokeDasharray={series.dash} />
            </svg>
            {series.label}
          </li>
        ))}
      </ul>
      <ChartFrame
        title={`Income and expenses, ${first} to ${last}`}
        description={description}
        viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
        testId="trend-line"
        table={{
          caption: `Income and expenses by month, ${first} to ${last}`,
          columns: ["Month", "Income", "Expenses"],
          rows: points.map((point) => ({
            key: point.month,
            cells: [monthTick(point.month), point.incomeFromBudget ? `${money(point.income)} (budget)` : money(point.income), money(point.expenses)],
          })),
        }}
      >
        {yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={FRAME.margin.left} x2={FRAME.width - FRAME.margin.right} y1={tick.position} y2={tick.position} stroke={CHART_COLORS.grid} />
            <text x={FRAME.margin.left - 6} y={tick.position} dy="0.32em" textAnchor="end" fontSize={12} fill={CHART_COLORS.label}>
              {tick.label}
            </text>
          </g>
        ))}
        {xTicks.map((tick) => (
          <text key={tick.value} x={tick.position} y={FRAME.height - FRAME.margin.bottom + 20} textAnchor="middle" fontSize={12} fill={CHART_COLORS.label}>
            {tick.label}
          </text>
        ))}
        {lines.map((line, index) => (
          <g key={line.key}>
            <path d={line.path} fill="none" stroke={SERIES[index].color} strokeWidth={2.5} strokeDasharray={SERIES[index].dash} />
            {line.points.map((point, pointIndex) => (
              <ChartMark key={months[pointIndex]} label={`${SERIES[index].label}, ${monthTick(months[pointIndex])}: ${money(point.value)}`}>
                <circle cx={point.x} cy={point.y} r={4} fill="#ffffff" stroke={SERIES[index].color} strokeWidth={2}>
                  <title>{`${SERIES[index].label}, ${monthTick(months[pointIndex])}: ${money(point.value)}`}</title>
                </circle>
              </ChartMark>
            ))}
          </g>
        ))}
      </ChartFrame>
      {anyFromBudget ? <p className="text-xs text-slate-600">Months without recorded income show their budget as income.</p> : null}
    </div>
  );
}
