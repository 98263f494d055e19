import { Schema, type InferSchemaType } from "mongoose";
import { defineModel } from "./define-model";

/**
 * One user's ledger journal (`_id` the user id): the batch that holds the
 * user's ledger, recorded before its first write and cleared after its last,
 * so a batch cut off by a crash is seen and what it touched recounted.
 * `holder` names the app process (instance) running `batchId`; `leaseUntil`
 * is how long another process must wait before it may take over a batch
 * whose process may have died. `months` are the months whose transactions
 * the open batch may write, declared before it writes them (`everything`
 * when it may write any). `unverifiedMonths` gathers the months written
 * since the verification job last recounted them. `lastBatchId` is the last
 * batch opened: while none is open, the version of the user's derived state
 * (a process may keep what it read of it under that version).
 */
const ledgerJournalSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    batchId: { type: String, default: null },
    holder: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    months: { type: [String], default: [] },
    everything: { type: Boolean, default: false },
    unverifiedMonths: { type: [String], default: [] },
    lastBatchId: { type: String, default: null },
  },
  { collection: "ledgerJournals" },
);

export type LedgerJournalRecord = InferSchemaType<typeof ledgerJournalSchema>;

export const LedgerJournal = defineModel("LedgerJournal", ledgerJournalSchema);
