import { afterEach, expect, test, vi } from "vitest";
import type * as accessToken from "./access-token.server";
import { needsResealing, openAccessToken, sealAccessToken } from "./access-token.server";

const TOKEN = "access-sandbox-12345678-abcd";
const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");

async function withKeys(keys: string, run: (module: typeof accessToken) => void) {
  vi.resetModules();
  vi.stubEnv("TOKEN_ENCRYPTION_KEYS", keys);
  run(await import("./access-token.server"));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

test("a sealed token holds no trace of the token, differs every time, and opens to it", () => {
  const first = sealAccessToken(TOKEN, "user:item");
  const second = sealAccessToken(TOKEN, "user:item");
  expect(JSON.stringify(first)).not.toContain("access-sandbox");
  expect(first.iv).not.toBe(second.iv);
  expect(first.data).not.toBe(second.data);
  expect(Buffer.from(first.iv, "base64")).toHaveLength(12);
  expect(openAccessToken(first, "user:item")).toBe(TOKEN);
});

test("an altered token, or one moved onto another record, does not open", () => {
  const sealed = sealAccessToken(TOKEN, "user:item");
  const flipped = Buffer.from(sealed.data, "base64");
  flipped[0] ^= 1;
  expect(() => openAccessToken({ ...sealed, data: flipped.toString("base64") }, "user:item")).toThrow();
  expect(() => openAccessToken(sealed, "other-user:item")).toThrow();
});

test("keys rotate: the current key seals, an older one still opens, and a token of a removed key is refused by name", async () => {
  let sealedWithOld: ReturnType<typeof sealAccessToken> | undefined;
  await withKeys(`old:${key(1)}`, (module) => {
    sealedWithOld = module.sealAccessToken(TOKEN, "u:i");
  });
  await withKeys(`new:${key(2)},old:${key(1)}`, (module) => {
    expect(module.openAccessToken(sealedWithOld!, "u:i")).toBe(TOKEN);
    expect(module.needsResealing(sealedWithOld!)).toBe(true);
    const resealed = module.sealAccessToken(TOKEN, "u:i");
    expect(resealed.keyId).toBe("new");
    expect(module.needsResealing(resealed)).toBe(false);
  });
  await withKeys(`new:${key(2)}`, (module) => {
    expect(() => module.openAccessToken(sealedWithOld!, "u:i")).toThrow(/No key "old"/);
  });
  expect(needsResealing(sealAccessToken(TOKEN, "u:i"))).toBe(false);
});
