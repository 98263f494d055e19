import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { OUTAGE_MESSAGES } from "~/lib/outage";

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 - Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Go to Home
      </Link>
    </div>
  );
}

function SomethingWentWrong({ title = "Something went wrong", detail }: { title?: string; detail?: string }) {
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{detail ?? "An unexpected error occurred. Please try again."}</p>
      <a href={`${location.pathname}${location.search}`} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Reload page
      </a>
    </div>
  );
}

/**
 * Whether a page's data request got an answer that is not the app's data: the server's outage answer (the
 * database cannot be reached), or a proxy's error page. Remix's client can only say it could not decode it.
 */
function isUnreadableDataAnswer(error: unknown) {
  return error instanceof Error && error.message.startsWith("Unable to decode turbo-stream response");
}

/** The one error boundary every route uses, with a handler per HTTP status. */
export function GeneralErrorBoundary({
  statusHandlers,
  unexpectedErrorHandler,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  if (typeof document !== "undefined") console.error(error);
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status];
    if (handler) return <>{handler({ error })}</>;
    if (error.status === 404) return <NotFound />;
    const detail = typeof error.data === "string" ? error.data : undefined;
    // A request the app refused (malformed, too large, not a form) is the client's to fix, not a fault of ours.
    return <SomethingWentWrong title={error.status < 500 ? "This request could not be accepted" : undefined} detail={detail} />;
  }
  if (isUnreadableDataAnswer(error)) return <SomethingWentWrong title={OUTAGE_MESSAGES.title} detail={`${OUTAGE_MESSAGES.read} ${OUTAGE_MESSAGES.eitherWay}`} />;
  return <>{unexpectedErrorHandler ? unexpectedErrorHandler(error) : <SomethingWentWrong />}</>;
}
