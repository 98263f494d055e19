import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";
import { useRevalidateWhile } from "~/components/ui/use-revalidate-while";
import { getUserId } from "~/features/auth/auth.server";
import { getShellUser } from "~/features/auth/user.server";
import { syncCheckoutSession } from "~/features/billing/billing.server";

const ANALYTICS_PATH = "/analytics";

/**
 * The checkout's success URL. Premium comes from Stripe's word only: the
 * webhook, or here a server read of the checkout session, which must be the
 * signed-in user's and complete. The session id in the address grants nothing.
 * No timed redirect (decision 230): the page says where the payment stands.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) throw redirect("/");
  const userId = await getUserId(request);
  if (!userId) return { status: "signed-out" as const };
  await syncCheckoutSession(userId, sessionId).catch((error: unknown) => {
    console.error("reading the checkout session failed; the webhook will grant premium", error);
  });
  const user = await getShellUser(userId);
  return { status: user?.premiumAccess ? ("active" as const) : ("pending" as const) };
}

const STATUS_TEXT = {
  active: "Thank you for subscribing to Premium. Your premium features are unlocked.",
  pending: "Thank you for subscribing to Premium. Your premium features unlock as soon as the payment is confirmed.",
  "signed-out": "Thank you for subscribing to Premium. Sign in to use your premium features.",
};

export default function PaymentSuccessPage() {
  const { status } = useLoaderData<typeof loader>();
  const location = useLocation();
  useRevalidateWhile(status === "pending");
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Payment Successful!</h1>
        <p role="status" className="text-slate-600">
          {STATUS_TEXT[status]}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={ANALYTICS_PATH} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Go to Analytics
          </Link>
          {status === "pending" ? (
            <Link to={location.pathname + location.search} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50">
              Check again
            </Link>
          ) : null}
        </div>
      </section>
    </PublicLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Payment Successful | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
