import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";

type Notice = NonNullable<NonNullable<ReturnType<typeof useRouteLoaderData<RootLoaderData>>>["toast"]>;

const STYLES: Record<Notice["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

/**
 * In the browser: the notice on show and the page (location key) it came with, and the notices already shown.
 * The root loader runs again only after an action or a change of query, so its notice outlives its page, and a
 * revalidation (a page polling for a job) brings none: a notice stays on its page until the next one, and is
 * never shown again.
 */
let onShow: { notice: Notice; pageKey: string } | null = null;
const shown = new Set<string>();

function useNoticeOfThisPage(): Notice | null {
  const fromServer = useRouteLoaderData<RootLoaderData>("root")?.toast ?? null;
  const { key } = useLocation();
  if (typeof document === "undefined") return fromServer;
  if (fromServer && !shown.has(fromServer.id) && onShow?.notice.id !== fromServer.id) onShow = { notice: fromServer, pageKey: key };
  if (onShow && onShow.pageKey !== key) {
    shown.add(onShow.notice.id);
    onShow = null;
  }
  return onShow?.notice ?? null;
}

/**
 * The notice after a redirect (decision 226), at the top of the page's main content: in the page's flow, so
 * it pushes the content down and covers nothing at any width. It is the page's one live region for notices,
 * always there (empty when there is none) so that a notice arriving with JavaScript is announced once. A new
 * notice replaces the one before; it stays until the next page or 'Dismiss', the label of a visually hidden
 * checkbox whose checked state hides it (no request, with or without JavaScript; a new notice brings a new,
 * unchecked box). `className` places it when there is one.
 */
export function NoticeRegion({ className = "" }: { className?: string }) {
  const notice = useNoticeOfThisPage();
  const dismissId = notice ? `dismiss-notice-${notice.id}` : undefined;
  return (
    <div data-testid="notice" className={notice ? className : undefined}>
      {notice ? <input key={notice.id} id={dismissId} type="checkbox" className="peer sr-only" aria-label="Dismiss the notice" /> : null}
      <div
        className={
          notice
            ? `flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium peer-checked:hidden peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 ${STYLES[notice.type]}`
            : undefined
        }
      >
        <p role="status" className={notice ? "flex-1" : undefined}>
          {notice?.message}
        </p>
        {notice ? (
          <label htmlFor={dismissId} className="cursor-pointer rounded px-1 font-semibold underline">
            Dismiss
          </label>
        ) : null}
      </div>
    </div>
  );
}
