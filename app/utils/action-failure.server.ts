import { data } from "@remix-run/node";
import { isDatabaseUnavailable } from "~/integrations/database.server";

export type Caught<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs a service call whose failure the action answers in its own words: `{ ok: false }` comes back for the
 * caller to turn into the page's message, status or toast, and the failure is logged as "<what> failed".
 *
 * A database outage is not the page's to word: it is thrown on, so `handleError` notes it and the request is
 * answered with the app-wide 503 outage page (entry.server.tsx, decision 185), as a loader's outage is.
 * `refusal` tells apart errors a service throws to refuse (a `BillingError`, say): they come back unlogged.
 */
export async function catchFailure<T>(what: string, work: () => Promise<T>, { refusal }: { refusal?: (error: unknown) => boolean } = {}): Promise<Caught<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (!refusal?.(error)) console.error(`${what} failed`, error);
    return { ok: false, error };
  }
}

/** The 400 an action throws for a form it does not know (no intent, or another page's). */
export function unknownForm() {
  return data("Unknown form submitted.", { status: 400 });
}
