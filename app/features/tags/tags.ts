import { comparable } from "~/lib/text";

/**
 * Tags cut across categories: a trip, a project, a gift list. A transaction carries any number of them (up
 * to MAX_TAGS_PER_TRANSACTION); a tag is stored once per user, so renaming it renames it everywhere.
 */

export const TAG_NAME_MAX_LENGTH = 40;
export const MAX_TAGS_PER_TRANSACTION = 20;
/** A user has at most this many tags: every tag picker lists them all. */
export const MAX_TAGS = 500;

export const TAGS_PATH = "/transactions/tags";
export const TAG_INTENTS = { rename: "rename-tag", merge: "merge-tag", delete: "delete-tag" } as const;

export const TAG_MESSAGES = {
  nameRequired: "Please name the tag.",
  nameTooLong: `A tag can be at most ${TAG_NAME_MAX_LENGTH} characters.`,
  tooManyOnOne: `A transaction can carry at most ${MAX_TAGS_PER_TRANSACTION} tags.`,
  tooMany: `You have ${MAX_TAGS} tags, the most there can be. Merge or delete some to add others.`,
  taken: "Another tag already has this name: merge the two instead.",
  mergeTarget: "Choose another tag to merge it into.",
  notFound: "This tag was not found.",
  renamed: "Tag renamed",
  merged: "Tags merged",
  deleted: "Tag deleted",
  failed: "The tags could not be saved. Please try again.",
} as const;

export type TagItem = { id: string; name: string };

/** How two tag names compare: "Trip  to LISBON" and "trip to lisbon" are one tag. */
export function tagKey(name: string) {
  return comparable(name);
}

/** A tag's name as stored: a leading "#" and extra spaces dropped ("#Trip  to Lisbon " is "Trip to Lisbon"). */
export function cleanTagName(name: string) {
  return name.trim().replace(/^#+/, "").replace(/\s+/g, " ").trim();
}

export type ParsedTagNames = { ok: true; names: string[] } | { ok: false; message: string };

/**
 * Tag names typed in one field, separated by commas: each cleaned, empty ones dropped, a name repeated (as
 * names compare) kept once. Refused when one is too long or there are more than a transaction may carry.
 */
export function parseTagNames(text: string): ParsedTagNames {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(",")) {
    const name = cleanTagName(part);
    if (name === "") continue;
    if (name.length > TAG_NAME_MAX_LENGTH) return { ok: false, message: TAG_MESSAGES.nameTooLong };
    const key = tagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.length > MAX_TAGS_PER_TRANSACTION ? { ok: false, message: TAG_MESSAGES.tooManyOnOne } : { ok: true, names };
}

/** The names of `tagIds` in the order given, as a form's field shows them; ids of tags gone are left out. */
export function tagNamesText(tagIds: readonly string[], names: ReadonlyMap<string, string>) {
  return tagIds.flatMap((id) => names.get(id) ?? []).join(", ");
}

