import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/ui/page-summary";
import { requirePremiumUser } from "~/features/auth/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Bank" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePremiumUser(request);
  return null;
}

export default function BankPage() {
  return (
    <PageSummary heading="Linked bank accounts">
      <p>Connect a bank account to import transactions automatically.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Bank | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
