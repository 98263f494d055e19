import mongoose, { Types } from "mongoose";
import { Schedule as ScheduleModel, SeriesDetection, SeriesProposal, type ScheduleRecord, type SeriesProposalRecord } from "../../../models";
import { listAccountNames, mainAccountId } from "~/features/accounts/accounts.server";
import { isSplitCategory, isTransferCategory, isUncategorized } from "~/features/categories/categories";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { createTransaction, forEachLiveMonth, scheduleMarksOf, type ScheduleMarkItem } from "~/features/transactions/transactions.server";
import type { TransactionItem, TransactionType } from "~/features/transactions/transactions";
import { isIsoDate } from "~/lib/month";
import { submittedId } from "~/utils/submission.server";
import { matchArrivals, type ScheduleWithMarks } from "./arrivals";
import { dueBetween, MATCH_WINDOWS, missedOccurrences, type Schedule, type ScheduledTransaction } from "./matching";
import type { CalendarEvent, CalendarStatus } from "./calendar";
import { nextOccurrenceOnOrAfter, shiftDay, type Frequency } from "./occurrences";
import { MAX_SCHEDULES, missedMessage, UPCOMING_DAYS, upcomingCardData } from "./recurring";
import { detectSeries, payeeKey, type HistoryTransaction } from "./series";

/**
 * The user's recurring bills and paychecks (schedules), the series found in their history (proposals) and the
 * due dates their transactions met: the one data access that reads and writes schedules and proposals. The
 * marks on transactions are written by the ledger.
 */

/** A schedule as the pages show it. */
export type ScheduleView = Schedule & { name: string; category: string; seriesKey: string | null; remind: boolean; remindDaysBefore: number };

/** What the schedule form writes (amounts in minor units of the account's currency). */
export type ScheduleInput = {
  name: string;
  type: TransactionType;
  accountId: string;
  currency: string;
  amount: number;
  frequency: Frequency;
  nextDate: string;
  category: string;
  remind: boolean;
  remindDaysBefore: number;
};

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

function scheduleOf(stored: ScheduleRecord): ScheduleView {
  return {
    id: stored._id.toString(),
    name: stored.name,
    payeeKey: stored.payeeKey,
    type: stored.type,
    accountId: stored.accountId ?? null,
    currency: stored.currency,
    amount: stored.amount,
    amountMin: stored.amountMin,
    amountMax: stored.amountMax,
    frequency: stored.frequency as Frequency,
    anchor: stored.anchor,
    category: stored.category,
    seriesKey: stored.seriesKey ?? null,
    remind: stored.remind,
    remindDaysBefore: stored.remindDaysBefore,
  };
}

