export const IMPORT_PATH = "/transactions/import";

export const importPreviewPath = (draftId: string) => `${IMPORT_PATH}/${draftId}`;

/** The import page with the undo confirmation open (a link, so it works without JavaScript). */
export const undoImportPath = (importId: string) => `${IMPORT_PATH}?undo=${importId}`;
