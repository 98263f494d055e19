import { expect, test } from "vitest";
import { recentlyRead } from "./recent-readings.server";

test("a reading is kept by its key and made again once four newer ones have pushed it out", () => {
  let reads = 0;
  const read = (key: string) => recentlyRead(key, () => ({ key, read: ++reads }));
  const first = read("draft-a utf-8");
  expect(read("draft-a utf-8")).toBe(first);
  expect(read("draft-a windows-1252")).not.toBe(first);
  expect(read("draft-a utf-8")).toBe(first);
  for (const other of ["b", "c", "d"]) read(`draft-${other} utf-8`);
  expect(read("draft-a utf-8")).toBe(first);
  for (const other of ["e", "f", "g", "h"]) read(`draft-${other} utf-8`);
  expect(read("draft-a utf-8")).toEqual({ key: "draft-a utf-8", read: 10 });
});
