import { MongoBackend } from "@agendajs/mongo-backend";
import { Agenda } from "agenda";
import mongoose from "mongoose";
import { CLEANUP_EXPIRED_AUTH, CLEANUP_INTERVAL, cleanupExpiredAuth } from "./cleanup-expired-auth";
import { CLEANUP_IMPORTS, CLEANUP_IMPORTS_INTERVAL, cleanupImports } from "./cleanup-imports";
import { NET_WORTH_SNAPSHOTS, NET_WORTH_SNAPSHOTS_INTERVAL, recordNetWorthSnapshots } from "./net-worth-snapshots";
import { RECONCILE_INTERVAL, RECONCILE_SUBSCRIPTIONS, reconcileSubscriptions } from "./reconcile-subscriptions";

let agenda: Agenda | undefined;

/** Starts the MongoDB-backed scheduler on the app's connection and registers every recurring job. */
export async function startJobs() {
  if (agenda) return agenda;
  const db = mongoose.connection.db;
  if (!db) throw new Error("startJobs needs an open database connection");
  agenda = new Agenda({ backend: new MongoBackend({ mongo: db }), processEvery: 30_000 });
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
  agenda.on("error", (error: Error) => console.error("job scheduler error", error));
  await agenda.start();
  await agenda.every(CLEANUP_INTERVAL, CLEANUP_EXPIRED_AUTH);
  await agenda.every(CLEANUP_IMPORTS_INTERVAL, CLEANUP_IMPORTS);
  await agenda.every(RECONCILE_INTERVAL, RECONCILE_SUBSCRIPTIONS);
  await agenda.every(NET_WORTH_SNAPSHOTS_INTERVAL, NET_WORTH_SNAPSHOTS);
  return agenda;
}

export async function stopJobs() {
  await agenda?.stop();
  agenda = undefined;
}
