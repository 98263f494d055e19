import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { TwoFactor } from "../../../models";
import { createUser, TEST_PASSWORD, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { authenticatorCode, recoveryCode } from "./two-factor";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  getTwoFactorStatus,
  pendingSetup,
  renewRecoveryCodes,
  replaceAuthenticator,
  startTwoFactorSetup,
  turnOffTwoFactor,
  verifySecondFactor,
} from "./two-factor.server";

useTestDatabase();

/** What an authenticator app shows for `secret` at `at` (ms). */
function appCode(secret: string, at: number) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });
}

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);

async function enabledUser() {
  const email = uniqueEmail("two-factor");
  const userId = await createUser({ email });
  const { secret } = await startTwoFactorSetup(userId, email);
  const codes = await confirmTwoFactorSetup(userId, appCode(secret, T0), T0);
  if (!codes) throw new Error("setup failed");
  return { userId, secret, codes, by: { userId, email, device: "Chrome on Linux", origin: "http://localhost:3000" } };
}

const withPassword = (code: string, password = TEST_PASSWORD) => ({ code, password, signedInAt: null });

describe("codes as typed", () => {
  test("six digits, spaces allowed; recovery codes in any case, with or without the dash", () => {
    expect(authenticatorCode("123 456")).toBe("123456");
    expect(authenticatorCode("12345")).toBeNull();
    expect(recoveryCode("ABCDE-FGHJK")).toBe("abcdefghjk");
    expect(recoveryCode("abcde fghjk")).toBe("abcdefghjk");
    expect(recoveryCode("abc")).toBeNull();
  });
});

describe("setup", () => {
  test("is off until a code of the new secret confirms it; the secret is stored sealed; the QR code encodes an otpauth link", async () => {
    const userId = await createUser();
    const setup = await startTwoFactorSetup(userId, "me@example.com");
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Ledgerly:me%40example\.com\?.*secret=/);
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: false, settingUp: true, recoveryCodesLeft: 0 });
    expect((await pendingSetup(userId, "me@example.com"))?.secret).toBe(setup.secret);
    const stored = await TwoFactor.findOne({ userId }).select("+pendingSecret").lean();
    expect(stored?.pendingSecret).toMatch(/^v1:/);
    expect(stored?.pendingSecret).not.toContain(setup.secret);

    expect(await confirmTwoFactorSetup(userId, "000000", T0)).toBeNull();
    const codes = await confirmTwoFactorSetup(userId, appCode(setup.secret, T0), T0);
    expect(codes).toHaveLength(10);
    expect(codes?.[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: true, settingUp: false, recoveryCodesLeft: 10 });
  });

  test("a cancelled setup leaves two-factor sign-in off", async () => {
    const userId = await createUser();
    await startTwoFactorSetup(userId, "me@example.com");
    await cancelTwoFactorSetup(userId);
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: false, settingUp: false, recoveryCodesLeft: 0 });
  });
});

describe("the second factor", () => {
  test("a code of this step or a neighbouring one counts once; an old or reused code does not", async () => {
    const { userId, secret } = await enabledUser();
    const later = T0 + 5 * 60_000;
    expect(await verifySecondFactor(userId, appCode(secret, later), later)).toBe("authenticator");
    expect(await verifySecondFactor(userId, appCode(secret, later), later)).toBeNull();
    expect(await verifySecondFactor(userId, appCode(secret, later + 30_000), later + 20_000)).toBe("authenticator");
    expect(await verifySecondFactor(userId, appCode(secret, later - 10 * 60_000), later + 40_000)).toBeNull();
  });

  test("a recovery code works once, typed any way", async () => {
    const { userId, codes } = await enabledUser();
    expect(await verifySecondFactor(userId, codes[3].toUpperCase().replace("-", " "))).toBe("recovery-code");
    expect(await verifySecondFactor(userId, codes[3])).toBeNull();
    expect((await getTwoFactorStatus(userId)).recoveryCodesLeft).toBe(9);
  });

  test("nothing passes for a user without two-factor sign-in", async () => {
    const userId = await createUser();
    expect(await verifySecondFactor(userId, "123456")).toBeNull();
  });

  test("new recovery codes replace the old ones; both they and turning it off need a second factor and the password", async () => {
    const { userId, secret, codes, by } = await enabledUser();
    expect(await renewRecoveryCodes(by, withPassword("nonsense"))).toEqual({ ok: false, reason: "wrong-code" });
    expect(await renewRecoveryCodes(by, withPassword(codes[0], "Wr0ng!Passw0rd"))).toEqual({ ok: false, reason: "wrong-password" });
    const fresh = await renewRecoveryCodes(by, withPassword(codes[0]));
    expect(fresh.ok && fresh.value).toHaveLength(10);
    expect(await verifySecondFactor(userId, codes[1])).toBeNull();
    expect(await turnOffTwoFactor(by, withPassword("999999"))).toEqual({ ok: false, reason: "wrong-code" });
    const now = T0 + 60 * 60_000;
    expect(await turnOffTwoFactor(by, withPassword(appCode(secret, now)), now)).toEqual({ ok: true, value: true });
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: false, settingUp: false, recoveryCodesLeft: 0 });
  });

  test("a new key replaces the one that is on only with its own code, a current code and the password", async () => {
    const { userId, secret, codes, by } = await enabledUser();
    const next = await startTwoFactorSetup(userId, by.email);
    const now = T0 + 5 * 60_000;
    expect(await confirmTwoFactorSetup(userId, appCode(next.secret, now), now)).toBeNull();
    expect(await replaceAuthenticator(by, withPassword(appCode(secret, now)), "000000", now)).toEqual({ ok: false, reason: "wrong-new-code" });
    expect(await replaceAuthenticator(by, withPassword(codes[0], "Wr0ng!Passw0rd"), appCode(next.secret, now), now)).toEqual({ ok: false, reason: "wrong-password" });
    expect(await getTwoFactorStatus(userId)).toEqual({ enabled: true, settingUp: true, recoveryCodesLeft: 10 });

    const replaced = await replaceAuthenticator(by, withPassword(codes[0]), appCode(next.secret, now), now);
    expect(replaced.ok && replaced.value).toHaveLength(10);
    const later = now + 60_000;
    expect(await verifySecondFactor(userId, appCode(secret, later), later)).toBeNull();
    expect(await verifySecondFactor(userId, codes[1], later)).toBeNull();
    expect(await verifySecondFactor(userId, appCode(next.secret, later), later)).toBe("authenticator");
  });
});
