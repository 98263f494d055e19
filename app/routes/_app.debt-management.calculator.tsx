import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPremiumUser } from "~/features/auth/auth.server";
import { ExtraPaymentField, OtherStrategies, PlanFigures, ScheduleTable } from "~/features/debts/components/payoff-results";
import { STRATEGY_LABELS } from "~/features/debts/components/plan-review";
import { parsePlanChoices, type PlanChoices } from "~/features/debts/debt-form.server";
import { DEBT_MANAGEMENT_PATH, DEBT_MESSAGES } from "~/features/debts/debts";
import { PLAN_STRATEGIES } from "~/features/debts/payoff";
import { comparePlans, savePlan } from "~/features/debts/plan.server";
import { centsToInput } from "~/lib/money";
import { readForm } from "~/utils/form-body.server";
import { requireSameOrigin } from "~/utils/security.server";
import { redirectWithToast } from "~/utils/flash.server";

const CALCULATOR_PATH = `${DEBT_MANAGEMENT_PATH}/calculator`;

function calculatorHref(choices: { extra: string; strategy: string; customOrder: string[] }) {
  const query = new URLSearchParams({ extra: choices.extra, strategy: choices.strategy });
  if (choices.customOrder.length > 0) query.set("order", choices.customOrder.join(","));
  return `${CALCULATOR_PATH}?${query}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPremiumUser(request);
  if (!user) return null;
  const { choices, error } = parsePlanChoices(new URL(request.url).searchParams);
  const plans = await comparePlans(user.id, choices);
  const page = {
    currency: user.currency,
    error,
    extraText: error ? String(new URL(request.url).searchParams.get("extra")) : centsToInput(choices.extra),
    choices,
    ...plans,
  };
  return data(page, { status: error ? 400 : 200 });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await getPremiumUser(request);
  // A subscription that ended while the page was open: the locked screen says why.
  if (!user) throw redirect(DEBT_MANAGEMENT_PATH);
  const formData = await readForm(request);
  const { choices, error } = parsePlanChoices(formData);
  // The saved plan is what the page showed: the form always names its extra payment and strategy.
  const named = typeof formData.get("extra") === "string" && PLAN_STRATEGIES.some((strategy) => strategy === formData.get("strategy"));
  if (error || !named) return data({ error: error ?? DEBT_MESSAGES.extraInvalid }, { status: 400 });
  await savePlan(user.id, choices);
  return redirectWithToast(DEBT_MANAGEMENT_PATH, { type: "success", message: DEBT_MESSAGES.planSaved });
}

/** The custom order with the debt at `index` swapped with its neighbour. */
function moved(order: string[], index: number, by: -1 | 1) {
  const next = [...order];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

function CustomOrder({ order, names, choices, extraText }: { order: string[]; names: Map<string, string>; choices: PlanChoices; extraText: string }) {
  const linkClass = "rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50";
  return (
    <ol aria-label="Your payoff order" className="space-y-2">
      {order.map((id, index) => (
        <li key={id} className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <span>
            {index + 1}. {names.get(id)}
          </span>
          <span className="flex gap-2">
            {index > 0 ? (
              <Link to={calculatorHref({ ...choices, extra: extraText, customOrder: moved(order, index, -1) })} preventScrollReset className={linkClass}>
                Move<span className="sr-only"> {names.get(id)}</span> up
              </Link>
            ) : null}
            {index < order.length - 1 ? (
              <Link to={calculatorHref({ ...choices, extra: extraText, customOrder: moved(order, index, 1) })} preventScrollReset className={linkClass}>
                Move<span className="sr-only"> {names.get(id)}</span> down
              </Link>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function DebtCalculator() {
  const loaderData = useLoaderData<typeof loader>();
  const saveRefusal = useActionData<typeof action>()?.error ?? null;
  if (!loaderData) return null;
  const { currency, error, extraText, choices, debts, startMonth, chosen, strategies } = loaderData;
  if (debts.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        Add your debts on the{" "}
        <Link to={DEBT_MANAGEMENT_PATH} className="font-semibold text-brand-700 hover:underline">
          Overview
        </Link>{" "}
        to calculate a payoff plan.
      </p>
    );
  }
  const names = new Map(debts.map((debt) => [debt.id, debt.name]));
  const customOrder = strategies.find((candidate) => candidate.strategy === "custom")?.plan.order ?? [];
  const compared = chosen.strategy === "custom" ? strategies.filter((s) => s.strategy !== "custom") : strategies.filter((s) => s.strategy !== "custom" && s.strategy !== chosen.strategy);
  const planQuery = { extra: extraText, strategy: chosen.strategy, order: customOrder.join(",") };
  return (
    <div className="space-y-6">
      <Form method="get" action={CALCULATOR_PATH} preventScrollReset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Payoff calculator</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <ExtraPaymentField id="extra" defaultValue={extraText} error={error} />
          <fieldset>
            <legend className="block text-sm font-medium text-slate-700">Strategy</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {PLAN_STRATEGIES.map((strategy) => (
                <label key={strategy} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="strategy" value={strategy} defaultChecked={chosen.strategy === strategy} />
                  {STRATEGY_LABELS[strategy]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <input type="hidden" name="order" value={customOrder.join(",")} />
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Calculate
        </button>
        <p className="text-sm text-slate-600">
          Avalanche pays the highest interest rate first and costs the least interest; snowball pays the smallest balance first for quick wins; your own order pays the debts in the order you set.
        </p>
        {chosen.strategy === "custom" ? <CustomOrder order={customOrder} names={names} choices={choices} extraText={extraText} /> : null}
      </Form>
      <PlanFigures strategy={chosen.strategy} plan={chosen.plan} saving={chosen.saving} extra={choices.extra} startMonth={startMonth} debts={debts} currency={currency} />
      <OtherStrategies chosen={{ strategy: chosen.strategy, plan: strategies.find((s) => s.strategy === chosen.strategy)!.plan }} others={compared} startMonth={startMonth} currency={currency} />
      {chosen.plan.finished && !error ? (
        <Form method="post" action={CALCULATOR_PATH} className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-4">
          {saveRefusal ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {saveRefusal}
            </p>
          ) : null}
          <p className="flex-1 text-sm text-slate-700">Save this plan to follow it on the Overview: each month shows what it expects and what you paid.</p>
          {Object.entries(planQuery).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="shrink-0 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Save this plan
          </button>
        </Form>
      ) : null}
      <ScheduleTable plan={chosen.plan} startMonth={startMonth} debts={debts} currency={currency} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
