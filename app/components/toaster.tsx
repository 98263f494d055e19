import { useEffect, useState } from "react";

export type ToastData = { id: string; type: "success" | "error" | "warning"; message: string };

const STYLES: Record<ToastData["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

export const NOTIFICATION_DURATION_MS = 2000;

/**
 * The centred notification. A CSS animation hides it after 2 s so it also
 * vanishes without JavaScript; with JavaScript it is removed from the page.
 */
export function Toaster({ toast }: { toast: ToastData }) {
  const [visibleId, setVisibleId] = useState<string | null>(toast.id);
  useEffect(() => {
    setVisibleId(toast.id);
    const timer = setTimeout(() => setVisibleId(null), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  if (visibleId !== toast.id) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center p-4">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-toast-type={toast.type}
        className={`toast-auto-hide pointer-events-auto max-w-md rounded-xl border px-5 py-4 text-center text-sm font-medium shadow-lg ${STYLES[toast.type]}`}
      >
        {toast.message}
      </div>
    </div>
  );
}
