import { lazy, Suspense, useEffect, useState } from "react";
import { isCacheDebugShortcut } from "./shortcut";

// Loaded only when opened, so pages do not carry it.
const CacheDebugPanel = lazy(() => import("./cache-debug-panel").then((module) => ({ default: module.CacheDebugPanel })));

/**
 * The hidden cache debug panel: Ctrl+Shift+D toggles it, Escape closes it.
 * Without JavaScript it does not exist, and there is nothing to clear.
 */
export function CacheDebug() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isCacheDebugShortcut(event)) {
        event.preventDefault();
        setOpen((current) => !current);
      } else if (event.key === "Escape") {
        setOpen(false);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CacheDebugPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
