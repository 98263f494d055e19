import { Link } from "@remix-run/react";
import { ProgressBar } from "~/components/ui/progress-bar";
import { formatMoney } from "~/lib/money";
import { DASHBOARD_DEBTS_SHOWN, DEBT_MANAGEMENT_PATH, type DebtItem } from "../debts";
import { percentPaid } from "../payoff";

type ShownDebt = Pick<DebtItem, "id" | "name" | "totalAmount" | "currentBalance">;

/** The dashboard's Debts card: the first three debts with their progress, or the Premium Feature card for free users. */
export function DebtsCard({ debts, count, currency }: { debts: ShownDebt[] | null; count: number; currency: string }) {
  const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
  if (debts === null) {
    return (
      <section aria-labelledby="debts-card-title" className={cardClass}>
        <h2 id="debts-card-title" className="font-semibold text-slate-900">
          Premium Feature
        </h2>
        <p className="mt-1 text-sm text-slate-600">Track your debts and see when you will be debt-free.</p>
        <Link to="/manage-subscription" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Upgrade to Premium
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="debts-card-title" className={cardClass}>
      <div className="flex items-center justify-between">
        <h2 id="debts-card-title" className="font-semibold text-slate-900">
          Debts
        </h2>
        <Link to={DEBT_MANAGEMENT_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
          {count > DASHBOARD_DEBTS_SHOWN ? `View all ${count} debts` : "Manage debts"}
        </Link>
      </div>
      {debts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No debts added yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {debts.map((debt) => {
            const paid = percentPaid(debt.totalAmount, debt.currentBalance);
            return (
              <li key={debt.id}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium text-slate-900">{debt.name}</span>
                  <span className="text-slate-600">
                    {formatMoney(debt.currentBalance, currency)} of {formatMoney(debt.totalAmount, currency)}
                  </span>
                </div>
                <ProgressBar percent={paid} fillClass="bg-green-500" label={`${debt.name} paid off`} className="mt-1 h-2" />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
