import { describe, expect, test } from "vitest";
import { keyDayChanges, keyDaysOf, sameEntries, withoutEntries } from "./import-key-days";

const rent = { date: "2026-03-01", deleted: false, importKey: "2026-03-01|120000|expense|rent", bankTransactionId: null };

describe("the days' import keys", () => {
  test("hold one entry per live transaction, repeats included, and leave deleted ones out", () => {
    const days = keyDaysOf([rent, rent, { ...rent, deleted: true }, { ...rent, date: "2026-03-02", importKey: "2026-03-02|500|expense|fee", bankTransactionId: "B1" }]);
    expect(Object.fromEntries(days)).toEqual({
      "2026-03-01": [{ k: rent.importKey, b: null }, { k: rent.importKey, b: null }],
      "2026-03-02": [{ k: "2026-03-02|500|expense|fee", b: "B1" }],
    });
  });

  test("follow a transaction moved to another day, and ignore an edit that keeps its key", () => {
    const moved = { ...rent, date: "2026-03-03", importKey: "2026-03-03|120000|expense|rent" };
    const changes = keyDayChanges([
      { before: rent, after: moved },
      { before: rent, after: { ...rent, category: "housing" } as typeof rent },
    ]);
    expect(Object.fromEntries(changes)).toEqual({
      "2026-03-01": { added: [], removed: [{ k: rent.importKey, b: null }] },
      "2026-03-03": { added: [{ k: moved.importKey, b: null }], removed: [] },
    });
  });

  test("change nothing for a transaction a batch added and deleted again", () => {
    expect(keyDayChanges([{ before: null, after: rent }, { before: rent, after: { ...rent, deleted: true } }]).size).toBe(0);
  });

  test("lose one occurrence per removed entry", () => {
    const entry = { k: rent.importKey, b: null };
    expect(withoutEntries([entry, entry, { k: "x", b: "B" }], [entry, { k: "absent", b: null }])).toEqual([entry, { k: "x", b: "B" }]);
    expect(sameEntries([entry, { k: "x", b: "B" }], [{ k: "x", b: "B" }, entry])).toBe(true);
    expect(sameEntries([entry], [{ k: entry.k, b: "B" }])).toBe(false);
  });
});
