import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import mongoose from "mongoose";
import { LedgerJournal, type LedgerJournalRecord } from "../../../models";
import { DatabaseBusyError } from "~/integrations/database.server";
import { recountMonthSummaries } from "./month-recount.server";
import { describeRecountedMonth, type RecountedMonth } from "./month-summary";

/** How long a batch's hold on a user's ledger lasts unless renewed; another process waits this long before it may take over. */
const LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** How long a batch waits for the one before it (of the same user) before it gives up. */
const LEDGER_WAIT_MS = 30_000;
const POLL_MS = 50;

/** This app process, as the journal names the holder of a batch: host, process id and a random part (a restart is another instance). */
const INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** The batches this process is running, each with the months it has declared: a journal naming this instance and another batch was cut off. */
const running = new Map<string, Set<string>>();
/** The batch of each user whose ledger the current async context holds, so work under the hold can call the ledger again. */
const held = new AsyncLocalStorage<ReadonlyMap<string, string>>();
/** Each user's batches in this process, one after another. */
const queues = new Map<string, Promise<void>>();
/** Settlements under way, by user: reads that find a cut-off batch at the same time share one recount. */
const settling = new Map<string, Promise<string | null>>();

class LedgerBusyError extends DatabaseBusyError {
  constructor(userId: string) {
    super(`the ledger of user ${userId} stayed busy for ${LEDGER_WAIT_MS / 1000} s`);
  }
}

type OpenBatch = Pick<LedgerJournalRecord, "batchId" | "holder" | "leaseUntil" | "months" | "everything">;
const OPEN_BATCH_FIELDS = { batchId: 1, holder: 1, leaseUntil: 1, months: 1, everything: 1 } as const;

/** Whether the process named `holder` ran on this machine and is gone (so its batch need not wait for its lease). */
function diedOnThisMachine(holder: string) {
  const [host, pid] = holder.split(":");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Whether the batch a journal names was cut off: this process runs it no
 * longer (its write or the database failed part-way), or the process that
 * ran it died (its lease ran out, or it ran here and is gone).
 */
function isCutOff(journal: OpenBatch, now = Date.now()) {
  if (!journal.batchId) return false;
  if (journal.holder === INSTANCE) return !running.has(journal.batchId);
  if (journal.holder && diedOnThisMachine(journal.holder)) return true;
  return !journal.leaseUntil || journal.leaseUntil.getTime() <= now;
}

/** What a cut-off batch may have left half done: the summaries of the months it declared (every month when it could not tell), recounted from the transactions. */
async function recover(userId: string, cutOff: OpenBatch): Promise<RecountedMonth[]> {
  if (!cutOff.everything && cutOff.months.length === 0) return [];
  const changed = await recountMonthSummaries(userId, cutOff.everything ? undefined : cutOff.months);
  const what = cutOff.everything ? "every month" : cutOff.months.join(", ");
  console.error(`ledger: batch ${cutOff.batchId} of user ${userId} was cut off; recounted ${what}, ${changed.length} month(s) corrected${changed.length ? `: ${changed.map(describeRecountedMonth).join("; ")}` : ""}.`);
  return changed;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Records in the user's journal that `batchId` holds their ledger, before
 * its first write. A batch cut off before it is taken over and its derived
 * state recounted first; a live one of another process is waited for.
 */
async function openBatch(userId: string, batchId: string, months: string[]) {
  const deadline = Date.now() + LEDGER_WAIT_MS;
  for (;;) {
    const hold = { batchId, lastBatchId: batchId, holder: INSTANCE, leaseUntil: new Date(Date.now() + LEASE_MS), months, everything: false };
    const unverified = { $addToSet: { unverifiedMonths: { $each: months } } };
    const claimed = await LedgerJournal.updateOne({ _id: userId, batchId: null }, { $set: hold, ...unverified });
    if (claimed.matchedCount === 1) return;
    const journal = await LedgerJournal.findById(userId).select(OPEN_BATCH_FIELDS).lean<OpenBatch>();
    if (!journal) {
      try {
        await LedgerJournal.create({ _id: userId, userId, ...hold, unverifiedMonths: months });
        return;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        continue;
      }
    }
    if (isCutOff(journal)) {
      const takenOver = await LedgerJournal.updateOne({ _id: userId, batchId: journal.batchId }, { $set: hold, ...unverified });
      if (takenOver.matchedCount === 1) {
        await recover(userId, journal);
        return;
      }
      continue;
    }
    if (Date.now() > deadline) throw new LedgerBusyError(userId);
    await sleep(POLL_MS);
  }
}

/** Clears the journal after the batch's last write: the user's derived state is in step again. */
async function closeBatch(userId: string, batchId: string) {
  await LedgerJournal.updateOne({ _id: userId, batchId }, { $set: { batchId: null, holder: null, leaseUntil: null, months: [], everything: false } });
}

/**
 * Declares, before a batch writes transactions, the months whose
 * transactions it may write ("all": it cannot tell): what a crash from here
 * on leaves to recount, and what the verification job recounts later.
 */
export async function declareMonths(userId: string, months: string[] | "all") {
  const batchId = held.getStore()?.get(userId);
  const declared = batchId ? running.get(batchId) : undefined;
  if (!batchId || !declared) throw new Error(`declareMonths: the ledger of user ${userId} is not held`);
  if (months !== "all" && months.every((month) => declared.has(month))) return;
  const change = months === "all" ? { $set: { everything: true } } : { $addToSet: { months: { $each: months }, unverifiedMonths: { $each: months } } };
  await LedgerJournal.updateOne({ _id: userId, batchId }, change);
  if (months !== "all") for (const month of months) declared.add(month);
}

/** Resolves when the batches before have finished; refuses with LedgerBusyError when they take too long. */
function turnAfter(before: Promise<void>, userId: string) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LedgerBusyError(userId)), LEDGER_WAIT_MS);
    void before.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Runs `task` after the user's batches queued before it in this process; one that gave up waiting never runs, and the next still waits for those before. */
