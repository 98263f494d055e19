import { describe, expect, test, vi } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { RateLimit } from "../../models";
import { consumeAttempt, deleteExpiredRateLimits, RATE_LIMITS, reserveAttempts } from "./rate-limit.server";

useTestDatabase();

/** The module as another app process (or this one after a restart) loads it: limiters of its own, the same database. */
async function anotherProcess() {
  vi.resetModules();
  return import("./rate-limit.server");
}

describe("rate limits", () => {
  test("are counted in the database: a second process (or a restart) sees the attempts already spent", async () => {
    const address = "198.51.100.23";
    const { points } = RATE_LIMITS.signUpPerAddress;
    for (let attempt = 0; attempt < points / 2; attempt += 1) expect(await consumeAttempt("signUpPerAddress", address)).toBe(true);
    const other = await anotherProcess();
    for (let attempt = 0; attempt < points / 2; attempt += 1) expect(await other.consumeAttempt("signUpPerAddress", address)).toBe(true);
    expect(await other.consumeAttempt("signUpPerAddress", address)).toBe(false);
    expect(await consumeAttempt("signUpPerAddress", address)).toBe(false);
    expect(await consumeAttempt("signUpPerAddress", "198.51.100.24")).toBe(true);
  });

  test("windows that ended are removed by the cleanup", async () => {
    await consumeAttempt("contactPerAddress", "198.51.100.99");
    expect(await deleteExpiredRateLimits(new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await RateLimit.countDocuments({ key: "contactPerAddress:198.51.100.99" })).toBe(0);
  });
});

describe("reserving attempts", () => {
  test("requests at the same moment get no more than the limit's attempts (one $inc each, over the pool's connections)", async () => {
    const { points } = RATE_LIMITS.loginFailuresPerAccount;
    const granted = await Promise.all(Array.from({ length: 60 }, () => reserveAttempts(["loginFailuresPerAccount", "race@example.com"])));
    expect(granted.filter(Boolean)).toHaveLength(points);
  });

  test("a success gives back what the limit's rule says: failures are refunded or cleared, requests are kept", async () => {
    const address = "198.51.100.40";
    const account = "rules@example.com";
    for (let attempt = 0; attempt < 4; attempt += 1) await reserveAttempts(["loginFailuresPerAddress", address], ["loginFailuresPerAccount", account]);
    await (await reserveAttempts(["loginFailuresPerAddress", address], ["loginFailuresPerAccount", account]))!.succeeded();
    expect(await RateLimit.findOne({ key: `loginFailuresPerAddress:${address}` }).lean()).toMatchObject({ points: 4 });
    expect(await RateLimit.countDocuments({ key: `loginFailuresPerAccount:${account}` })).toBe(0);

    await (await reserveAttempts(["signUpPerAddress", address]))!.succeeded();
    expect(await RateLimit.findOne({ key: `signUpPerAddress:${address}` }).lean()).toMatchObject({ points: 1 });
  });

  test("when one limit has nothing left, the attempts taken of the others are given back", async () => {
    const account = "locked@example.com";
    for (let attempt = 0; attempt < RATE_LIMITS.loginFailuresPerAccount.points; attempt += 1) await reserveAttempts(["loginFailuresPerAccount", account]);
    expect(await reserveAttempts(["loginFailuresPerAddress", "198.51.100.41"], ["loginFailuresPerAccount", account])).toBeNull();
    expect(await RateLimit.findOne({ key: "loginFailuresPerAddress:198.51.100.41" }).lean()).toMatchObject({ points: 0 });
  });
});
