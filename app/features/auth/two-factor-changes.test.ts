import { Types } from "mongoose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { SecurityEvent, Session, TwoFactor } from "../../../models";
import { action as securityAction, loader as securityLoader, SECURITY_PATH } from "~/routes/_app.profile_.security";
import { SECURITY_INTENTS } from "./two-factor";
import { createGoogleUser, createUser, TEST_PASSWORD, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { emailsTo } from "../../../tests/setup/outbox";
import { cookieFor, getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { RECENT_SIGN_IN_MINUTES, TWO_FACTOR_MESSAGES } from "./two-factor";
import { confirmTwoFactorSetup, getTwoFactorStatus, startTwoFactorSetup, verifySecondFactor } from "./two-factor.server";

useTestDatabase();

const LINUX_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "192.0.2.77" } });

function post(cookie: string, fields: Record<string, string>) {
  const request = postRequest(SECURITY_PATH, cookie, fields);
  request.headers.set("User-Agent", LINUX_CHROME);
  return outcome(() => securityAction(args(request)));
}

function totpOf(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/** A code of `secret` that is not valid now (nor a step either side). */
function wrongCodeFor(secret: string) {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpOf(secret).generate({ timestamp: Date.now() + shift })));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
}

type Answer = { result: { error?: Record<string, string[] | null> } | null; recoveryCodes: string[] | null };

function errorsOf(answer: unknown) {
  return payloadOf<Answer>(answer).result?.error ?? {};
}

/** A signed-in user with two-factor sign-in on: their session cookie, the key, the recovery codes. */
async function userWithTwoFactor({ google = false } = {}) {
  const email = uniqueEmail("change");
  const userId = google ? await createGoogleUser({ email }) : await createUser({ email });
  const { secret } = await startTwoFactorSetup(userId, email);
  const codes = (await confirmTwoFactorSetup(userId, totpOf(secret).generate()))!;
  return { userId, email, secret, codes, cookie: await cookieFor(userId) };
}

async function listedChanges(cookie: string) {
  const page = await securityLoader(args(getRequest(SECURITY_PATH, cookie)));
  return page.events.map((event) => ({ label: event.label, device: event.device }));
}

describe("moving two-factor sign-in to a new key", () => {
  test("a stolen session that knows only the new key's codes cannot do it: refused, nothing changed, nothing listed", async () => {
    const { userId, email, codes, cookie } = await userWithTwoFactor();
    const before = await TwoFactor.findOne({ userId }).select("+secret +recoveryCodeHashes").lean();
    const started = await post(cookie, { intent: SECURITY_INTENTS.startSetup });
    expect(statusOf(started)).toBe(302);
    // The page lands on the setup's title, which takes focus.
    expect((started as Response).headers.get("Location")).toBe(`${SECURITY_PATH}#two-factor-setup`);
    const next = (await securityLoader(args(getRequest(SECURITY_PATH, cookie)))).setup!;
    const newCode = totpOf(next.secret).generate();

    const answer = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode, code: newCode, password: "Gu3ss!Passw0rd" });
    expect(statusOf(answer)).toBe(400);
    expect(errorsOf(answer).password).toEqual([TWO_FACTOR_MESSAGES.wrongPassword]);
    expect(payloadOf<Answer>(answer).recoveryCodes).toBeNull();
    const withoutProof = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode });
    expect(statusOf(withoutProof)).toBe(400);
    expect(errorsOf(withoutProof)).toMatchObject({ code: [TWO_FACTOR_MESSAGES.codeRequired], password: [TWO_FACTOR_MESSAGES.passwordRequired] });

    const after = await TwoFactor.findOne({ userId }).select("+secret +recoveryCodeHashes").lean();
    expect(after).toMatchObject({ secret: before!.secret, recoveryCodeHashes: before!.recoveryCodeHashes });
    expect(await verifySecondFactor(userId, codes[0])).toBe("recovery-code");
    expect(await SecurityEvent.countDocuments({ userId, kind: "two-factor-replaced" })).toBe(0);
    expect((await emailsTo(email)).filter((sent) => sent.text.includes("moved to a new authenticator app"))).toHaveLength(0);
  });

  test("with the new key's code, a current code and the password it moves: the old key and codes stop working, the account is emailed, the change is listed", async () => {
    const { userId, email, secret, codes, cookie } = await userWithTwoFactor();
    await post(cookie, { intent: SECURITY_INTENTS.startSetup });
    const next = (await securityLoader(args(getRequest(SECURITY_PATH, cookie)))).setup!;

    const wrongNew = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode: wrongCodeFor(next.secret), code: codes[0], password: TEST_PASSWORD });
    expect(errorsOf(wrongNew).newCode).toEqual([TWO_FACTOR_MESSAGES.wrongNewCode]);
    const wrongCurrent = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode: totpOf(next.secret).generate(), code: wrongCodeFor(secret), password: TEST_PASSWORD });
    expect(errorsOf(wrongCurrent).code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);

    const moved = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode: totpOf(next.secret).generate(), code: codes[0], password: TEST_PASSWORD });
    expect(statusOf(moved)).toBe(200);
    expect(payloadOf<Answer>(moved).recoveryCodes).toHaveLength(10);
    expect(await verifySecondFactor(userId, codes[1])).toBeNull();
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: true, settingUp: false, recoveryCodesLeft: 10 });
    expect(await verifySecondFactor(userId, payloadOf<Answer>(moved).recoveryCodes![0])).toBe("recovery-code");

    const [sent] = (await emailsTo(email)).filter((candidate) => candidate.subject === "Two-factor sign-in was changed on your Ledgerly account").slice(-1);
    expect(sent.text).toContain("What happened: Two-factor sign-in moved to a new authenticator app");
    expect(sent.text).toContain("Device: Chrome on Linux");
    expect(sent.text).toContain("If this was not you, someone else may be signed in to your account.");
    expect((await listedChanges(cookie))[0]).toEqual({ label: "Two-factor sign-in moved to a new authenticator app", device: "Chrome on Linux" });
  });
});

