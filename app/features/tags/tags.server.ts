import mongoose, { Types } from "mongoose";
import { Tag, type TagRecord } from "../../../models";
import { isObjectIdText } from "~/lib/object-id";
import { cleanTagName, MAX_TAGS, TAG_NAME_MAX_LENGTH, tagKey, type TagItem } from "./tags";

/** The user's tags, the one data access that writes them; which transactions carry a tag is the ledger's. */

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

function itemOf(stored: Pick<TagRecord, "_id" | "name">): TagItem {
  return { id: String(stored._id), name: stored.name };
}

/** The user's tags by name. */
export async function listTags(userId: string): Promise<TagItem[]> {
  const stored = await Tag.find({ userId: owner(userId) }).select({ name: 1, key: 1 }).lean<Array<Pick<TagRecord, "_id" | "name" | "key">>>();
  return stored.sort((a, b) => a.key.localeCompare(b.key)).map(itemOf);
}

export async function getTag(userId: string, tagId: string): Promise<TagItem | null> {
  if (!isObjectIdText(tagId)) return null;
  const stored = await Tag.findOne({ _id: tagId, userId: owner(userId) }).select({ name: 1 }).lean<Pick<TagRecord, "_id" | "name">>();
  return stored ? itemOf(stored) : null;
}

export type EnsuredTags = { ok: true; ids: string[] } | { ok: false; reason: "too-many" };

/**
 * The ids of the tags named (cleaned names, as `parseTagNames` leaves them), in their order: a name the user
 * has already (as names compare) is that tag, a new one is added. Refused, adding none, when the new ones
 * would take the user past MAX_TAGS. Two requests adding one name at once end with one tag: the second's
 * insert meets the unique key and reads the first's.
 */
export async function ensureTags(userId: string, names: readonly string[]): Promise<EnsuredTags> {
  if (names.length === 0) return { ok: true, ids: [] };
  const stored = await Tag.find({ userId: owner(userId) }).select({ key: 1 }).lean<Array<Pick<TagRecord, "_id" | "key">>>();
  const idOfKey = new Map(stored.map((tag) => [tag.key, String(tag._id)]));
  const missing = [...new Map(names.map((name) => [tagKey(name), name])).entries()].filter(([key]) => !idOfKey.has(key));
  if (stored.length + missing.length > MAX_TAGS) return { ok: false, reason: "too-many" };
  for (const [key, name] of missing) {
    const saved = await Tag.findOneAndUpdate({ userId: owner(userId), key }, { $setOnInsert: { name } }, { upsert: true, returnDocument: "after" }).lean<Pick<TagRecord, "_id">>();
    if (saved) idOfKey.set(key, String(saved._id));
  }
  return { ok: true, ids: [...new Set(names.map((name) => idOfKey.get(tagKey(name)) as string))] };
}

/** Which of `tagIds` are not the user's tags (another user's, deleted, or no id at all). */
export async function unknownTagIds(userId: string, tagIds: readonly string[]) {
  const wanted = [...new Set(tagIds)];
  if (wanted.length === 0) return [];
  const valid = wanted.filter(isObjectIdText);
  const found = valid.length > 0 ? await Tag.find({ userId: owner(userId), _id: mongoose.trusted({ $in: valid.map((id) => new Types.ObjectId(id)) }) }).select({ _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>() : [];
  const known = new Set(found.map((tag) => String(tag._id)));
  return wanted.filter((id) => !known.has(id));
}

export type TagRename = { ok: true; tag: TagItem } | { ok: false; reason: "not-found" | "taken" | "invalid" };

/** Renames the user's tag everywhere it is used; refused when the name is empty, too long, or another tag's. */
export async function renameTag(userId: string, tagId: string, name: string): Promise<TagRename> {
  const cleaned = cleanTagName(name);
  if (cleaned === "" || cleaned.length > TAG_NAME_MAX_LENGTH) return { ok: false, reason: "invalid" };
  const tag = await getTag(userId, tagId);
  if (!tag) return { ok: false, reason: "not-found" };
  const key = tagKey(cleaned);
  // Checked before the write: an update that breaks the unique key may not be refused on every backend.
  const holder = await Tag.findOne({ userId: owner(userId), key }).select({ _id: 1 }).lean<{ _id: Types.ObjectId }>();
  if (holder && String(holder._id) !== tagId) return { ok: false, reason: "taken" };
  await Tag.updateOne({ _id: tagId, userId: owner(userId) }, { $set: { name: cleaned, key } });
  return { ok: true, tag: { id: tagId, name: cleaned } };
}

/** Removes the user's tag from the catalogue, once no transaction carries it (the ledger takes it off them first). */
export async function removeTag(userId: string, tagId: string) {
  if (!isObjectIdText(tagId)) return false;
  const { deletedCount } = await Tag.deleteOne({ _id: tagId, userId: owner(userId) });
  return deletedCount === 1;
}
