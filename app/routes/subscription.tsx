import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PLANS_PAGE_TITLES, PlansPage } from "~/features/billing/components/plans";
import { getUserId, requireUserId } from "~/features/auth/auth.server";
import { parseBillingIntervalForm } from "~/features/billing/billing-form.server";
import { getSubscriptionStatus, subscribe } from "~/features/billing/billing.server";
import {
  CONFIGURED_PREMIUM_PRICES,
  parseBillingInterval,
  PLAN_MESSAGES,
  premiumPricesText,
  SUBSCRIBE_LOGIN_PATH,
  SUBSCRIBE_FAILURE_STATUS,
  subscribeFailureAnswer,
  type SubscribeActionData,
} from "~/features/billing/plans";
import { getPremiumPrices } from "~/features/billing/prices.server";
import { appOrigin } from "~/utils/env.server";
import { requireSameOrigin } from "~/utils/security.server";
import { readForm } from "~/utils/form-body.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const interval = parseBillingInterval(new URL(request.url).searchParams.get("billing"));
  const userId = await getUserId(request);
  const [status, prices] = await Promise.all([userId ? getSubscriptionStatus(userId) : null, getPremiumPrices()]);
  return { interval, signedIn: Boolean(status), premium: Boolean(status?.premiumAccess), prices };
}

/** "Subscribe Now": a signed-out visitor signs in and comes back here; a success goes on to Stripe's checkout. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireUserId(request, { loginPath: SUBSCRIBE_LOGIN_PATH });
  const submission = parseBillingIntervalForm(await readForm(request));
  if (submission.status !== "success") {
    return data<SubscribeActionData>({ formError: PLAN_MESSAGES.invalidInterval, checkoutError: null }, { status: 400 });
  }
  const result = await subscribe({ userId, interval: submission.value.interval, origin: appOrigin(request) });
  if (result.ok) return redirect(result.checkoutUrl);
  return data(subscribeFailureAnswer(result), { status: SUBSCRIBE_FAILURE_STATUS[result.reason] });
}

export default function SubscriptionPlansRoute() {
  const { interval, signedIn, premium, prices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PlansPage interval={interval} signedIn={signedIn} premium={premium} prices={prices} actionData={actionData} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.premium ? PLANS_PAGE_TITLES.subscriber : PLANS_PAGE_TITLES.plans} | Ledgerly` },
  { name: "description", content: `Ledgerly plans: Free, or Premium for ${premiumPricesText(data?.prices ?? CONFIGURED_PREMIUM_PRICES)}.` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
