import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import {
  BillingToggle,
  billingSearch,
  CheckoutErrorDialog,
  DismissLink,
  FeatureList,
  PremiumPrice,
  SubscribeForm,
  useDismissible,
} from "~/features/billing/components/plans";
import { logout, requireUserId } from "~/features/auth/auth.server";
import {
  BillingError,
  cancelSubscription,
  changePlan,
  getSubscriptionStatus,
  refreshSubscription,
  subscribe,
} from "~/features/billing/billing.server";
import type { PageHandle } from "~/utils/page-title";
import {
  annualSaving,
  annualSavingNote,
  parseBillingInterval,
  PLAN_MESSAGES,
  PREMIUM_FEATURES,
  pricePerInterval,
  SUBSCRIBE_FAILURE_STATUS,
  subscribeFailureAnswer,
  type BillingInterval,
  type PremiumPrices,
  type SubscribeActionData,
} from "~/features/billing/plans";
import { getPremiumPrices } from "~/features/billing/prices.server";
import { BillingIntervalSchema } from "~/features/billing/schema";
import { appOrigin } from "~/utils/env.server";
import { requireSameOrigin } from "~/utils/security.server";
import { PREMIUM_PLAN_NAME } from "~/features/billing/subscription";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const handle: PageHandle = { title: "Subscription" };

const MANAGE_SUBSCRIPTION_PATH = "/manage-subscription";
const CONFIRM_CANCEL_PATH = `${MANAGE_SUBSCRIPTION_PATH}?confirm=cancel`;

/** Besides these, the Subscribe Now form (features/billing/components/plans) posts here. */
export const INTENT = { refresh: "refresh", changePlan: "change-plan", cancel: "cancel" } as const;

