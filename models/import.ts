import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

/**
 * An uploaded bank file between its upload and its import: the bytes as
 * sent, so every step of the preview reads the same file (and can read it in
 * another encoding). Removed when imported, and by a job a day after upload
 * (FerretDB has no TTL indexes).
 */
const importDraftSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    fileName: { type: String, default: "" },
    bytes: { type: Buffer, required: true },
    expiresAt: { type: Date, required: true },
    /** A file of several accounts is one upload per account: which statement of the file this one imports, of how many, and the next one's upload. */
    statement: { type: Number, default: null },
    statementCount: { type: Number, default: 1 },
    nextDraftId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "importDrafts" },
);
importDraftSchema.index({ expiresAt: 1 });

export const ImportDraft = defineModel("ImportDraft", importDraftSchema);

const countsSchema = new Schema(
  {
    imported: { type: Number, default: 0 },
    duplicates: { type: Number, default: 0 },
    pending: { type: Number, default: 0 },
    declined: { type: Number, default: 0 },
    zero: { type: Number, default: 0 },
    unreadable: { type: Number, default: 0 },
  },
  { _id: false },
);

const keptTransactionSchema = new Schema(
  { date: String, description: String, amount: { type: Number, validate: wholeCents }, type: String },
  { _id: false },
);

/**
 * One import: the transactions it wrote carry its `_id` as `importBatchId`;
 * `moneyIn`, `moneyOut` and `kept` amounts are minor units of `currency`,
 * the currency of the account it went into (null for imports recorded before
 * it was stored: those are in the user's currency).
 * `writing` while the ledger writes them (a batch left `writing` by a crash
 * is rolled back), `done` after, `undoing` while a job removes them (of the
 * `undoFrom` transactions it had when the undo started, the `undoTotal` not
 * edited since are to go; `removed` so far), `undone` once undone (`kept`:
 * the transactions changed since the import, which the undo left), `failed`
 * when nothing of it stayed.
 */
const importBatchSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    fileName: { type: String, default: "" },
    format: { type: String, required: true },
    currency: { type: String, default: null, match: /^[A-Z]{3}$/ },
    status: { type: String, enum: ["writing", "done", "undoing", "undone", "failed"] as const, required: true },
    counts: { type: countsSchema, default: () => ({}) },
    moneyIn: { type: Number, default: 0, validate: wholeCents },
    moneyOut: { type: Number, default: 0, validate: wholeCents },
    from: { type: String, default: null },
    to: { type: String, default: null },
    undoFrom: { type: Number, default: 0 },
    undoTotal: { type: Number, default: 0 },
    undoneAt: { type: Date, default: null },
    removed: { type: Number, default: 0 },
    kept: { type: [keptTransactionSchema], default: [] },
  },
  { timestamps: true, collection: "importBatches" },
);
importBatchSchema.index({ userId: 1, createdAt: -1 });
importBatchSchema.index({ status: 1 });

export type ImportBatchRecord = LeanOf<typeof importBatchSchema>;
export const ImportBatch = defineModel("ImportBatch", importBatchSchema);

/**
 * The choices a user confirmed for a file shape (`_id` "<userId>:<hash of
 * the header signature>"), applied to the next file with the same header so
 * that a second import from a bank is one click.
 */
const importMappingSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    signature: { type: String, required: true },
    columns: { type: Map, of: Number, default: () => new Map() },
    decimalMark: { type: String, default: null },
    dateOrder: { type: String, default: null },
    sign: { type: String, default: null },
    /** The account the last file of this shape went into, when the file itself names none. */
    accountId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: { createdAt: false, updatedAt: true }, minimize: false, collection: "importMappings" },
);
importMappingSchema.index({ userId: 1 });

export type ImportMappingRecord = LeanOf<typeof importMappingSchema>;
export const ImportMapping = defineModel("ImportMapping", importMappingSchema);
