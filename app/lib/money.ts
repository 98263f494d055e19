import { currencyFormatter, DEFAULT_CURRENCY } from "./currency";

/**
 * An amount of money in whole cents: hundredths of the display currency's
 * unit, whatever the currency (amounts are never converted, see decision 030).
 */
export type Cents = number & { readonly __brand: "Cents" };

export function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value);
}

/** `value` as Cents; a RangeError unless it is a whole number of cents that is exactly representable. */
export function toCents(value: number): Cents {
  if (!isCents(value)) throw new RangeError(`not a whole number of cents: ${value}`);
  return value;
}

export const ZERO_CENTS = toCents(0);

/**
 * What people may type as an amount: digits with at most two decimals, no
 * sign, exponent or thousands separator ("12", "12.5", "12.50", "12.", ".5").
 * Also an input's `pattern`, so forms without JavaScript refuse the same text.
 */
export const AMOUNT_PATTERN = String.raw`(?=\.?\d)\d*(\.\d{0,2})?`;
const AMOUNT = new RegExp(`^${AMOUNT_PATTERN}$`);

/**
 * The cents of a typed amount (surrounding spaces ignored), or null when it is
 * not one: "10.10" → 1010, "1.005" → null (a third decimal is refused, never
 * rounded). The whole and decimal digits are read as integers, so no
 * floating-point step can round.
 */
export function parseAmountToCents(input: unknown): Cents | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!AMOUNT.test(text)) return null;
  const [whole, decimals = ""] = text.split(".");
  const cents = Number(whole || "0") * 100 + Number(decimals.padEnd(2, "0"));
  return isCents(cents) ? cents : null;
}

/** A typed amount that may start with a minus sign (a balance owed): "-350.00" → -35000; null when it is not one. */
export function parseSignedAmountToCents(input: unknown): Cents | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  const negative = text.startsWith("-") || text.startsWith("\u2212");
  const cents = parseAmountToCents(negative ? text.slice(1) : text);
  if (cents === null) return null;
  return negative ? toCents(-cents) : cents;
}

/** Keeps only digits and the first decimal point (the inline category amount edit strips the rest). */
export function stripToAmount(input: string) {
  const cleaned = input.replace(/[^\d.]/g, "");
  const point = cleaned.indexOf(".");
  return point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, "")}`;
}

/** 123456 → "1234.56": the exact decimal of an amount, for an input's value or an export cell. */
export function centsToInput(cents: Cents) {
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const WELL_FORMED_CODE = /^[A-Za-z]{3}$/;

/**
 * How every amount is shown: 123456 → "$1,234.56" in the given currency.
 * Intl is handed the exact decimal and rounds to the currency's own minor
 * units (¥1,235; half away from zero). Non-finite amounts show as zero; a
 * malformed currency code falls back to USD instead of throwing during render.
 */
export function formatMoney(cents: Cents, currency: string, locale = "en-US") {
  const code = WELL_FORMED_CODE.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
  const decimal = Number.isFinite(cents) ? centsToInput(cents) : "0";
  return currencyFormatter(code, locale).format(decimal as Intl.StringNumericLiteral);
}
