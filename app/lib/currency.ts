export type Currency = { code: string; name: string; symbol: string };

export const DEFAULT_CURRENCY = "USD";

const formatters = new Map<string, Intl.NumberFormat>();

/** The cached Intl formatter of a currency: narrow symbol, `digits` decimals (the currency's ISO minor units). */
export function currencyFormatter(currency: string, locale: string, digits?: number) {
  const key = `${locale}:${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const decimals = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", ...decimals });
    formatters.set(key, formatter);
  }
  return formatter;
}
