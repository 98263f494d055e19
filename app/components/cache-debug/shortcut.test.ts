import { describe, expect, test } from "vitest";
import { cacheBustingUrl, isCacheDebugShortcut } from "./shortcut";

const keys = { key: "D", ctrlKey: true, shiftKey: true, altKey: false, metaKey: false };

describe("cache debug shortcut", () => {
  test("is Ctrl+Shift+D whatever the case of the key", () => {
    expect(isCacheDebugShortcut(keys)).toBe(true);
    expect(isCacheDebugShortcut({ ...keys, key: "d" })).toBe(true);
  });

  test("needs Ctrl and Shift, and no other modifier", () => {
    expect(isCacheDebugShortcut({ ...keys, ctrlKey: false })).toBe(false);
    expect(isCacheDebugShortcut({ ...keys, shiftKey: false })).toBe(false);
    expect(isCacheDebugShortcut({ ...keys, altKey: true })).toBe(false);
    expect(isCacheDebugShortcut({ ...keys, metaKey: true })).toBe(false);
    expect(isCacheDebugShortcut({ ...keys, key: "F" })).toBe(false);
  });
});

describe("cache-busting URL", () => {
  test("adds the timestamp and keeps the path, the other query values and the hash", () => {
    expect(cacheBustingUrl("http://localhost:3000/dashboard?month=2026-03#top", 1767225600000)).toBe(
      "http://localhost:3000/dashboard?month=2026-03&_cb=1767225600000#top",
    );
    expect(cacheBustingUrl("http://localhost:3000/dashboard", 5)).toBe("http://localhost:3000/dashboard?_cb=5");
  });

  test("replaces the timestamp of an earlier reload", () => {
    expect(cacheBustingUrl("http://localhost:3000/dashboard?_cb=1&month=2026-03", 2)).toBe("http://localhost:3000/dashboard?_cb=2&month=2026-03");
  });
});
