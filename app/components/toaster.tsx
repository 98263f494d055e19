import { useEffect, useId, useState } from "react";

type ToastData = { id: string; type: "success" | "error" | "warning"; message: string };

const STYLES: Record<ToastData["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

const NOTIFICATION_DURATION_MS = 2000;

/**
 * The notification after a redirect. A success is centred and hidden after
 * 2 s by a CSS animation, so it also goes without JavaScript (with it, it is
 * removed from the page). An error or a warning stays at the top until the
 * user dismisses it: a button with JavaScript, a checkbox styled as one without.
 */
export function Toaster({ toast }: { toast: ToastData }) {
  const [visibleId, setVisibleId] = useState<string | null>(toast.id);
  const [hydrated, setHydrated] = useState(false);
  const dismissId = useId();
  const persistent = toast.type !== "success";
  useEffect(() => {
    setHydrated(true);
    setVisibleId(toast.id);
    if (persistent) return;
    const timer = setTimeout(() => setVisibleId(null), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, persistent]);
  if (visibleId !== toast.id) return null;
  const message = (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border px-5 py-4 text-sm font-medium shadow-lg ${persistent ? "peer-checked:hidden" : "toast-auto-hide text-center"} ${STYLES[toast.type]}`}
    >
      <span className="flex-1">{toast.message}</span>
      {persistent ? (
        hydrated ? (
          <button type="button" onClick={() => setVisibleId(null)} className="rounded px-1 font-semibold underline">
            Dismiss
          </button>
        ) : (
          <label htmlFor={dismissId} className="cursor-pointer rounded px-1 font-semibold underline">
            Dismiss
          </label>
        )
      ) : null}
    </div>
  );
  if (!persistent) return <div className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center p-4">{message}</div>;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center p-4">
      {hydrated ? null : <input id={dismissId} type="checkbox" className="peer sr-only" aria-label="Dismiss the notice" />}
      {message}
    </div>
  );
}
