import { Schema, type InferSchemaType, type Types } from "mongoose";
import { defineModel } from "./define-model";
import { wholeCents } from "./money";

const FREQUENCIES = ["weekly", "biweekly", "monthly", "quarterly", "yearly"];

/**
 * A recurring bill or paycheck the user keeps (features/recurring): its due dates follow from `anchor` and
 * `frequency`; a transaction that meets one carries the schedule's id and the due date (written by the ledger).
 * Amounts are minor units of `currency`: what is expected, and the range a transaction may be in to meet it.
 * `payeeKey` is what its transactions' descriptions come to (features/recurring/series.ts). Reminders go
 * `remindDaysBefore` days ahead while `remind` is on.
 */
const scheduleSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    name: { type: String, required: true },
    payeeKey: { type: String, default: "" },
    type: { type: String, enum: ["income", "expense"], required: true },
    accountId: { type: String, default: null },
    currency: { type: String, required: true, match: /^[A-Z]{3}$/ },
    amount: { type: Number, required: true, min: 1, validate: wholeCents },
    amountMin: { type: Number, required: true, min: 1, validate: wholeCents },
    amountMax: { type: Number, required: true, min: 1, validate: wholeCents },
    frequency: { type: String, enum: FREQUENCIES, required: true },
    anchor: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    category: { type: String, default: "" },
    /** The proposal it was accepted from (a series found in the history), or null when made by hand. */
    seriesKey: { type: String, default: null },
    remind: { type: Boolean, default: false },
    remindDaysBefore: { type: Number, default: 3, min: 0, max: 30 },
  },
  { timestamps: true },
);
scheduleSchema.index({ userId: 1 });
scheduleSchema.index({ remind: 1 });

/**
 * A series found in a user's history and proposed as a schedule (the detection job writes them): `status`
 * "proposed" until the user accepts it (it becomes a Schedule) or ignores it; either choice is kept, so the
 * next detection proposes it no more. `key` names the series across detections.
 */
const seriesProposalSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true },
    key: { type: String, required: true },
    status: { type: String, enum: ["proposed", "accepted", "ignored"], default: "proposed" },
    name: { type: String, required: true },
    payeeKey: { type: String, required: true },
    type: { type: String, enum: ["income", "expense"], required: true },
    accountId: { type: String, required: true },
    currency: { type: String, required: true },
    amount: { type: Number, required: true },
    amountMin: { type: Number, required: true },
    amountMax: { type: Number, required: true },
    frequency: { type: String, enum: FREQUENCIES, required: true },
    anchor: { type: String, required: true },
    nextDate: { type: String, required: true },
    category: { type: String, default: "" },
    transactionIds: { type: [String], default: [] },
    /** The due date each of `transactionIds` met. */
    metDates: { type: [String], default: [] },
    confidence: { type: Number, default: 0 },
    /** The detection that found it last: a proposal no detection finds any more is removed. */
    detectedAt: { type: Date, required: true },
  },
  { timestamps: true, collection: "seriesProposals" },
);
seriesProposalSchema.index({ userId: 1, key: 1 }, { unique: true });

/** When a user's series were last looked for, and whether a detection is under way (`_id` the user id). */
const seriesDetectionSchema = new Schema(
  { _id: { type: String, required: true }, startedAt: { type: Date, default: null }, finishedAt: { type: Date, default: null }, scanned: { type: Number, default: 0 } },
  { collection: "seriesDetections" },
);

/** A reminder sent for one due date of a schedule (`_id` "<scheduleId>:<dueDate>"), so none is sent twice. */
const sentReminderSchema = new Schema({ _id: { type: String, required: true }, userId: { type: Schema.Types.ObjectId, required: true }, sentAt: { type: Date, required: true } }, { collection: "sentReminders" });
sentReminderSchema.index({ userId: 1 });

export type ScheduleRecord = InferSchemaType<typeof scheduleSchema> & { _id: Types.ObjectId };
export type SeriesProposalRecord = InferSchemaType<typeof seriesProposalSchema> & { _id: Types.ObjectId };
export type SeriesDetectionRecord = InferSchemaType<typeof seriesDetectionSchema> & { _id: string };

export const Schedule = defineModel("Schedule", scheduleSchema);
export const SeriesProposal = defineModel("SeriesProposal", seriesProposalSchema);
export const SeriesDetection = defineModel("SeriesDetection", seriesDetectionSchema);
export const SentReminder = defineModel("SentReminder", sentReminderSchema);
