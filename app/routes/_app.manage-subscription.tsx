import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import type { ReactNode } from "react";
import { ConfirmDialog, confirmHref } from "~/components/ui/confirm-dialog";
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
import { parseBillingIntervalForm } from "~/features/billing/billing-form.server";
import {
  BillingError,
  cancelSubscription,
  changePlan,
  getSubscriptionStatus,
  openBillingPortal,
  refreshSubscription,
  resumeSubscription,
  subscribe,
  undoPlanChange,
} from "~/features/billing/billing.server";
import type { PageHandle } from "~/utils/page-title";
import {
  annualSaving,
  annualSavingNote,
  BILLING_INTENTS,
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
import { appOrigin } from "~/utils/env.server";
import { requireSameOrigin } from "~/utils/security.server";
import { PREMIUM_PLAN_NAME } from "~/features/billing/subscription";
import { redirectWithToast } from "~/utils/flash.server";
import { catchFailure, type Caught } from "~/utils/action-failure.server";
import { readForm } from "~/utils/form-body.server";

export const handle: PageHandle = { title: "Subscription" };

const MANAGE_SUBSCRIPTION_PATH = "/manage-subscription";
const CONFIRM_CANCEL_PATH = confirmHref(`${MANAGE_SUBSCRIPTION_PATH}?confirm=cancel`);

export const SUBSCRIPTION_TOASTS = {
  refreshed: "Subscription data refreshed",
  canceled: "Your subscription is cancelled. You keep Premium until the end of your billing period.",
  resumed: "Your subscription is active again and renews as usual.",
  planChanged: (interval: BillingInterval) => `Your plan changes to ${interval === "annual" ? "yearly" : "monthly"} billing at your next renewal.`,
  planChangeUndone: "Your plan change is cancelled; your billing stays as it is.",
} as const;

const displayDate = (date: Date) => format(date, "MMMM d, yyyy");

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const [status, prices] = await Promise.all([getSubscriptionStatus(userId), getPremiumPrices()]);
  if (!status) throw await logout(request);
  const { searchParams } = new URL(request.url);
  const interval = parseBillingInterval(searchParams.get("billing"));
  if (!status.premiumAccess) return { interval, prices, plan: null, confirmCancel: false };
  const { subscription } = status;
  const planInterval: BillingInterval = subscription.interval === "year" ? "annual" : "monthly";
  const { scheduledChange, changeOnResume } = subscription;
  const shownChange = (change: NonNullable<typeof scheduledChange>) => ({ interval: (change.interval === "year" ? "annual" : "monthly") as BillingInterval, date: displayDate(change.effectiveAt) });
  return {
    interval,
    prices,
    confirmCancel: searchParams.get("confirm") === "cancel",
    plan: {
      name: subscription.plan || PREMIUM_PLAN_NAME,
      interval: planInterval,
      price: prices[planInterval],
      periodEnd: subscription.currentPeriodEnd ? displayDate(subscription.currentPeriodEnd) : null,
      endsAtPeriodEnd: Boolean(subscription.cancelAtPeriodEnd),
      scheduledChange: scheduledChange ? shownChange(scheduledChange) : null,
      /** While cancelled: the plan change kept for a resume. */
      changeOnResume: subscription.cancelAtPeriodEnd && changeOnResume ? shownChange(changeOnResume) : null,
      detailsMissing: !subscription.subscriptionId || !subscription.currentPeriodEnd,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case BILLING_INTENTS.refresh:
      return answerBillingChange(await changeAtStripe(() => refreshSubscription(userId)), PLAN_MESSAGES.refreshFailed, () => SUBSCRIPTION_TOASTS.refreshed);
    case BILLING_INTENTS.cancel:
      return answerBillingChange(await changeAtStripe(() => cancelSubscription(userId)), PLAN_MESSAGES.cancelNotConfirmed, () => SUBSCRIPTION_TOASTS.canceled);
    case BILLING_INTENTS.resume:
      return answerBillingChange(await changeAtStripe(() => resumeSubscription(userId)), PLAN_MESSAGES.resumeFailed, () => SUBSCRIPTION_TOASTS.resumed);
    case BILLING_INTENTS.undoPlanChange:
      return answerBillingChange(await changeAtStripe(() => undoPlanChange(userId)), PLAN_MESSAGES.changePlanFailed, () => SUBSCRIPTION_TOASTS.planChangeUndone);
    case BILLING_INTENTS.billingPortal: {
      const portal = await changeAtStripe(() => openBillingPortal(userId, `${appOrigin(request)}${MANAGE_SUBSCRIPTION_PATH}`));
      return portal.ok ? redirect(portal.value) : billingChangeFailure(portal.error, PLAN_MESSAGES.portalFailed);
    }
    case BILLING_INTENTS.changePlan: {
      const interval = postedInterval(formData);
      if (!interval) return invalidInterval();
      return answerBillingChange(await changeAtStripe(() => changePlan(userId, interval)), PLAN_MESSAGES.changePlanFailed, (change) =>
        change === "undone" ? SUBSCRIPTION_TOASTS.planChangeUndone : SUBSCRIPTION_TOASTS.planChanged(interval),
      );
    }
    case BILLING_INTENTS.subscribe: {
      const interval = postedInterval(formData);
      if (!interval) return invalidInterval();
      const result = await subscribe({ userId, interval, origin: appOrigin(request) });
      if (result.ok) return redirect(result.checkoutUrl);
      return data(subscribeFailureAnswer(result), { status: SUBSCRIBE_FAILURE_STATUS[result.reason] });
    }
    default:
      return invalidInterval();
  }
}

function postedInterval(formData: FormData) {
  const submission = parseBillingIntervalForm(formData);
  return submission.status === "success" ? submission.value.interval : null;
}

function billingFailure(failure: Partial<SubscribeActionData>, status: number) {
  return data<SubscribeActionData>({ formError: null, checkoutError: null, ...failure }, { status });
}

const invalidInterval = () => billingFailure({ formError: PLAN_MESSAGES.invalidInterval }, 400);

/** A call to Stripe; a BillingError is its refusal (the subscription is not in a state for the change), not a failure. */
function changeAtStripe<Result>(change: () => Promise<Result>) {
  return catchFailure("subscription change", change, { refusal: (error) => error instanceof BillingError });
}

/** Success comes back as a notification (its text may depend on what the change did), a failure as the page's error box. */
function answerBillingChange<Result>(change: Caught<Result>, failureMessage: string, successMessage: (result: Result) => string) {
  if (!change.ok) return billingChangeFailure(change.error, failureMessage);
  return redirectWithToast(MANAGE_SUBSCRIPTION_PATH, { type: "success", message: successMessage(change.value) });
}

function billingChangeFailure(error: unknown, failureMessage: string) {
  if (error instanceof BillingError) return billingFailure({ formError: error.message }, 409);
  return billingFailure({ formError: failureMessage }, 502);
}

type ActivePlan = NonNullable<Awaited<ReturnType<typeof loader>>["plan"]>;

const INTERVAL_LABEL: Record<BillingInterval, string> = { monthly: "Monthly", annual: "Yearly" };
const PLAN_CHANGE_LABEL: Record<BillingInterval, string> = { monthly: "Monthly", annual: "Annual" };

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
  const periodEnd = plan.periodEnd ?? "the end of your billing period";
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
        <PlanDetail term={plan.endsAtPeriodEnd ? "Premium until" : "Next billing date"} value={plan.periodEnd ?? "Not available"} />
      </dl>
      {plan.endsAtPeriodEnd ? (
        <NoticeWithAction tone="amber" intent={BILLING_INTENTS.resume} label="Resume subscription" pendingLabel="Resuming...">
          Your subscription is cancelled. Premium stays active until {periodEnd} and nothing more will be charged.
        </NoticeWithAction>
      ) : null}
      {plan.detailsMissing ? (
        <NoticeWithAction tone="amber" intent={BILLING_INTENTS.refresh} label="Refresh Data" pendingLabel="Refreshing...">
          Some details of your subscription are missing.
        </NoticeWithAction>
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
      <ChangePlan plan={plan} prices={prices} />
      <BillingPortal />
      {plan.endsAtPeriodEnd ? null : <CancelSubscription periodEnd={periodEnd} />}
      {confirmCancel && !plan.endsAtPeriodEnd ? (
        <ConfirmDialog
          title="Cancel Subscription?"
          message={`You keep Premium until ${periodEnd} and can resume your subscription until then. After that, premium features are no longer available.`}
          confirmLabel="Cancel Subscription"
          cancelLabel="Keep Subscription"
          action={MANAGE_SUBSCRIPTION_PATH}
          fields={{ intent: BILLING_INTENTS.cancel }}
          cancelTo={MANAGE_SUBSCRIPTION_PATH}
        />
      ) : null}
    </section>
  );
}

const NOTICE_TONES = {
  amber: "mt-6 border-amber-200 bg-amber-50 text-amber-900",
  sky: "mt-3 border-sky-200 bg-sky-50 text-sky-900",
} as const;

/** A notice about the subscription with the one form that acts on it (posting `intent` to this page). */
function NoticeWithAction({
  tone,
  intent,
  label,
  pendingLabel,
  children,
}: {
  tone: keyof typeof NOTICE_TONES;
  intent: string;
  label: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const pending = useIsSubmitting({ intent });
  return (
    <div className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${NOTICE_TONES[tone]}`}>
      <p className="text-sm">{children}</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <SubmitButton pending={pending} pendingLabel={pendingLabel} className="sm:w-auto sm:whitespace-nowrap">
          {label}
        </SubmitButton>
      </Form>
    </div>
  );
}

function ChangePlan({ plan, prices }: { plan: ActivePlan; prices: PremiumPrices }) {
  const current = plan.interval;
  const target: BillingInterval = current === "annual" ? "monthly" : "annual";
  const saving = target === "annual" ? annualSaving(prices) : null;
  const isChanging = useIsSubmitting({ intent: BILLING_INTENTS.changePlan });
  const renewal = plan.periodEnd ? `your next billing date, ${plan.periodEnd}` : "your next billing date";
  return (
    <section aria-labelledby="change-plan-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="change-plan-heading" className="font-semibold text-slate-900">
        Change Plan
      </h3>
      {plan.endsAtPeriodEnd && plan.changeOnResume ? (
        <p className="mt-1 text-slate-600">
          Your change to {PLAN_CHANGE_LABEL[plan.changeOnResume.interval].toLowerCase()} billing is kept: resume your subscription and it takes effect on{" "}
          {plan.changeOnResume.date}.
        </p>
      ) : plan.endsAtPeriodEnd ? (
        <p className="mt-1 text-slate-600">{PLAN_MESSAGES.resumeBeforeChange}</p>
      ) : plan.scheduledChange ? (
        <NoticeWithAction tone="sky" intent={BILLING_INTENTS.undoPlanChange} label={`Keep ${INTERVAL_LABEL[current]} Billing`} pendingLabel="Undoing...">
          <strong className="font-semibold">
            Changes to {PLAN_CHANGE_LABEL[plan.scheduledChange.interval]} on {plan.scheduledChange.date}
          </strong>
          . You stay on {INTERVAL_LABEL[current].toLowerCase()} billing until then.
        </NoticeWithAction>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            You are billed {INTERVAL_LABEL[current].toLowerCase()}. Switch to {INTERVAL_LABEL[target].toLowerCase()} billing at{" "}
            {pricePerInterval(prices[target])}
            {saving ? ` (${annualSavingNote(saving)})` : ""}. The change takes effect at {renewal}; until then your current plan
            stays as it is.
          </p>
          <Form method="post" preventScrollReset className="mt-4 sm:max-w-xs">
            <input type="hidden" name="intent" value={BILLING_INTENTS.changePlan} />
            <input type="hidden" name="interval" value={target} />
            <SubmitButton pending={isChanging} pendingLabel="Scheduling...">
              Switch to {INTERVAL_LABEL[target]} Billing
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

function BillingPortal() {
  const isOpening = useIsSubmitting({ intent: BILLING_INTENTS.billingPortal });
  return (
    <section aria-labelledby="billing-portal-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="billing-portal-heading" className="font-semibold text-slate-900">
        Payment method and invoices
      </h3>
      <p className="mt-1 text-slate-600">Update your card and see your invoices in Stripe&apos;s secure billing portal.</p>
      <Form method="post" className="mt-4 sm:max-w-xs">
        <input type="hidden" name="intent" value={BILLING_INTENTS.billingPortal} />
        <SubmitButton pending={isOpening} pendingLabel="Opening...">
          Manage Billing
        </SubmitButton>
      </Form>
    </section>
  );
}

function CancelSubscription({ periodEnd }: { periodEnd: string }) {
  return (
    <section aria-labelledby="cancel-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="cancel-heading" className="font-semibold text-slate-900">
        Cancel Subscription
      </h3>
      <p className="mt-1 text-slate-600">
        Cancelling stops the renewal: you keep Premium until {periodEnd} and can resume until then.
      </p>
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
