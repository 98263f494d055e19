import { formatMoney } from "~/lib/money";
import type { BudgetCard } from "~/features/dashboard/dashboard";

export const EMPTY_BUDGET_TEXT = "No budget set for this month";

/** The month's budget, what is left of it, what the categories plan, and how much of it they allocate. */
export function BudgetFigures({ budget, currency }: { budget: BudgetCard; currency: string }) {
  const percentText = budget.percentAllocated === null ? "Nothing to allocate" : `${Math.round(budget.percentAllocated)}% allocated`;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">Monthly budget</dt>
          <dd data-testid="budget-amount" className="text-2xl font-bold text-slate-900">
            {formatMoney(budget.amount, currency)}
          </dd>
          {budget.carriedOver ? <dd className="text-xs text-slate-500">Carried over from last month</dd> : null}
        </div>
        <div>
          <dt className="text-sm text-slate-500">Left</dt>
          <dd data-testid="budget-left" className={`text-2xl font-bold ${budget.left < 0 ? "text-red-600" : "text-emerald-700"}`}>
            {formatMoney(budget.left, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Planned across categories</dt>
          <dd data-testid="budget-planned" className="text-2xl font-bold text-slate-900">
            {formatMoney(budget.planned, currency)}
          </dd>
        </div>
      </dl>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-600">Allocated to categories</span>
          <span data-testid="budget-percent" className={budget.overAllocated ? "font-semibold text-red-600" : "text-slate-700"}>
            {percentText}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Budget allocated to categories"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(budget.barPercent)}
          className="h-3 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            data-over={budget.overAllocated || undefined}
            className={`h-full rounded-full ${budget.overAllocated ? "bg-red-500" : "bg-brand-600"}`}
            style={{ width: `${budget.barPercent}%` }}
          />
        </div>
      </div>
    </div>
  );
}
