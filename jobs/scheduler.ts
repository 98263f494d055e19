import { MongoBackend } from "@agendajs/mongo-backend";
import { Agenda, InMemoryNotificationChannel } from "agenda";
import mongoose from "mongoose";
import { BANK_SYNC, BANK_SYNC_NIGHTLY, BANK_SYNC_NIGHTLY_SCHEDULE, BANK_SYNC_RETRY_DELAY, syncBank, syncBankIfStillAsked, syncEveryBank, type BankSyncJobData } from "./bank-sync";
import { REMIND_BILLS, REMIND_BILLS_INTERVAL, remindBills } from "./bill-reminders";
import { CLEANUP_EXPIRED_AUTH, CLEANUP_INTERVAL, cleanupExpiredAuth } from "./cleanup-expired-auth";
import { CLEANUP_IMPORTS, CLEANUP_IMPORTS_INTERVAL, cleanupImports } from "./cleanup-imports";
import { INSIGHTS_FROM_MODEL, insightsFromModel, type InsightsFromModelJobData } from "./insights-from-model";
import { NET_WORTH_SNAPSHOTS, NET_WORTH_SNAPSHOTS_INTERVAL, recordNetWorthSnapshots } from "./net-worth-snapshots";
import { RECONCILE_INTERVAL, RECONCILE_SUBSCRIPTIONS, reconcileSubscriptions } from "./reconcile-subscriptions";
import { REFRESH_EXCHANGE_RATES, REFRESH_EXCHANGE_RATES_INTERVAL, refreshRates } from "./refresh-exchange-rates";
import { REPORT_IN_CURRENCY, reportInCurrency, type ReportInCurrencyJobData } from "./report-in-currency";
import { COUNT_RULE_MATCHES, countMatches, RULE_RUN, runRule, type CountRuleMatchesJobData, type RuleRunJobData } from "./rule-runs";
import { DETECT_SERIES, detectSeriesOf, type DetectSeriesJobData } from "./series-detection";
import { UNDO_IMPORT, undoImport, type UndoImportJobData } from "./undo-imports";
import { VERIFY_LEDGERS, VERIFY_LEDGERS_INTERVAL, verifyLedgers } from "./verify-ledgers";

let agenda: Agenda | undefined;
/** A process that runs no jobs (RUN_JOBS=false) still queues them, for the worker to run. */
let queueOnly: Agenda | undefined;

function openDatabase() {
  const db = mongoose.connection.db;
  if (!db) throw new Error("the job scheduler needs an open database connection");
  return db;
}

/**
 * Starts the MongoDB-backed scheduler on the app's connection and registers
 * every job. Jobs queued in this process start at once (an in-process
 * notification); others are found within `processEvery`.
 */
