import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

const KEYS = `k1:${Buffer.alloc(32, 1).toString("base64")}`;
const valid = { MONGODB_URI: "mongodb://127.0.0.1:27017/ledgerly", SESSION_SECRET: "a-long-enough-secret" };

describe("environment validation", () => {
  test("a missing variable is named in the error", () => {
    expect(() => parseEnv({ SESSION_SECRET: valid.SESSION_SECRET })).toThrow(/MONGODB_URI: MONGODB_URI is required/);
  });

  test("a short session secret is refused", () => {
    expect(() => parseEnv({ ...valid, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: SESSION_SECRET must be at least 16 characters/);
  });

  test("production needs a way to send email", () => {
    expect(() => parseEnv({ ...valid, NODE_ENV: "production" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ ...valid, NODE_ENV: "production", SMTP_URL: "smtp://mail:25", TOKEN_ENCRYPTION_KEYS: KEYS }).SMTP_URL).toBe("smtp://mail:25");
  });

  test("production refuses to start without a key for bank access tokens, and a key must be 32 bytes of base64", () => {
    expect(() => parseEnv({ ...valid, NODE_ENV: "production", SMTP_URL: "smtp://mail:25" })).toThrow(/TOKEN_ENCRYPTION_KEYS is required in production/);
    expect(() => parseEnv({ ...valid, TOKEN_ENCRYPTION_KEYS: "k1:c2hvcnQ=" })).toThrow(/TOKEN_ENCRYPTION_KEYS must be keyId:base64/);
    expect(parseEnv({ ...valid, TOKEN_ENCRYPTION_KEYS: `${KEYS},old:${Buffer.alloc(32, 2).toString("base64")}` }).TOKEN_ENCRYPTION_KEYS).toContain("old:");
  });

  test("Plaid needs both its client id and its secret", () => {
    expect(() => parseEnv({ ...valid, PLAID_CLIENT_ID: "id" })).toThrow(/PLAID_CLIENT_ID and PLAID_SECRET must be set together/);
  });

  test("Google sign-in needs both its id and its secret", () => {
    expect(() => parseEnv({ ...valid, GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  test("flags default sensibly", () => {
    const env = parseEnv(valid);
    expect(env).toMatchObject({ NODE_ENV: "development", RUN_JOBS: true });
    expect(env.SECURE_COOKIES).toBeUndefined();
    expect(parseEnv({ ...valid, RUN_JOBS: "false", SECURE_COOKIES: "true" })).toMatchObject({ RUN_JOBS: false, SECURE_COOKIES: true });
  });
});
