import { describe, expect, test } from "vitest";
import { loginPathFor, safeRedirect, withRedirect } from "./redirect";

describe("safeRedirect", () => {
  test.each([
    ["subscription", "/subscription"],
    ["/subscription", "/subscription"],
    ["/transactions?month=2026-01", "/transactions?month=2026-01"],
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["https://evil.example", "/https://evil.example"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("loginPathFor", () => {
  test("carries the requested path and query", () => {
    expect(loginPathFor("http://localhost/transactions?tab=new")).toBe("/login?redirect=%2Ftransactions%3Ftab%3Dnew");
  });
  test("plain /login for the home page", () => {
    expect(loginPathFor("http://localhost/")).toBe("/login");
  });
});

describe("withRedirect", () => {
  test("passes the redirect value on", () => {
    expect(withRedirect("/signup", "subscription")).toBe("/signup?redirect=subscription");
  });
  test("leaves the path alone without one", () => {
    expect(withRedirect("/login", undefined)).toBe("/login");
  });
});
