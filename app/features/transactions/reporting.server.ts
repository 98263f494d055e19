import { listAccounts } from "~/features/accounts/accounts.server";
import { reportingCurrencyOf } from "~/features/auth/user.server";
import { rateLookup } from "~/features/exchange-rates/exchange-rates.server";
import { convertMinor } from "~/lib/conversion";
import { todayIso } from "~/lib/month";
import { toCents, type Cents } from "~/lib/money";
import type { DayRate, ReportedSource, Reporting } from "./reporting";

/** A found rate as the ledger keeps it: the rate and the day it is of. */
function dayRateOf(found: DayRate | null): DayRate | null {
  return found ? { rate: found.rate, day: found.day } : null;
}

/**
 * What the ledger needs to convert the transactions it is about to write: the user's reporting currency,
 * their accounts' currencies, and the rates of the days written in another currency (one read of the store).
 */
export async function reportingFor(userId: string, written: ReportedSource[]): Promise<Reporting> {
  const [currency, accounts] = await Promise.all([reportingCurrencyOf(userId), listAccounts(userId)]);
  const currencyOfAccount = new Map(accounts.map((account) => [account.id, account.currency]));
  const requests = written.flatMap(({ date, accountId }) => {
    const from = currencyOfAccount.get(accountId) ?? currency;
    return from === currency ? [] : [{ date, from, to: currency }];
  });
  const lookup = await rateLookup(requests);
  return { currency, currencyOfAccount, rateOn: (date, from, to) => dayRateOf(lookup(date, from, to)) };
}

/** How balances are brought into the reporting currency: at the latest rate of each currency (null: none known). */
export type BalanceConversion = { currency: string; latest: ReadonlyMap<string, DayRate | null> };

/** The latest rates (today's, or the nearest earlier day with one) of the currencies of `accounts` into the user's reporting currency. */
export async function balanceConversion(userId: string, accounts: ReadonlyArray<{ currency: string }>): Promise<BalanceConversion> {
  const currency = await reportingCurrencyOf(userId);
  const foreign = [...new Set(accounts.map((account) => account.currency).filter((code) => code !== currency))];
  const today = todayIso();
  const lookup = await rateLookup(foreign.map((from) => ({ date: today, from, to: currency })));
  return { currency, latest: new Map(foreign.map((code) => [code, dayRateOf(lookup(today, code, currency))])) };
}

/** A balance of an account in `currency` in the reporting currency; null while no rate is known. */
export function reportedBalance(balance: Cents, currency: string, conversion: BalanceConversion): Cents | null {
  if (currency === conversion.currency) return balance;
  const latest = conversion.latest.get(currency);
  return latest ? convertMinor(toCents(balance), currency, conversion.currency, latest.rate) : null;
}