describe("turning two-factor sign-in off", () => {
  test("a wrong code or password is refused beside its field and changes nothing; a wrong password spends no code", async () => {
    const { userId, email, secret, codes, cookie } = await userWithTwoFactor();
    const wrongCode = await post(cookie, { intent: SECURITY_INTENTS.disable, code: wrongCodeFor(secret), password: TEST_PASSWORD });
    expect(statusOf(wrongCode)).toBe(400);
    expect(errorsOf(wrongCode)).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    const wrongPassword = await post(cookie, { intent: SECURITY_INTENTS.disable, code: codes[0], password: "Wr0ng!Passw0rd" });
    expect(statusOf(wrongPassword)).toBe(400);
    expect(errorsOf(wrongPassword)).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    expect((await getTwoFactorStatus(userId)).enabled).toBe(true);

    const off = await post(cookie, { intent: SECURITY_INTENTS.disable, code: codes[0], password: TEST_PASSWORD });
    expect(statusOf(off)).toBe(302);
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: false, settingUp: false, recoveryCodesLeft: 0 });
    expect((await emailsTo(email)).at(-1)?.text).toContain("What happened: Two-factor sign-in turned off");
    expect(await listedChanges(cookie)).toEqual([{ label: "Two-factor sign-in turned off", device: "Chrome on Linux" }]);
  });

  test("wrong answers count against the code limit: after five, the right code and password are refused too", async () => {
    const { userId, secret, cookie } = await userWithTwoFactor();
    for (let attempt = 0; attempt < 5; attempt += 1) await post(cookie, { intent: SECURITY_INTENTS.disable, code: wrongCodeFor(secret), password: TEST_PASSWORD });
    const locked = await post(cookie, { intent: SECURITY_INTENTS.disable, code: totpOf(secret).generate(), password: TEST_PASSWORD });
    expect(statusOf(locked)).toBe(429);
    expect(errorsOf(locked)).toEqual({ "": [TWO_FACTOR_MESSAGES.tooManyChangeAttempts] });
    expect((await getTwoFactorStatus(userId)).enabled).toBe(true);
  });

  test("an account without a password proves it with a code and a sign-in of the last minutes", async () => {
    const { userId, email, codes, cookie } = await userWithTwoFactor({ google: true });
    const page = await securityLoader(args(getRequest(SECURITY_PATH, cookie)));
    expect(page.hasPassword).toBe(false);
    await Session.collection.updateMany({ userId: new Types.ObjectId(userId) }, { $set: { createdAt: new Date(Date.now() - (RECENT_SIGN_IN_MINUTES + 1) * 60_000) } });
    const stale = await post(cookie, { intent: SECURITY_INTENTS.disable, code: codes[0] });
    expect(statusOf(stale)).toBe(400);
    expect(errorsOf(stale)).toEqual({ "": [TWO_FACTOR_MESSAGES.signInAgain] });
    expect((await getTwoFactorStatus(userId)).recoveryCodesLeft).toBe(10);

    const fresh = await cookieFor(userId);
    expect(statusOf(await post(fresh, { intent: SECURITY_INTENTS.disable, code: codes[0] }))).toBe(302);
    expect((await getTwoFactorStatus(userId)).enabled).toBe(false);
    expect((await emailsTo(email)).at(-1)?.text).toContain("Two-factor sign-in turned off");
  });
});

describe("new recovery codes", () => {
  test("need a code and the password; the old codes stop working; the account is emailed and the change listed", async () => {
    const { userId, email, codes, cookie } = await userWithTwoFactor();
    const refused = await post(cookie, { intent: SECURITY_INTENTS.renewCodes, code: codes[0], password: "" });
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused)).toEqual({ password: [TWO_FACTOR_MESSAGES.passwordRequired] });

    const renewed = await post(cookie, { intent: SECURITY_INTENTS.renewCodes, code: codes[0], password: TEST_PASSWORD });
    expect(statusOf(renewed)).toBe(200);
    const fresh = payloadOf<Answer>(renewed).recoveryCodes!;
    expect(fresh).toHaveLength(10);
    expect(await verifySecondFactor(userId, codes[1])).toBeNull();
    expect(await verifySecondFactor(userId, fresh[0])).toBe("recovery-code");
    expect((await emailsTo(email)).at(-1)?.text).toContain("What happened: New recovery codes made");
    expect((await listedChanges(cookie))[0]).toEqual({ label: "New recovery codes made", device: "Chrome on Linux" });
  });
});

test("turning two-factor sign-in on is emailed and listed too", async () => {
  const email = uniqueEmail("on");
  const userId = await createUser({ email });
  const cookie = await cookieFor(userId);
  await post(cookie, { intent: SECURITY_INTENTS.startSetup });
  const setup = (await securityLoader(args(getRequest(SECURITY_PATH, cookie)))).setup!;
  const wrong = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode: wrongCodeFor(setup.secret) });
  expect(errorsOf(wrong)).toEqual({ newCode: [TWO_FACTOR_MESSAGES.wrongCode] });
  const on = await post(cookie, { intent: SECURITY_INTENTS.confirmSetup, newCode: totpOf(setup.secret).generate() });
  expect(payloadOf<Answer>(on).recoveryCodes).toHaveLength(10);
  expect((await emailsTo(email)).at(-1)?.text).toContain("What happened: Two-factor sign-in turned on");
  expect(await listedChanges(cookie)).toEqual([{ label: "Two-factor sign-in turned on", device: "Chrome on Linux" }]);
});
