import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv, secureCookiesEnabled } from "./env.server";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "warning"]),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

const TOAST_KEY = "toast" as const;

type ToastFlash = { [TOAST_KEY]: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<ToastFlash, ToastFlash>> | undefined;
function getToastStorage() {
  storage ??= createCookieSessionStorage<ToastFlash, ToastFlash>({
    cookie: {
      name: "ledgerly_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secure: secureCookiesEnabled(),
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

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
