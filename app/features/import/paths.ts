export const IMPORT_PATH = "/transactions/import";

/** The `intent` values of the import page's forms: the upload is told apart by its multipart body, undo by its intent. */
export const IMPORT_INTENTS = { upload: "upload", undo: "undo" } as const;
export type ImportIntent = (typeof IMPORT_INTENTS)[keyof typeof IMPORT_INTENTS];

export const importPreviewPath = (draftId: string) => `${IMPORT_PATH}/${draftId}`;

/** The import page with the undo confirmation open (a link, so it works without JavaScript). */
export const undoImportPath = (importId: string) => `${IMPORT_PATH}?undo=${importId}`;
