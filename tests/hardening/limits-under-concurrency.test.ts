import { Secret, TOTP } from "otpauth";
import mongoose from "mongoose";
import { describe, expect, test } from "vitest";
import { ContactSubmission, PasswordResetToken, Session, User } from "../../models";
import { LOGIN_MESSAGES } from "~/features/auth/messages";
import { SECURITY_INTENTS, TWO_FACTOR_MESSAGES } from "~/features/auth/two-factor";
import { verifyEmailPassword } from "~/features/auth/user.server";
import { confirmTwoFactorSetup, getTwoFactorStatus, startTwoFactorSetup } from "~/features/auth/two-factor.server";
import { ACCOUNT_MESSAGES } from "~/features/account/account";
import { INSIGHT_INTENTS } from "~/features/insights/insights";
import { PROFILE_INTENTS, PROFILE_MESSAGES } from "~/features/profile/profile";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as insightsAction } from "~/routes/_app.insights";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction } from "~/routes/login_.two-factor";
import { action as contactAction } from "~/routes/_marketing.contact";
import { action as profileAction } from "~/routes/_app.profile";
import { action as dataAction } from "~/routes/_app.profile_.data";
import { action as securityAction, SECURITY_PATH } from "~/routes/_app.profile_.security";
import { action as signUpAction } from "~/routes/signup";
import { createPremiumUser, createUser, TEST_PASSWORD, uniqueEmail } from "../factories";
import { useTestDatabase } from "../setup/database";
import { cookieFor, outcome, payloadOf, postRequest, statusOf } from "../setup/route-requests";

/**
 * Every limited action, hit by many requests at the same moment (issue 24): the attempt is spent before
 * the work, so no more than the limit's attempts are ever evaluated, however many arrive together.
 */
useTestDatabase();

type Action = (args: { request: Request; params: Record<string, string>; context: { clientAddress: string } }) => Promise<unknown>;

let addresses = 0;
const newAddress = () => `198.18.${Math.floor(addresses / 250)}.${addresses++ % 250}`;

/** Posts `count` forms to `action` at once (`fields(i)` the i-th), each from its own address unless `address` is given. */
function fireAtOnce(action: Action, path: string, count: number, fields: (index: number) => Record<string, string>, { cookie = "", address }: { cookie?: string; address?: string } = {}) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => outcome(() => action({ request: postRequest(path, cookie, fields(index)), params: {}, context: { clientAddress: address ?? newAddress() } }))),
  );
}

/** The messages an answer shows: a conform reply's errors, or the `error` a plain form gets. */
function messagesOf(answer: unknown): string[] {
  const payload = payloadOf<{ result?: { error?: Record<string, string[] | null> }; error?: string }>(answer);
  if (payload?.result?.error) return Object.values(payload.result.error).flat().filter((message): message is string => Boolean(message));
  return payload?.error ? [payload.error] : [];
}

const answering = (answers: unknown[], message: string) => answers.filter((answer) => messagesOf(answer).includes(message));

describe("sign-in", () => {
  test("150 passwords for one account at once, the right one last: exactly 5 are checked, the right one is refused too", async () => {
    const email = uniqueEmail("rush");
    const userId = await createUser({ email });
    const answers = await fireAtOnce(loginAction, "/login", 150, (index) => ({ email, password: index === 149 ? TEST_PASSWORD : `Wr0ng!Passw0rd${index}` }));

    const checked = answering(answers, LOGIN_MESSAGES.invalidCredentials);
    const refused = answering(answers, LOGIN_MESSAGES.tooManyAttempts);
    expect(checked).toHaveLength(RATE_LIMITS.loginFailuresPerAccount.points);
    expect(checked.every((answer) => statusOf(answer) === 400)).toBe(true);
    expect(refused).toHaveLength(150 - checked.length);
    expect(refused.every((answer) => statusOf(answer) === 429)).toBe(true);
    expect(messagesOf(answers[149])).toEqual([LOGIN_MESSAGES.tooManyAttempts]);
    expect(await Session.countDocuments({ userId })).toBe(0);
  });

  test("100 sign-ins from one address at once (each for another email): exactly 30 are checked", async () => {
    const address = newAddress();
    const answers = await fireAtOnce(loginAction, "/login", 100, (index) => ({ email: uniqueEmail(`spray-${index}`), password: "Wr0ng!Passw0rd" }), { address });
    expect(answering(answers, LOGIN_MESSAGES.invalidCredentials)).toHaveLength(RATE_LIMITS.loginFailuresPerAddress.points);
    expect(answering(answers, LOGIN_MESSAGES.tooManyAttempts)).toHaveLength(100 - RATE_LIMITS.loginFailuresPerAddress.points);
  });

  test("200 codes at once at the second step: exactly 5 are checked", async () => {
    const email = uniqueEmail("codes");
    const userId = await createUser({ email });
    const { secret } = await startTwoFactorSetup(userId, email);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await confirmTwoFactorSetup(userId, totp.generate());
    const afterPassword = (await loginAction({ request: postRequest("/login", "", { email, password: TEST_PASSWORD }), params: {}, context: { clientAddress: newAddress() } })) as Response;
    const pending = afterPassword.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    const valid = new Set([-30_000, 0, 30_000].map((shift) => totp.generate({ timestamp: Date.now() + shift })));
    const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;

    const answers = await fireAtOnce(secondStepAction, "/login/two-factor", 200, () => ({ code: wrong }), { cookie: pending });
    expect(answering(answers, TWO_FACTOR_MESSAGES.wrongCode)).toHaveLength(RATE_LIMITS.twoFactorFailuresPerAccount.points);
    expect(answering(answers, TWO_FACTOR_MESSAGES.tooManyAttempts)).toHaveLength(200 - RATE_LIMITS.twoFactorFailuresPerAccount.points);
    expect(await Session.countDocuments({ userId })).toBe(0);
  });
});

