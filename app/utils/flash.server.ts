import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv, secureCookiesEnabled } from "./env.server";
import type { FormErrors } from "./form-errors";

const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "warning"]),
  message: z.string(),
});
type Toast = z.infer<typeof toastSchema>;

/**
 * A signed cookie that carries one value to the next page the browser renders,
 * read once (a flash). The storage is created on first use, as the environment is read then.
 */
function flashCookie<Value>(name: string, schema: z.ZodType<Value>) {
  type Flash = { value: Value };
  let storage: ReturnType<typeof createCookieSessionStorage<Flash, Flash>> | undefined;
  const getStorage = () =>
    (storage ??= createCookieSessionStorage<Flash, Flash>({
      cookie: { name, sameSite: "lax", path: "/", httpOnly: true, secure: secureCookiesEnabled(), secrets: [getEnv().SESSION_SECRET] },
    }));
  return {
    /** A Set-Cookie header that hands `value` to the next page. */
    async header(value: Value) {
      const session = await getStorage().getSession();
      session.flash("value", value);
      return getStorage().commitSession(session);
    },
    /** The pending value, consumed: the returned headers clear it. */
    async take(request: Request) {
      const session = await getStorage().getSession(request.headers.get("Cookie"));
      const parsed = schema.safeParse(session.get("value"));
      if (!parsed.success) return { value: null, headers: null };
      return { value: parsed.data, headers: { "Set-Cookie": await getStorage().destroySession(session) } };
    },
  };
}

const toastCookie = flashCookie("ledgerly_toast", toastSchema);

/** A Set-Cookie header that shows `toast` on the next page the browser renders. */
export function createToastHeader(toast: Omit<Toast, "id">) {
  return toastCookie.header({ ...toast, id: crypto.randomUUID() });
}

export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast; the returned header clears it. */
export async function getToast(request: Request) {
  const { value, headers } = await toastCookie.take(request);
  return { toast: value, headers };
}

const formErrorsSchema: z.ZodType<FormErrors> = z.object({
  form: z.string(),
  values: z.record(z.string(), z.string()),
  fieldErrors: z.record(z.string(), z.array(z.string())),
});

/**
 * What came from the request (typed values, a form key naming a record) is
 * echoed at most this long: the whole flash must stay under the 4 KB a
 * browser keeps of a cookie. A key cut short names no form, so nothing shows.
 */
const MAX_ECHOED_LENGTH = 200;

const formErrorsCookie = flashCookie("ledgerly_form_errors", formErrorsSchema);

/**
 * A Set-Cookie header that hands a refused form to the next page the browser
 * renders: how a form posted without JavaScript to a route with no page of
 * its own (a resource route) gets its errors shown beside its fields.
 */
export function createFormErrorsHeader({ form, values, fieldErrors }: FormErrors) {
  const shortValues = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, MAX_ECHOED_LENGTH)]));
  return formErrorsCookie.header({ form: form.slice(0, MAX_ECHOED_LENGTH), values: shortValues, fieldErrors });
}

/** Reads and consumes the pending refused form (for the page's loader); the returned header clears it. */
export async function getFormErrors(request: Request) {
  const { value, headers } = await formErrorsCookie.take(request);
  return { formErrors: value, headers };
}
