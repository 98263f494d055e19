import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";
import { getUserId } from "~/features/auth/auth.server";
import { syncCheckoutSession } from "~/features/billing/billing.server";

const PAYMENT_SUCCESS_REDIRECT_DELAY_MS = 3000;
const ANALYTICS_PATH = "/analytics";

/**
 * The checkout's success URL. Premium comes from Stripe's word only: the
 * webhook, or here a server read of the checkout session, which must be the
 * signed-in user's and complete. The session id in the address grants nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) throw redirect("/");
  const userId = await getUserId(request);
  if (userId) {
    await syncCheckoutSession(userId, sessionId).catch((error: unknown) => {
      console.error("reading the checkout session failed; the webhook will grant premium", error);
    });
  }
  return null;
}

export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(ANALYTICS_PATH), PAYMENT_SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <PublicLayout>
      <meta httpEquiv="refresh" content={`${PAYMENT_SUCCESS_REDIRECT_DELAY_MS / 1000};url=${ANALYTICS_PATH}`} />
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Payment Successful!</h1>
        <p role="status" className="text-slate-600">
          Thank you for subscribing to Premium. Your premium features unlock as soon as the payment is confirmed. Taking you
          to your analytics in a few seconds...
        </p>
        <Link to={ANALYTICS_PATH} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Go to Analytics
        </Link>
      </section>
    </PublicLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Payment Successful | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