describe("changing two-factor sign-in", () => {
  test("30 attempts at once to turn it off with wrong codes and the right password: exactly 5 are checked, it stays on", async () => {
    const email = uniqueEmail("switch");
    const userId = await createUser({ email });
    const { secret } = await startTwoFactorSetup(userId, email);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await confirmTwoFactorSetup(userId, totp.generate());
    const valid = new Set([-30_000, 0, 30_000].map((shift) => totp.generate({ timestamp: Date.now() + shift })));
    const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;

    const answers = await fireAtOnce(securityAction, SECURITY_PATH, 30, () => ({ intent: SECURITY_INTENTS.disable, code: wrong, password: TEST_PASSWORD }), { cookie: await cookieFor(userId) });
    expect(answering(answers, TWO_FACTOR_MESSAGES.wrongCode)).toHaveLength(RATE_LIMITS.twoFactorFailuresPerAccount.points);
    expect(answering(answers, TWO_FACTOR_MESSAGES.tooManyChangeAttempts)).toHaveLength(30 - RATE_LIMITS.twoFactorFailuresPerAccount.points);
    expect((await getTwoFactorStatus(userId)).enabled).toBe(true);
  });
});

describe("confirming the password while signed in", () => {
  test("60 password changes at once, the right current password last: exactly 5 are checked and the password stays", async () => {
    const email = uniqueEmail("change");
    const userId = await createUser({ email });
    const cookie = await cookieFor(userId);
    const answers = await fireAtOnce(
      profileAction,
      "/profile",
      60,
      (index) => ({ intent: PROFILE_INTENTS.changePassword, currentPassword: index === 59 ? TEST_PASSWORD : `Wr0ng!Passw0rd${index}`, newPassword: "N3w!Passw0rd", confirmNewPassword: "N3w!Passw0rd" }),
      { cookie },
    );
    expect(answering(answers, PROFILE_MESSAGES.incorrectCurrentPassword)).toHaveLength(RATE_LIMITS.loginFailuresPerAccount.points);
    expect(answering(answers, PROFILE_MESSAGES.tooManyAttempts)).toHaveLength(60 - RATE_LIMITS.loginFailuresPerAccount.points);
    expect(statusOf(answers[59])).toBe(429);
    expect((await verifyEmailPassword(email, TEST_PASSWORD)).ok).toBe(true);
  });

  test("60 account deletions at once with wrong passwords, the right one last: exactly 5 are checked and the account stays", async () => {
    const email = uniqueEmail("delete");
    const userId = await createUser({ email });
    const cookie = await cookieFor(userId);
    const answers = await fireAtOnce(dataAction, "/profile/data", 60, (index) => ({ intent: "delete-account", password: index === 59 ? TEST_PASSWORD : `Wr0ng!Passw0rd${index}` }), { cookie });
    expect(answering(answers, ACCOUNT_MESSAGES.wrongPassword)).toHaveLength(RATE_LIMITS.loginFailuresPerAccount.points);
    expect(messagesOf(answers[59])).toEqual([ACCOUNT_MESSAGES.tooManyAttempts]);
    expect(await User.exists({ _id: userId })).toBeTruthy();
  });
});

describe("forms counted per request", () => {
  test("30 sign-ups from one address at once create 10 accounts", async () => {
    const address = newAddress();
    const prefix = `burst-${address.replaceAll(".", "-")}`;
    await fireAtOnce(signUpAction, "/signup", 30, (index) => ({ email: `${prefix}-${index}@example.com`, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }), { address });
    expect(await User.countDocuments({ email: mongoose.trusted({ $regex: `^${prefix}-` }) })).toBe(RATE_LIMITS.signUpPerAddress.points);
  });

  test("20 reset requests for one account at once send 3 links", async () => {
    const email = uniqueEmail("resets");
    const userId = await createUser({ email });
    await fireAtOnce(forgotPasswordAction, "/forgot-password", 20, () => ({ email }));
    expect(await PasswordResetToken.countDocuments({ userId })).toBe(RATE_LIMITS.passwordResetPerAccount.points);
  });

  test("20 contact messages from one address at once store 5", async () => {
    const email = uniqueEmail("contact");
    const message = { name: "Ada", email, subject: "Other", message: "Hello" };
    await fireAtOnce(contactAction, "/contact", 20, () => message, { address: newAddress() });
    expect(await ContactSubmission.countDocuments({ email })).toBe(RATE_LIMITS.contactPerAddress.points);
  });

  test("20 insight refreshes at once: 10 generate", async () => {
    const cookie = await cookieFor(await createPremiumUser());
    const answers = await fireAtOnce(insightsAction, "/insights", 20, () => ({ intent: INSIGHT_INTENTS.refresh }), { cookie });
    expect(answers.filter((answer) => statusOf(answer) === 302)).toHaveLength(RATE_LIMITS.insightRefreshesPerUser.points);
    expect(answers.filter((answer) => statusOf(answer) === 429)).toHaveLength(20 - RATE_LIMITS.insightRefreshesPerUser.points);
  });
});
