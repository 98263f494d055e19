import { Types } from "mongoose";
import { Reconciliation, type ReconciliationRecord } from "../../../models";
import { toCents } from "~/lib/money";
import { toObjectId } from "~/integrations/database.server";
import type { ReconciliationStatus, ReconciliationSummary } from "./reconcile";

/** What a reconciliation records, as its finishing decided it. */
type ReconciliationInput = Omit<ReconciliationSummary, "id" | "recordedOn">;

function toSummary(record: ReconciliationRecord): ReconciliationSummary {
  return {
    id: String(record._id),
    statementDate: record.statementDate,
    statementBalance: toCents(record.statementBalance),
    clearedBalance: toCents(record.clearedBalance),
    difference: toCents(record.difference),
    adjustment: toCents(record.adjustment ?? 0),
    status: record.status as ReconciliationStatus,
    transactionCount: record.transactionCount ?? 0,
    recordedOn: record.createdAt.toISOString().slice(0, 10),
  };
}

/** The account's reconciliations, the latest statement first (on one date, the latest done first); none when the id is no account's. */
export async function listReconciliations(userId: string, accountId: string) {
  const accountObjectId = toObjectId(accountId);
  if (!accountObjectId) return [];
  const records = await Reconciliation.find({ userId: new Types.ObjectId(userId), accountId: accountObjectId })
    .sort({ statementDate: -1, createdAt: -1, _id: -1 })
    .lean<ReconciliationRecord[]>();
  return records.map(toSummary);
}

/** One of the user's reconciliations; null when there is none of that id (a finishing form not yet done). */
export async function getReconciliation(userId: string, reconciliationId: string) {
  const _id = toObjectId(reconciliationId);
  const record = _id ? await Reconciliation.findOne({ _id, userId: new Types.ObjectId(userId) }).lean<ReconciliationRecord>() : null;
  return record ? toSummary(record) : null;
}

/** Stores a reconciliation of the user's account under the id its finishing form named. */
export async function recordReconciliation(userId: string, accountId: string, reconciliationId: string, input: ReconciliationInput) {
  const record = await Reconciliation.create({ _id: new Types.ObjectId(reconciliationId), userId: new Types.ObjectId(userId), accountId: new Types.ObjectId(accountId), ...input });
  return toSummary(record.toObject() as ReconciliationRecord);
}
