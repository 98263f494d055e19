import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PLANS_PAGE_TITLES, PlansPage } from "~/features/billing/components/plans";
import { getUserId } from "~/features/auth/auth.server";
import { getSubscriptionStatus, requireSubscriberId, subscribe } from "~/features/billing/billing.server";
import { parseBillingInterval } from "~/features/billing/plans";
import { requireSameOrigin } from "~/utils/security.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const interval = parseBillingInterval(new URL(request.url).searchParams.get("billing"));
  const userId = await getUserId(request);
  const status = userId ? await getSubscriptionStatus(userId) : null;
  return { interval, signedIn: Boolean(status), premium: Boolean(status?.premiumAccess) };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = await requireSubscriberId(request);
  return subscribe(request, userId, await request.formData());
}

export default function SubscriptionPlansRoute() {
  const { interval, signedIn, premium } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PlansPage interval={interval} signedIn={signedIn} premium={premium} actionData={actionData} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.premium ? PLANS_PAGE_TITLES.subscriber : PLANS_PAGE_TITLES.plans} | Ledgerly` },
  { name: "description", content: "Ledgerly plans: Free, or Premium for $2.99 per month or $24.99 per year." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
