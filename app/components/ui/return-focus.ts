import { useLocation } from "@remix-run/react";
import { useEffect, useMemo } from "react";

/**
 * A dialog that is a page of its own (Add/Edit Transaction) closes by going back
 * to the page behind it, whose opener link is a new element by then. Closing
 * navigates with this state, naming the dialog's own URL; the page behind focuses
 * the visible link to that URL, as the WAI-ARIA dialog pattern asks.
 */
export function useReturnFocusState() {
  const { pathname, search, hash } = useLocation();
  return useMemo(() => ({ returnFocusTo: pathname + search + hash }), [pathname, search, hash]);
}

function returnFocusTarget(state: unknown) {
  if (typeof state !== "object" || state === null || !("returnFocusTo" in state)) return null;
  return typeof state.returnFocusTo === "string" ? state.returnFocusTo : null;
}

export function useReturnFocusToOpener() {
  const location = useLocation();
  useEffect(() => {
    const href = returnFocusTarget(location.state);
    if (!href) return;
    const opener = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find(
      (link) => link.getAttribute("href") === href && link.getClientRects().length > 0,
    );
    opener?.focus();
  }, [location.key, location.state]);
}
