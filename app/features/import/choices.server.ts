import * as z from "zod/mini";
import { CHOICE_FIELDS, columnField } from "./choices";
import { ENCODING_NAMES } from "./readers/encodings";
import { SIGN_RULES } from "./reading";
import { COLUMN_ROLES, DATE_ORDERS, DECIMAL_MARKS, type ColumnRole } from "./readers/source";

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

/** The user's choices from a query string or form; anything malformed is left to the file. Only the server reads them, so zod stays out of the preview page. */
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
