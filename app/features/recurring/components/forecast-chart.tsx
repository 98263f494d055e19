import { AmountGrid, CHART_COLORS, ChartFrame, ChartMark } from "~/components/ui/chart-frame";
import { formatMoney, toCents } from "~/lib/money";
import { formatUtcDay } from "~/lib/utc-time";
import type { ForecastDay, ForecastSeries } from "../forecast";
import type { ForecastLayout } from "../forecast-chart";

/** A forecast the chart shows, with its name; `key` is the key of its line in the layout. */
export type ShownForecast = { key: string; label: string; series: ForecastSeries };

/** The first line solid, the second dashed, so colour is not the only cue. blue-700 6.7:1 and violet-700 7.1:1 on white. */
const LINE_STYLES = [
  { color: "#1d4ed8", dash: undefined },
  { color: "#6d28d9", dash: "8 4" },
] as const;

/** red-50, the area under zero (its text label says what it is). */
const BELOW_ZERO_FILL = "#fef2f2";

/** Room, in chart units, that a label needs to sit left of the lowest point rather than above it. */
const LABEL_ROOM = 120;

function signed(amount: number, currency: string) {
  const money = formatMoney(toCents(amount), currency);
  return amount > 0 ? `+${money}` : money;
}

function flowsText(day: ForecastDay, currency: string) {
  if (day.flows.length === 0) return "None";
  return day.flows
    .map((flow) => {
      const due = flow.date === day.date ? "" : ` (due ${formatUtcDay(flow.date)})`;
      const usual = flow.kind === "usual" ? " (usual)" : "";
      return `${flow.label} ${signed(flow.amount, currency)}${due}${usual}`;
    })
    .join("; ");
}

/**
 * The balance forecast as the loader drew it (`forecastLayout`): a step line per forecast, the first one's days in
 * the table. Each line's lowest point is a labelled circle and the day it goes below zero a dashed marker named at
 * the top; the area under zero is shaded, named "Below zero" and bounded by a dashed zero line.
 */
