import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { NavigationProgress } from "./components/navigation-progress";
import { useFragmentFocus } from "./components/ui/fragment-focus";
import stylesheet from "./styles/tailwind.css?url";
import { getOptionalUser } from "./features/auth/auth.server";
import { getPublicEnv } from "./utils/env.server";
import { useNonce } from "./utils/nonce-provider";
import { getToast } from "./utils/flash.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Ledgerly" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const { toast, headers } = await getToast(request);
  return data({ user, toast, ENV: getPublicEnv() }, { headers: headers ?? undefined });
}

export type RootLoaderData = typeof loader;

/** A new page starts at its top, unless its address names a part of it (`#id`), which the page scrolls to and focuses. */
function ScrollAndFocusOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);
  useFragmentFocus();
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-slate-50 text-slate-900 antialiased">
        {children}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(rootData?.ENV ?? {})}` }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ScrollAndFocusOnNavigate />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
