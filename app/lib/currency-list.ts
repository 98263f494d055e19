// The currencies there are and the picker's lists, apart from lib/currency's formatting (which every page with an
// amount loads): only the pages that list or check currencies load these.
import { currencyFormatter, type Currency } from "./currency";

/**
 * The common currencies listed first in the currency picker. Symbols are the
 * narrow symbols `formatMoney` (lib/money.ts) prints, so the picker and the amounts agree.
 */
export const FEATURED_CURRENCIES: readonly Currency[] = [
  { code: "USD", name: "US Dollar", symbol: "$" },
  { code: "EUR", name: "Euro", symbol: "€" },
  { code: "GBP", name: "British Pound", symbol: "£" },
  { code: "JPY", name: "Japanese Yen", symbol: "¥" },
  { code: "CAD", name: "Canadian Dollar", symbol: "$" },
  { code: "AUD", name: "Australian Dollar", symbol: "$" },
  { code: "CHF", name: "Swiss Franc", symbol: "CHF" },
  { code: "CNY", name: "Chinese Yuan", symbol: "¥" },
  { code: "INR", name: "Indian Rupee", symbol: "₹" },
  { code: "MXN", name: "Mexican Peso", symbol: "$" },
  { code: "BRL", name: "Brazilian Real", symbol: "R$" },
  { code: "KRW", name: "South Korean Won", symbol: "₩" },
  { code: "SGD", name: "Singapore Dollar", symbol: "$" },
  { code: "HKD", name: "Hong Kong Dollar", symbol: "$" },
  { code: "NZD", name: "New Zealand Dollar", symbol: "$" },
  { code: "SEK", name: "Swedish Krona", symbol: "kr" },
  { code: "NOK", name: "Norwegian Krone", symbol: "kr" },
  { code: "DKK", name: "Danish Krone", symbol: "kr" },
  { code: "PLN", name: "Polish Zloty", symbol: "zł" },
  { code: "CZK", name: "Czech Koruna", symbol: "Kč" },
  { code: "HUF", name: "Hungarian Forint", symbol: "Ft" },
  { code: "RON", name: "Romanian Leu", symbol: "lei" },
  { code: "TRY", name: "Turkish Lira", symbol: "₺" },
  { code: "RUB", name: "Russian Ruble", symbol: "₽" },
  { code: "UAH", name: "Ukrainian Hryvnia", symbol: "₴" },
  { code: "ILS", name: "Israeli New Shekel", symbol: "₪" },
  { code: "AED", name: "United Arab Emirates Dirham", symbol: "AED" },
  { code: "SAR", name: "Saudi Riyal", symbol: "SAR" },
  { code: "KWD", name: "Kuwaiti Dinar", symbol: "KWD" },
  { code: "EGP", name: "Egyptian Pound", symbol: "E£" },
  { code: "MAD", name: "Moroccan Dirham", symbol: "MAD" },
  { code: "NGN", name: "Nigerian Naira", symbol: "₦" },
  { code: "KES", name: "Kenyan Shilling", symbol: "KES" },
  { code: "GHS", name: "Ghanaian Cedi", symbol: "GH₵" },
  { code: "ZAR", name: "South African Rand", symbol: "R" },
  { code: "PKR", name: "Pakistani Rupee", symbol: "Rs" },
  { code: "BDT", name: "Bangladeshi Taka", symbol: "৳" },
  { code: "LKR", name: "Sri Lankan Rupee", symbol: "Rs" },
  { code: "IDR", name: "Indonesian Rupiah", symbol: "Rp" },
  { code: "MYR", name: "Malaysian Ringgit", symbol: "RM" },
  { code: "THB", name: "Thai Baht", symbol: "฿" },
  { code: "PHP", name: "Philippine Peso", symbol: "₱" },
  { code: "VND", name: "Vietnamese Dong", symbol: "₫" },
  { code: "TWD", name: "New Taiwan Dollar", symbol: "$" },
  { code: "ARS", name: "Argentine Peso", symbol: "$" },
  { code: "CLP", name: "Chilean Peso", symbol: "$" },
  { code: "COP", name: "Colombian Peso", symbol: "$" },
  { code: "PEN", name: "Peruvian Sol", symbol: "PEN" },
];

let allCurrenciesCache: readonly Currency[] | undefined;

/**
 * Every ISO 4217 currency this platform's Intl knows, sorted by code. Server
 * and browser lists can differ by a few codes, so pages render the server's.
 */
export function allCurrencies(): readonly Currency[] {
  if (!allCurrenciesCache) {
    const names = new Intl.DisplayNames(["en"], { type: "currency" });
    allCurrenciesCache = Intl.supportedValuesOf("currency").map((code) => ({
      code,
      name: names.of(code) ?? code,
      symbol: currencyFormatter(code, "en-US").formatToParts(0).find((part) => part.type === "currency")?.value ?? code,
    }));
  }
  return allCurrenciesCache;
}

let supportedCodes: ReadonlySet<string> | undefined;
export function isSupportedCurrency(code: string) {
  supportedCodes ??= new Set(allCurrencies().map((currency) => currency.code));
  return supportedCodes.has(code);
}

/** The currencies a picker lists after the featured ones (the server's list: see allCurrencies). */
export function otherCurrencies(): readonly Currency[] {
  const featured = new Set(FEATURED_CURRENCIES.map((currency) => currency.code));
  return allCurrencies().filter((currency) => !featured.has(currency.code));
}

/** "USD — US Dollar ($)" */
export function currencyLabel({ code, name, symbol }: Currency) {
  return symbol === code ? `${code} — ${name}` : `${code} — ${name} (${symbol})`;
}
