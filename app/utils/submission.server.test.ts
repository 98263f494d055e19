import { describe, expect, test } from "vitest";
import { isSubmissionKey } from "./submission";
import { newSubmissionKey, submittedId } from "./submission.server";

const USER = "6a0000000000000000000001";

describe("submission keys", () => {
  test("a key fixes the ids of what its form creates, per user and per kind", () => {
    const key = newSubmissionKey();
    expect(isSubmissionKey(key)).toBe(true);
    expect(submittedId(USER, key, "transaction")).toBe(submittedId(USER, key, "transaction"));
    expect(submittedId(USER, key, "transaction")).toMatch(/^[0-9a-f]{24}$/);
    const others = [submittedId(USER, key, "debt"), submittedId(USER, key, "transaction", 1), submittedId("6a0000000000000000000002", key, "transaction"), submittedId(USER, newSubmissionKey(), "transaction")];
    expect(new Set([submittedId(USER, key, "transaction"), ...others]).size).toBe(5);
  });

  test("what forms create sorts in the order the forms were opened, to the millisecond", () => {
    const opened = [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_999, 1_700_000_001_000, 1_800_000_000_000];
    const ids = opened.map((time) => submittedId(USER, newSubmissionKey(time), "transaction"));
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0].slice(0, 8), 16)).toBe(1_700_000_000);
  });

  test("only keys of the expected shape are keys", () => {
    for (const bad of ["", "short", "has spaces in it!!", "x".repeat(65), "semi;colon-1234567890"]) expect(isSubmissionKey(bad)).toBe(false);
  });
});
