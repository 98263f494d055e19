import { addDays, lightFormat, parseISO } from "date-fns";
import { toCents, type Cents } from "~/lib/money";
import { isIsoDate } from "~/lib/month";

export const FORECAST_DAYS = 30;

export type ForecastAccount = { id: string; name: string; currency: string; balance: Cents };

/** Money expected to move an account on a day: income positive, a bill negative; "usual" is an estimate from past spending. */
export type ForecastFlow = { accountId: string; date: string; amount: Cents; label: string; kind: "scheduled" | "usual" };

/** A day's balance after its flows. A flow keeps its own date, so one that is past due shows on today with the day it was due. */
export type ForecastDay = { date: string; balance: Cents; flows: ForecastFlow[] };

/**
 * The first day the balance is below zero. `already`: today's balance, before any flow, is below zero;
 * `date` is then today, whatever today's flows do.
 */
export type BelowZero = { date: string; already: boolean };

export type ForecastSeries = {
  currency: string;
  /** Today's balance before the flows of the forecast. */
  opening: Cents;
  /** One per day from today to the horizon, both included. */
  days: ForecastDay[];
  /** The lowest day's balance; the earliest such day when several tie. */
  lowest: { date: string; balance: Cents };
  belowZero: BelowZero | null;
  /** The first day from `belowZero.date` on whose balance is zero or more; null when it stays below zero or never went there. */
  backAboveZero: string | null;
};

export type AccountForecast = ForecastSeries & { id: string; name: string };

/** The accounts' sum in the reporting currency; `leftOut` names the accounts in another currency that could not be converted. */
export type TotalForecast = ForecastSeries & { leftOut: Array<Pick<ForecastAccount, "id" | "name" | "currency">> };

export type BalanceForecast = { from: string; to: string; accounts: AccountForecast[]; total: TotalForecast };

/** Whole minor units of the reporting currency for `amount` of the account's currency: round inside it (e.g. with `convertMinor`). */
export type ToReporting = (accountId: string, amount: Cents) => number;

/** Today and the next `days` days, as yyyy-MM-dd. date-fns works in local time: built from and written back to local fields, the days never shift with the time zone. */
function horizonDays(today: string, days: number) {
  const start = parseISO(today);
  return Array.from({ length: days + 1 }, (_, offset) => lightFormat(addDays(start, offset), "yyyy-MM-dd"));
}

function seriesOf(currency: string, opening: Cents, dates: string[], flowsByDay: ForecastFlow[][]): ForecastSeries {
  let balance = opening;
  const days = dates.map((date, index) => {
    const flows = flowsByDay[index];
    balance = toCents(flows.reduce((sum: number, flow) => sum + flow.amount, balance));
    return { date, balance, flows };
  });
  const lowestDay = days.reduce((lowest, day) => (day.balance < lowest.balance ? day : lowest));
  const firstBelow = opening < 0 ? dates[0] : days.find((day) => day.balance < 0)?.date;
  const belowZero = firstBelow === undefined ? null : { date: firstBelow, already: opening < 0 };
  const backAboveZero = belowZero ? (days.find((day) => day.date >= belowZero.date && day.balance >= 0)?.date ?? null) : null;
  return { currency, opening, days, lowest: { date: lowestDay.date, balance: lowestDay.balance }, belowZero, backAboveZero };
}

/**
 * Each account's balance day by day from `today` to `today + days`, and their total in the reporting currency.
 *
 * - A flow dated before today is one still expected (the caller leaves out those already met): it counts on today.
 *   Flows after the horizon, and flows of accounts not given, are left out.
 * - Within a day, flows keep their order by date, then the order given.
 * - An account in another currency counts in the total through `toReporting`, which converts its balance and each of
 *   its flows, so the total moves by exactly its listed flows. Without `toReporting` such an account is left out of the
 *   total and named in `leftOut`.
 */
export function forecastBalances({
  today,
  days = FORECAST_DAYS,
  accounts,
  flows,
  reportingCurrency,
  toReporting,
}: {
  today: string;
  days?: number;
  accounts: ForecastAccount[];
  flows: ForecastFlow[];
  reportingCurrency: string;
  toReporting?: ToReporting;
}): BalanceForecast {
  if (!isIsoDate(today)) throw new RangeError(`not a day: ${today}`);
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`not a number of days: ${days}`);
  const invalid = flows.find((flow) => !isIsoDate(flow.date));
  if (invalid) throw new RangeError(`not a day: ${invalid.date} (${invalid.label})`);

  const dates = horizonDays(today, days);
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const emptyDays = () => dates.map((): ForecastFlow[] => []);

  const converters = new Map<string, (amount: Cents) => Cents>();
  const leftOut: TotalForecast["leftOut"] = [];
  for (const account of accounts) {
    if (account.currency === reportingCurrency) converters.set(account.id, (amount) => amount);
    else if (toReporting) converters.set(account.id, (amount) => toCents(toReporting(account.id, amount)));
    else leftOut.push({ id: account.id, name: account.name, currency: account.currency });
  }

  const perAccount = accounts.map((account) => ({ account, flowsByDay: emptyDays() }));
  const accountDays = new Map(perAccount.map(({ account, flowsByDay }) => [account.id, flowsByDay]));
  const totalDays = emptyDays();
  const byDate = [...flows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const flow of byDate) {
    const index = flow.date < today ? 0 : dayIndex.get(flow.date);
    const ownDays = accountDays.get(flow.accountId);
    if (index === undefined || !ownDays) continue;
    ownDays[index].push(flow);
    const convert = converters.get(flow.accountId);
    if (convert) totalDays[index].push({ ...flow, amount: convert(flow.amount) });
  }

  let totalOpening = 0;
  for (const account of accounts) totalOpening += converters.get(account.id)?.(account.balance) ?? 0;

  return {
    from: dates[0],
    to: dates[dates.length - 1],
    accounts: perAccount.map(({ account, flowsByDay }) => ({
      id: account.id,
      name: account.name,
      ...seriesOf(account.currency, account.balance, dates, flowsByDay),
    })),
    total: { ...seriesOf(reportingCurrency, toCents(totalOpening), dates, totalDays), leftOut },
  };
}