/** The user's schedules, by name. */
export async function listSchedules(userId: string): Promise<ScheduleView[]> {
  const stored = await ScheduleModel.find({ userId: owner(userId) }).lean<ScheduleRecord[]>();
  return stored.map(scheduleOf).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function getSchedule(userId: string, scheduleId: string): Promise<ScheduleView | null> {
  if (!Types.ObjectId.isValid(scheduleId)) return null;
  const stored = await ScheduleModel.findOne({ _id: scheduleId, userId: owner(userId) }).lean<ScheduleRecord>();
  return stored ? scheduleOf(stored) : null;
}

/** The fields a schedule stores from the form: the next date becomes its anchor, the amount its whole range. */
function storedFields(input: ScheduleInput) {
  return {
    name: input.name,
    payeeKey: payeeKey(input.name),
    type: input.type,
    accountId: input.accountId,
    currency: input.currency,
    amount: input.amount,
    amountMin: input.amount,
    amountMax: input.amount,
    frequency: input.frequency,
    anchor: input.nextDate,
    category: input.category,
    remind: input.remind,
    remindDaysBefore: input.remindDaysBefore,
  };
}

export type ScheduleSaved = { ok: true; schedule: ScheduleView } | { ok: false; reason: "too-many" | "not-found" };

/** Adds a schedule made by hand; with the form's one-time key, the same form sent twice adds one. */
export async function addSchedule(userId: string, input: ScheduleInput, submissionKey?: string | null): Promise<ScheduleSaved> {
  const _id = submissionKey ? new Types.ObjectId(submittedId(userId, submissionKey, "schedule")) : new Types.ObjectId();
  const sent = await ScheduleModel.findOne({ _id, userId: owner(userId) }).lean<ScheduleRecord>();
  if (sent) return { ok: true, schedule: scheduleOf(sent) };
  if ((await ScheduleModel.countDocuments({ userId: owner(userId) })) >= MAX_SCHEDULES) return { ok: false, reason: "too-many" };
  const created = await ScheduleModel.create({ _id, userId: owner(userId), ...storedFields(input) });
  return { ok: true, schedule: scheduleOf(created.toObject() as ScheduleRecord) };
}

/**
 * Saves an edited schedule. Its payee stays what its payments are described as (a renamed bill still meets the
 * same bank lines), and an amount left as it was keeps the range a varying bill has been in; a new next date
 * starts its due dates there (the earlier ones are no longer looked at, so none is reported missed).
 */
export async function updateSchedule(userId: string, scheduleId: string, input: ScheduleInput): Promise<ScheduleSaved> {
  const current = await getSchedule(userId, scheduleId);
  if (!current) return { ok: false, reason: "not-found" };
  const { payeeKey: _renamed, amountMin, amountMax, anchor, ...fields } = storedFields(input);
  const range = input.amount === current.amount ? { amountMin: current.amountMin, amountMax: current.amountMax } : { amountMin, amountMax };
  const keepsDates = nextOccurrenceOnOrAfter(current.anchor, current.frequency, input.nextDate) === input.nextDate && input.frequency === current.frequency;
  const updated = await ScheduleModel.findOneAndUpdate(
    { _id: scheduleId, userId: owner(userId) },
    { $set: { ...fields, ...range, anchor: keepsDates ? current.anchor : anchor } },
    { returnDocument: "after", runValidators: true },
  ).lean<ScheduleRecord>();
  return updated ? { ok: true, schedule: scheduleOf(updated) } : { ok: false, reason: "not-found" };
}

/** Deletes a schedule; its transactions lose their marks (through the ledger) and stay as they are. False when it is not the user's. */
export async function deleteSchedule(userId: string, scheduleId: string) {
  if (!(await getSchedule(userId, scheduleId))) return false;
  const marks = await scheduleMarksOf(userId, scheduleId);
  if (marks.length > 0) {
    const result = await applyLedgerBatch(userId, { scheduled: marks.map((mark) => ({ id: mark.transactionId, scheduleId: null, scheduleDate: null })) });
    if (!result.ok) throw new Error(`the ledger refused to unmark a schedule's transactions: ${JSON.stringify(result.issues.slice(0, 3))}`);
  }
  await ScheduleModel.deleteOne({ _id: scheduleId, userId: owner(userId) });
  return true;
}

/** Turns a schedule's reminders on or off (the per-bill switch, and the email's unsubscribe link). False when it is not the user's. */
export async function setReminder(userId: string, scheduleId: string, remind: boolean) {
  if (!Types.ObjectId.isValid(scheduleId)) return false;
  const updated = await ScheduleModel.updateOne({ _id: scheduleId, userId: owner(userId) }, { $set: { remind } });
  return updated.matchedCount === 1;
}

/** A schedule with the due dates its live transactions met. */
export type MarkedSchedule = { schedule: ScheduleView; marks: ScheduleMarkItem[] };

/** Each schedule with the due dates its live transactions met. */
export async function withMarks(userId: string, schedules: ScheduleView[]): Promise<MarkedSchedule[]> {
  return Promise.all(schedules.map(async (schedule) => ({ schedule, marks: await scheduleMarksOf(userId, schedule.id) })));
}

/** A due date of a schedule, met or not. */
export type DueItem = { schedule: ScheduleView; date: string };
export type MissedItem = DueItem & { message: string };

/** The due dates from `from` to `to` not met yet, in order of date, then name. */
export function dueItems(marked: MarkedSchedule[], from: string, to: string): DueItem[] {
  return marked
    .flatMap(({ schedule, marks }) => dueBetween(schedule, marks.map((mark) => mark.dueDate), from, to).map((date) => ({ schedule, date })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.schedule.name.localeCompare(b.schedule.name));
}

/** The due dates that went by unmet, past their grace (the days a payment may be booked late): "Rent was expected on the 1st". */
export function missedItems(marked: MarkedSchedule[], today: string): MissedItem[] {
  return marked
    .flatMap(({ schedule, marks }) =>
      missedOccurrences(schedule, marks.map((mark) => mark.dueDate), today, MATCH_WINDOWS[schedule.frequency].after).map((date) => ({ schedule, date, message: missedMessage(schedule.name, date, today) })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.schedule.name.localeCompare(b.schedule.name));
}

type DatedEvent = CalendarEvent & { date: string };

/** A due date gone by unmet: missed once the days a payment may be booked late are over (as the dashboard counts it), else it may still come. */
function unmetStatus(date: string, today: string, graceDays: number): CalendarStatus {
  if (date >= today) return "upcoming";
  return date < shiftDay(today, -graceDays) ? "missed" : "late";
}

/** The due dates from `from` to `to`: those met (with the amount that met them) and those not. */
export function calendarEvents(marked: MarkedSchedule[], from: string, to: string, today: string): DatedEvent[] {
  const met = marked.flatMap(({ schedule, marks }) => {
    const inRange = marks.filter((mark) => mark.dueDate >= from && mark.dueDate <= to);
    const byDueDate = new Map(inRange.map((mark) => [mark.dueDate, mark]));
    return [...byDueDate.values()].map(
      (mark): DatedEvent => ({ key: `${schedule.id}:${mark.dueDate}`, date: mark.dueDate, name: schedule.name, type: schedule.type, amount: mark.amount, currency: schedule.currency, approximate: false, status: "paid" }),
    );
  });
  const unmet = dueItems(marked, from, to).map(
    ({ schedule, date }): DatedEvent => ({
      key: `${schedule.id}:${date}`,
      date,
      name: schedule.name,
      type: schedule.type,
      amount: schedule.amount,
      currency: schedule.currency,
      approximate: schedule.amountMin !== schedule.amountMax,
      status: unmetStatus(date, today, MATCH_WINDOWS[schedule.frequency].after),
    }),
  );
  // Within a day: paychecks first, then bills, each by name.
  return [...met, ...unmet].sort((a, b) => a.date.localeCompare(b.date) || b.type.localeCompare(a.type) || a.name.localeCompare(b.name));
}

/** What is due from today for `days` days, and what went by unmet. */
export async function upcomingPayments(userId: string, today: string, days: number) {
  const marked = await withMarks(userId, await listSchedules(userId));
  return { due: dueItems(marked, today, shiftDay(today, days - 1)), missed: missedItems(marked, today), scheduleCount: marked.length };
}

/** The dashboard's "Next 14 days", as it reads, in `currency` when nothing is due. */
export async function readUpcomingCard(userId: string, today: string, currency: string) {
  return upcomingCardData(await upcomingPayments(userId, today, UPCOMING_DAYS), UPCOMING_DAYS, currency);
}

export type Recorded = { ok: true; transactionId: string } | { ok: false; reason: "not-found" | "not-due" | "already-met" };

/**
 * Records the payment of a due date by hand: a transaction on that day of the schedule's amount, account and
 * category, meeting it. Recording the same due date twice writes one transaction (its key is the due date's).
 */
export async function recordPayment(userId: string, scheduleId: string, dueDate: string): Promise<Recorded> {
  const schedule = await getSchedule(userId, scheduleId);
  if (!schedule) return { ok: false, reason: "not-found" };
  if (!isIsoDate(dueDate) || nextOccurrenceOnOrAfter(schedule.anchor, schedule.frequency, dueDate) !== dueDate) return { ok: false, reason: "not-due" };
  const marks = await scheduleMarksOf(userId, scheduleId);
  const met = marks.find((mark) => mark.dueDate === dueDate);
  if (met) return met.source === "manual" ? { ok: true, transactionId: met.transactionId } : { ok: false, reason: "already-met" };
  const item = await createTransaction(
    userId,
    { type: schedule.type, amount: schedule.amount, category: schedule.category, date: dueDate, description: schedule.name, accountId: schedule.accountId ?? undefined, scheduleMark: { scheduleId, scheduleDate: dueDate } },
    { submissionKey: `${scheduleId}:${dueDate}` },
  );
  return { ok: true, transactionId: item.id };
}

/** The transactions a schedule is matched against, as matching reads them: the account's currency beside each. */
export function scheduledTransactionOf(transaction: Pick<TransactionItem, "date" | "amount" | "type" | "accountId" | "description">, currency: string): ScheduledTransaction {
  return { date: transaction.date, amount: transaction.amount, currency, type: transaction.type, accountId: transaction.accountId, description: transaction.description };
}

/** The user's schedules with their marks, as arrivals are matched against them; empty when they keep none. */
export async function schedulesForMatching(userId: string): Promise<Array<ScheduleWithMarks & { schedule: ScheduleView }>> {
  return withMarks(userId, await listSchedules(userId));
}

/**
 * Marks the user's transactions just written (a sync's, one typed in) that meet a due date, and removes a
 * payment recorded by hand that a bank's line now repeats (the bank's is the real one): one ledger batch.
 */
export async function markArrivals(userId: string, arrived: Array<Pick<TransactionItem, "id" | "date" | "amount" | "type" | "accountId" | "description" | "source" | "category">>) {
  const candidates = arrived.filter((transaction) => !isTransferCategory(transaction.category));
  if (candidates.length === 0) return { marked: 0, replaced: 0 };
  const schedules = await schedulesForMatching(userId);
  if (schedules.length === 0) return { marked: 0, replaced: 0 };
  const currencyOf = new Map((await listAccountNames(userId)).map((account) => [account.id, account.currency]));
  const arrivals = matchArrivals(schedules, candidates.map((transaction) => scheduledTransactionOf(transaction, currencyOf.get(transaction.accountId) ?? "")));
  // A bank's line meets the due date a hand-recorded payment met, which it replaces; one typed again does not.
  const scheduled = candidates.flatMap((transaction, index) => {
    const arrival = arrivals[index];
    if (!arrival || (arrival.kind === "recorded" && transaction.source === "manual")) return [];
    return [{ id: transaction.id, scheduleId: arrival.scheduleId, scheduleDate: arrival.dueDate }];
  });
  const replaced = candidates.flatMap((transaction, index) => {
    const arrival = arrivals[index];
    return arrival?.kind === "recorded" && transaction.source !== "manual" ? [arrival.recordedId] : [];
  });
  if (scheduled.length === 0) return { marked: 0, replaced: 0 };
  const result = await applyLedgerBatch(userId, { scheduled, deleted: replaced });
  if (!result.ok) throw new Error(`the ledger refused schedule marks: ${JSON.stringify(result.issues.slice(0, 3))}`);
  return { marked: scheduled.length, replaced: replaced.length };
}

/* Proposals: series found in the history. */

export type ProposalView = {
  id: string;
  name: string;
  type: TransactionType;
  accountId: string;
  currency: string;
  amount: number;
  amountMin: number;
  amountMax: number;
  frequency: Frequency;
  nextDate: string;
  category: string;
  occurrences: number;
  confidence: number;
};

function proposalOf(stored: SeriesProposalRecord): ProposalView {
  return {
    id: stored._id.toString(),
    name: stored.name,
    type: stored.type,
    accountId: stored.accountId,
    currency: stored.currency,
    amount: stored.amount,
    amountMin: stored.amountMin,
    amountMax: stored.amountMax,
    frequency: stored.frequency as Frequency,
    nextDate: stored.nextDate,
    category: stored.category,
    occurrences: stored.transactionIds.length,
    confidence: stored.confidence,
  };
}

/** The series proposed and not yet accepted or ignored, the likeliest first. */
export async function listProposals(userId: string): Promise<ProposalView[]> {
  const stored = await SeriesProposal.find({ userId: owner(userId), status: "proposed" }).lean<SeriesProposalRecord[]>();
  return stored.map(proposalOf).sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
}

export type ProposalAnswer = { ok: true; scheduleId: string | null } | { ok: false; reason: "not-found" | "too-many" };

/**
 * Keeps a proposed series as a schedule (its id follows from the proposal's, so accepting twice keeps one),
 * its transactions marked as meeting their due dates through the ledger.
 */
export async function acceptProposal(userId: string, proposalId: string): Promise<ProposalAnswer> {
  if (!Types.ObjectId.isValid(proposalId)) return { ok: false, reason: "not-found" };
  const proposal = await SeriesProposal.findOne({ _id: proposalId, userId: owner(userId) }).lean<SeriesProposalRecord>();
  if (!proposal || proposal.status === "ignored") return { ok: false, reason: "not-found" };
  const _id = new Types.ObjectId(submittedId(userId, proposalId, "accepted-series"));
  if (!(await ScheduleModel.exists({ _id }))) {
    if ((await ScheduleModel.countDocuments({ userId: owner(userId) })) >= MAX_SCHEDULES) return { ok: false, reason: "too-many" };
    const { name, payeeKey: payee, type, accountId, currency, amount, amountMin, amountMax, frequency, anchor, category, key } = proposal;
    await ScheduleModel.create({ _id, userId: owner(userId), name, payeeKey: payee, type, accountId, currency, amount, amountMin, amountMax, frequency, anchor, category, seriesKey: key });
  }
  const scheduleId = _id.toString();
  const marked = new Set((await scheduleMarksOf(userId, scheduleId)).map((mark) => mark.transactionId));
  const scheduled = proposal.transactionIds.flatMap((id, index) => (marked.has(id) ? [] : [{ id, scheduleId, scheduleDate: proposal.metDates[index] }]));
  if (scheduled.length > 0) {
    const result = await applyLedgerBatch(userId, { scheduled });
    // A transaction deleted since the detection is not theirs to mark any more: the schedule stands without it.
    if (!result.ok && !result.issues.every((issue) => issue.code === "not-found")) throw new Error(`the ledger refused a series' marks: ${JSON.stringify(result.issues.slice(0, 3))}`);
  }
  await SeriesProposal.updateOne({ _id: proposal._id }, { $set: { status: "accepted" } });
  return { ok: true, scheduleId };
}

/** Ignores a proposed series: the next detections remember it and propose it no more. */
export async function ignoreProposal(userId: string, proposalId: string): Promise<ProposalAnswer> {
  if (!Types.ObjectId.isValid(proposalId)) return { ok: false, reason: "not-found" };
  const updated = await SeriesProposal.updateOne({ _id: proposalId, userId: owner(userId), status: "proposed" }, { $set: { status: "ignored" } });
  return updated.matchedCount === 1 ? { ok: true, scheduleId: null } : { ok: false, reason: "not-found" };
}

/* Detection: a job reads the history a month at a time. */

export type DetectionState = { running: boolean; finishedAt: string | null };

/** A detection asked for longer ago than this and not finished was cut off (the app stopped): it may be asked again. */
const DETECTION_TIMEOUT_MS = 10 * 60_000;

export async function detectionState(userId: string, now = new Date()): Promise<DetectionState> {
  const stored = await SeriesDetection.findById(userId).lean<{ startedAt: Date | null; finishedAt: Date | null }>();
  const running = Boolean(stored?.startedAt && now.getTime() - stored.startedAt.getTime() < DETECTION_TIMEOUT_MS);
  return { running, finishedAt: stored?.finishedAt ? stored.finishedAt.toISOString() : null };
}

/** Notes that a detection is asked for (the page shows it under way until the job has run). */
export async function markDetectionAsked(userId: string, now = new Date()) {
  await SeriesDetection.updateOne({ _id: userId }, { $set: { startedAt: now } }, { upsert: true });
}

/**
 * A series found with less confidence than this is not proposed: at 100k transactions the chance patterns among
 * a shop's purchases came to 0.19–0.5, the real series to 0.86 and above (bench/recurring-detection.ts).
 */
const MIN_PROPOSED_CONFIDENCE = 0.6;

/** Whether a transaction can be part of a series: income or an expense, live, categorised as a spending or an income (not a split, not yet a transfer). */
function isSeriesCandidate(transaction: TransactionItem) {
  return !transaction.pending && !isTransferCategory(transaction.category) && !isSplitCategory(transaction.category);
}

/**
 * Finds the series in the user's whole history and stores them as proposals: a series already accepted or
 * ignored (by its key) keeps that answer, one that a schedule of the user already pays (same payee, way and
 * account) is not proposed, and a proposal no longer found goes. Runs in a job, never on a page load.
 */
export async function detectUserSeries(userId: string, today: string, now = new Date()) {
  const [accounts, schedules] = await Promise.all([listAccountNames(userId), listSchedules(userId)]);
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const mainCurrency = currencyOf.get(mainAccountId(userId)) ?? accounts[0]?.currency ?? "USD";
  const history: HistoryTransaction[] = [];
  await forEachLiveMonth(userId, (transactions) => {
    for (const transaction of transactions) {
      if (!isSeriesCandidate(transaction)) continue;
      const { id, date, amount, type, accountId, description, category } = transaction;
      history.push({ id, date, amount, currency: currencyOf.get(accountId) ?? mainCurrency, type, accountId, description, category: isUncategorized(category) ? "" : category });
    }
  });
  const kept = new Set(schedules.map((schedule) => `${schedule.payeeKey}|${schedule.type}|${schedule.accountId ?? ""}`));
  const found = detectSeries(history, today).filter((series) => series.confidence >= MIN_PROPOSED_CONFIDENCE && !kept.has(`${series.payeeKey}|${series.type}|${series.accountId}`));
  for (const series of found) {
    const { key, ...fields } = series;
    await SeriesProposal.updateOne(
      { userId: owner(userId), key },
      { $set: { ...fields, detectedAt: now }, $setOnInsert: { status: "proposed" } },
      { upsert: true },
    );
  }
  await SeriesProposal.deleteMany({ userId: owner(userId), status: "proposed", detectedAt: mongoose.trusted({ $lt: now }) });
  await SeriesDetection.updateOne({ _id: userId }, { $set: { startedAt: null, finishedAt: now, scanned: history.length } }, { upsert: true });
  return { scanned: history.length, proposed: found.length };
}
