import { mainAccountId } from "~/features/accounts/accounts.server";
import { isLiabilityKind, type AccountSummary } from "~/features/accounts/accounts";
import { readOpenAccountBalances } from "~/features/transactions/account-balances.server";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";
import { balanceConversion, type BalanceConversion } from "~/features/transactions/reporting.server";
import { convertMinor } from "~/lib/conversion";
import { toCents, type Cents } from "~/lib/money";
import { FORECAST_DAYS, forecastBalances, type BalanceForecast, type ForecastAccount, type ForecastFlow } from "./forecast";
import { occurrencesBetween, shiftDay } from "./occurrences";
import { dueItems, listProposals, listSchedules, withMarks, type ProposalView, type ScheduleView } from "./recurring.server";
import { payeeKey } from "./series";

/**
 * The cash-flow forecast: the user's open accounts from today's balances, moved by the due dates of their
 * recurring bills and paychecks not met yet ("scheduled") and by the series found in their history and not yet
 * kept ("usual", an estimate). Reads only: balances from the month summaries, never a scan of transactions.
 */

/** The forecast's last day: today and the next FORECAST_DAYS − 1 days, thirty days in all. */
export function forecastEnd(today: string) {
  return shiftDay(today, FORECAST_DAYS - 1);
}

const signed = (type: "income" | "expense", amount: number): Cents => toCents(type === "income" ? amount : -amount);

/**
 * The account a schedule's payments go through: its own; for one met from any account (no account named), the
 * main account when it is in the schedule's currency, else the first open account that is. Null: none open.
 */
function accountOfSchedule(schedule: ScheduleView, accounts: ReadonlyArray<Pick<AccountSummary, "id" | "currency">>, mainId: string) {
  if (schedule.accountId !== null) return schedule.accountId;
  const main = accounts.find((account) => account.id === mainId);
  if (main && main.currency === schedule.currency) return main.id;
  return accounts.find((account) => account.currency === schedule.currency)?.id ?? null;
}

/** A proposal that a schedule already pays (same payee and way, in its account or any): kept since the last detection, it is not counted twice. */
function keptAlready(proposal: ProposalView, schedules: ScheduleView[]) {
  const payee = payeeKey(proposal.name);
  return schedules.some((schedule) => schedule.payeeKey === payee && schedule.type === proposal.type && (schedule.accountId === null || schedule.accountId === proposal.accountId));
}

/**
 * The flows of the forecast from `today` to `to`: each due date of a schedule not met yet, and each occurrence
 * of a proposal from its next date on, signed (income positive, bills negative) in the account's own currency.
 * A schedule in another currency than the account it goes through is left out (its amount is not the account's).
 */
export function forecastFlows({
  today,
  to,
  accounts,
  mainId,
  marked,
  proposals,
}: {
  today: string;
  to: string;
  accounts: ReadonlyArray<Pick<AccountSummary, "id" | "currency">>;
  mainId: string;
  marked: Awaited<ReturnType<typeof withMarks>>;
  proposals: ProposalView[];
}): ForecastFlow[] {
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const scheduled = dueItems(marked, today, to).flatMap(({ schedule, date }): ForecastFlow[] => {
    const accountId = accountOfSchedule(schedule, accounts, mainId);
    if (accountId === null || currencyOf.get(accountId) !== schedule.currency) return [];
    return [{ accountId, date, amount: signed(schedule.type, schedule.amount), label: schedule.name, kind: "scheduled" }];
  });
  const schedules = marked.map(({ schedule }) => schedule);
  const usual = proposals
    .filter((proposal) => currencyOf.get(proposal.accountId) === proposal.currency && !keptAlready(proposal, schedules))
    .flatMap((proposal) =>
      occurrencesBetween(proposal.nextDate, proposal.frequency, today, to).map(
        (date): ForecastFlow => ({ accountId: proposal.accountId, date, amount: signed(proposal.type, proposal.amount), label: proposal.name, kind: "usual" }),
      ),
    );
  return [...scheduled, ...usual];
}

/** Converts an account's amounts into the reporting currency at the rate its balance is reported at; null when no rate is known. */
function converterOf(account: Pick<AccountSummary, "currency">, reportingCurrency: string, conversion: BalanceConversion) {
  if (account.currency === reportingCurrency) return (amount: Cents) => amount;
  const latest = conversion.currency === reportingCurrency ? conversion.latest.get(account.currency) : null;
  return latest ? (amount: Cents) => convertMinor(amount, account.currency, reportingCurrency, latest.rate) : null;
}

/**
 * The forecast of the user's open accounts from `today` for thirty days, each in its own currency, and their
 * total in `reportingCurrency` (the user's). An account in another currency counts in the total at the latest
 * rate, as its balance does on the accounts page; one without a known rate is left out of the total and named
 * in `total.leftOut`, its own forecast still given.
 */
export async function readCashFlowForecast(userId: string, reportingCurrency: string, today: string): Promise<BalanceForecast> {
  const summaries = await listMonthSummaries(userId);
  const [accounts, schedules, proposals] = await Promise.all([readOpenAccountBalances(userId, summaries), listSchedules(userId), listProposals(userId)]);
  const [marked, conversion] = await Promise.all([withMarks(userId, schedules), balanceConversion(userId, accounts)]);
  const flows = forecastFlows({ today, to: forecastEnd(today), accounts, mainId: mainAccountId(userId), marked, proposals });

  const forecastAccount = ({ id, name, currency, balance }: AccountSummary): ForecastAccount => ({ id, name, currency, balance });
  const converters = new Map(accounts.map((account) => [account.id, converterOf(account, reportingCurrency, conversion)]));
  const counted = accounts.filter((account) => converters.get(account.id));
  const notCounted = accounts.filter((account) => !converters.get(account.id));
  const days = FORECAST_DAYS - 1;

  // The total of the accounts a rate brings into the reporting currency; those without one are forecast on their own.
  const withTotal = forecastBalances({
    today,
    days,
    accounts: counted.map(forecastAccount),
    flows,
    reportingCurrency,
    toReporting: (accountId, amount) => converters.get(accountId)?.(amount) ?? 0,
  });
  const apart = notCounted.length > 0 ? forecastBalances({ today, days, accounts: notCounted.map(forecastAccount), flows, reportingCurrency }).accounts : [];
  const byId = new Map([...withTotal.accounts, ...apart].map((forecast) => [forecast.id, forecast]));
  return {
    ...withTotal,
    // A card or a loan is below zero while it is owed: only an account that holds money can run out of it.
    accounts: accounts.flatMap((account) => {
      const forecast = byId.get(account.id);
      if (!forecast) return [];
      return isLiabilityKind(account.kind) ? { ...forecast, belowZero: null } : forecast;
    }),
    total: { ...withTotal.total, leftOut: notCounted.map(({ id, name, currency }) => ({ id, name, currency })) },
  };
}
