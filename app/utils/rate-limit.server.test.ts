import { describe, expect, test, vi } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { consumeAttempt, deleteExpiredRateLimits, isRateLimited, RATE_LIMITS } from "./rate-limit.server";

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
    expect(await isRateLimited("signUpPerAddress", address)).toBe(true);
    expect(await isRateLimited("signUpPerAddress", "198.51.100.24")).toBe(false);
  });

  test("windows that ended are removed by the cleanup", async () => {
    await consumeAttempt("contactPerAddress", "198.51.100.99");
    expect(await deleteExpiredRateLimits(new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await isRateLimited("contactPerAddress", "198.51.100.99")).toBe(false);
  });
});
