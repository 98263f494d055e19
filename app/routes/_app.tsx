import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { CacheDebug } from "~/components/cache-debug/cache-debug";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SessionExpiryDialog } from "~/components/session-expiry-dialog";
import { requireUser } from "~/features/auth/auth.server";
import { usePageTitle } from "~/utils/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { premium: user.premiumAccess };
}

export default function SignedInLayout() {
  const { premium } = useLoaderData<typeof loader>();
  const title = usePageTitle();
  return (
    <AppShell title={title} premium={premium}>
      <Outlet />
      <SessionExpiryDialog />
      <CacheDebug />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
