import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionCard } from "~/components/ui/section-card";
import { ACCOUNTS_PATH } from "~/features/accounts/accounts";
import { requireUser } from "~/features/auth/auth.server";
import { ForecastChart, type ShownForecast } from "~/features/recurring/components/forecast-chart";
import type { ForecastDay, ForecastSeries } from "~/features/recurring/forecast";
import { forecastLayout, type ForecastLayout } from "~/features/recurring/forecast-chart";
import { readCashFlowForecast } from "~/features/recurring/forecast.server";
import { RecurringNav } from "~/features/recurring/components/recurring-nav";
import { longDay } from "~/features/recurring/recurring";
import { formatMoney, toCents } from "~/lib/money";
import { todayIso } from "~/lib/month";
import type { PageHandle } from "~/utils/page-title";

/** The total's key among the forecasts (an account's is its id). */
const TOTAL_KEY = "total";

function drawn(key: string, label: string, series: ForecastSeries) {
  const layout = forecastLayout([{ key, days: series.days, lowest: series.lowest, belowZero: series.belowZero }], { currency: series.currency });
  return { key, label, series, layout };
}

/**
 * The next thirty days of the user's open accounts and of their total in the reporting currency. `?account=<id>`
 * opens that account's forecast (an id not among the open accounts opens none).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const forecast = await readCashFlowForecast(user.id, user.currency, todayIso());
  const { leftOut, ...total } = forecast.total;
  const accounts = forecast.accounts.map(({ id, name, ...series }) => drawn(id, name, series));
  const requested = new URL(request.url).searchParams.get("account");
  return {
    from: forecast.from,
    to: forecast.to,
    // One account counted in full is its own total: it is shown once, as itself.
    total: accounts.length === 1 && leftOut.length === 0 ? null : drawn(TOTAL_KEY, "All accounts", total),
    accounts,
    leftOut,
    opened: accounts.some((account) => account.key === requested) ? requested : null,
  };
}

export const handle: PageHandle = { title: "Cash-flow forecast" };

type Drawn = { key: string; label: string; series: ForecastSeries; layout: ForecastLayout };

const LINK_CLASS = "font-semibold text-brand-700 hover:underline";

const money = (amount: number, currency: string) => formatMoney(toCents(amount), currency);

/** "2026-03-12" → "Mar 12", for the day-by-day table on a narrow screen. */
const shortDay = (date: string) => `${longDay(date).slice(0, 3)} ${Number(date.slice(8, 10))}`;

/** "Below zero on March 9" ("Below zero today" when it is already), or null when it stays above. */
function belowZeroDay({ belowZero }: ForecastSeries) {
  if (!belowZero) return null;
  return belowZero.already ? "Below zero today" : `Below zero on ${longDay(belowZero.date)}`;
}

function belowZeroText(series: ForecastSeries) {
  const below = belowZeroDay(series);
  // A card or a loan is never marked below zero: what it shows below zero is owed.
  if (!below) return series.lowest.balance < 0 ? "Owed: a card or loan, not money that runs out" : "Stays above zero";
  return series.backAboveZero ? `${below}, back above zero on ${longDay(series.backAboveZero)}` : below;
}

function Figures({ series }: { series: ForecastSeries }) {
  const last = series.days[series.days.length - 1];
  return (
    <ul className="grid gap-2 text-sm sm:grid-cols-2">
      <li className="font-semibold text-slate-900">
        Lowest: <span className="tabular-nums">{money(series.lowest.balance, series.currency)}</span> on {longDay(series.lowest.date)}
      </li>
      <li className={series.belowZero ? "font-semibold text-red-800" : "text-slate-700"}>{belowZeroText(series)}</li>
      <li className="text-slate-700">
        Today: <span className="tabular-nums">{money(series.opening, series.currency)}</span>
      </li>
      <li className="text-slate-700">
        On {longDay(last.date)}: <span className="tabular-nums">{money(last.balance, series.currency)}</span>
      </li>
    </ul>
  );
}

/** The flows of one way on a day: their sum, and what they are (an estimate from the history marked "usual"). */
function FlowsCell({ flows, currency }: { flows: ForecastDay["flows"]; currency: string }) {
  if (flows.length === 0) {
    return (
      <td className="py-1.5 pr-2 sm:pr-3 text-right text-slate-500">
        <span aria-hidden="true">–</span>
        <span className="sr-only">None</span>
      </td>
    );
  }
  const sum = flows.reduce((total, flow) => total + Math.abs(flow.amount), 0);
  return (
    <td className="py-1.5 pr-2 sm:pr-3 text-right">
      <span className="block font-medium tabular-nums text-slate-900">{money(sum, currency)}</span>
      <span className="block text-xs text-slate-600">{flows.map((flow) => `${flow.label}${flow.kind === "usual" ? " (usual)" : ""}`).join(", ")}</span>
    </td>
  );
}

