import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { comparisonSentence, ExtraPaymentField, planLengthText } from "~/features/debts/components/payoff-results";
import { STRATEGY_LABELS } from "~/features/debts/components/plan-review";
import { parsePlanChoices } from "~/features/debts/debt-form.server";
import { DEBT_MANAGEMENT_PATH } from "~/features/debts/debts";
import { comparePlans, getSavedPlan } from "~/features/debts/plan.server";
import { DebtStrategiesPanel } from "~/features/insights/components/debt-strategies-panel";
import { aiStatusOf, formatGeneratedTime, INSIGHT_INTENTS, RATE_LIMIT_MESSAGE } from "~/features/insights/insights";
import { aiAvailability, generateDebtStrategies, getDebtStrategies, takeRefresh } from "~/features/insights/insights.server";
import { queueInsightsFromModel } from "~/integrations/jobs.server";
import { centsToInput, formatMoney, type Cents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { readForm } from "~/utils/form-body.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

const STRATEGIES_PATH = `${DEBT_MANAGEMENT_PATH}/strategies`;

/** Every strategy side by side, with the extra payment of the query, else of the saved plan, else $500. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return null;
  const params = new URL(request.url).searchParams;
  const saved = await getSavedPlan(user.id);
  if (!params.has("extra") && saved) params.set("extra", centsToInput(saved.extra as Cents));
  if (saved?.strategy === "custom") params.set("order", saved.customOrder.join(","));
  const { choices, error } = parsePlanChoices(params);
  const [plans, aiResult] = await Promise.all([comparePlans(user.id, { ...choices, strategy: "avalanche" }), getDebtStrategies(user.id, monthKeyOf(new Date()))]);
  return data(
    {
      currency: user.currency,
      aiResult,
      aiStatus: aiStatusOf(aiAvailability(user.aiInsights), aiResult),
      error,
      extraText: error ? String(params.get("extra")) : centsToInput(choices.extra),
      hasCustomOrder: saved?.strategy === "custom",
      ...plans,
    },
    { status: error ? 400 : 200 },
  );
}

/**
 * Strategies are generated on demand ('Generate AI Strategies' or
 * 'Refresh', a POST form) for the current month and stored with their time:
 * the rules engine's at once, and, when a model may be asked, its answer from
 * a job (the panel says so meanwhile, the one announcement: no toast).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  // A subscription that ended while the page was open: the locked screen says why.
  if (!user) throw redirect(DEBT_MANAGEMENT_PATH);
  const form = await readForm(request);
  if (form.get("intent") !== INSIGHT_INTENTS.strategies) return data({ rateLimitMessage: null, error: "Unknown action" }, { status: 400 });
  if (!(await takeRefresh(user.id))) return data({ rateLimitMessage: RATE_LIMIT_MESSAGE, error: null }, { status: 429 });
  const month = monthKeyOf(new Date());
  const { result, modelAsked } = await generateDebtStrategies(user.id, month);
  if (!modelAsked) return redirectWithToast(STRATEGIES_PATH, { type: "success", message: `Debt strategies updated at ${formatGeneratedTime(result.generatedAt)}` });
  await queueInsightsFromModel({ userId: user.id, kind: "debts", month, askedAt: result.generatedAt });
  return redirect(STRATEGIES_PATH);
}

export default function DebtStrategies() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData) return null;
  const { currency, error, extraText, debts, startMonth, strategies, minimumsOnly, hasCustomOrder, aiResult, aiStatus } = loaderData;
  if (debts.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No debts yet: add them on the{" "}
        <Link to={DEBT_MANAGEMENT_PATH} className="font-semibold text-brand-700 hover:underline">
          Overview
        </Link>{" "}
        to compare payoff strategies.
      </p>
    );
  }
  const shown = strategies.filter((candidate) => candidate.strategy !== "custom" || hasCustomOrder);
  const avalanche = strategies.find((candidate) => candidate.strategy === "avalanche")!;
  const snowball = strategies.find((candidate) => candidate.strategy === "snowball")!;
  const money = (cents: number) => formatMoney(cents as Cents, currency);
  return (
    <div className="space-y-6">
      <DebtStrategiesPanel
        result={aiResult}
        action={STRATEGIES_PATH}
        currency={currency}
        rateLimitMessage={actionData?.rateLimitMessage ?? actionData?.error ?? null}
        aiStatus={aiStatus}
      />
      <Form method="get" action={STRATEGIES_PATH} preventScrollReset className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ExtraPaymentField id="strategies-extra" defaultValue={extraText} error={error} />
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Compare
        </button>
      </Form>
      <section aria-labelledby="strategy-table-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="strategy-table-title" className="text-lg font-semibold text-slate-900">
          Strategies side by side
        </h2>
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Strategy
              </th>
              <th scope="col" className="py-2 font-medium">
                Debt-free in
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Total interest
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Saved vs minimums
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map(({ strategy, plan, saving }) => (
              <tr key={strategy}>
                <th scope="row" className="py-2 font-medium">
                  {STRATEGY_LABELS[strategy]}
                </th>
                <td className="py-2">{planLengthText(plan, startMonth)}</td>
                <td className="py-2 text-right">{plan.finished ? money(plan.totalInterest) : "—"}</td>
                <td className="py-2 text-right">{saving.interestSaved === null ? "—" : money(saving.interestSaved)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 font-medium">
                Minimums only
              </th>
              <td className="py-2">{planLengthText(minimumsOnly, startMonth)}</td>
              <td className="py-2 text-right">{minimumsOnly.finished ? money(minimumsOnly.totalInterest) : "—"}</td>
              <td className="py-2 text-right">—</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-4 text-sm text-slate-700">{comparisonSentence(avalanche, snowball, currency)}</p>
      </section>
      <section className="grid gap-4 md:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-slate-900">Avalanche</h3>
          <p className="mt-1 text-sm text-slate-600">
            Pay every minimum, then put everything extra on the debt with the highest interest rate. It usually costs the least interest.
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-slate-900">Snowball</h3>
          <p className="mt-1 text-sm text-slate-600">
            Pay every minimum, then clear the smallest balance first. Each debt gone frees its minimum for the next: quick wins that keep many people going.
          </p>
        </div>
      </section>
      <p className="text-sm text-slate-600">
        Try either one, or your own order, with the full schedule on the{" "}
        <Link to={`${DEBT_MANAGEMENT_PATH}/calculator?extra=${encodeURIComponent(extraText)}`} className="font-semibold text-brand-700 hover:underline">
          Calculator
        </Link>
        .
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
