import { useEffect, useState } from "react";

let hydrating = true;

/**
 * False in the server render and the first browser render, true once React
 * runs in the browser: controls that need JavaScript replace their form
 * fallbacks only then.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
