import mongoose, { Types } from "mongoose";
import { ImportKeyDay, importKeyDayId, type ImportKeyDayRecord, type ImportKeyEntry } from "../../../models";
import { inBulkWriteSlices } from "~/integrations/database.server";
import { monthKeyOf } from "~/lib/month";
import { keyDayChanges, keyDaysOf, sameEntries, withoutEntries, type KeyedTransaction } from "./import-key-days";

/**
 * Brings the days' import keys in step with the ledger's writes (each document before and after): the days
 * that only gain keys get upserting $pushes, in bulk writes; one that loses some is read and written whole
 * (or removed when nothing is left). The caller holds the user's ledger.
 */
export async function updateImportKeyDays(userId: string, changes: Array<{ before: KeyedTransaction | null; after: KeyedTransaction | null }>) {
  const userObjectId = new Types.ObjectId(userId);
  const gaining: Array<{ _id: string; date: string; added: ImportKeyEntry[] }> = [];
  for (const [date, { added, removed }] of keyDayChanges(changes)) {
    const _id = importKeyDayId(userId, date);
    if (removed.length === 0) {
      gaining.push({ _id, date, added });
      continue;
    }
    const stored = await ImportKeyDay.findById(_id).lean<ImportKeyDayRecord>();
    const entries = [...withoutEntries(stored?.entries ?? [], removed), ...added];
    if (entries.length === 0) await ImportKeyDay.deleteOne({ _id });
    else await ImportKeyDay.replaceOne({ _id }, { _id, userId: userObjectId, monthKey: monthKeyOf(date), entries }, { upsert: true });
  }
  await inBulkWriteSlices(gaining, (slice) =>
    ImportKeyDay.bulkWrite(
      slice.map(({ _id, date, added }) => ({
        updateOne: { filter: { _id }, update: { $push: { entries: { $each: added } }, $setOnInsert: { userId: userObjectId, monthKey: monthKeyOf(date) } }, upsert: true },
      })),
    ),
  );
}

/** The stored days of the user's keys: of `months` (one read a month), or all of them. */
export function readImportKeyDays(userObjectId: Types.ObjectId, months: string[] | undefined) {
  if (!months) return ImportKeyDay.find({ userId: userObjectId }).lean<ImportKeyDayRecord[]>();
  return Promise.all([...new Set(months)].map((monthKey) => ImportKeyDay.find({ userId: userObjectId, monthKey }).lean<ImportKeyDayRecord[]>())).then((found) => found.flat());
}

/**
 * Writes the days' import keys afresh from `transactions` (the user's transactions of `months`, or all of
 * them): each day whose stored keys differ is replaced whole, days with none left are removed. The month
 * recount calls it, holding the user's ledger.
 */
export async function rebuildImportKeyDays(userId: string, transactions: KeyedTransaction[], months?: string[]) {
  const userObjectId = new Types.ObjectId(userId);
  const counted = keyDaysOf(transactions);
  const stored = new Map((await readImportKeyDays(userObjectId, months)).map((day) => [day._id, day]));
  for (const [date, entries] of counted) {
    const _id = importKeyDayId(userId, date);
    const current = stored.get(_id);
    stored.delete(_id);
    if (current && sameEntries(current.entries, entries)) continue;
    await ImportKeyDay.replaceOne({ _id }, { _id, userId: userObjectId, monthKey: monthKeyOf(date), entries }, { upsert: true });
  }
  if (stored.size > 0) await ImportKeyDay.deleteMany({ userId: userObjectId, _id: mongoose.trusted({ $in: [...stored.keys()] }) });
}
