import { formatMoney, toCents } from "~/lib/money";
import { CHART_COLORS, ChartFrame, ChartMark } from "./chart-frame";
import { barLayout, type Frame } from "./chart-geometry";

const FRAME: Frame = { width: 360, height: 240, margin: { top: 24, right: 16, bottom: 32, left: 48 } };

/** Income against expenses of a month: two bars from a zero baseline, drawn on the server. */
export function BarChart({
  income,
  expenses,
  incomeFromBudget,
  currency,
  monthName,
}: {
  income: number;
  expenses: number;
  incomeFromBudget: boolean;
  currency: string;
  monthName: string;
}) {
  const incomeLabel = incomeFromBudget ? "Income (budget)" : "Income";
  const { bars, baseline, ticks } = barLayout(
    [
      { label: incomeLabel, value: income },
      { label: "Expenses", value: expenses },
    ],
    FRAME,
  );
  const money = (cents: number) => formatMoney(toCents(cents), currency);
  const colors = [CHART_COLORS.income, CHART_COLORS.expenses];
  const description = `${incomeLabel} ${money(income)}, expenses ${money(expenses)}, balance ${money(income - expenses)}.`;

  return (
    <ChartFrame
      title={`Income vs expenses, ${monthName}`}
      description={description}
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      testId="income-expense-bar"
      table={{
        caption: `Income and expenses, ${monthName}`,
        columns: ["Figure", "Amount"],
        rows: bars.map((bar) => ({ key: bar.label, cells: [bar.label, money(bar.value)] })),
      }}
    >
      {ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={FRAME.margin.left} x2={FRAME.width - FRAME.margin.right} y1={tick.position} y2={tick.position} stroke={CHART_COLORS.grid} />
          <text x={FRAME.margin.left - 6} y={tick.position} dy="0.32em" textAnchor="end" fontSize={12} fill={CHART_COLORS.label}>
            {tick.label}
          </text>
        </g>
      ))}
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
      <line x1={FRAME.margin.left} x2={FRAME.width - FRAME.margin.right} y1={baseline} y2={baseline} stroke={CHART_COLORS.axis} />
    </ChartFrame>
  );
}
