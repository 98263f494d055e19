import { describe, expect, test } from "vitest";
import { clientAddressOf, forwardedValue } from "./client-address.mjs";

describe("the client's address", () => {
  test("without a trusted proxy it is the socket's peer, whatever X-Forwarded-For claims", () => {
    expect(clientAddressOf({ socketAddress: "203.0.113.9", forwardedFor: "198.51.100.1", trustedProxies: 0 })).toBe("203.0.113.9");
    expect(clientAddressOf({ socketAddress: undefined, forwardedFor: undefined, trustedProxies: 0 })).toBe("unknown");
  });

  test("behind one proxy it is the address the proxy appended; entries a client forged before it are ignored", () => {
    expect(clientAddressOf({ socketAddress: "10.0.0.2", forwardedFor: "203.0.113.9", trustedProxies: 1 })).toBe("203.0.113.9");
    expect(clientAddressOf({ socketAddress: "10.0.0.2", forwardedFor: "1.2.3.4, 5.6.7.8, 203.0.113.9", trustedProxies: 1 })).toBe("203.0.113.9");
  });

  test("behind two proxies it is the address the outer proxy saw; a header shorter than the chain falls back to the outermost known hop", () => {
    expect(clientAddressOf({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.9, 10.0.0.1", trustedProxies: 2 })).toBe("203.0.113.9");
    expect(clientAddressOf({ socketAddress: "10.0.0.2", forwardedFor: "", trustedProxies: 2 })).toBe("10.0.0.2");
  });
});

describe("the host and scheme the client asked for (X-Forwarded-Host, X-Forwarded-Proto)", () => {
  test("without a trusted proxy the headers count for nothing", () => {
    expect(forwardedValue("evil.example", 0)).toBeUndefined();
    expect(forwardedValue("https", 0)).toBeUndefined();
  });

  test("behind one proxy it is the value the proxy wrote, the last; what a client sent before it is ignored", () => {
    expect(forwardedValue("ledgerly.example", 1)).toBe("ledgerly.example");
    expect(forwardedValue("evil.example, ledgerly.example", 1)).toBe("ledgerly.example");
    expect(forwardedValue("http, https", 1)).toBe("https");
  });

  test("behind two proxies it is what the outer one wrote; a header one proxy replaced gives its only value", () => {
    expect(forwardedValue("evil.example, ledgerly.example, app.internal", 2)).toBe("ledgerly.example");
    expect(forwardedValue("ledgerly.example", 2)).toBe("ledgerly.example");
  });

  test("an absent or empty header says nothing", () => {
    expect(forwardedValue(undefined, 1)).toBeUndefined();
    expect(forwardedValue(" , ", 1)).toBeUndefined();
  });
});