export const SUBSCRIPTION_TOASTS = {
  refreshed: "Subscription data refreshed",
  canceled: "Your subscription has been cancelled. Premium features are no longer available.",
  planChanged: (interval: BillingInterval) => `Your plan now bills ${interval === "annual" ? "yearly" : "monthly"}.`,
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const [status, prices] = await Promise.all([getSubscriptionStatus(userId), getPremiumPrices()]);
  if (!status) throw await logout(request);
  const { searchParams } = new URL(request.url);
  const interval = parseBillingInterval(searchParams.get("billing"));
  if (!status.premiumAccess) return { interval, prices, plan: null, confirmCancel: false };
  const { subscription } = status;
  const planInterval: BillingInterval = subscription.interval === "year" ? "annual" : "monthly";
  return {
    interval,
    prices,
    confirmCancel: searchParams.get("confirm") === "cancel",
    plan: {
      name: subscription.plan || PREMIUM_PLAN_NAME,
      interval: planInterval,
      price: prices[planInterval],
      nextBillingDate: subscription.currentPeriodEnd ? format(subscription.currentPeriodEnd, "MMMM d, yyyy") : null,
      detailsMissing: !subscription.subscriptionId || !subscription.currentPeriodEnd,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === INTENT.refresh) {
    return runBillingChange(() => refreshSubscription(userId), PLAN_MESSAGES.refreshFailed, SUBSCRIPTION_TOASTS.refreshed);
  }
  if (intent === INTENT.cancel) {
    return runBillingChange(() => cancelSubscription(userId), PLAN_MESSAGES.cancelNotConfirmed, SUBSCRIPTION_TOASTS.canceled);
  }
  const submission = parseWithZod(formData, { schema: BillingIntervalSchema });
  if (submission.status !== "success") return billingFailure({ formError: PLAN_MESSAGES.invalidInterval }, 400);
  const { interval } = submission.value;
  if (intent === INTENT.changePlan) {
    return runBillingChange(() => changePlan(userId, interval), PLAN_MESSAGES.changePlanFailed, SUBSCRIPTION_TOASTS.planChanged(interval));
  }
  const result = await subscribe({ userId, interval, origin: appOrigin(request) });
  if (result.ok) return redirect(result.checkoutUrl);
  return data(subscribeFailureAnswer(result), { status: SUBSCRIBE_FAILURE_STATUS[result.reason] });
}

function billingFailure(failure: Partial<SubscribeActionData>, status: number) {
  return data<SubscribeActionData>({ formError: null, checkoutError: null, ...failure }, { status });
}

/** Runs a change at Stripe: success comes back as a notification, a failure as the page's error box. */
async function runBillingChange(change: () => Promise<unknown>, failureMessage: string, successMessage: string) {
  try {
    await change();
  } catch (error) {
    if (error instanceof BillingError) return billingFailure({ formError: error.message }, 409);
    console.error("subscription change failed", error);
    return billingFailure({ formError: failureMessage }, 502);
  }
  return redirectWithToast(MANAGE_SUBSCRIPTION_PATH, { type: "success", message: successMessage });
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

function UpgradeToPremium({ interval, prices }: { interval: BillingInterval; prices: PremiumPrices }) {
  return (
    <section aria-labelledby="upgrade-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="upgrade-heading" className="text-xl font-semibold text-slate-900">
        Upgrade to Premium
      </h2>
      <p className="mt-1 text-slate-600">You are on the Free plan. Premium unlocks analytics, debt management and savings goals.</p>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <BillingToggle interval={interval} annualLabel="Yearly" />
        <PremiumPrice interval={interval} prices={prices} />
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

function ActiveSubscription({ plan, prices, confirmCancel }: { plan: ActivePlan; prices: PremiumPrices; confirmCancel: boolean }) {
  const isRefreshing = useIsSubmitting({ intent: INTENT.refresh });
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
        <PlanDetail term="Price" value={pricePerInterval(plan.price)} />
        <PlanDetail term="Next billing date" value={plan.nextBillingDate ?? "Not available"} />
      </dl>
      {plan.detailsMissing ? (
        <div className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-900">Some details of your subscription are missing.</p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={INTENT.refresh} />
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
      <ChangePlan current={plan.interval} prices={prices} />
      <CancelSubscription />
      {confirmCancel ? (
        <ConfirmDialog
          title="Cancel Subscription?"
          message="This action cannot be undone. You will lose access to premium features immediately."
          confirmLabel="Cancel Subscription"
          cancelLabel="Keep Subscription"
          action={MANAGE_SUBSCRIPTION_PATH}
          fields={{ intent: INTENT.cancel }}
          cancelTo={MANAGE_SUBSCRIPTION_PATH}
        />
      ) : null}
    </section>
  );
}

function ChangePlan({ current, prices }: { current: BillingInterval; prices: PremiumPrices }) {
  const target: BillingInterval = current === "annual" ? "monthly" : "annual";
  const saving = target === "annual" ? annualSaving(prices) : null;
  const isChanging = useIsSubmitting({ intent: INTENT.changePlan });
  return (
    <section aria-labelledby="change-plan-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="change-plan-heading" className="font-semibold text-slate-900">
        Change Plan
      </h3>
      <p className="mt-1 text-slate-600">
        You are billed {INTERVAL_LABEL[current].toLowerCase()}. Switch to {INTERVAL_LABEL[target].toLowerCase()} billing at{" "}
        {pricePerInterval(prices[target])}
        {saving ? ` (${annualSavingNote(saving)})` : ""}. The switch takes effect now; the unused part of your current
        period is credited.
      </p>
      <Form method="post" preventScrollReset className="mt-4 sm:max-w-xs">
        <input type="hidden" name="intent" value={INTENT.changePlan} />
        <input type="hidden" name="interval" value={target} />
        <SubmitButton pending={isChanging} pendingLabel="Switching...">
          Switch to {INTERVAL_LABEL[target]} Billing
        </SubmitButton>
      </Form>
    </section>
  );
}

function CancelSubscription() {
  return (
    <section aria-labelledby="cancel-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="cancel-heading" className="font-semibold text-slate-900">
        Cancel Subscription
      </h3>
      <p className="mt-1 text-slate-600">Cancelling ends Premium right away; you can subscribe again at any time.</p>
      <Link
        to={CONFIRM_CANCEL_PATH}
        preventScrollReset
        className="mt-4 inline-flex items-center justify-center rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50"
      >
        Cancel Subscription
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
  const { interval, prices, plan, confirmCancel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [answer, dismissAnswer] = useDismissible(actionData);
  const [checkoutError, dismissCheckoutError] = useDismissible(actionData?.checkoutError);
  const pageSearch = billingSearch(interval);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {answer?.formError ? <ErrorBox message={answer.formError} dismissTo={pageSearch} onDismiss={dismissAnswer} /> : null}
      {plan ? (
        <ActiveSubscription plan={plan} prices={prices} confirmCancel={confirmCancel} />
      ) : (
        <UpgradeToPremium interval={interval} prices={prices} />
      )}
      {checkoutError ? <CheckoutErrorDialog error={checkoutError} closeTo={pageSearch} onClose={dismissCheckoutError} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Subscription | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
