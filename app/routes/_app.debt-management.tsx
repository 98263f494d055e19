import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { DEBT_MESSAGES, DEBT_TABS } from "~/features/debts/debts";
import { getDebtStatistics } from "~/features/debts/debts.server";
import { formatMoney } from "~/lib/money";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Debt Management" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return { locked: true as const };
  return { locked: false as const, currency: user.currency, statistics: await getDebtStatistics(user.id) };
}

function LockedPanel() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p aria-hidden="true" className="text-4xl">
        🔒
      </p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">Debt Management Locked</h2>
      <p className="mt-2 text-slate-600">Track your debts, record payments and follow an exact payoff plan with Premium.</p>
      <Link to="/manage-subscription" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Unlock Debt Management
      </Link>
    </section>
  );
}

function SummaryCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export default function DebtManagementLayout() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <LockedPanel />;
  const { statistics, currency } = data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {statistics.count > 0 ? (
        <div className="grid gap-4 sm:grid-cols-3" aria-label="Debt summary">
          <SummaryCard label="Total Debts" value={formatMoney(statistics.totalDebt, currency)} />
          <SummaryCard label="Monthly Payments" value={formatMoney(statistics.totalMinimumPayments, currency)} />
          <SummaryCard label="Average Interest Rate" value={`${statistics.averageInterestRate.toFixed(2)}%`} hint="Weighted by balance" />
        </div>
      ) : null}
      <nav aria-label="Debt management" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {DEBT_TABS.map((tab) => (
          <NavLink
            key={tab.path}
            to={tab.path}
            end
            preventScrollReset
            className={({ isActive }) =>
              `rounded-lg px-4 py-2 text-sm font-semibold ${isActive ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Debt Management | Ledgerly" }];

function ErrorLoadingDebts() {
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6">
      <h2 className="text-lg font-semibold text-red-900">Error Loading Debts</h2>
      <p className="mt-1 text-red-800">{DEBT_MESSAGES.loadFailed}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpectedErrorHandler={() => <ErrorLoadingDebts />} />;
}
