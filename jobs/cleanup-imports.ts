import { continueStalledUndos, removeExpiredUploads, rollBackUnfinishedImports } from "../app/features/import/import.server";

export const CLEANUP_IMPORTS = "cleanup-imports";
export const CLEANUP_IMPORTS_INTERVAL = "15 minutes";

/**
 * Uploads nobody imported within a day go; imports the app stopped in the middle of are rolled back (all or
 * nothing), and undos it stopped in the middle of are carried on.
 */
export async function cleanupImports(now = new Date()) {
  const [uploads, rolledBack] = await Promise.all([removeExpiredUploads(now), rollBackUnfinishedImports(now)]);
  if (rolledBack > 0) console.warn(`import cleanup: rolled back ${rolledBack} import(s) cut off while writing`);
  const undosCarriedOn = await continueStalledUndos(now);
  if (undosCarriedOn > 0) console.warn(`import cleanup: carried on ${undosCarriedOn} undo(s) cut off`);
  return { uploads, rolledBack, undosCarriedOn };
}
