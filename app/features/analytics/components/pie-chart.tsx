import { ChartFrame, ChartMark } from "~/components/ui/chart-frame";
import { formatMoney, toCents, type Cents } from "~/lib/money";
import type { PieSlice } from "../analytics";
import type { PieLayout } from "./chart-geometry";

/** How many of the largest categories the description names. */
const DESCRIBED = 3;

/** The expense distribution of a month as the pie the loader drew (one arc per slice), with a scrolling legend. */
export function PieChart({ layout, slices, currency, monthName }: { layout: PieLayout; slices: PieSlice[]; currency: string; monthName: string }) {
  const { radius, arcs } = layout;
  const total = toCents(slices.reduce((sum, slice) => sum + slice.amount, 0));
  const money = (cents: Cents) => formatMoney(cents, currency);
  const largest = slices
    .slice(0, DESCRIBED)
    .map((slice) => `${slice.name} ${money(slice.amount)} (${slice.percent.toFixed(1)}%)`)
    .join(", ");
  const description = `Expenses of ${money(total)} across ${slices.length} ${slices.length === 1 ? "category" : "categories"}. Largest: ${largest}.`;

  return (
    <div className="grid items-start gap-4">
      <ChartFrame
        title={`Expense distribution, ${monthName}`}
        description={description}
        viewBox={`${-radius - 4} ${-radius - 4} ${2 * radius + 8} ${2 * radius + 8}`}
        testId="expense-pie"
        table={{
          caption: `Expenses by category, ${monthName}`,
          columns: ["Category", "Amount", "Share"],
          rows: slices.map((slice) => ({ key: slice.id, cells: [slice.name, money(slice.amount), `${slice.percent.toFixed(1)}%`] })),
        }}
      >
        {arcs.map((arc, index) => (
          <ChartMark key={slices[index].id} label={`${slices[index].name}: ${money(slices[index].amount)} (${slices[index].percent.toFixed(1)}%)`}>
            <path d={arc.path} fill={slices[index].color} stroke="#ffffff" strokeWidth={1}>
              <title>{`${slices[index].name}: ${money(slices[index].amount)} (${slices[index].percent.toFixed(1)}%)`}</title>
            </path>
          </ChartMark>
        ))}
      </ChartFrame>
      <ul aria-label="Legend" data-testid="expense-legend" className="max-h-[150px] space-y-1 overflow-y-auto pr-2 text-sm">
        {slices.map((slice) => (
          <li key={slice.id} className="flex items-center gap-2">
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: slice.color }} />
            <span className="min-w-0 flex-1 truncate text-slate-800">{slice.name}</span>
            <span className="tabular-nums text-slate-700">
              {money(slice.amount)} · {slice.percent.toFixed(1)}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
