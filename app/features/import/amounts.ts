import { isSupportedCurrency } from "~/lib/currency-list";
import { minorUnitDigits } from "~/lib/money";
import type { DecimalMark } from "./readers/source";

/**
 * Bank amounts as people write them: "-1,234.56", "1.234,56", "1 234,56",
 * "1'234.50", "(12.50)", "12.50-", "+8,78", "$45.00", "45.00 EUR",
 * "59.8900". Which mark separates the decimals is decided over a whole
 * column (`detectDecimalMark`), never from one cell; each cell is then read
 * with that mark in the minor units of the file's currency (`parseAmount`,
 * rounding half to even what it has more decimals than the currency), and a
 * cell that does not fit the mark is an error, not a different number.
 */

/** Minor units from at most this many decimals (or the currency's own, when it has more); more is refused. */
const MAX_DECIMALS = 4;
/** Larger amounts (ten billion dollars in cents) are refused rather than risk precision. */
const MAX_MINOR_UNITS = 1_000_000_000_000;

const MINUS_SIGNS = /[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g;
/** Spaces that group thousands: space, no-break space, narrow no-break space, thin space. */
const SPACES = /[\s\u00A0\u202F\u2009]/g;
const APOSTROPHES = /[\u2019\u02BC]/g;
/**
 * Currency signs, codes and words before or after the number ("$", "US$", "EUR", "CHF", "kr.", "zł"); a code
 * only when it is one ("POS 1234" and "Shop 12" are text, not amounts).
 */
const CURRENCY_MARK = "(?:[A-Za-z]{1,3}\\$|[$€£¥₹₩₽₺₪₫฿₱₴₦₵]|[A-Z]{3}|(?:zł|zl|kr|Kr|Fr|Rs|Ft|Kč|lei|RM|Rp|R)\\.?)";
const CURRENCY_AROUND = new RegExp(`^${CURRENCY_MARK}|${CURRENCY_MARK}$`, "g");

function withoutCurrency(value: string) {
  return value.replace(CURRENCY_AROUND, (mark) => (/^[A-Z]{3}$/.test(mark) && !isSupportedCurrency(mark) ? mark : "")).trim();
}

/** The mark that gives a cell its sign: "-" (also parentheses and a trailing minus), "+", or a "CR"/"DR" suffix; null for a bare number. */
export type SignMarker = "-" | "+" | "CR" | "DR";

type AmountParts = {
  negative: boolean;
  /** Digits and separators only: "1.234,56". */
  core: string;
  marker: SignMarker | null;
};

/**
 * Splits a cell into sign and number text: signs in any place a bank writes
 * them (leading, trailing, parentheses, a "DR"/"CR" suffix), currency marks
 * removed. Null when what is left is not made of digits and separators.
 */
export function amountParts(text: string): AmountParts | null {
  let value = text.normalize("NFKC").replace(MINUS_SIGNS, "-").replace(APOSTROPHES, "'").trim();
  if (value === "") return null;
  let negative = false;
  let marker: SignMarker | null = null;
  const flip = () => {
    negative = !negative;
  };
  const suffix = /\s*\b(DR|CR)\.?$/i.exec(value);
  if (suffix) {
    marker = suffix[1].toUpperCase() as "CR" | "DR";
    if (marker === "DR") flip();
    value = value.slice(0, suffix.index).trim();
  }
  if (/^\(.*\)$/.test(value)) {
    flip();
    marker = "-";
    value = value.slice(1, -1).trim();
  }
  value = withoutCurrency(value);
  if (value.startsWith("-")) {
    flip();
    marker = "-";
    value = value.slice(1);
  } else if (value.startsWith("+")) {
    marker ??= "+";
    value = value.slice(1);
  } else if (value.endsWith("-")) {
    flip();
    marker = "-";
    value = value.slice(0, -1);
  }
  // "+ £1,100.00": the currency sign may follow the sign after a space.
  value = withoutCurrency(value.trim()).replace(SPACES, " ").trim();
  if (!/^[\d.,' ]+$/.test(value) || !/\d/.test(value)) return null;
  return { negative, core: value, marker };
}

/** What one cell says about the decimal mark, looked at alone. */
type MarkEvidence = "point" | "comma" | "either" | "none";

/**
 * "8,78" can only be a decimal comma; "1,234.56" only a decimal point;
 * "1,234" could be either (one thousand two hundred thirty-four, or one
 * point two three four), unless the currency has no decimals (yen); "1234" says nothing.
 */
function markEvidence(core: string, currencyHasDecimals: boolean): MarkEvidence {
  const lastPoint = core.lastIndexOf(".");
  const lastComma = core.lastIndexOf(",");
  if (lastPoint !== -1 && lastComma !== -1) return lastPoint > lastComma ? "point" : "comma";
  const mark = lastPoint !== -1 ? "." : lastComma !== -1 ? "," : null;
  if (mark === null) return "none";
  const asDecimal: MarkEvidence = mark === "." ? "point" : "comma";
  const asGrouping: MarkEvidence = mark === "." ? "comma" : "point";
  if (core.split(mark).length > 2) return asGrouping;
  const [whole, decimals] = core.split(mark);
  const wholeDigits = whole.replace(/[ ']/g, "");
  if (/[ ']/.test(whole)) return asDecimal;
  if (decimals.length !== 3 || wholeDigits.length === 0 || wholeDigits.length > 3 || /^0+$/.test(wholeDigits)) return asDecimal;
  return currencyHasDecimals ? "either" : asGrouping;
}

export type MarkDetection =
  | { status: "decided"; mark: DecimalMark; example: string | null }
  | { status: "whole"; mark: null }
  /** Nothing tells the marks apart (every amount like "1,234"), or cells disagree: the user is asked. */
  | { status: "ask"; reason: "ambiguous" | "conflict"; example: string; counts: Record<DecimalMark, number> };

/**
 * The decimal mark of a column of amounts in `currency`, from every cell:
 * decided when some cells can only be read one way and none the other way;
 * whole numbers when no cell has a separator; asked otherwise.
 */
export function detectDecimalMark(cells: string[], currency: string): MarkDetection {
  const counts: Record<DecimalMark, number> = { point: 0, comma: 0 };
  const examples: Partial<Record<MarkEvidence, string>> = {};
  const currencyHasDecimals = minorUnitDigits(currency) > 0;
  for (const cell of cells) {
    const parts = amountParts(cell);
    if (!parts) continue;
    const evidence = markEvidence(parts.core, currencyHasDecimals);
    examples[evidence] ??= cell.trim();
    if (evidence === "point" || evidence === "comma") counts[evidence] += 1;
  }
  if (counts.point > 0 && counts.comma > 0) {
    const minority = counts.point < counts.comma ? "point" : "comma";
    return { status: "ask", reason: "conflict", example: examples[minority] ?? "", counts };
  }
  if (counts.point > 0) return { status: "decided", mark: "point", example: examples.point ?? null };
  if (counts.comma > 0) return { status: "decided", mark: "comma", example: examples.comma ?? null };
  if (examples.either !== undefined) return { status: "ask", reason: "ambiguous", example: examples.either, counts };
  return { status: "whole", mark: null };
}

export type ParsedAmount =
  | {
      ok: true;
      /** Signed, rounded half-even to whole minor units of the currency (cents, yen, fils). */
      cents: number;
      /** Whether the file's value had more decimals than the currency that rounding changed. */
      rounded: boolean;
    }
  | { ok: false; error: string };

const GROUP_MARKS: Record<DecimalMark, string> = { point: ",", comma: "." };

/** Whole digits grouped in threes ("1,234,567"), in lakhs and crores ("12,34,567", commas only), or not grouped at all. */
function wholeDigits(whole: string, group: string) {
  if (/^\d+$/.test(whole)) return whole;
  for (const separator of [group, " ", "'"]) {
    const escaped = `\\${separator}`;
    const thousands = new RegExp(`^\\d{1,3}(${escaped}\\d{3})+$`);
    const lakhs = new RegExp(`^\\d{1,2}(${escaped}\\d{2})*${escaped}\\d{3}$`);
    if (thousands.test(whole) || (separator === "," && lakhs.test(whole))) return whole.split(separator).join("");
  }
  return null;
}

/** Rounds a whole number of `scale`ths of a minor unit to minor units, half to even. */
function roundHalfEven(fraction: bigint, scale: bigint) {
  const sign = fraction < 0n ? -1n : 1n;
  const magnitude = fraction * sign;
  const whole = magnitude / scale;
  const rest = (magnitude % scale) * 2n;
  const up = rest > scale || (rest === scale && whole % 2n === 1n);
  return sign * (up ? whole + 1n : whole);
}

/**
 * Signed minor units of `currency` of one cell read with `mark` as the
 * decimal mark (null: whole numbers only). Up to four decimals are read (or
 * the currency's own, when it has more); decimals past the currency's are
 * rounded half to even to its minor units ("-12.3450" is -$12.34, "1234.5"
 * is ¥1,234), and `rounded` says whether that changed the value. Integer
 * arithmetic throughout: no float ever rounds.
 */
export function parseAmount(text: string, mark: DecimalMark | null, currency: string): ParsedAmount {
  const shown = text.trim();
  const parts = amountParts(text);
  if (!parts) return { ok: false, error: `invalid amount "${shown}"` };
  const decimalMark = mark === "comma" ? "," : ".";
  const group = GROUP_MARKS[mark ?? "point"];
  const pieces = parts.core.split(decimalMark);
  if (pieces.length > 2 || (mark === null && pieces.length === 2)) return { ok: false, error: `amount "${shown}" does not fit the number format` };
  const [whole, decimals = ""] = pieces;
  if (decimals !== "" && !/^\d+$/.test(decimals)) return { ok: false, error: `amount "${shown}" does not fit the number format` };
  const digits = minorUnitDigits(currency);
  const readDecimals = Math.max(MAX_DECIMALS, digits);
  if (decimals.length > readDecimals) return { ok: false, error: `amount "${shown}" has more than ${readDecimals} decimals` };
  const units = whole === "" && decimals !== "" ? "0" : wholeDigits(whole, group);
  if (units === null) return { ok: false, error: `amount "${shown}" does not fit the number format` };
  const magnitude = BigInt(`${units}${decimals.padEnd(readDecimals, "0")}`);
  const fraction = parts.negative ? -magnitude : magnitude;
  const scale = 10n ** BigInt(readDecimals - digits);
  const minor = roundHalfEven(fraction, scale);
  if (minor > BigInt(MAX_MINOR_UNITS) || minor < -BigInt(MAX_MINOR_UNITS)) return { ok: false, error: `amount "${shown}" is too large` };
  return { ok: true, cents: Number(minor), rounded: minor * scale !== fraction };
}

/** How the preview names a decimal mark: the way 1234.56 is written with it. */
export const DECIMAL_MARK_LABELS: Record<DecimalMark, string> = { point: "1,234.56", comma: "1.234,56" };