export async function startJobs() {
  if (agenda) return agenda;
  agenda = new Agenda({ backend: new MongoBackend({ mongo: openDatabase() }), processEvery: 30_000, notificationChannel: new InMemoryNotificationChannel() });
  agenda.define(CLEANUP_EXPIRED_AUTH, async () => {
    await cleanupExpiredAuth();
  });
  agenda.define(CLEANUP_IMPORTS, async () => {
    await cleanupImports();
  });
  agenda.define(RECONCILE_SUBSCRIPTIONS, async () => {
    await reconcileSubscriptions();
  });
  agenda.define(NET_WORTH_SNAPSHOTS, async () => {
    await recordNetWorthSnapshots();
  });
  agenda.define(VERIFY_LEDGERS, async () => {
    await verifyLedgers();
  });
  agenda.define(REMIND_BILLS, async () => {
    await remindBills();
  });
  agenda.define<BankSyncJobData>(
    BANK_SYNC,
    async (job) => {
      const { connectionId, ifStillAsked } = job.attrs.data;
      const outcome = ifStillAsked ? await syncBankIfStillAsked(connectionId) : await syncBank(connectionId);
      if (outcome === "busy") await agenda?.schedule<BankSyncJobData>(BANK_SYNC_RETRY_DELAY, BANK_SYNC, { connectionId, ifStillAsked: true });
    },
    { removeOnComplete: true },
  );
  agenda.define<ReportInCurrencyJobData>(
    REPORT_IN_CURRENCY,
    async (job) => {
      await reportInCurrency(job.attrs.data.userId);
    },
    { removeOnComplete: true },
  );
  agenda.define<RuleRunJobData>(
    RULE_RUN,
    async (job) => {
      await runRule(job.attrs.data.runId);
    },
    { removeOnComplete: true },
  );
  agenda.define<CountRuleMatchesJobData>(
    COUNT_RULE_MATCHES,
    async (job) => {
      await countMatches(job.attrs.data.userId);
    },
    { removeOnComplete: true },
  );
  agenda.define<UndoImportJobData>(
    UNDO_IMPORT,
    async (job) => {
      await undoImport(job.attrs.data.batchId);
    },
    { removeOnComplete: true },
  );
  agenda.define<DetectSeriesJobData>(
    DETECT_SERIES,
    async (job) => {
      await detectSeriesOf(job.attrs.data.userId);
    },
    // One detection at a time: each reads a whole history.
    { concurrency: 1, removeOnComplete: true },
  );
  agenda.define<InsightsFromModelJobData>(
    INSIGHTS_FROM_MODEL,
    async (job) => {
      await insightsFromModel(job.attrs.data);
    },
    { removeOnComplete: true },
  );
  agenda.define(BANK_SYNC_NIGHTLY, async () => {
    await syncEveryBank();
  });
  agenda.define(
    REFRESH_EXCHANGE_RATES,
    async () => {
      await refreshRates();
    },
    // One at a time: the run at start and the first recurring run would otherwise write the same days together.
    { concurrency: 1, removeOnComplete: true },
  );
  agenda.on("error", (error: Error) => console.error("job scheduler error", error));
  await agenda.start();
  await agenda.every(CLEANUP_INTERVAL, CLEANUP_EXPIRED_AUTH);
  await agenda.every(CLEANUP_IMPORTS_INTERVAL, CLEANUP_IMPORTS);
  await agenda.every(RECONCILE_INTERVAL, RECONCILE_SUBSCRIPTIONS);
  await agenda.every(NET_WORTH_SNAPSHOTS_INTERVAL, NET_WORTH_SNAPSHOTS);
  await agenda.every(VERIFY_LEDGERS_INTERVAL, VERIFY_LEDGERS);
  await agenda.every(REMIND_BILLS_INTERVAL, REMIND_BILLS);
  await agenda.every(BANK_SYNC_NIGHTLY_SCHEDULE, BANK_SYNC_NIGHTLY);
  await agenda.every(REFRESH_EXCHANGE_RATES_INTERVAL, REFRESH_EXCHANGE_RATES);
  // Also once now: a recurring job keeps its next run across restarts, and a fresh install needs its rates at once.
  await agenda.now(REFRESH_EXCHANGE_RATES);
  return agenda;
}

/** The scheduler jobs are queued on: the running one, else one that only queues (for the worker). */
function queuer() {
  queueOnly ??= agenda ?? new Agenda({ backend: new MongoBackend({ mongo: openDatabase() }) });
  return queueOnly;
}

/** Queues a sync of one linked bank (Plaid said it has news). */
export async function queueBankSync(connectionId: string) {
  await queuer().now<BankSyncJobData>(BANK_SYNC, { connectionId });
}

/** Queues the recount of one user's totals in their new reporting currency. */
export async function queueReportingRecount(userId: string) {
  await queuer().now<ReportInCurrencyJobData>(REPORT_IN_CURRENCY, { userId });
}

/** Queues a rule run (a preview, an application or its undo) on a user's past transactions. */
export async function queueRuleRun(runId: string) {
  await queuer().now<RuleRunJobData>(RULE_RUN, { runId });
}

/** Queues the count of how many transactions each of a user's rules matches. */
export async function queueRuleCount(userId: string) {
  await queuer().now<CountRuleMatchesJobData>(COUNT_RULE_MATCHES, { userId });
}

/** Queues the removal of the transactions of an import the user asked to undo. */
export async function queueImportUndo(batchId: string) {
  await queuer().now<UndoImportJobData>(UNDO_IMPORT, { batchId });
}

/** Queues a search for recurring series in a user's history. */
export async function queueSeriesDetection(userId: string) {
  await queuer().now<DetectSeriesJobData>(DETECT_SERIES, { userId });
}

/** Queues the model's half of an insights or debt strategies refresh. */
export async function queueInsightsFromModel(data: InsightsFromModelJobData) {
  await queuer().now<InsightsFromModelJobData>(INSIGHTS_FROM_MODEL, data);
}

export async function stopJobs() {
  await agenda?.stop();
  agenda = undefined;
  queueOnly = undefined;
}
