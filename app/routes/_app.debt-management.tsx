import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/ui/page-summary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Debt Management" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePremiumUser(request);
  return null;
}

export default function DebtManagementPage() {
  return (
    <PageSummary heading="Your debts">
      <p>Track balances, record payments and compare avalanche and snowball payoff plans.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Debt Management | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
