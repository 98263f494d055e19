import { useEffect, useRef } from "react";

/**
 * The WAI-ARIA dialog's focus: while the dialog is shown, focus is on `target`
 * (set its ref); when it goes, focus returns to what had it before, if that is
 * still on the page, else to `opener()` (the dialog that follows a form post
 * opens when the pending, disabled button has already lost focus).
 */
export function useDialogFocus<T extends HTMLElement>(opener?: () => HTMLElement | null) {
  const target = useRef<T>(null);
  const openerRef = useRef(opener);
  useEffect(() => {
    const active = document.activeElement;
    const previous = active instanceof HTMLElement && active !== document.body ? active : null;
    target.current?.focus();
    return () => {
      const returnTo = previous?.isConnected ? previous : openerRef.current?.();
      returnTo?.focus();
    };
  }, []);
  return target;
}
