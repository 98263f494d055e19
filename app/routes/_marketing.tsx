import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicLayout } from "~/components/public-layout";

export default function MarketingLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <GeneralErrorBoundary />
    </PublicLayout>
  );
}
