import { redirect } from "@remix-run/node";
import { loginPathFor } from "~/utils/redirect";
import { isTwoFactorEnabled } from "./two-factor.server";
import {
  clearSessionCookie,
  createPendingSignIn,
  createSession,
  destroySession,
  readSessionId,
  resolveSession,
  type Clock,
} from "./session.server";
import { createToastHeader } from "~/utils/flash.server";
import { readOncePerRequest } from "~/utils/request-scope.server";
import { getShellUser, recordLogin, type ShellUser } from "./user.server";

type SessionState = { sessionId: string | null; userId: string | null };

const perRequest = new WeakMap<Request, Promise<SessionState>>();

async function readSession(request: Request, clock?: Clock): Promise<SessionState> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return { sessionId: null, userId: null };
  const session = await resolveSession(sessionId, clock);
  return { sessionId, userId: session?.userId ?? null };
}

/** The session behind the request's cookie, read once per request (per page, in a GET's request scope). */
export function getSessionState(request: Request, clock?: Clock) {
  let state = perRequest.get(request);
  if (!state) {
    state = readOncePerRequest(`session ${request.headers.get("Cookie") ?? ""}`, () => readSession(request, clock));
    perRequest.set(request, state);
  }
  return state;
}

export async function getUserId(request: Request) {
  return (await getSessionState(request)).userId;
}

const usersPerRequest = new WeakMap<Request, Promise<ShellUser | null>>();

/** The signed-in user's shell fields, read once per request however many loaders ask (per page, in a GET's request scope). */
export function getOptionalUser(request: Request) {
  let user = usersPerRequest.get(request);
  if (!user) {
    user = getUserId(request).then((userId) => (userId ? getShellUser(userId) : null));
    usersPerRequest.set(request, user);
  }
  return user;
}

/**
 * Sends a signed-out visitor to /login, remembering where they were going, or
 * to `loginPath` when a page names its own way back.
 */
export async function requireUserId(request: Request, { loginPath }: { loginPath?: string } = {}) {
  const { sessionId, userId } = await getSessionState(request);
  if (userId) return userId;
  const headers = new Headers();
  if (sessionId) {
    headers.append("Set-Cookie", await clearSessionCookie());
    headers.append(
      "Set-Cookie",
      await createToastHeader({ type: "warning", message: "Your session expired after 30 minutes of inactivity. Please sign in again." }),
    );
  }
  throw redirect(loginPath ?? loginPathFor(request.url), { headers });
}

export async function requireUser(request: Request) {
  await requireUserId(request);
  const user = await getOptionalUser(request);
  if (!user) throw await logout(request);
  return user;
}

/** Premium routes need premiumAccess; everyone else is sent to the subscription page. */
export async function requirePremiumUser(request: Request) {
  const user = await requireUser(request);
  if (!user.premiumAccess) throw redirect("/manage-subscription");
  return user;
}

/**
 * The signed-in user when premium, else null: for screens that show free
 * users a locked panel instead of redirecting them (/debt-management).
 */
export async function getPremiumUser(request: Request) {
  const user = await requireUser(request);
  return user.premiumAccess ? user : null;
}

/** Signed-in visitors of /login, /signup and friends go to the dashboard. */
export async function requireAnonymous(request: Request) {
  if (await getUserId(request)) throw redirect("/dashboard");
}

export const TWO_FACTOR_PATH = "/login/two-factor";

/**
 * After the password (or Google): starts a session for `userId` and
 * redirects to `redirectTo` with its cookie set; with two-factor sign-in on,
 * sends them to the second step first.
 */
export async function signIn(userId: string, request: Request, redirectTo: string) {
  if (await isTwoFactorEnabled(userId)) {
    return redirect(TWO_FACTOR_PATH, { headers: { "Set-Cookie": await createPendingSignIn(userId, redirectTo) } });
  }
  return startSession(userId, request, redirectTo);
}

/** Starts the session of a user who proved who they are, and redirects to `redirectTo` with its cookie set. */
export async function startSession(userId: string, request: Request, redirectTo: string, headers = new Headers()) {
  const { cookie } = await createSession(userId, request);
  await recordLogin(userId);
  headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}

export async function logout(request: Request, redirectTo = "/login") {
  const sessionId = await readSessionId(request);
  if (sessionId) await destroySession(sessionId);
  return redirect(redirectTo, { headers: { "Set-Cookie": await clearSessionCookie() } });
}
