import { listAccounts } from "~/features/accounts/accounts.server";
import { reportingCurrencyOf } from "~/features/auth/user.server";
import { ratePairsFor } from "~/features/exchange-rates/exchange-rates.server";
import { convertMinor } from "~/lib/conversion";
import { todayIso } from "~/lib/month";
import { toCents, type Cents } from "~/lib/money";
import type { DayRate, ReportedSource, Reporting } from "./reporting";

const rateKey = (date: string, from: string, to: string) => `${date}|${from}|${to}`;

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
  const answers = new Map<string, DayRate>();
  if (requests.length > 0) {
    const found = await ratePairsFor(requests);
    requests.forEach((request, index) => {
      const answer = found[index];
      if (answer) answers.set(rateKey(request.date, request.from, request.to), { rate: answer.rate, day: answer.day });
    });
  }
  return { currency, currencyOfAccount, rateOn: (date, from, to) => answers.get(rateKey(date, from, to)) ?? null };
}

/** How balances are brought into the reporting currency: at the latest rate of each currency (null: none known). */
export type BalanceConversion = { currency: string; latest: ReadonlyMap<string, DayRate | null> };

/** The latest rates (today's, or the nearest earlier day with one) of the currencies of `accounts` into the user's reporting currency. */
export async function balanceConversion(userId: string, accounts: ReadonlyArray<{ currency: string }>): Promise<BalanceConversion> {
  const currency = await reportingCurrencyOf(userId);
  const foreign = [...new Set(accounts.map((account) => account.currency).filter((code) => code !== currency))];
  const today = todayIso();
  const found = foreign.length > 0 ? await ratePairsFor(foreign.map((from) => ({ date: today, from, to: currency }))) : [];
  return { currency, latest: new Map(foreign.map((code, index) => [code, found[index] ? { rate: found[index].rate, day: found[index].day } : null])) };
}

/** A balance of an account in `currency` in the reporting currency; null while no rate is known. */
export function reportedBalance(balance: Cents, currency: string, conversion: BalanceConversion): Cents | null {
  if (currency === conversion.currency) return balance;
  const latest = conversion.latest.get(currency);
  return latest ? convertMinor(toCents(balance), currency, conversion.currency, latest.rate) : null;
}
