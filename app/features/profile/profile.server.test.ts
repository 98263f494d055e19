import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { ReportingRecount, Session, User, type UserRecord } from "../../../models";
import { action, loader } from "~/routes/_app.profile";
import { PROFILE_INTENTS } from "./profile";
import { PROFILE_MESSAGES } from "./profile";
import { passwordMessages } from "~/features/auth/password-rules";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser, hasPassword, upsertGoogleUser, verifyEmailPassword } from "~/features/auth/user.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

const PASSWORD = "Str0ng!Passw0rd";
const NEW_PASSWORD = "N3w!Passw0rd";
const APP = "http://localhost:3000";

function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

async function signIn(userId: string) {
  const { id, cookie } = await createSession(userId, new Request(`${APP}/`));
  return { sessionId: id, cookie: cookie.split(";")[0] };
}

async function emailUser(prefix: string) {
  const email = uniqueEmail(prefix);
  const userId = await createEmailUser(email, PASSWORD);
  return { userId, email, ...(await signIn(userId)) };
}

function submit(cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`${APP}/profile`, {
    method: "POST",
    body,
    headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie, ...headers },
  });
  return action({ request, params: {}, context: {} });
}

type ActionResult = Awaited<ReturnType<typeof action>>;
type Reply = { status?: string; error?: Record<string, string[] | null> };

/** The toast a redirect hands to the next page. */
function expectRedirect(result: ActionResult, location: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe(location);
  return result;
}

function expectRejected(result: ActionResult, status = 400) {
  if (result instanceof Response) throw new Error(`expected a rejected form, got a ${result.status} response`);
  const { data, init } = result as unknown as { data: { intent: string; result: Reply }; init: ResponseInit };
  expect(init.status).toBe(status);
  return { intent: data.intent, errors: data.result.error ?? {} };
}

async function storedUser(userId: string) {
  return User.findById(userId)
    .select({ displayName: 1, currency: 1 })
    .lean<Pick<UserRecord, "displayName" | "currency">>();
}

describe("profile loader", () => {
  test("returns what the page renders, counting only live sessions", async () => {
    const { userId, email, cookie } = await emailUser("loader");
    await signIn(userId);
    const stale = await signIn(userId);
    await Session.updateOne({ _id: stale.sessionId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });

    const profile = await loader({ request: new Request(`${APP}/profile`, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(profile).toMatchObject({
      email,
      displayName: email.split("@")[0],
      signInMethod: "Email",
      currency: "USD",
      hasPassword: true,
      signedInDevices: 2,
    });
    expect(profile.memberSince).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(profile.otherCurrencies.some((currency) => currency.code === "XOF")).toBe(true);
    expect(profile.otherCurrencies.some((currency) => currency.code === "USD")).toBe(false);
  });

  test("signed-out visitors are sent to /login", async () => {
    const response = await loader({ request: new Request(`${APP}/profile`), params: {}, context: {} }).catch((error) => error);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fprofile");
  });
});

describe("display name", () => {
  test("is stored trimmed, with a success toast", async () => {
    const { userId, cookie } = await emailUser("name");
    const response = expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.updateName, displayName: "  Ada Lovelace  " }), "/profile");
    expect((await toastOf(response))?.message).toBe("Profile updated successfully");
    expect((await storedUser(userId))?.displayName).toBe("Ada Lovelace");
  });

  test.each([
    ["", PROFILE_MESSAGES.nameRequired],
    ["    ", PROFILE_MESSAGES.nameRequired],
    ["x".repeat(81), PROFILE_MESSAGES.nameTooLong],
  ])("%j is refused with 400 and nothing is written", async (displayName, message) => {
    const { userId, email, cookie } = await emailUser("blank");
    const { intent, errors } = expectRejected(await submit(cookie, { intent: PROFILE_INTENTS.updateName, displayName }));
    expect(intent).toBe(PROFILE_INTENTS.updateName);
    expect(errors.displayName).toEqual([message]);
    expect((await storedUser(userId))?.displayName).toBe(email.split("@")[0]);
  });

  test("80 characters are allowed", async () => {
    const { userId, cookie } = await emailUser("long");
    expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.updateName, displayName: "y".repeat(80) }), "/profile");
    expect((await storedUser(userId))?.displayName).toBe("y".repeat(80));
  });
});

describe("display currency", () => {
  test("is stored on the user", async () => {
    const { userId, cookie } = await emailUser("currency");
    const response = expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.updateCurrency, currency: "EUR" }), "/profile");
    expect((await toastOf(response))?.message).toBe("Currency updated to EUR: your totals are being counted again in it");
    expect((await storedUser(userId))?.currency).toBe("EUR");
    expect(await ReportingRecount.findById(userId).lean()).toMatchObject({ currency: "EUR", finishedAt: null });

    // The same currency again changes nothing to count.
    const again = expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.updateCurrency, currency: "EUR" }), "/profile");
    expect((await toastOf(again))?.message).toBe("Currency updated to EUR");
  });

  test("any ISO currency outside the featured list works too", async () => {
    const { userId, cookie } = await emailUser("xof");
    expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.updateCurrency, currency: "XOF" }), "/profile");
    expect((await storedUser(userId))?.currency).toBe("XOF");
  });

  test.each([["ZZZ"], ["eur"], [""], ["$"]])("%j is refused with 400 and nothing is written", async (currency) => {
    const { userId, cookie } = await emailUser("bad-currency");
    const { errors } = expectRejected(await submit(cookie, { intent: PROFILE_INTENTS.updateCurrency, currency }));
    expect(errors.currency?.length).toBe(1);
    expect((await storedUser(userId))?.currency).toBe("USD");
  });
});

