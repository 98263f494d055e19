import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import mongoose from "mongoose";
import { Session, type SessionRecord } from "../../../models";
import { getEnv, secureCookiesEnabled } from "~/utils/env.server";
import { PENDING_SIGN_IN_SECONDS } from "./two-factor";

export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** Sliding-window writes are skipped while the session was touched this recently. */
const TOUCH_INTERVAL_MS = 60 * 1000;

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function getSessionCookie() {
  sessionCookie ??= createCookie("ledgerly_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookiesEnabled(),
    secrets: [getEnv().SESSION_SECRET],
  });
  return sessionCookie;
}

let pendingSignInCookie: ReturnType<typeof createCookie> | undefined;
/** Between the password (or Google) and the second factor: who is signing in and where they go next. */
function getPendingSignInCookie() {
  pendingSignInCookie ??= createCookie("ledgerly_sign_in", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookiesEnabled(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
  return pendingSignInCookie;
}

export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** A session expires once its idle window has run out. */
function isSessionExpired(expiresAt: Date, now: Date) {
  return expiresAt.getTime() <= now.getTime();
}

function nextExpiry(now: Date) {
  return new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS);
}

function needsTouch(lastActiveAt: Date, now: Date) {
  return now.getTime() - lastActiveAt.getTime() >= TOUCH_INTERVAL_MS;
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export async function createSession(userId: string, request: Request, clock: Clock = systemClock) {
  const now = clock();
  const session = await Session.create({
    _id: randomBytes(32).toString("base64url"),
    userId,
    lastActiveAt: now,
    expiresAt: nextExpiry(now),
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? "",
  });
  return { id: String(session._id), cookie: await getSessionCookie().serialize(session._id) };
}

/**
 * Returns the live session's user id, sliding its idle window forward, or
 * null (deleting the session) when it has been idle for 30 minutes.
 */
export async function resolveSession(sessionId: string, clock: Clock = systemClock) {
  const session = await Session.findById(sessionId)
    .select({ userId: 1, expiresAt: 1, lastActiveAt: 1 })
    .lean<Pick<SessionRecord, "userId" | "expiresAt" | "lastActiveAt">>();
  if (!session) return null;
  const now = clock();
  if (isSessionExpired(session.expiresAt, now)) {
    await Session.deleteOne({ _id: sessionId });
    return null;
  }
  if (needsTouch(session.lastActiveAt, now)) {
    await Session.updateOne({ _id: sessionId }, { $set: { lastActiveAt: now, expiresAt: nextExpiry(now) } });
  }
  return { userId: String(session.userId) };
}

/** When the session signed in (its creation), or null for a session that is gone. */
export async function sessionSignedInAt(sessionId: string) {
  const session = await Session.findById(sessionId).select({ createdAt: 1 }).lean<Pick<SessionRecord, "createdAt">>();
  return session?.createdAt ?? null;
}

export async function destroySession(sessionId: string) {
  await Session.deleteOne({ _id: sessionId });
}

export async function destroyUserSessions(userId: string, options: { except?: string } = {}) {
  const filter: Record<string, unknown> = { userId };
  if (options.except) filter._id = mongoose.trusted({ $ne: options.except });
  await Session.deleteMany(filter);
}

/** Removes sessions whose idle window has run out (reads refuse them already); resolves how many. */
export async function deleteExpiredSessions(now: Date) {
  const { deletedCount } = await Session.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) });
  return deletedCount;
}

export async function clearSessionCookie() {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

type PendingSignIn = { userId: string; redirectTo: string; expiresAt: number };

/** The cookie that carries a sign-in waiting for its second factor (signed; it expires in five minutes). */
export function createPendingSignIn(userId: string, redirectTo: string, clock: Clock = systemClock) {
  const pending: PendingSignIn = { userId, redirectTo, expiresAt: clock().getTime() + PENDING_SIGN_IN_SECONDS * 1000 };
  return getPendingSignInCookie().serialize(pending);
}

/** The sign-in waiting for its second factor, or null when there is none or it expired. */
export async function readPendingSignIn(request: Request, clock: Clock = systemClock): Promise<Omit<PendingSignIn, "expiresAt"> | null> {
  const value: unknown = await getPendingSignInCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { userId, redirectTo, expiresAt } = value as Partial<PendingSignIn>;
  if (typeof userId !== "string" || typeof redirectTo !== "string" || typeof expiresAt !== "number" || expiresAt <= clock().getTime()) return null;
  return { userId, redirectTo };
}

export function clearPendingSignIn() {
  return getPendingSignInCookie().serialize("", { maxAge: 0 });
}
