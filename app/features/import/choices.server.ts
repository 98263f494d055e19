import * as z from "zod/mini";
import { ACCOUNT_NAME_MAX_LENGTH } from "~/features/accounts/accounts";
import { CHOICE_FIELDS, columnField } from "./choices";
import { ENCODING_NAMES } from "./readers/encodings";
import { SIGN_RULES } from "./reading";
import { COLUMN_ROLES, DATE_ORDERS, DECIMAL_MARKS } from "./readers/source";

/** One of `values`, or not chosen for anything else. */
const choice = <T extends string>(values: readonly T[]) => z.optional(z.catch(z.optional(z.enum(values as unknown as [T, ...T[]])), undefined));

/** A column select's value: the column's index, or null for "None" (or anything else). */
const columnIndex = z.catch(z.nullable(z.pipe(z.string().check(z.regex(/^\d{1,4}$/)), z.transform(Number))), null);

const ChoicesSchema = z.object({
  encoding: choice(ENCODING_NAMES),
  decimalMark: choice(DECIMAL_MARKS),
  dateOrder: choice(DATE_ORDERS),
  sign: choice(SIGN_RULES),
  /** Only when the column selects were submitted: then a column left out is none. */
  columns: z.optional(z.record(z.enum(COLUMN_ROLES), columnIndex)),
  includePending: z.transform((value) => value === "on"),
  /** An account id, "new", or "convert:" and an account id; one that is not the user's open account counts as not chosen. */
  account: z.optional(z.catch(z.optional(z.string().check(z.regex(/^(new|(convert:)?[0-9a-f]{24})$/))), undefined)),
  newAccountName: z.optional(z.catch(z.optional(z.string().check(z.trim(), z.maxLength(ACCOUNT_NAME_MAX_LENGTH))), undefined)),
  /** Likely transfers ticked; only those the preview proposes are ever linked. */
  linkTransfers: z.catch(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(100)), []),
});

type FieldSource = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

/** The user's choices from a query string or form; anything malformed is left to the file. Only the server reads them, so zod stays out of the preview page. */
export function parseChoices(source: FieldSource) {
  const field = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return ChoicesSchema.parse({
    encoding: field(CHOICE_FIELDS.encoding),
    decimalMark: field(CHOICE_FIELDS.decimalMark),
    dateOrder: field(CHOICE_FIELDS.dateOrder),
    sign: field(CHOICE_FIELDS.sign),
    columns: field(CHOICE_FIELDS.columnsChosen) ? Object.fromEntries(COLUMN_ROLES.map((role) => [role, field(columnField(role))])) : undefined,
    includePending: field(CHOICE_FIELDS.includePending),
    account: field(CHOICE_FIELDS.account),
    newAccountName: field(CHOICE_FIELDS.newAccountName),
    linkTransfers: source.getAll(CHOICE_FIELDS.linkTransfer).filter((value) => typeof value === "string"),
  });
}
