import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { getAnalytics, getSpendingByTag } from "~/features/analytics/analytics.server";
import {
  analyticsUrl,
  parseTab,
  tagPeriod,
  unallocatedSavings,
} from "~/features/analytics/analytics";
import { goalsPanelOf, SAVINGS_PATH } from "~/features/savings/savings";
import { getGoalsManagerState } from "~/features/savings/savings.server";
import {
  AnalyticsTabs,
  ComparisonCards,
  LockedPanel,
  MonthSelector,
  OverviewPanel,
  SavingsPanel,
  TagSpendingPanel,
  TrendsPanel,
} from "~/features/analytics/components/analytics-page";
import { aiStatusOf, INSIGHTS_PATH } from "~/features/insights/insights";
import {
  aiAvailability,
  getSpendingInsights,
} from "~/features/insights/insights.server";
import { monthLabel, resolveMonth } from "~/lib/month";
import { notFound } from "~/utils/not-found";
import type { PageHandle } from "~/utils/page-title";
import { newSubmissionKey } from "~/utils/submission.server";

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
  const [figures, goals, insights, tagSpending] = await Promise.all([
    getAnalytics(user.id, month),
    tab === "savings" ? getGoalsManagerState(user.id) : null,
    tab === "insights" ? getSpendingInsights(user.id, month) : null,
    tab === "trends" ? getSpendingByTag(user.id, tagPeriod(month, searchParams.get("tagsFrom"), searchParams.get("tagsTo"))) : null,
  ]);
  const panel = goals
    ? goalsPanelOf(
        searchParams,
        goals.goals.map((goal) => goal.id)
      )
    : null;
  // The goals manager's panels name goals in the query: another user's goal is a 404, as on /savings.
  if (goals && !panel) throw notFound();
  return {
    locked: false as const,
    month,
    tab,
    currency: user.currency,
    ...figures,
    tagSpending,
    goals:
      goals && panel
        ? { ...goals, panel, submissionKey: newSubmissionKey() }
        : null,
    insights:
      tab === "insights"
        ? {
            result: insights,
            aiStatus: aiStatusOf(aiAvailability(user.aiInsights), insights),
          }
        : null,
  };
}

// The Savings and Insights tabs' code (the goal form with its form library, the insights panel) loads when
// one of them is shown, so the Overview stays within the page weight limit (decision 192).
const SavingsGoalsManager = lazy(() =>
  import("~/features/savings/components/savings-goals-manager").then(
    (module) => ({ default: module.SavingsGoalsManager })
  )
);
const InsightsPanel = lazy(() =>
  import("~/features/insights/components/insights-panel").then((module) => ({
    default: module.InsightsPanel,
  }))
);

export default function AnalyticsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) return <LockedPanel />;
  const { month, tab, currency, comparison } = data;
  const monthName = monthLabel(month);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900">
            Your financial analytics
          </h2>
          <p className="mt-1 text-sm text-slate-600">{monthName}</p>
        </div>
        <MonthSelector month={month} tab={tab} />
      </header>
      <ComparisonCards comparison={comparison} currency={currency} />
      <AnalyticsTabs month={month} tab={tab} />
      <Suspense fallback={null}>
        {tab === "overview" ? (
          <OverviewPanel
            charts={data.charts}
            slices={data.slices}
            hasExpenseCategories={data.hasExpenseCategories}
            current={data.current}
            currency={currency}
            monthName={monthName}
          />
        ) : tab === "trends" ? (
          <>
            <TrendsPanel
              charts={data.charts}
              trend={data.trend}
              currency={currency}
            />
            {data.tagSpending ? <TagSpendingPanel month={month} spending={data.tagSpending} currency={currency} /> : null}
          </>
        ) : tab === "insights" ? (
          data.insights ? (
            <InsightsPanel
              result={data.insights.result}
              action={`${INSIGHTS_PATH}?month=${month}`}
              returnTo={analyticsUrl(month, "insights")}
              currency={currency}
              rateLimitMessage={null}
              aiStatus={data.insights.aiStatus}
              monthLabel={monthName}
            />
          ) : null
        ) : (
          <>
            <SavingsPanel
              current={data.current}
              savingsCategories={data.savingsCategories}
              unallocated={
                data.goals
                  ? unallocatedSavings(data.current.savings, data.goals.goals)
                  : null
              }
              currency={currency}
              monthName={monthName}
            />
            {data.goals ? (
              <>
                {data.goals.goals.length === 0 ? (
                  <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
                    <h3 className="text-lg font-semibold text-slate-900">
                      No Savings Goals Yet
                    </h3>
                    <p className="mt-1 text-slate-600">
                      Start tracking your financial goals and watch your savings
                      grow!
                    </p>
                  </div>
                ) : null}
                <SavingsGoalsManager
                  goals={data.goals.goals}
                  accounts={data.goals.accounts}
                  activeGoalId={data.goals.activeGoalId}
                  currency={currency}
                  panel={data.goals.panel}
                  basePath={analyticsUrl(month, "savings")}
                  action={SAVINGS_PATH}
                  returnTo={analyticsUrl(month, "savings")}
                  submissionKey={data.goals.submissionKey}
                />
              </>
            ) : null}
          </>
        )}
      </Suspense>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Analytics | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
