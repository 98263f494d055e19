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

function formPost(path: string, cookie: string, body: FormData | URLSearchParams, headers: Record<string, string>) {
  return new Request(`${APP}${path}`, { method: "POST", body, headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie, ...headers } });
}

/**
 * A same-origin form post, as a browser without JavaScript sends it, multipart (how a form with a file
 * is sent; actions read either encoding alike): a list is one field sent once per value, a File an
 * uploaded file; `headers` (another Origin, say) replace the browser's.
 */
export function postRequest(path: string, cookie: string, fields: Record<string, string | string[] | File>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return formPost(path, cookie, body, headers);
}

/** The same post url-encoded, as a browser sends a form without a file: for an action that tells the two apart (the import page's undo from its upload). */
export function urlEncodedPostRequest(path: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return formPost(path, cookie, new URLSearchParams(fields), headers);
}

/** A webhook's delivery: a JSON body and the sender's headers (its signature), without a browser's cookie or Origin. */
export function webhookRequest(path: string, body: string, headers: Record<string, string>) {
  return new Request(`${APP}${path}`, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
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
