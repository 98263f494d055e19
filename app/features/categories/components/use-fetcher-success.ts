import { useEffect, useRef } from "react";

type CategoryFetcher = { state: "idle" | "loading" | "submitting"; data?: unknown };

/**
 * Runs `onSuccess` once each time the fetcher's submission comes back without
 * a refusal (the action answers data only to refuse); whatever `onSuccess` returns is its cleanup.
 */
export function useFetcherSuccess(fetcher: CategoryFetcher, onSuccess: () => void | (() => void)) {
  const submitted = useRef(false);
  const latest = useRef(onSuccess);
  latest.current = onSuccess;
  useEffect(() => {
    if (fetcher.state !== "idle") {
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    if (fetcher.data) return;
    return latest.current();
  }, [fetcher.state, fetcher.data]);
}
