import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv, secureCookiesEnabled } from "./env.server";
import type { FormErrors } from "./form-errors";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "warning"]),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

/**
 * A signed cookie that carries something to the next page the browser renders
 * and is read once (a flash): created on first use, as the environment is read then.
 */
function flashCookieStorage<Flash>(name: string) {
  let storage: ReturnType<typeof createCookieSessionStorage<Flash, Flash>> | undefined;
  return () =>
    (storage ??= createCookieSessionStorage<Flash, Flash>({
      cookie: { name, sameSite: "lax", path: "/", httpOnly: true, secure: secureCookiesEnabled(), secrets: [getEnv().SESSION_SECRET] },
    }));
}

const TOAST_KEY = "toast" as const;

type ToastFlash = { [TOAST_KEY]: Toast };

const getToastStorage = flashCookieStorage<ToastFlash>("ledgerly_toast");

/** A Set-Cookie header that shows `toast` on the next page the browser renders. */
export async function createToastHeader(toast: Omit<Toast, "id">) {
  const session = await getToastStorage().getSession();
  session.flash(TOAST_KEY, { ...toast, id: crypto.randomUUID() });
  return getToastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast; the returned header clears it. */
export async function getToast(request: Request) {
  const session = await getToastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { "Set-Cookie": await getToastStorage().destroySession(session) } : null,
  };
}

const formErrorsSchema = z.object({
  form: z.string(),
  values: z.record(z.string(), z.string()),
  fieldErrors: z.record(z.string(), z.array(z.string())),
});

const FORM_ERRORS_KEY = "formErrors" as const;
/**
 * What came from the request (typed values, a form key naming a record) is
 * echoed at most this long: the whole flash must stay under the 4 KB a
 * browser keeps of a cookie. A key cut short names no form, so nothing shows.
 */
const MAX_ECHOED_LENGTH = 200;

type FormErrorsFlash = { [FORM_ERRORS_KEY]: FormErrors };

const getFormErrorsStorage = flashCookieStorage<FormErrorsFlash>("ledgerly_form_errors");

/**
 * A Set-Cookie header that hands a refused form to the next page the browser
 * renders: how a form posted without JavaScript to a route with no page of
 * its own (a resource route) gets its errors shown beside its fields.
 */
export async function createFormErrorsHeader({ form, values, fieldErrors }: FormErrors) {
  const session = await getFormErrorsStorage().getSession();
  const shortValues = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, MAX_ECHOED_LENGTH)]));
  session.flash(FORM_ERRORS_KEY, { form: form.slice(0, MAX_ECHOED_LENGTH), values: shortValues, fieldErrors });
  return getFormErrorsStorage().commitSession(session);
}

/** Reads and consumes the pending refused form (for the page's loader); the returned header clears it. */
export async function getFormErrors(request: Request) {
  const session = await getFormErrorsStorage().getSession(request.headers.get("Cookie"));
  const parsed = formErrorsSchema.safeParse(session.get(FORM_ERRORS_KEY));
  return {
    formErrors: parsed.success ? parsed.data : null,
    headers: parsed.success ? { "Set-Cookie": await getFormErrorsStorage().destroySession(session) } : null,
  };
}
