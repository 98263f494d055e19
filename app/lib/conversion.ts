import { minorUnitDigits, toCents, type Cents } from "./money";

/**
 * An exchange rate as two exact decimals: `from` units of the source currency
 * are worth `to` units of the target. A rate the user typed ("1 EUR = 1.0832 USD")
 * is { from: "1", to: "1.0832" }; a cross rate of the European Central Bank's
 * euro rates is { from: the source's rate, to: the target's rate } (EUR's is "1").
 */
export type RatePair = { from: string; to: string };

/** A positive decimal of at most 12 decimals, as rates are written ("1.0565", "120.83", "0.86355"). */
const RATE_TEXT = /^(?=.*[1-9])\d{1,12}(\.\d{1,12})?$/;

export function isRateText(text: unknown): text is string {
  return typeof text === "string" && RATE_TEXT.test(text);
}

/** "1.0565" → 10565n over 10000n. */
function decimalFraction(text: string) {
  const [whole, decimals = ""] = text.split(".");
  return { numerator: BigInt(`${whole}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/** numerator ÷ denominator rounded half away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint) {
  const negative = numerator < 0n;
  const size = negative ? -numerator : numerator;
  const quotient = (size * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/**
 * `amount` (minor units of `fromCurrency`) in minor units of `toCurrency` at
 * `rate`, computed exactly and rounded once, half away from zero: 100.00 EUR
 * at 1.0565 USD per euro is $105.65; ¥1,000 at 120.83 yen and 1.0565 dollars
 * per euro is $8.74 (8.7437…).
 */
export function convertMinor(amount: Cents, fromCurrency: string, toCurrency: string, rate: RatePair): Cents {
  if (!isRateText(rate.from) || !isRateText(rate.to)) throw new RangeError(`not a rate: ${rate.from} → ${rate.to}`);
  const from = decimalFraction(rate.from);
  const to = decimalFraction(rate.to);
  const scale = minorUnitDigits(toCurrency) - minorUnitDigits(fromCurrency);
  let numerator = BigInt(amount) * to.numerator * from.denominator;
  let denominator = to.denominator * from.numerator;
  if (scale >= 0) numerator *= 10n ** BigInt(scale);
  else denominator *= 10n ** BigInt(-scale);
  return toCents(Number(divideRounded(numerator, denominator)));
}
