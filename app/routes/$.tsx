import { GeneralErrorBoundary, NotFound } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
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
