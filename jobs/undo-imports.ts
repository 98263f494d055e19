import { continueImportUndo } from "../app/features/import/import.server";

export const UNDO_IMPORT = "undo-import";

export type UndoImportJobData = { batchId: string };

/** Removes the transactions of one import the user asked to undo (the import page queues it). */
export function undoImport(batchId: string) {
  return continueImportUndo(batchId);
}
