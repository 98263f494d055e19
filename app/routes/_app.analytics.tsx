import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { getAnalytics } from "~/features/analytics/analytics.server";
import { parseTab } from "~/features/analytics/analytics";
import {
  AnalyticsTabs,
  ComparisonCards,
  LockedPanel,
  MonthSelector,
  OverviewPanel,
  SavingsPanel,
  TrendsPanel,
} from "~/features/analytics/components/analytics-page";
import { monthLabel, resolveMonth } from "~/lib/month";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Analytics" };

/**
 * Free users get the locked screen (status 200, decision 140). The month is
 * `?month=yyyy-MM` (anything else, or a month more than five years away, falls
 * back to the current month) and the tab `?tab=` (unknown → Overview). Figures
 * come from month summaries, never from transactions (decision 140).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return { locked: true as const };
  const { searchParams } = new URL(request.url);
  const month = resolveMonth(searchParams.get("month"));
  const tab = parseTab(searchParams.get("tab"));
  const figures = await getAnalytics(user.id, month);
  return { locked: false as const, month, tab, currency: user.currency, ...figures };
}

export default function AnalyticsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <LockedPanel />;
  const { month, tab, currency, comparison } = data;
  const monthName = monthLabel(month);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900">Your financial analytics</h2>
          <p className="mt-1 text-sm text-slate-600">{monthName}</p>
        </div>
        <MonthSelector month={month} tab={tab} />
      </header>
      <ComparisonCards comparison={comparison} currency={currency} />
      <AnalyticsTabs month={month} tab={tab} />
      {tab === "overview" ? (
        <OverviewPanel
          slices={data.slices}
          hasExpenseCategories={data.hasExpenseCategories}
          current={data.current}
          currency={currency}
          monthName={monthName}
        />
      ) : tab === "trends" ? (
        <TrendsPanel trend={data.trend} currency={currency} />
      ) : (
        <SavingsPanel current={data.current} savingsCategories={data.savingsCategories} currency={currency} monthName={monthName} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Analytics | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
