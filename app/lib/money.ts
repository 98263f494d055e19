/** Amounts typed by people: digits with at most two decimals ("12", "12.5", "12.50"). */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Integer cents of a typed amount, or null when it is not a plain non-negative amount. */
export function parseAmountToCents(input: unknown): number | null {
  if (typeof input !== "string") return null;
  const trimmed = input.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Keeps only digits and the first decimal point (the inline category amount edit strips the rest). */
export function stripToAmount(input: string) {
  const cleaned = input.replace(/[^\d.]/g, "");
  const point = cleaned.indexOf(".");
  return point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, "")}`;
}

/** "1234.5" style text for an input's value. */
export function centsToInput(cents: number) {
  return (cents / 100).toFixed(2);
}
