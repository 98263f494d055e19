import * as z from "zod/mini";
import { ENCODING_NAMES } from "./encodings";
import { SIGN_RULES } from "./reading";
import { COLUMN_ROLES, DATE_ORDERS, DECIMAL_MARKS, type ColumnRole } from "./source";

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
  /** Present when the column selects were submitted (then an absent column means none). */
  columnsChosen: "columns",
  fingerprint: "fingerprint",
} as const;

/** The field of a column select: "column-date", "column-payee"… */
export const columnField = (role: ColumnRole) => `column-${role}`;

/** A column select's value for "no column". */
export const NO_COLUMN = "none";

const choice = <T extends string>(values: readonly T[]) => z.optional(z.catch(z.optional(z.enum(values as unknown as [T, ...T[]])), undefined));

const ChoicesSchema = z.object({
  encoding: choice(ENCODING_NAMES),
  decimalMark: choice(DECIMAL_MARKS),
  dateOrder: choice(DATE_ORDERS),
  sign: choice(SIGN_RULES),
});

type FieldSource = { get(name: string): FormDataEntryValue | null };

function text(source: FieldSource, name: string) {
  const value = source.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The user's choices from a query string or form; anything malformed is left to the file. */
export function parseChoices(source: FieldSource) {
  const parsed = ChoicesSchema.parse({
    encoding: text(source, CHOICE_FIELDS.encoding),
    decimalMark: text(source, CHOICE_FIELDS.decimalMark),
    dateOrder: text(source, CHOICE_FIELDS.dateOrder),
    sign: text(source, CHOICE_FIELDS.sign),
  });
  let columns: Partial<Record<ColumnRole, number | null>> | undefined;
  if (text(source, CHOICE_FIELDS.columnsChosen)) {
    columns = {};
    for (const role of COLUMN_ROLES) {
      const value = text(source, columnField(role));
      columns[role] = value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : null;
    }
  }
  return { ...parsed, columns, includePending: text(source, CHOICE_FIELDS.includePending) === "on" };
}
