import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/ui/page-summary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Analytics" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePremiumUser(request);
  return null;
}

export default function AnalyticsPage() {
  return (
    <PageSummary heading="Your financial analytics">
      <p>Month summaries, expense distribution, income against expenses and six-month trends.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Analytics | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
