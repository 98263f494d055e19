import { createSession } from "~/features/auth/session.server";

/** What loaders and actions are called with in route tests: requests to the app as a browser sends them. */
export const APP = "http://localhost:3000";

/** The session cookie of a signed-in `userId`, as the browser sends it back. */
export async function cookieFor(userId: string) {
  const { cookie } = await createSession(userId, new Request(`${APP}/`));
  return cookie.split(";")[0];
}

export function getRequest(path: string, cookie: string) {
  return new Request(`${APP}${path}`, { headers: { Cookie: cookie } });
}

/** A same-origin form post, as a browser without JavaScript sends it: a list is one field sent once per value; `headers` (another Origin, say) replace the browser's. */
export function postRequest(path: string, cookie: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request(`${APP}${path}`, { method: "POST", body, headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie, ...headers } });
}

/** What a loader or action answered or threw: a Response, or a `data()` result. */
export async function outcome(run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}

/** The payload of a `data()` result (or a plain loader return). */
export function payloadOf<T>(result: unknown): T {
  return ((result as { data?: unknown }).data ?? result) as T;
}
