import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageSummary } from "~/components/page-summary";
import { requireUserId } from "~/utils/auth.server";
import type { PageHandle } from "~/utils/page-title";

export const handle: PageHandle = { title: "Transactions" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  return null;
}

export default function TransactionsPage() {
  return (
    <PageSummary heading="Your transactions">
      <p>Every income and expense you record appears here, grouped by date, newest first.</p>
    </PageSummary>
  );
}

export const meta: MetaFunction = () => [{ title: "Transactions | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
