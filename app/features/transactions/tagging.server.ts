import { ensureTags, getTag, listTags, removeTag } from "~/features/tags/tags.server";
import type { TagItem } from "~/features/tags/tags";
import { LedgerRefusedError } from "./ledger";
import { applyLedgerBatch } from "./ledger.server";
import { listMonthSummaries } from "./month-summary.server";

/** Tags on transactions: how much each is used, tagging in bulk, merging and deleting tags (the ledger rewrites the transactions). */

export type TagUse = TagItem & { count: number };

/** The user's tags by name, each with how many live transactions carry it (counted by the month summaries). */
export async function listTagsWithCounts(userId: string): Promise<TagUse[]> {
  const [tags, summaries] = await Promise.all([listTags(userId), listMonthSummaries(userId)]);
  const counts = new Map<string, number>();
  for (const summary of summaries) {
    for (const [tagId, totals] of Object.entries(summary.tags ?? {})) counts.set(tagId, (counts.get(tagId) ?? 0) + (totals?.count ?? 0));
  }
  return tags.map((tag) => ({ ...tag, count: counts.get(tag.id) ?? 0 }));
}

export type Tagging = { ok: true; changed: number } | { ok: false; reason: "too-many-tags" | "too-many-on-one" | "not-found" };

/**
 * Puts the tags named (new names join the user's tags) on each of the user's transactions `ids`, and takes
 * `removeTagIds` off them, in one ledger batch. Refused as a whole when a transaction would carry too many
 * tags, or an id is not the user's transaction.
 */
export async function tagTransactions(userId: string, ids: string[], { addNames, removeTagIds }: { addNames: string[]; removeTagIds: string[] }): Promise<Tagging> {
  const ensured = await ensureTags(userId, addNames);
  if (!ensured.ok) return { ok: false, reason: "too-many-tags" };
  const result = await applyLedgerBatch(userId, { tagged: { ids, add: ensured.ids, remove: removeTagIds } });
  if (result.ok) return { ok: true, changed: ids.length };
  if (result.issues.some((issue) => issue.code === "not-found")) return { ok: false, reason: "not-found" };
  if (result.issues.every((issue) => issue.code === "invalid" && issue.field === "tagIds")) return { ok: false, reason: "too-many-on-one" };
  throw new LedgerRefusedError(result.issues);
}

/**
 * Merges the tag `fromId` into `intoId`: every transaction that carried the first carries the second (once),
 * then the first is gone. False when either is not the user's tag. Run again after a crash part-way, it
 * finishes the job (the transactions still carrying the first are found again).
 */
export async function mergeTag(userId: string, fromId: string, intoId: string) {
  if (fromId === intoId || !(await getTag(userId, fromId)) || !(await getTag(userId, intoId))) return false;
  const result = await applyLedgerBatch(userId, { retagged: { from: fromId, to: intoId } });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return removeTag(userId, fromId);
}

/** Deletes the user's tag: taken off every transaction, then removed. False when it is not theirs. */
export async function deleteTag(userId: string, tagId: string) {
  if (!(await getTag(userId, tagId))) return false;
  const result = await applyLedgerBatch(userId, { retagged: { from: tagId, to: null } });
  if (!result.ok) throw new LedgerRefusedError(result.issues);
  return removeTag(userId, tagId);
}
