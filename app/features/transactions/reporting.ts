import { convertMinor, isRateText, type RatePair } from "~/lib/conversion";
import { toCents } from "~/lib/money";

/** A day's rate between two currencies: `day` is the day the rates are of (earlier than asked on a weekend or holiday). */
export type DayRate = { rate: RatePair; day: string };

/** What the ledger converts with: the user's reporting currency, each of their stored accounts' currency, and the stored rates. */
export type Reporting = {
  currency: string;
  currencyOfAccount: ReadonlyMap<string, string>;
  rateOn: (date: string, from: string, to: string) => DayRate | null;
};

/** A transaction in the reporting currency as its document stores it (null: its account is in the reporting currency). */
export type StoredReported = { amount: number | null; currency: string; rateDay: string | null; rate: string | null };

/** The fields of a transaction its reported amount follows; `rate` is one the user typed (reporting units per unit of the account's currency). */
export type ReportedSource = { amount: number; date: string; accountId: string; rate?: string | null };

/**
 * A transaction's amount in the reporting currency: none when its account is in it; at the rate the user
 * typed, else at the European Central Bank's rate of its day (or the nearest earlier day with one); a
 * null amount while no rate is known, so it is left out of the totals rather than counted at a guess.
 */
export function reportedOf(source: ReportedSource, reporting: Reporting): StoredReported | null {
  const accountCurrency = reporting.currencyOfAccount.get(source.accountId) ?? reporting.currency;
  if (accountCurrency === reporting.currency) return null;
  const typed = isRateText(source.rate) ? source.rate : null;
  if (typed) {
    const amount = convertMinor(toCents(source.amount), accountCurrency, reporting.currency, { from: "1", to: typed });
    return { amount, currency: reporting.currency, rateDay: null, rate: typed };
  }
  const found = reporting.rateOn(source.date, accountCurrency, reporting.currency);
  if (!found) return { amount: null, currency: reporting.currency, rateDay: null, rate: null };
  return { amount: convertMinor(toCents(source.amount), accountCurrency, reporting.currency, found.rate), currency: reporting.currency, rateDay: found.day, rate: null };
}
