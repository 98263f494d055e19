import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton, useIsSubmitting } from "~/components/forms";
import {
  BillingToggle,
  billingSearch,
  CheckoutErrorDialog,
  DismissLink,
  FeatureList,
  PremiumPrice,
  SubscribeForm,
  useDismissible,
} from "~/components/plans";
import { logout, requireUserId } from "~/utils/auth.server";
import { billingFailure, getSubscriptionStatus, subscribe } from "~/utils/billing.server";
import type { PageHandle } from "~/utils/page-title";
import {
  formatUsd,
  INTERVAL_UNIT,
  parseBillingInterval,
  PLAN_MESSAGES,
  PREMIUM_FEATURES,
  PREMIUM_PRICE_CENTS,
  type BillingInterval,
} from "~/utils/plans";
import { requireSameOrigin } from "~/utils/security.server";

export const handle: PageHandle = { title: "Subscription" };

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const status = await getSubscriptionStatus(userId);
  if (!status) throw await logout(request);
  const interval = parseBillingInterval(new URL(request.url).searchParams.get("billing"));
  if (!status.premiumAccess) return { interval, plan: null };
  const { subscription } = status;
  const planInterval: BillingInterval = subscription.interval === "year" ? "annual" : "monthly";
  return {
    interval,
    plan: {
      name: subscription.plan || "Premium",
      interval: planInterval,
      priceCents: PREMIUM_PRICE_CENTS[planInterval],
      nextBillingDate: subscription.currentPeriodEnd ? format(subscription.currentPeriodEnd, "MMMM d, yyyy") : null,
      detailsMissing: !subscription.subscriptionId || !subscription.currentPeriodEnd,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await request.formData();
  // Re-reading the subscription from the payment provider arrives with checkout; until then it can only fail.
  if (formData.get("intent") === "refresh") return billingFailure({ formError: PLAN_MESSAGES.refreshFailed }, 503);
  return subscribe(request, userId, formData);
}

type ActivePlan = NonNullable<Awaited<ReturnType<typeof loader>>["plan"]>;

const INTERVAL_LABEL: Record<BillingInterval, string> = { monthly: "Monthly", annual: "Yearly" };

function ErrorBox({ message, dismissTo, onDismiss }: { message: string; dismissTo: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="flex items-start justify-between gap-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <p>{message}</p>
      <DismissLink to={dismissTo} onDismiss={onDismiss} className="shrink-0 text-sm font-semibold text-red-800 underline hover:text-red-900">
        Dismiss
      </DismissLink>
    </div>
  );
}

function UpgradeToPremium({ interval }: { interval: BillingInterval }) {
  return (
    <section aria-labelledby="upgrade-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="upgrade-heading" className="text-xl font-semibold text-slate-900">
        Upgrade to Premium
      </h2>
      <p className="mt-1 text-slate-600">You are on the Free plan. Premium unlocks analytics, debt management and savings goals.</p>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <BillingToggle interval={interval} annualLabel="Yearly" />
        <PremiumPrice interval={interval} />
      </div>
      <div className="mt-6 sm:max-w-xs">
        <SubscribeForm interval={interval} />
      </div>
      <h3 className="mt-8 font-semibold text-slate-900">Premium features</h3>
      <div className="mt-3">
        <FeatureList features={PREMIUM_FEATURES} />
      </div>
    </section>
  );
}

function ActiveSubscription({ plan }: { plan: ActivePlan }) {
  const isRefreshing = useIsSubmitting({ intent: "refresh" });
  return (
    <section aria-labelledby="plan-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plan-heading" className="text-xl font-semibold text-slate-900">
          Your subscription
        </h2>
        <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">Premium Active</span>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <PlanDetail term="Plan" value={plan.name} />
        <PlanDetail term="Billing" value={INTERVAL_LABEL[plan.interval]} />
        <PlanDetail term="Price" value={`${formatUsd(plan.priceCents)} per ${INTERVAL_UNIT[plan.interval]}`} />
        <PlanDetail term="Next billing date" value={plan.nextBillingDate ?? "Not available"} />
      </dl>
      {plan.detailsMissing ? (
        <div className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-900">Some details of your subscription are missing.</p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="refresh" />
            <SubmitButton pending={isRefreshing} pendingLabel="Refreshing..." className="sm:w-auto">
              Refresh Data
            </SubmitButton>
          </Form>
        </div>
      ) : null}
      <h3 className="mt-8 font-semibold text-slate-900">Your premium features</h3>
      <div className="mt-3">
        <FeatureList features={PREMIUM_FEATURES} />
      </div>
      <Link
        to="/analytics"
        className="mt-8 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Go to Analytics
      </Link>
    </section>
  );
}

function PlanDetail({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export default function ManageSubscriptionPage() {
  const { interval, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [answer, dismissAnswer] = useDismissible(actionData);
  const [checkoutError, dismissCheckoutError] = useDismissible(actionData?.checkoutError);
  const pageSearch = billingSearch(interval);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {answer?.formError ? <ErrorBox message={answer.formError} dismissTo={pageSearch} onDismiss={dismissAnswer} /> : null}
      {plan ? <ActiveSubscription plan={plan} /> : <UpgradeToPremium interval={interval} />}
      {checkoutError ? <CheckoutErrorDialog error={checkoutError} closeTo={pageSearch} onClose={dismissCheckoutError} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Subscription | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
