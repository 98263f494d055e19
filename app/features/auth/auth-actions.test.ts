import { describe, expect, test } from "vitest";
import { Credential, PasswordResetToken, Session, User } from "../../../models";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as resetPasswordAction } from "~/routes/reset-password";
import { action as signUpAction } from "~/routes/signup";
import { createSession } from "./session.server";
import { createEmailUser } from "./user.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { emailsTo } from "../../../tests/setup/outbox";

useTestDatabase();

const ORIGIN = "http://localhost:3000";
const STRONG = "Str0ng!Passw0rd";

function post(path: string, fields: Record<string, string>, address = `192.0.2.${Math.floor(Math.random() * 250)}`) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
  });
}

type DataResult = { data: { result: { error?: Record<string, string[]> } }; init: { status: number } };

function asData(result: unknown) {
  expect(result).not.toBeInstanceOf(Response);
  return result as DataResult;
}

function messages(result: unknown) {
  return Object.values(asData(result).data.result.error ?? {}).flat();
}

/** The server reads the client address from the connection; these tests name it in X-Forwarded-For as a proxy would. */
const args = (request: Request) => ({ request, params: {}, context: { clientAddress: request.headers.get("X-Forwarded-For") ?? "127.0.0.1" } });

async function lastEmailTo(to: string) {
  return (await emailsTo(to)).at(-1)!;
}

describe("sign-up action", () => {
  test("weak password → 400 with the spec's messages and no user written", async () => {
    const result = await signUpAction(args(post("/signup", { email: "weak@example.com", password: "weak", confirmPassword: "weak" })));
    expect(asData(result).init.status).toBe(400);
    expect(messages(result)).toEqual(
      expect.arrayContaining(["Password must be at least 8 characters long", "Password must contain at least one uppercase letter"]),
    );
    expect(await User.countDocuments({ email: "weak@example.com" })).toBe(0);
  });

  test("success creates the user and credential, starts a session and redirects to /dashboard", async () => {
    const result = await signUpAction(args(post("/signup", { email: "New@Example.com", password: STRONG, confirmPassword: STRONG })));
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Set-Cookie")).toMatch(/^ledgerly_session=.+HttpOnly.+SameSite=Lax/);
    const user = await User.findOne({ email: "new@example.com" }).lean();
    expect(user).toMatchObject({ authProvider: "email", uid: String(user?._id) });
    expect(await Credential.countDocuments({ userId: user?._id })).toBe(1);
    expect(await Session.countDocuments({ userId: user?._id })).toBe(1);
  });

  test("honours the redirect value", async () => {
    const result = await signUpAction(
      args(post("/signup", { email: "redirect@example.com", password: STRONG, confirmPassword: STRONG, redirect: "subscription" })),
    );
    expect((result as Response).headers.get("Location")).toBe("/subscription");
  });

  test("a filled honeypot writes nothing", async () => {
    const result = await signUpAction(
      args(post("/signup", { email: "bot@example.com", password: STRONG, confirmPassword: STRONG, website: "spam" })),
    );
    expect(asData(result).init.status).toBe(400);
    expect(await User.countDocuments({ email: "bot@example.com" })).toBe(0);
  });
});

describe("login action", () => {
  test("bad email → 400 'Please enter a valid email address.'", async () => {
    const result = await loginAction(args(post("/login", { email: "nope", password: "x" })));
    expect(asData(result).init.status).toBe(400);
    expect(messages(result)).toContain("Please enter a valid email address.");
  });

  test("disabled accounts get the spec's message", async () => {
    await createEmailUser("disabled@example.com", STRONG);
    await User.updateOne({ email: "disabled@example.com" }, { $set: { disabled: true } });
    const result = await loginAction(args(post("/login", { email: "disabled@example.com", password: STRONG })));
    expect(messages(result)).toEqual(["This account has been disabled. Please contact support."]);
  });

  test("the right password signs in and records lastLogin", async () => {
    await createEmailUser("right@example.com", STRONG);
    const result = await loginAction(args(post("/login", { email: "RIGHT@example.com", password: STRONG, redirect: "/profile" })));
    expect((result as Response).headers.get("Location")).toBe("/profile");
    const user = await User.findOne({ email: "right@example.com" }).lean();
    expect(user?.lastLogin).toBeInstanceOf(Date);
  });

  test("a cross-origin post is refused with 403", async () => {
    const request = new Request(`${ORIGIN}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "a@b.co", password: "x" }),
      headers: { Origin: "https://evil.example", Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded" },
    });
    const refusal = await loginAction(args(request)).catch((error) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);
  });
});

describe("forgot and reset password actions", () => {
  test("an empty email → 'Please enter your email address'", async () => {
    const result = await forgotPasswordAction(args(post("/forgot-password", { email: "" })));
    expect(asData(result).init.status).toBe(400);
    expect(messages(result)).toEqual(["Please enter your email address"]);
  });

  test("a reset with a bad code is refused and changes nothing", async () => {
    const userId = await createEmailUser("reset@example.com", STRONG);
    const session = await createSession(userId, new Request(ORIGIN));
    const result = await resetPasswordAction(args(post("/reset-password", { oobCode: "bogus", password: "N3w!Passw0rd", confirmPassword: "N3w!Passw0rd" })));
    expect(messages(result)).toEqual(["Invalid password reset link. Please request a new one."]);
    expect(await Session.countDocuments({ _id: session.id })).toBe(1);
  });

  test("an expired code gets the expiry message", async () => {
    await forgotPasswordAction(args(post("/forgot-password", { email: "reset@example.com" })));
    const token = await PasswordResetToken.findOne({ email: "reset@example.com" });
    expect(token).not.toBeNull();
    const code = new URL((await lastEmailTo("reset@example.com")).text.match(/http\S+/)![0]).searchParams.get("oobCode")!;
    await PasswordResetToken.updateOne({ _id: token!._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const result = await resetPasswordAction(args(post("/reset-password", { oobCode: code, password: "N3w!Passw0rd", confirmPassword: "N3w!Passw0rd" })));
    expect(messages(result)).toEqual(["This password reset link has expired. Please request a new one."]);
  });

  test("'Please fill in all fields' when a password is missing", async () => {
    const result = await resetPasswordAction(args(post("/reset-password", { oobCode: "abc", password: "N3w!Passw0rd" })));
    expect(messages(result)).toEqual(["Please fill in all fields"]);
  });
});
