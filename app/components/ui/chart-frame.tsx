import { cloneElement, createContext, useContext, useId, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type ReactNode, type SVGProps } from "react";
import { useHydrated } from "~/utils/use-hydrated";

type ActiveMark = { label: string; left: number; top: number };

/** What a chart's marks need once JavaScript runs: to show their label as a tooltip, on hover and on focus. */
const ChartMarksContext = createContext<{ show: (label: string, mark: Element) => void; hide: () => void } | null>(null);

/**
 * One data point of a chart (a slice, a bar, a point). In the server's HTML
 * it is the drawn shape with its <title>; after hydration the same shape
 * becomes focusable, named by `label`, and shows `label` as a tooltip when
 * hovered or focused. There is one drawing path: this only adds behaviour.
 */
export function ChartMark({ label, children }: { label: string; children: ReactElement<SVGProps<SVGElement>> }) {
  const marks = useContext(ChartMarksContext);
  if (!marks) return children;
  const show = (event: FocusEvent<SVGElement> | MouseEvent<SVGElement>) => marks.show(label, event.currentTarget);
  return cloneElement(children, {
    tabIndex: 0,
    role: "img",
    "aria-label": label,
    className: "chart-mark",
    onFocus: show,
    onMouseEnter: show,
    onBlur: marks.hide,
    onMouseLeave: marks.hide,
  });
}

/** A data table: what the chart shows, for readers who cannot see it. */
type ChartTable = { caption: string; columns: string[]; rows: Array<{ key: string; cells: ReactNode[] }> };

/**
 * An SVG chart drawn in the server's HTML: role="img" named by its <title>
 * and described by its <desc> (the key figures), responsive through its
 * viewBox, at least 200px high, with the same figures as a table behind a
 * disclosure.
 */
export function ChartFrame({
  title,
  description,
  viewBox,
  table,
  testId,
  children,
}: {
  title: string;
  description: string;
  viewBox: string;
  table: ChartTable;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveMark | null>(null);
  const marks = {
    show: (label: string, mark: Element) => {
      const box = mark.getBoundingClientRect();
      const origin = frame.current?.getBoundingClientRect();
      setActive({ label, left: box.left + box.width / 2 - (origin?.left ?? 0), top: box.top - (origin?.top ?? 0) });
    },
    hide: () => setActive(null),
  };
  return (
    <figure className="space-y-3" data-testid={testId}>
      <div ref={frame} className="relative">
        {/* With JavaScript the marks are focusable images of their own, so the chart becomes a group of them. */}
        <svg
          role={hydrated ? "group" : "img"}
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={viewBox}
          preserveAspectRatio="xMidYMid meet"
          className={`block h-auto max-h-80 min-h-[200px] w-full ${hydrated ? "chart-enter" : ""}`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <ChartMarksContext.Provider value={hydrated ? marks : null}>{children}</ChartMarksContext.Provider>
        </svg>
        {active ? (
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow"
            style={{ left: active.left, top: active.top - 6 }}
          >
            {active.label}
          </div>
        ) : null}
      </div>
      <details className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Show data table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column, index) => (
                  <th key={column} scope="col" className={`py-1 pr-3 font-semibold text-slate-700 ${index > 0 ? "text-right" : ""}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-200">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="py-1 pr-3 font-normal text-slate-900">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="py-1 pr-3 text-right tabular-nums text-slate-900">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A chart's amount axis: at each tick a grid line across the plot and its label left of it. */
export function AmountGrid({
  frame,
  ticks,
}: {
  frame: { width: number; margin: { left: number; right: number } };
  ticks: Array<{ value: number; position: number; label: string }>;
}) {
  return ticks.map((tick) => (
    <g key={tick.value}>
      <line x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={tick.position} y2={tick.position} stroke={CHART_COLORS.grid} />
      <text x={frame.margin.left - 6} y={tick.position} dy="0.32em" textAnchor="end" fontSize={12} fill={CHART_COLORS.label}>
        {tick.label}
      </text>
    </g>
  ));
}

/** Colours of the charts' text and series, chosen for contrast on white (WCAG: text ≥ 4.5:1, marks ≥ 3:1). */
export const CHART_COLORS = {
  /** slate-600, 7.6:1 on white. */
  label: "#475569",
  /** slate-200, the grid lines (decorative). */
  grid: "#e2e8f0",
  /** slate-400, the baseline. */
  axis: "#94a3b8",
  /** emerald-700, 5.5:1 on white. */
  income: "#047857",
  /** red-700, 6.5:1 on white. */
  expenses: "#b91c1c",
} as const;
