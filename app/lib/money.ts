import { currencyFormatter, DEFAULT_CURRENCY } from "./currency";

/**
 * An amount of money in whole minor units of its currency (ISO 4217): cents of
 * a dollar or euro, whole yen, thousandths of a Bahraini dinar (decision 202).
 * The name stays from the days of dollars only: most currencies have cents.
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

const WELL_FORMED_CODE = /^[A-Za-z]{3}$/;

/** A currency code as amounts are read and shown in it: upper case, and USD for a malformed one. */
function knownCode(currency: string) {
  return WELL_FORMED_CODE.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
}

/**
 * ISO 4217's minor units where they are not two. Intl (CLDR) differs from ISO for a few (it formats
 * HUF, IDR or COP without decimals and IQD with none): amounts are stored in ISO's units, so ISO decides.
 */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"].map((code) => [code, 0])),
  ...Object.fromEntries(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"].map((code) => [code, 3])),
  CLF: 4,
  UYW: 4,
};

/** How many decimals a currency's amounts have (ISO 4217): USD 2, JPY 0, BHD 3. */
export function minorUnitDigits(currency: string) {
  return MINOR_UNIT_DIGITS[knownCode(currency)] ?? 2;
}

/**
 * What people may type as an amount in `currency`: digits with at most its
 * decimals (two for dollars, none for yen, three for dinars), no sign,
 * exponent or thousands separator ("12", "12.5", "12.50", "12.", ".5").
 * Also an input's `pattern`, so forms without JavaScript refuse the same text.
 */
export function amountPattern(currency = DEFAULT_CURRENCY) {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String.raw`\d+` : String.raw`(?=\.?\d)\d*(\.\d{0,${digits}})?`;
}

/** The pattern of a dollar amount. */
export const AMOUNT_PATTERN = amountPattern();

const amountExpressions = new Map<string, RegExp>();

/**
 * The minor units of a typed amount in `currency` (surrounding spaces
 * ignored), or null when it is not one: "10.10" → 1010, "1.005" → null for
 * dollars (a third decimal is refused, never rounded) but 1005 for dinars.
 * The whole and decimal digits are read as integers, so no floating-point
 * step can round.
 */
export function parseAmountToCents(input: unknown, currency = DEFAULT_CURRENCY): Cents | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  const code = knownCode(currency);
  let expression = amountExpressions.get(code);
  if (!expression) {
    expression = new RegExp(`^${amountPattern(code)}$`);
    amountExpressions.set(code, expression);
  }
  if (!expression.test(text)) return null;
  const digits = minorUnitDigits(code);
  const [whole, decimals = ""] = text.split(".");
  const minor = Number(whole || "0") * 10 ** digits + Number(decimals.padEnd(digits, "0") || "0");
  return isCents(minor) ? minor : null;
}

/** A typed amount that may start with a minus sign (a balance owed): "-350.00" → -35000; null when it is not one. */
export function parseSignedAmountToCents(input: unknown, currency = DEFAULT_CURRENCY): Cents | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  const negative = text.startsWith("-") || text.startsWith("\u2212");
  const cents = parseAmountToCents(negative ? text.slice(1) : text, currency);
  if (cents === null) return null;
  return negative ? toCents(-cents) : cents;
}

/** Keeps only digits and the first decimal point (the inline category amount edit strips the rest). */
export function stripToAmount(input: string) {
  const cleaned = input.replace(/[^\d.]/g, "");
  const point = cleaned.indexOf(".");
  return point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, "")}`;
}

/** 123456 → "1234.56" (dollars), "123456" (yen), "123.456" (dinars): the exact decimal of an amount, for an input's value or an export cell. */
export function centsToInput(amount: Cents, currency = DEFAULT_CURRENCY) {
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(amount)).padStart(digits + 1, "0");
  const sign = amount < 0 ? "-" : "";
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * How every amount is shown: 123456 → "$1,234.56", ¥123,456, "BHD 123.456":
 * minor units of the given currency, with its ISO decimals. Intl is handed the
 * exact decimal, so nothing rounds. Non-finite amounts show as zero; a
 * malformed currency code falls back to USD instead of throwing during render.
 */
export function formatMoney(amount: Cents, currency: string, locale = "en-US") {
  const code = knownCode(currency);
  const decimal = Number.isFinite(amount) ? centsToInput(amount, code) : "0";
  return currencyFormatter(code, locale, minorUnitDigits(code)).format(decimal as Intl.StringNumericLiteral);
}
