import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { CATEGORY_VIEW_LABELS, viewTotal, type CategoryRow, type CategoryView } from "~/features/categories/category-figures";
import { dashboardUrl } from "~/features/dashboard/dashboard";
import { CollapsiblePanel } from "./collapsible-panel";

/** Tabs are links (`?incomeView=received`), so they work without JavaScript and keep the other query values. */
function ViewTabs<View extends CategoryView>({ label, param, views, current }: { label: string; param: string; views: readonly View[]; current: View }) {
  const [searchParams] = useSearchParams();
  return (
    <nav aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-1">
      {views.map((view) => (
        <Link
          key={view}
          to={dashboardUrl(searchParams, { [param]: view })}
          preventScrollReset
          replace
          aria-current={view === current ? "true" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${
            view === current ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          {CATEGORY_VIEW_LABELS[view]}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Income Sources or Expense Categories: view tabs, the total of the current
 * view, and the category cards (`children`).
 */
export function CategorySection<View extends CategoryView>({
  title,
  param,
  views,
  view,
  rows,
  currency,
  children,
}: {
  title: string;
  param: string;
  views: readonly View[];
  view: View;
  rows: CategoryRow[];
  currency: string;
  children: ReactNode;
}) {
  const total = viewTotal(rows, view);
  return (
    <CollapsiblePanel title={title} count={rows.length}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ViewTabs label={`${title} view`} param={param} views={views} current={view} />
        <p className="text-sm text-slate-600">
          Total {CATEGORY_VIEW_LABELS[view].toLowerCase()}:{" "}
          <span data-testid={`${param}-total`} className={`font-semibold ${total < 0 ? "text-red-600" : "text-slate-900"}`}>
            {formatMoney(total, currency)}
          </span>
        </p>
      </div>
      {children}
    </CollapsiblePanel>
  );
}