function inQueue<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve();
  const result = turnAfter(before, userId).then(task);
  const turn = Promise.allSettled([before, result]).then(() => undefined);
  queues.set(userId, turn);
  void turn.then(() => {
    if (queues.get(userId) === turn) queues.delete(userId);
  });
  return result;
}

/**
 * Runs `work` holding the user's ledger: recorded in their journal before
 * and cleared after, so no other batch of theirs runs meanwhile (in this
 * process or another) and a batch cut off by a crash, at whatever write, is
 * found and recounted by whoever touches the ledger next. When `work` fails
 * the journal stays open on purpose: whatever it wrote is recounted. Work
 * that already holds the user's ledger runs at once. `months`, when the caller
 * knows them before it reads anything, are declared with the hold itself
 * (one journal write less; declareMonths of them later writes nothing).
 */
export async function withLedgerLock<T>(userId: string, work: () => Promise<T>, months: string[] = []): Promise<T> {
  const holding = held.getStore();
  if (holding?.has(userId)) return work();
  return inQueue(userId, async () => {
    const batchId = randomUUID();
    running.set(batchId, new Set(months));
    const renew = setInterval(() => {
      LedgerJournal.updateOne({ _id: userId, batchId }, { $set: { leaseUntil: new Date(Date.now() + LEASE_MS) } }).catch(() => undefined);
    }, RENEW_EVERY_MS);
    renew.unref();
    try {
      await openBatch(userId, batchId, months);
      const result = await held.run(new Map([...(holding ?? []), [userId, batchId]]), work);
      await closeBatch(userId, batchId);
      return result;
    } finally {
      clearInterval(renew);
      running.delete(batchId);
    }
  });
}

/**
 * Before a read of the user's derived state: when their journal names a
 * batch that was cut off, takes the ledger, which recounts it. A batch still
 * running is not waited for. Resolves to the version of the derived state
 * (the last batch, when none is open): what a process may keep a copy of it
 * under; null while a batch is open, inside one, or before the user's first.
 */
export async function settleLedger(userId: string): Promise<string | null> {
  if (held.getStore()?.has(userId)) return null;
  const pending = settling.get(userId);
  if (pending) return pending;
  const settlement = (async () => {
    const journal = await LedgerJournal.findById(userId).select({ ...OPEN_BATCH_FIELDS, lastBatchId: 1 }).lean<OpenBatch & Pick<LedgerJournalRecord, "lastBatchId">>();
    if (!journal) return null;
    if (isCutOff(journal)) {
      await withLedgerLock(userId, async () => undefined);
      return null;
    }
    return journal.batchId ? null : (journal.lastBatchId ?? null);
  })().finally(() => settling.delete(userId));
  settling.set(userId, settlement);
  return settlement;
}

/** Recounts every month summary of the user holding their ledger; resolves to the months it corrected (after a restore, and to verify). */
export function recountLedger(userId: string) {
  return withLedgerLock(userId, () => recountMonthSummaries(userId));
}

/** Recounts the months written since they were last verified, holding the user's ledger; resolves to the months it corrected. */
export function verifyWrittenMonths(userId: string) {
  return withLedgerLock(userId, async () => {
    const journal = await LedgerJournal.findById(userId).select({ unverifiedMonths: 1 }).lean<Pick<LedgerJournalRecord, "unverifiedMonths">>();
    const months = journal?.unverifiedMonths ?? [];
    if (months.length === 0) return [];
    const changed = await recountMonthSummaries(userId, months);
    await LedgerJournal.updateOne({ _id: userId }, { $pullAll: { unverifiedMonths: months } });
    return changed;
  });
}

/** The users with months written since the verification job last recounted them, and those whose journal names a cut-off batch. */
export async function usersToVerify(now = Date.now()) {
  const journals = await LedgerJournal.find({ $or: [{ "unverifiedMonths.0": mongoose.trusted({ $exists: true }) }, { batchId: mongoose.trusted({ $ne: null }) }] })
    .select({ _id: 1, ...OPEN_BATCH_FIELDS, unverifiedMonths: 1 })
    .lean<Array<OpenBatch & { _id: string; unverifiedMonths: string[] }>>();
  return journals.filter((journal) => journal.unverifiedMonths.length > 0 || isCutOff(journal, now)).map((journal) => journal._id);
}
