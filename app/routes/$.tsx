import { GeneralErrorBoundary, NotFound } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";
import { notFound } from "~/utils/not-found";

export async function loader() {
  throw notFound();
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <GeneralErrorBoundary />
    </PublicLayout>
  );
}
