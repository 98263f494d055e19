import type { ColumnRole } from "./readers/source";

/**
 * The preview's choices as form fields (a GET form, so every preview has its
 * own address and works without JavaScript; the import form posts the same
 * fields). A value that is not one of the allowed ones counts as not chosen.
 */
export const CHOICE_FIELDS = {
  encoding: "encoding",
  decimalMark: "decimalMark",
  dateOrder: "dateOrder",
  sign: "sign",
  includePending: "includePending",
  account: "account",
  newAccountName: "newAccountName",
  /** One per likely transfer the user ticks: "<row label>|<stored transaction id>", linked as a transfer on import. */
  linkTransfer: "linkTransfer",
  /** Present when the column selects were submitted (then an absent column means none). */
  columnsChosen: "columns",
  fingerprint: "fingerprint",
} as const;

/** The field of a column select: "column-date", "column-payee"… */
export const columnField = (role: ColumnRole) => `column-${role}`;

/** A column select's value for "no column". */
export const NO_COLUMN = "none";
