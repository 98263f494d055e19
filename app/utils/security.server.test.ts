import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, CROSS_SITE_MESSAGE, requireSameOrigin } from "./security.server";

function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/login", { method: "POST", headers: { Host: "localhost:3000", ...headers } });
}

function refusal(request: Request) {
  try {
    requireSameOrigin(request);
    return null;
  } catch (error) {
    return error as Response;
  }
}

describe("requireSameOrigin", () => {
  test("accepts a same-origin form post", () => {
    expect(refusal(post({ Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" }))).toBeNull();
  });

  test("refuses a post from another origin with 403", () => {
    expect(refusal(post({ Origin: "https://evil.example" }))?.status).toBe(403);
  });

  test("refuses a cross-site post even without Origin", () => {
    expect(refusal(post({ "Sec-Fetch-Site": "cross-site" }))?.status).toBe(403);
  });

  test("an X-Forwarded-Host sent with the request does not make another site's Origin this one", () => {
    expect(refusal(post({ Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" }))?.status).toBe(403);
  });

  test("an opaque (null) or unreadable Origin is refused, as Remix's own check would", () => {
    expect(refusal(post({ Origin: "null" }))?.status).toBe(403);
    expect(refusal(post({ Origin: "not a url" }))?.status).toBe(403);
  });

  test("the refusal says the request came from another site", async () => {
    expect(await refusal(post({ Origin: "https://evil.example" }))?.text()).toBe(CROSS_SITE_MESSAGE);
  });

  test("lets GET through", () => {
    expect(refusal(new Request("http://localhost:3000/login", { headers: { Origin: "https://evil.example" } }))).toBeNull();
  });
});

describe("content security policy", () => {
  test("allows scripts only with the nonce", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'strict-dynamic' 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test("lets Plaid Link open its frame, and a bank form hand off to Hosted Link", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("frame-src https://cdn.plaid.com");
    expect(policy).toMatch(/form-action [^;]*https:\/\/secure\.plaid\.com/);
  });

  test("lets billing forms hand off to Stripe's checkout and customer portal", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toMatch(/form-action [^;]*https:\/\/checkout\.stripe\.com/);
    expect(policy).toMatch(/form-action [^;]*https:\/\/billing\.stripe\.com/);
  });
});
