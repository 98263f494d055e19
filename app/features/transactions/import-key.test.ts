import { describe, expect, test } from "vitest";
import { importKey } from "./import-key";

describe("import key", () => {
  test("is stable across spacing and case of the description, and differs on any other field", () => {
    const base = { date: "2026-03-01", amount: 1250, type: "expense" as const, description: "Coffee  Shop " };
    expect(importKey(base)).toBe("2026-03-01|1250|expense|coffee shop");
    expect(importKey({ ...base, description: " COFFEE shop" })).toBe(importKey(base));
    expect(new Set([base, { ...base, date: "2026-03-02" }, { ...base, amount: 1251 }, { ...base, type: "income" as const }].map(importKey)).size).toBe(4);
  });

  test("compatibility forms of letters count as the same description", () => {
    expect(importKey({ date: "2026-03-01", amount: 1, type: "income", description: "ＣＡＦＥ" })).toBe(importKey({ date: "2026-03-01", amount: 1, type: "income", description: "cafe" }));
  });
});
