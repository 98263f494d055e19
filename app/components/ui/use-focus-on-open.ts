import { useEffect } from "react";

/**
 * Focuses the element `id` when the component using this mounts (a panel that just opened). Without
 * JavaScript the link's fragment names the panel and the browser scrolls to it and focuses it; with
 * JavaScript the fragment only scrolls (ScrollRestoration), so this moves focus the same way. Null: nothing.
 */
export function useFocusOnOpen(id: string | null) {
  useEffect(() => {
    if (id) document.getElementById(id)?.focus();
  }, [id]);
}
