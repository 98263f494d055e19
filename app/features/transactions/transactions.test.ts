import { expect, test } from "vitest";
import { landingAfterAdd, listTabOf } from "./transactions";

test("a transaction is listed under Deleted, New (no category yet) or Tracked", () => {
  expect(listTabOf({ category: "food", deleted: false })).toBe("tracked");
  expect(listTabOf({ category: "", deleted: false })).toBe("new");
  expect(listTabOf({ category: "uncategorized", deleted: false })).toBe("new");
  expect(listTabOf({ category: "food", deleted: true })).toBe("deleted");
});

test("after adding, the transactions page opens on the tab that lists it, keeping its filters; other pages are left as they are", () => {
  expect(landingAfterAdd("/transactions", { category: "food", deleted: false })).toBe("/transactions?tab=tracked");
  expect(landingAfterAdd("/transactions?tab=tracked&cursor=x&month=2026-03", { category: "", deleted: false })).toBe("/transactions?tab=new&month=2026-03");
  expect(landingAfterAdd("/dashboard?month=2026-03", { category: "food", deleted: false })).toBe("/dashboard?month=2026-03");
  expect(landingAfterAdd("/transactions/import", { category: "food", deleted: false })).toBe("/transactions/import");
});
