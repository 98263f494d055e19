import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While `waiting` (a background job the page shows is still running), the page's data is loaded again every
 * `everyMs` while it is in view, so it shows the job's outcome without a reload. Without JavaScript a reload does.
 */
export function useRevalidateWhile(waiting: boolean, everyMs = 3000) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [waiting, everyMs, revalidate]);
}
