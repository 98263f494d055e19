import { useLocation, type Location } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The id a link's fragment names (`#budget-form` → "budget-form"). */
function fragmentTarget(hash: string) {
  return hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
}

/** A focusable link to `href` that is shown (the opener of a panel). */
export function visibleLinkTo(href: string) {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find((link) => link.getAttribute("href") === href && link.getClientRects().length > 0) ?? null;
}

/** True when nothing has focus: what had it (a control in a panel that closed) is gone. */
export function focusLost() {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * A link that opens a panel through the address names the panel by fragment (`?goal=new#goal-new-title`), and
 * the panel's heading (or the dialog) has that id and tabIndex -1: without JavaScript the browser scrolls to it
 * and focuses it. This does the same after each client navigation, unless the panel already took focus itself;
 * and when the next navigation closes the panel (its target is gone, and focus went with it), it focuses the
 * link that opened it again, as the WAI-ARIA dialog pattern asks.
 */
export function useFragmentFocus() {
  const location = useLocation();
  const previous = useRef<Location | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    // The first page: the browser has already done it.
    if (!before) return;
    const target = fragmentTarget(location.hash);
    if (target?.hasAttribute("tabindex")) {
      if (!target.contains(document.activeElement)) target.focus();
      return;
    }
    if (!before.hash || fragmentTarget(before.hash) || !focusLost()) return;
    visibleLinkTo(before.pathname + before.search + before.hash)?.focus();
  }, [location]);
}
