import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/ui/page-summary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Savings Goals" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePremiumUser(request);
  return null;
}

export default function SavingsGoalsPage() {
  return (
    <PageSummary heading="Savings Goals">
      <p>Set savings goals, record withdrawals and follow your progress.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Savings Goals | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
