import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import { InsightsPanel } from "~/features/insights/components/insights-panel";
import { aiStatusOf, formatGeneratedTime, INSIGHT_INTENTS, INSIGHT_MESSAGES, INSIGHTS_PATH, RATE_LIMIT_MESSAGE } from "~/features/insights/insights";
import { queueInsightsFromModel } from "~/integrations/jobs.server";
import { aiAvailability, generateSpendingInsights, getSpendingInsights, takeRefresh } from "~/features/insights/insights.server";
import { monthLabel, resolveMonth } from "~/lib/month";
import { readForm } from "~/utils/form-body.server";
import type { PageHandle } from "~/utils/page-title";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

export const handle: PageHandle = { title: "Personalized Insights" };

/** Where a refresh goes back to: this page, or the analytics Insights tab that embeds the panel. */
function returnPath(value: FormDataEntryValue | null, month: string) {
  return typeof value === "string" && /^\/analytics\?month=\d{4}-\d{2}&tab=insights$/.test(value) ? value : `${INSIGHTS_PATH}?month=${month}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePremiumUser(request);
  const month = resolveMonth(new URL(request.url).searchParams.get("month"));
  const result = await getSpendingInsights(user.id, month);
  return { month, currency: user.currency, result, aiStatus: aiStatusOf(aiAvailability(user.aiInsights), result) };
}

/**
 * Generates the month's insights (a POST form, so it works without
 * JavaScript) and goes back at once with the rules engine's. When a model may
 * be asked, a job asks it and the page says so until its answer replaces
 * them (or its failure shows above them): that note is the page's one
 * announcement, so no toast. Refreshes are limited per user per hour.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requirePremiumUser(request);
  const form = await readForm(request);
  const month = resolveMonth(new URL(request.url).searchParams.get("month"));
  if (form.get("intent") !== INSIGHT_INTENTS.refresh) return data({ rateLimitMessage: null, error: "Unknown action" }, { status: 400 });
  if (!(await takeRefresh(user.id))) return data({ rateLimitMessage: RATE_LIMIT_MESSAGE, error: null }, { status: 429 });
  const { result, modelAsked } = await generateSpendingInsights(user.id, month);
  const back = returnPath(form.get("returnTo"), month);
  if (!modelAsked) return redirectWithToast(back, { type: "success", message: INSIGHT_MESSAGES.refreshed(formatGeneratedTime(result.generatedAt)) });
  await queueInsightsFromModel({ userId: user.id, kind: "spending", month, askedAt: result.generatedAt });
  return redirect(back);
}

export default function InsightsPage() {
  const { month, currency, result, aiStatus } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <InsightsPanel
        result={result}
        action={`${INSIGHTS_PATH}?month=${month}`}
        currency={currency}
        rateLimitMessage={actionData?.rateLimitMessage ?? null}
        aiStatus={aiStatus}
        monthLabel={monthLabel(month)}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Personalized Insights | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
