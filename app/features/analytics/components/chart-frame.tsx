import { useId, type ReactNode } from "react";

/** A data table: what the chart shows, for readers who cannot see it. */
export type ChartTable = { caption: string; columns: string[]; rows: Array<{ key: string; cells: ReactNode[] }> };

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
  return (
    <figure className="space-y-3" data-testid={testId}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={viewBox}
        preserveAspectRatio="xMidYMid meet"
        className="block h-auto max-h-80 min-h-[200px] w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
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
