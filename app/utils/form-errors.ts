/**
 * A form the server refused, as its page shows it again: which form (a key
 * the page's form knows itself by), what was typed, and the messages field by field.
 */
export type FormErrors = { form: string; values: Record<string, string>; fieldErrors: Record<string, string[]> };

/** The id of the element that lists a field's errors, named by the field's `aria-describedby`. */
export function errorIdOf(fieldId: string) {
  return `${fieldId}-error`;
}

/** `aria-invalid` and `aria-describedby` for a field with `errors` (nothing when it has none). */
export function invalidFieldProps(fieldId: string, errors: readonly string[] | undefined) {
  return errors?.length ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(fieldId) } : {};
}
