const OBJECT_ID_TEXT = /^[a-f0-9]{24}$/i;

/** Whether a value is the text of a stored document's id (24 hex digits): anything else is not found, never an error. */
export function isObjectIdText(value: unknown): value is string {
  return typeof value === "string" && OBJECT_ID_TEXT.test(value);
}
