import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useId, useState } from "react";
import type { RootLoaderData } from "~/root";
import { useHydrated } from "~/utils/use-hydrated";

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
 * notice replaces the one before; it stays until the next page or 'Dismiss' (a button with JavaScript, a
 * visually hidden checkbox's label without it). `className` places it when there is one.
 */
export function NoticeRegion({ className = "" }: { className?: string }) {
  const notice = useNoticeOfThisPage();
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const hydrated = useHydrated();
  const dismissId = useId();
  const visible = notice && notice.id !== dismissedId ? notice : null;
  return (
    <div data-testid="notice" className={visible ? className : undefined}>
      {visible && !hydrated ? <input id={dismissId} type="checkbox" className="peer sr-only" aria-label="Dismiss the notice" /> : null}
      <div className={visible ? `flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium peer-checked:hidden ${STYLES[visible.type]}` : undefined}>
        <p role="status" data-notice-type={visible?.type} className={visible ? "flex-1" : undefined}>
          {visible?.message}
        </p>
        {visible ? (
          hydrated ? (
            <button type="button" onClick={() => setDismissedId(visible.id)} className="rounded px-1 font-semibold underline">
              Dismiss
            </button>
          ) : (
            <label htmlFor={dismissId} className="cursor-pointer rounded px-1 font-semibold underline">
              Dismiss
            </label>
          )
        ) : null}
      </div>
    </div>
  );
}
