import { describe, expect, test } from "vitest";
import { cleanTagName, MAX_TAGS_PER_TRANSACTION, parseTagNames, TAG_MESSAGES, TAG_NAME_MAX_LENGTH, tagKey, tagNamesText } from "./tags";

describe("tag names", () => {
  test("a leading # and extra spaces are dropped; case, accents and spacing do not make another tag", () => {
    expect(cleanTagName("  #Trip   to Lisbon ")).toBe("Trip to Lisbon");
    expect(tagKey("Café  CRÈME")).toBe(tagKey("cafe creme"));
    expect(tagKey("Trip")).not.toBe(tagKey("Trips"));
  });

  test("one field holds several, separated by commas: empty ones are dropped, a repeated one kept once as first written", () => {
    expect(parseTagNames("Trip, work,, #trip ,  Gifts for Mum")).toEqual({ ok: true, names: ["Trip", "work", "Gifts for Mum"] });
    expect(parseTagNames("   ")).toEqual({ ok: true, names: [] });
  });

  test("a name too long, or more tags than a transaction carries, is refused with its message", () => {
    expect(parseTagNames(`ok, ${"x".repeat(TAG_NAME_MAX_LENGTH + 1)}`)).toEqual({ ok: false, message: TAG_MESSAGES.nameTooLong });
    expect(parseTagNames("x".repeat(TAG_NAME_MAX_LENGTH))).toMatchObject({ ok: true });
    const many = Array.from({ length: MAX_TAGS_PER_TRANSACTION + 1 }, (_, index) => `tag ${index}`).join(",");
    expect(parseTagNames(many)).toEqual({ ok: false, message: TAG_MESSAGES.tooManyOnOne });
  });

  test("a transaction's tags as the form shows them: names in order, tags gone left out", () => {
    expect(tagNamesText(["b", "gone", "a"], new Map([["a", "Work"], ["b", "Trip"]]))).toBe("Trip, Work");
  });
});
