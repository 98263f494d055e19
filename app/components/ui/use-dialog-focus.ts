import { useEffect, useRef } from "react";

/**
 * The WAI-ARIA dialog's focus: while the dialog is shown, focus is on `target`
 * (set its ref); when it goes, focus returns to what had it before, if that is
 * still on the page.
 */
export function useDialogFocus<T extends HTMLElement>() {
  const target = useRef<T>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    target.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return target;
}
