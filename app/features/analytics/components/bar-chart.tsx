import { AmountGrid, CHART_COLORS, ChartFrame, ChartMark } from "~/components/ui/chart-frame";
import { formatMoney, toCents } from "~/lib/money";
import type { BarLayout } from "./chart-geometry";

/** Income against expenses of a month: two bars from a zero baseline, as the loader drew them (`drawCharts`). */
export function BarChart({ layout, currency, monthName }: { layout: BarLayout; currency: string; monthName: string }) {
  const { frame, bars, baseline, ticks } = layout;
  const [income, expenses] = bars;
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const colors = [CHART_COLORS.income, CHART_COLORS.expenses];
  const description = `${income.label} ${money(income.value)}, expenses ${money(expenses.value)}, balance ${money(income.value - expenses.value)}.`;

  return (
    <ChartFrame
      title={`Income vs expenses, ${monthName}`}
      description={description}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      testId="income-expense-bar"
      table={{
        caption: `Income and expenses, ${monthName}`,
        columns: ["Figure", "Amount"],
        rows: bars.map((bar) => ({ key: bar.label, cells: [bar.label, money(bar.value)] })),
      }}
    >
      <AmountGrid frame={frame} ticks={ticks} />
      {bars.map((bar, index) => (
        <g key={bar.label}>
          <ChartMark label={`${bar.label}: ${money(bar.value)}`}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={4} fill={colors[index]}>
              <title>{`${bar.label}: ${money(bar.value)}`}</title>
            </rect>
          </ChartMark>
          <text x={bar.x + bar.width / 2} y={bar.y - 6} textAnchor="middle" fontSize={12} fontWeight={600} fill={CHART_COLORS.label}>
            {money(bar.value)}
          </text>
          <text x={bar.x + bar.width / 2} y={baseline + 18} textAnchor="middle" fontSize={12} fill={CHART_COLORS.label}>
            {bar.label}
          </text>
        </g>
      ))}
      <line x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={baseline} y2={baseline} stroke={CHART_COLORS.axis} />
    </ChartFrame>
  );
}