export function ForecastChart({ layout, shown }: { layout: ForecastLayout; shown: [ShownForecast] | [ShownForecast, ShownForecast] }) {
  const { frame, zeroLine, belowZeroArea, xTicks, yTicks } = layout;
  const [main] = shown;
  const dayLabels = new Map(layout.lines[0].points.map((point) => [point.date, point.label]));
  const dayName = (date: string) => dayLabels.get(date) ?? date;
  const first = dayName(main.series.days[0].date);
  const last = dayName(main.series.days[main.series.days.length - 1].date);
  const named = (forecast: ShownForecast, text: string) => (shown.length > 1 ? `${forecast.label}: ${text}` : text);
  const plotTop = frame.margin.top;
  const plotBottom = frame.height - frame.margin.bottom;

  const describe = ({ label, series }: ShownForecast) => {
    const money = (amount: number) => formatMoney(toCents(amount), series.currency);
    const end = series.days[series.days.length - 1];
    const { belowZero, backAboveZero } = series;
    const back = backAboveZero ? `, back above zero on ${dayName(backAboveZero)}` : `, still below zero on ${last}`;
    const below = !belowZero ? "never below zero" : `${belowZero.already ? "already below zero today" : `below zero from ${dayName(belowZero.date)}`}${back}`;
    return `${label}: ${money(series.opening)} today, ${money(end.balance)} on ${last}; lowest ${money(series.lowest.balance)} on ${dayName(series.lowest.date)}; ${below}.`;
  };

  return (
    <div className="space-y-2">
      {shown.length > 1 ? (
        <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm text-slate-700">
          {shown.map((forecast, index) => (
            <li key={forecast.key} className="flex items-center gap-2">
              <svg aria-hidden="true" width="24" height="8" viewBox="0 0 24 8">
                <line x1="0" x2="24" y1="4" y2="4" stroke={LINE_STYLES[index].color} strokeWidth="3" strokeDasharray={LINE_STYLES[index].dash} />
              </svg>
              {forecast.label}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartFrame
        title={`Balance forecast, ${first} to ${last}`}
        description={`From ${first} to ${last}. ${shown.map(describe).join(" ")}`}
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        testId="balance-forecast"
        table={{
          caption: `Balance forecast by day, ${first} to ${last}`,
          columns: ["Day", shown.length > 1 ? `${main.label} balance` : "Balance", ...shown.slice(1).map((forecast) => `${forecast.label} balance`), "Flows that day"],
          rows: main.series.days.map((day, index) => ({
            key: day.date,
            cells: [
              dayName(day.date),
              ...shown.map((forecast) => formatMoney(forecast.series.days[index].balance, forecast.series.currency)),
              flowsText(day, main.series.currency),
            ],
          })),
        }}
      >
        {belowZeroArea ? (
          <g>
            <rect x={belowZeroArea.x} y={belowZeroArea.y} width={belowZeroArea.width} height={belowZeroArea.height} fill={BELOW_ZERO_FILL} />
            <text x={belowZeroArea.x + belowZeroArea.width - 6} y={plotBottom - 6} textAnchor="end" fontSize={12} fill={CHART_COLORS.expenses}>
              Below zero
            </text>
          </g>
        ) : null}
        <AmountGrid frame={frame} ticks={yTicks} />
        {zeroLine === null ? null : (
          <line x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={zeroLine} y2={zeroLine} stroke={CHART_COLORS.expenses} strokeWidth={1.5} strokeDasharray="4 3" />
        )}
        {xTicks.map((tick) => (
          <text key={tick.value} x={tick.position} y={plotBottom + 20} textAnchor="middle" fontSize={12} fill={CHART_COLORS.label}>
            {tick.label}
          </text>
        ))}
        {shown.map((forecast, index) => {
          const line = layout.lines.find((each) => each.key === forecast.key);
          if (!line) return null;
          const style = LINE_STYLES[index];
          const money = (amount: number) => formatMoney(toCents(amount), forecast.series.currency);
          const { lowest, belowZero } = line;
          const lowestText = named(forecast, `Lowest ${money(lowest.balance)}, ${lowest.label}`);
          const lowestLeft = lowest.x - frame.margin.left >= LABEL_ROOM;
          return (
            <g key={line.key}>
              <path d={line.path} fill="none" stroke={style.color} strokeWidth={2.5} strokeDasharray={style.dash} />
              {belowZero ? (
                <BelowZeroMarker
                  x={belowZero.x}
                  top={plotTop}
                  bottom={plotBottom}
                  toLeft={belowZero.x > frame.width / 2}
                  text={named(forecast, belowZero.already ? "Below zero today" : `Below zero from ${belowZero.label}`)}
                  detail={`${money(belowZero.balance)} at the end of ${belowZero.label}`}
                />
              ) : null}
              <ChartMark label={lowestText}>
                <circle cx={lowest.x} cy={lowest.y} r={5} fill="#ffffff" stroke={style.color} strokeWidth={2.5}>
                  <title>{lowestText}</title>
                </circle>
              </ChartMark>
              <text
                x={lowest.x + (lowestLeft ? -9 : 9)}
                y={lowest.y}
                dy={lowestLeft ? "0.32em" : "-0.6em"}
                textAnchor={lowestLeft ? "end" : "start"}
                fontSize={12}
                fontWeight={600}
                fill={CHART_COLORS.label}
                stroke="#ffffff"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {lowestText}
              </text>
            </g>
          );
        })}
      </ChartFrame>
    </div>
  );
}

/** The first day below zero: a dotted line across the plot at that day, named above the plot. */
function BelowZeroMarker({ x, top, bottom, toLeft, text, detail }: { x: number; top: number; bottom: number; toLeft: boolean; text: string; detail: string }) {
  return (
    <g>
      <ChartMark label={`${text} (${detail})`}>
        <line x1={x} x2={x} y1={top} y2={bottom} stroke={CHART_COLORS.expenses} strokeWidth={2} strokeDasharray="2 3">
          <title>{`${text} (${detail})`}</title>
        </line>
      </ChartMark>
      <text x={x + (toLeft ? -4 : 4)} y={top - 8} textAnchor={toLeft ? "end" : "start"} fontSize={12} fill={CHART_COLORS.expenses}>
        {text}
      </text>
    </g>
  );
}
