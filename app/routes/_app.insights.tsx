import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/ui/page-summary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Personalized Insights" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePremiumUser(request);
  return null;
}

export default function InsightsPage() {
  return (
    <PageSummary heading="Personalized Insights">
      <p>Recommendations based on your own spending patterns.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Personalized Insights | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
