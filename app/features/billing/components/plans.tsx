import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  annualSaving,
  annualSavingNote,
  COMPARE_ROWS,
  FREE_FEATURES,
  BILLING_INTENTS,
  FREE_PLAN_PRICE,
  formatPlanAmount,
  planFaq,
  PREMIUM_FEATURES,
  SUBSCRIBE_LOGIN_PATH,
  SUBSCRIBE_SIGNUP_PATH,
  type BillingInterval,
  type CheckoutErrorDialog as CheckoutErrorDialogData,
  type PlanPrice,
  type PremiumPrices,
  type SubscribeActionData,
} from "~/features/billing/plans";
import { SubmitButton, useIsSubmitting } from "~/components/ui/forms";
import { useDialogFocus } from "~/components/ui/use-dialog-focus";
import { PublicLayout } from "~/components/public-layout";
import { FaqItem } from "~/components/marketing";

export const PLANS_PAGE_TITLES = { plans: "Subscription Plans", subscriber: "My Subscription" } as const;

const PRIMARY_BUTTON_CLASS =
  "inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700";
const SECONDARY_BUTTON_CLASS =
  "inline-flex w-full items-center justify-center rounded-lg border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50";

/** The link that keeps the chosen billing period: the target of toggles and of every "close" link. */
export function billingSearch(interval: BillingInterval) {
  return `?billing=${interval}`;
}

/**
 * A message the visitor can dismiss. Without JavaScript its dismiss link
 * reloads the page (dropping the action's answer); with JavaScript the
 * message is hidden in place until the next answer arrives.
 */
export function useDismissible<T extends object>(value: T | null | undefined) {
  const [dismissed, setDismissed] = useState<T | null>(null);
  const visible = value && value !== dismissed ? value : null;
  return [visible, () => setDismissed(value ?? null)] as const;
}

export function DismissLink({
  to,
  onDismiss,
  className,
  children,
}: {
  to: string;
  onDismiss: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      {children}
    </Link>
  );
}