describe("change password", () => {
  const change = (fields: Record<string, string>) => ({ intent: PROFILE_INTENTS.changePassword, ...fields });

  test("a wrong current password is refused next to the field", async () => {
    const { email, cookie } = await emailUser("wrong");
    const { errors } = expectRejected(
      await submit(cookie, change({ currentPassword: "Wr0ng!Passw0rd", newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })),
    );
    expect(errors.currentPassword).toEqual(["Current password is incorrect"]);
    expect((await verifyEmailPassword(email, PASSWORD)).ok).toBe(true);
  });

  test.each([
    ["Sh0rt!", passwordMessages.tooShort],
    ["nouppercase1!", passwordMessages.uppercase],
    ["NOLOWERCASE1!", passwordMessages.lowercase],
    ["NoNumbers!!", passwordMessages.number],
    ["NoSpecial123", passwordMessages.special],
  ])("weak new password %j gives '%s'", async (newPassword, message) => {
    const { email, cookie } = await emailUser("weak");
    const { errors } = expectRejected(await submit(cookie, change({ currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword })));
    expect(errors.newPassword).toContain(message);
    expect((await verifyEmailPassword(email, PASSWORD)).ok).toBe(true);
  });

  test("the confirmation must match", async () => {
    const { email, cookie } = await emailUser("mismatch");
    const { errors } = expectRejected(
      await submit(cookie, change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: `${NEW_PASSWORD}x` })),
    );
    expect(errors.confirmNewPassword).toEqual(["Passwords do not match"]);
    expect((await verifyEmailPassword(email, PASSWORD)).ok).toBe(true);
  });

  test("every field is required, the current password included", async () => {
    const { cookie } = await emailUser("blank-password");
    const { errors } = expectRejected(await submit(cookie, change({ newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })));
    expect(errors[""]).toEqual(["Please fill in all fields"]);
  });

  test("success stores the new password and ends every other session but this one", async () => {
    const { userId, email, sessionId, cookie } = await emailUser("success");
    await signIn(userId);
    await signIn(userId);
    const response = expectRedirect(
      await submit(cookie, change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })),
      "/profile",
    );
    expect((await toastOf(response))?.message).toBe("Password changed successfully");
    expect(await verifyEmailPassword(email, NEW_PASSWORD)).toEqual({ ok: true, userId });
    expect((await verifyEmailPassword(email, PASSWORD)).ok).toBe(false);
    expect(await Session.find({ userId }).distinct("_id")).toEqual([sessionId]);
  });

  test("wrong current passwords are rate limited per account", async () => {
    const { email, cookie } = await emailUser("limited");
    const wrong = change({ currentPassword: "Wr0ng!Passw0rd", newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) expectRejected(await submit(cookie, wrong), 400);

    const right = change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    const { errors } = expectRejected(await submit(cookie, right), 429);
    expect(errors[""]).toEqual(["Too many failed attempts. Please try again later."]);
    expect((await verifyEmailPassword(email, PASSWORD)).ok).toBe(true);
  });

  test("a Google-only user sets a password without a current one", async () => {
    const email = uniqueEmail("google");
    const { userId } = await upsertGoogleUser({ googleId: randomBytes(8).toString("hex"), email, emailVerified: true, displayName: "G", photoURL: null });
    const { cookie } = await signIn(userId);
    expect(await hasPassword(userId)).toBe(false);

    const response = expectRedirect(await submit(cookie, change({ newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })), "/profile");
    expect((await toastOf(response))?.message).toBe("Password set successfully");
    expect(await verifyEmailPassword(email, NEW_PASSWORD)).toEqual({ ok: true, userId });
  });
});

describe("sign out of all devices", () => {
  test("ends every session, this one included, and goes to /login", async () => {
    const { userId, cookie } = await emailUser("everywhere");
    await signIn(userId);
    const response = expectRedirect(await submit(cookie, { intent: PROFILE_INTENTS.signOutEverywhere }), "/login");
    expect(response.headers.getSetCookie().some((header) => header.startsWith("ledgerly_session=;"))).toBe(true);
    expect((await toastOf(response))?.message).toBe("Signed out of all devices");
    expect(await Session.countDocuments({ userId })).toBe(0);
  });
});

describe("request checks", () => {
  test("a cross-site post is refused before anything is written", async () => {
    const { userId, cookie } = await emailUser("csrf");
    const response = await submit(cookie, { intent: PROFILE_INTENTS.signOutEverywhere }, { Origin: "https://evil.example" }).catch((error) => error);
    expect(response.status).toBe(403);
    expect(await Session.countDocuments({ userId })).toBe(1);
  });

  test("an unknown form is a 400, not a 500", async () => {
    const { cookie } = await emailUser("unknown");
    const error = await submit(cookie, { intent: "delete-everything" }).catch((thrown) => thrown);
    expect(error.init.status).toBe(400);
  });
});