function DayTable({ label, series }: { label: string; series: ForecastSeries }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          {label}: money in, money out and balance each day, {longDay(series.days[0].date)} to {longDay(series.days[series.days.length - 1].date)}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1.5 pr-2 sm:pr-3 font-semibold text-slate-700">
              Date
            </th>
            {["Money in", "Money out", "Balance"].map((column) => (
              <th key={column} scope="col" className="py-1.5 pr-2 sm:pr-3 text-right font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.days.map((day) => (
            <tr key={day.date} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap text-slate-900 sm:pr-3">
                <span className="sm:hidden">{shortDay(day.date)}</span>
                <span className="max-sm:hidden">{longDay(day.date)}</span>
              </th>
              <FlowsCell flows={day.flows.filter((flow) => flow.amount > 0)} currency={series.currency} />
              <FlowsCell flows={day.flows.filter((flow) => flow.amount < 0)} currency={series.currency} />
              <td className={`py-1.5 pr-2 sm:pr-3 text-right font-medium tabular-nums ${day.balance < 0 ? "text-red-800" : "text-slate-900"}`}>{money(day.balance, series.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ForecastBody({ forecast }: { forecast: Drawn }) {
  const shown: [ShownForecast] = [{ key: forecast.key, label: forecast.label, series: forecast.series }];
  return (
    <div className="space-y-4">
      <Figures series={forecast.series} />
      <ForecastChart layout={forecast.layout} shown={shown} />
      <details className="rounded-lg border border-slate-200 px-2 py-2 sm:px-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">Day by day: money in, money out and balance</summary>
        <div className="mt-2">
          <DayTable label={forecast.label} series={forecast.series} />
        </div>
      </details>
    </div>
  );
}

function AccountHeading({ forecast }: { forecast: Drawn }) {
  return (
    <>
      {forecast.label}
      <span className="ml-2 text-sm font-normal text-slate-600">{forecast.series.currency}</span>
    </>
  );
}

/** The only account: shown open, as the page's one forecast. */
function OnlyAccountForecast({ forecast }: { forecast: Drawn }) {
  const headingId = useId();
  return (
    <section id={`forecast-${forecast.key}`} aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        <AccountHeading forecast={forecast} />
      </h2>
      <ForecastBody forecast={forecast} />
    </section>
  );
}

/** One of several accounts: its name and lowest point, opened to show the rest. */
function AccountForecast({ forecast, open }: { forecast: Drawn; open: boolean }) {
  const headingId = useId();
  const { series } = forecast;
  return (
    <details id={`forecast-${forecast.key}`} open={open} className="group rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={headingId}>
      <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 sm:p-5">
        <span className="flex items-baseline gap-2">
          {/* A summary laid out with flex loses its marker: this one turns as the forecast opens. */}
          <span aria-hidden="true" className="inline-block text-slate-600 transition-transform group-open:rotate-90">
            ▸
          </span>
          <span id={headingId} className="text-lg font-semibold text-slate-900">
            <AccountHeading forecast={forecast} />
          </span>
        </span>
        <span className="text-sm text-slate-700">
          Lowest {money(series.lowest.balance, series.currency)} on {longDay(series.lowest.date)}
          {series.belowZero ? <span className="font-semibold text-red-800"> · {belowZeroDay(series)}</span> : null}
        </span>
      </summary>
      <div className="border-t border-slate-200 p-4 sm:p-5">
        <ForecastBody forecast={forecast} />
      </div>
    </details>
  );
}

export default function CashFlowForecastPage() {
  const { from, to, total, accounts, leftOut, opened } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <RecurringNav current="forecast" />
      <p className="text-sm text-slate-700">
        Your balances from today, {longDay(from)}, to {longDay(to)}: today&apos;s balances moved by the recurring bills and paychecks not paid yet, and by the payments that usually
        come (found in your history, marked “usual”).
      </p>
      {accounts.length === 0 ? (
        <SectionCard title="Nothing to forecast yet">
          <p className="text-sm text-slate-700">
            You have no open account with money in it.{" "}
            <Link to={ACCOUNTS_PATH} className={LINK_CLASS}>
              Add an account
            </Link>{" "}
            or record a transaction, and its forecast shows here.
          </p>
        </SectionCard>
      ) : null}
      {total ? (
        <SectionCard title={`All accounts (${total.series.currency})`}>
          <ForecastBody forecast={total} />
          {leftOut.length > 0 ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">Not in the total: no exchange rate is known yet for</p>
              <ul className="mt-1 list-disc pl-5">
                {leftOut.map((account) => (
                  <li key={account.id}>
                    {account.name} ({account.currency})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </SectionCard>
      ) : null}
      {accounts.length > 1 ? (
        <nav aria-label="Accounts" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-slate-700">Each account:</span>
          {accounts.map((account) => (
            <Link key={account.key} to={`?account=${encodeURIComponent(account.key)}#forecast-${account.key}`} className={LINK_CLASS} aria-current={opened === account.key ? "true" : undefined}>
              {account.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {accounts.length === 1 ? (
        <OnlyAccountForecast forecast={accounts[0]} />
      ) : (
        accounts.map((account) => <AccountForecast key={account.key} forecast={account} open={opened === account.key} />)
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Cash-flow forecast | Ledgerly" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
