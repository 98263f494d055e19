import { Schema, type InferSchemaType } from "mongoose";
import { defineModel } from "./define-model";

/**
 * One user's ledger journal (`_id` the user id): the batch that holds the
 * user's ledger, recorded before its first write and cleared after its last,
 * so a batch cut off by a crash is seen and its derived state recounted.
 * `holder` names the app process (instance) running `batchId`; `leaseUntil`
 * is how long another process must wait before it may take over a batch
 * whose process may have died. `settledAt` is when the last batch finished,
 * so the verification job finds the users written recently.
 */
const ledgerJournalSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    batchId: { type: String, default: null },
    holder: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    settledAt: { type: Date, default: null },
  },
  { collection: "ledgerJournals" },
);

ledgerJournalSchema.index({ settledAt: 1 });

export type LedgerJournalRecord = InferSchemaType<typeof ledgerJournalSchema>;

export const LedgerJournal = defineModel("LedgerJournal", ledgerJournalSchema);
