import { AmountGrid, CHART_COLORS, ChartFrame, ChartMark } from "~/components/ui/chart-frame";
import { formatMoney, toCents } from "~/lib/money";
import type { TrendPoint } from "../analytics";
import type { LineLayout } from "./chart-geometry";

const SERIES = {
  income: { label: "Income", color: CHART_COLORS.income, dash: undefined },
  expenses: { label: "Expenses", color: CHART_COLORS.expenses, dash: "6 4" },
} as const;

/** Six months of income and expenses as the two lines the loader drew (expenses dashed, so colour is not the only cue). */
export function LineChart({ layout, points, currency }: { layout: LineLayout<keyof typeof SERIES>; points: TrendPoint[]; currency: string }) {
  const { frame, lines, xTicks, yTicks } = layout;
  const monthName = (index: number) => xTicks[index].label;
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const first = monthName(0);
  const last = monthName(points.length - 1);
  const describe = (key: keyof typeof SERIES) => points.map((point, index) => `${monthName(index)} ${money(point[key])}`).join(", ");
  const description = `From ${first} to ${last}. Income: ${describe("income")}. Expenses: ${describe("expenses")}.`;
  const anyFromBudget = points.some((point) => point.incomeFromBudget);

  return (
    <div className="space-y-2">
      <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm text-slate-700">
        {Object.entries(SERIES).map(([key, series]) => (
          <li key={key} className="flex items-center gap-2">
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
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        testId="trend-line"
        table={{
          caption: `Income and expenses by month, ${first} to ${last}`,
          columns: ["Month", "Income", "Expenses"],
          rows: points.map((point, index) => ({
            key: point.month,
            cells: [monthName(index), point.incomeFromBudget ? `${money(point.income)} (budget)` : money(point.income), money(point.expenses)],
          })),
        }}
      >
        <AmountGrid frame={frame} ticks={yTicks} />
        {xTicks.map((tick) => (
          <text key={tick.value} x={tick.position} y={frame.height - frame.margin.bottom + 20} textAnchor="middle" fontSize={12} fill={CHART_COLORS.label}>
            {tick.label}
          </text>
        ))}
        {lines.map((line) => {
          const series = SERIES[line.key];
          return (
            <g key={line.key}>
              <path d={line.path} fill="none" stroke={series.color} strokeWidth={2.5} strokeDasharray={series.dash} />
              {line.points.map((point, index) => (
                <ChartMark key={xTicks[index].value} label={`${series.label}, ${monthName(index)}: ${money(point.value)}`}>
                  <circle cx={point.x} cy={point.y} r={4} fill="#ffffff" stroke={series.color} strokeWidth={2}>
                    <title>{`${series.label}, ${monthName(index)}: ${money(point.value)}`}</title>
                  </circle>
                </ChartMark>
              ))}
            </g>
          );
        })}
      </ChartFrame>
      {anyFromBudget ? <p className="text-xs text-slate-600">Months without recorded income show their budget as income.</p> : null}
    </div>
  );
}