/** Monthly / Annual as two links, so the choice works without JavaScript and survives a reload. */
export function BillingToggle({ interval, annualLabel = "Annual" }: { interval: BillingInterval; annualLabel?: string }) {
  const options: { value: BillingInterval; label: string }[] = [
    { value: "monthly", label: "Monthly" },
    { value: "annual", label: annualLabel },
  ];
  return (
    <div role="group" aria-label="Billing period" className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
      {options.map((option) => {
        const active = option.value === interval;
        return (
          <Link
            key={option.value}
            to={billingSearch(option.value)}
            preventScrollReset
            aria-current={active ? "true" : undefined}
            className={`rounded-full px-5 py-2 text-sm font-semibold ${
              active ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {option.label}
          </Link>
        );
      })}
    </div>
  );
}

export function PremiumPrice({ interval, prices }: { interval: BillingInterval; prices: PremiumPrices }) {
  const saving = interval === "annual" ? annualSaving(prices) : null;
  return (
    <div>
      <Price price={prices[interval]} />
      {saving ? <p className="mt-1 text-sm font-semibold text-emerald-700">{annualSavingNote(saving)}</p> : null}
    </div>
  );
}

function Price({ price }: { price: PlanPrice }) {
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPlanAmount(price)}</span>
      <span className="text-slate-600">per {price.interval}</span>
    </p>
  );
}

export function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="space-y-2 text-slate-700">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

function CheckIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="m5 10.5 3.2 3L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const SUBSCRIBE_BUTTON_ID = "subscribe-now";

/** "Subscribe Now": posts the chosen interval to the route's action (see subscribe() in billing.server). */
export function SubscribeForm({ interval }: { interval: BillingInterval }) {
  const isSubmitting = useIsSubmitting({ intent: BILLING_INTENTS.subscribe });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={BILLING_INTENTS.subscribe} />
      <input type="hidden" name="interval" value={interval} />
      <SubmitButton id={SUBSCRIBE_BUTTON_ID} pending={isSubmitting} pendingLabel="Processing...">
        Subscribe Now
      </SubmitButton>
    </Form>
  );
}

function AlertMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/**
 * The dialog a failed checkout opens; rendered by the server too, where its button
 * is a link back to the page. Closed, focus goes back to Subscribe Now.
 */
export function CheckoutErrorDialog({
  error,
  closeTo,
  onClose,
}: {
  error: CheckoutErrorDialogData;
  closeTo: string;
  onClose: () => void;
}) {
  const dialog = useDialogFocus<HTMLDivElement>(() => document.getElementById(SUBSCRIBE_BUTTON_ID));
  const adBlocker = error.kind === "ad-blocker";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog (WAI-ARIA dialog pattern) */}
      <div
        ref={dialog}
        tabIndex={-1}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="checkout-error-title"
        aria-describedby="checkout-error-description"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
      >
        <h2 id="checkout-error-title" className="text-lg font-semibold text-slate-900">
          {adBlocker ? "Ad Blocker or Privacy Extension Detected" : "Payment Processing Error"}
        </h2>
        <div id="checkout-error-description" className="mt-3 space-y-3 text-slate-700">
          {adBlocker ? (
            <>
              <p>An ad blocker or privacy extension is stopping our payment provider from loading. To subscribe:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>Disable ad blockers and privacy extensions for this site.</li>
                <li>Or try another browser, or a private (incognito) window.</li>
                <li>Then refresh the page and try again.</li>
              </ul>
            </>
          ) : (
            <p>{error.message}</p>
          )}
        </div>
        <div className="mt-6 flex justify-end">
          <DismissLink
            to={closeTo}
            onDismiss={onClose}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            {adBlocker ? "I Understand" : "Close"}
          </DismissLink>
        </div>
      </div>
    </div>
  );
}

function PlanCard({
  name,
  description,
  price,
  features,
  highlighted = false,
  children,
}: {
  name: string;
  description: string;
  price: ReactNode;
  features: string[];
  highlighted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`plan-${name}`}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200"}`}
    >
      <h2 id={`plan-${name}`} className="text-xl font-semibold text-slate-900">
        {name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{price}</div>
      <div className="mt-6 flex-1">
        <FeatureList features={features} />
      </div>
      <div className="mt-8 space-y-3">{children}</div>
    </section>
  );
}

function PremiumCardActions({ interval, signedIn, formError }: { interval: BillingInterval; signedIn: boolean; formError: string | null }) {
  if (signedIn) {
    return (
      <>
        {formError ? <AlertMessage>{formError}</AlertMessage> : null}
        <SubscribeForm interval={interval} />
      </>
    );
  }
  return (
    <>
      <Link to={SUBSCRIBE_LOGIN_PATH} className={PRIMARY_BUTTON_CLASS}>
        Login to Subscribe
      </Link>
      <Link to={SUBSCRIBE_SIGNUP_PATH} className={SECONDARY_BUTTON_CLASS}>
        Create Account
      </Link>
      <p className="text-center text-sm text-slate-600">You need an account to subscribe to Premium.</p>
    </>
  );
}

function ActiveSubscriptionNotice() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center">
      <p className="text-lg font-semibold text-emerald-900">You already have an active subscription!</p>
      <Link to="/dashboard" className={`mt-6 sm:w-auto ${PRIMARY_BUTTON_CLASS}`}>
        Go to Dashboard
      </Link>
    </section>
  );
}

function CompareTable() {
  return (
    <section aria-labelledby="compare-plans" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h2 id="compare-plans" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Compare plans
      </h2>
      <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Feature
              </th>
              <th scope="col" className="px-4 py-3 text-center font-semibold">
                Free
              </th>
              <th scope="col" className="px-4 py-3 text-center font-semibold">
                Premium
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {COMPARE_ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-800">
                  {row.feature}
                </th>
                <IncludedCell included={row.free} />
                <IncludedCell included={row.premium} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function IncludedCell({ included }: { included: boolean }) {
  return (
    <td className="px-4 py-3 text-center">
      {included ? <CheckIcon className="mx-auto size-5 text-brand-600" /> : <span aria-hidden="true" className="text-slate-400">—</span>}
      <span className="sr-only">{included ? "Included" : "Not included"}</span>
    </td>
  );
}

function PlanFaq({ prices }: { prices: PremiumPrices }) {
  return (
    <section aria-labelledby="plan-faq" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <h2 id="plan-faq" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {planFaq(prices).map((item) => (
          <FaqItem key={item.question} question={item.question}>
            <p>{item.answer}</p>
          </FaqItem>
        ))}
      </div>
    </section>
  );
}

/** The public plans page of /subscription and /pricing. */
export function PlansPage({
  interval,
  signedIn,
  premium,
  prices,
  actionData,
}: {
  interval: BillingInterval;
  signedIn: boolean;
  premium: boolean;
  prices: PremiumPrices;
  actionData: SubscribeActionData | undefined;
}) {
  const [checkoutError, dismissCheckoutError] = useDismissible(actionData?.checkoutError);
  return (
    <PublicLayout>
      <header className="mx-auto max-w-3xl px-4 pt-14 pb-8 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {premium ? PLANS_PAGE_TITLES.subscriber : PLANS_PAGE_TITLES.plans}
        </h1>
        <p className="mt-3 text-lg text-slate-600">Start free, and upgrade to Premium when you want deeper insight into your money.</p>
      </header>
      {premium ? (
        <ActiveSubscriptionNotice />
      ) : (
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <div className="flex justify-center">
            <BillingToggle interval={interval} />
          </div>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <PlanCard
              name="Free"
              description="Everything you need to start tracking."
              price={<Price price={FREE_PLAN_PRICE} />}
              features={FREE_FEATURES}
            >
              <Link to={signedIn ? "/dashboard" : "/signup"} className={SECONDARY_BUTTON_CLASS}>
                Get Started
              </Link>
            </PlanCard>
            <PlanCard
              name="Premium"
              description="Analytics, debts and savings goals for the whole picture."
              price={<PremiumPrice interval={interval} prices={prices} />}
              features={PREMIUM_FEATURES}
              highlighted
            >
              <PremiumCardActions interval={interval} signedIn={signedIn} formError={actionData?.formError ?? null} />
            </PlanCard>
          </div>
        </div>
      )}
      <CompareTable />
      <PlanFaq prices={prices} />
      {checkoutError ? (
        <CheckoutErrorDialog error={checkoutError} closeTo={billingSearch(interval)} onClose={dismissCheckoutError} />
      ) : null}
    </PublicLayout>
  );
}
