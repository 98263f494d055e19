import { Link } from "@remix-run/react";
import { formatMoney, toCents } from "~/lib/money";
import { CALENDAR_PATH, longDay, RECURRING_PATH, UPCOMING_DAYS } from "../recurring";

type UpcomingItem = { scheduleId: string; name: string; type: "income" | "expense"; date: string; amount: number; currency: string };

/** The totals of `items` by currency, "$1,200.00 + €40.00", or null when there are none. */
function totalText(items: UpcomingItem[]) {
  const byCurrency = new Map<string, number>();
  for (const item of items) byCurrency.set(item.currency, (byCurrency.get(item.currency) ?? 0) + item.amount);
  if (byCurrency.size === 0) return null;
  return [...byCurrency].map(([currency, amount]) => formatMoney(toCents(amount), currency)).join(" + ");
}

/**
 * The dashboard's "Next 14 days": the bills and paychecks due, the total of the bills, and the due dates that
 * went by without their payment ("Rent was expected on the 1st").
 */
export function UpcomingCard({ due, missed, scheduleCount }: { due: UpcomingItem[]; missed: Array<{ key: string; message: string }>; scheduleCount: number }) {
  const bills = due.filter((item) => item.type === "expense");
  const paychecks = due.filter((item) => item.type === "income");
  return (
    <section aria-labelledby="upcoming-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="upcoming-heading" className="text-lg font-bold text-slate-900">
          Next {UPCOMING_DAYS} days
        </h3>
        <div className="flex gap-3 text-sm font-semibold">
          <Link to={CALENDAR_PATH} className="text-brand-700 hover:underline">
            Calendar
          </Link>
          <Link to={RECURRING_PATH} className="text-brand-700 hover:underline">
            Recurring bills
          </Link>
        </div>
      </div>
      {missed.length > 0 ? (
        <ul className="mt-3 space-y-1" aria-label="Missed payments">
          {missed.map((item) => (
            <li key={item.key} role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {item.message}
            </li>
          ))}
        </ul>
      ) : null}
      {scheduleCount === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No recurring bills or paychecks yet.{" "}
          <Link to={RECURRING_PATH} className="font-semibold text-brand-700 hover:underline">
            Add them or find them in your transactions
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700" data-testid="upcoming-total">
            Total due: <span className="font-bold text-slate-900">{totalText(bills) ?? formatMoney(toCents(0), due[0]?.currency ?? "USD")}</span>
            {paychecks.length > 0 ? <> · Coming in: <span className="font-bold text-emerald-700">{totalText(paychecks)}</span></> : null}
          </p>
          {due.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing is due in the next {UPCOMING_DAYS} days.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" aria-label={`Due in the next ${UPCOMING_DAYS} days`}>
              {due.map((item) => (
                <li key={`${item.scheduleId}:${item.date}`} className="flex justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{longDay(item.date)}</span> · {item.name}
                    <span className="sr-only">{item.type === "income" ? " (paycheck)" : " (bill)"}</span>
                  </span>
                  <span className={item.type === "income" ? "font-semibold text-emerald-700" : "font-semibold text-slate-900"}>
                    {item.type === "income" ? "+" : "−"}
                    {formatMoney(toCents(item.amount), item.currency)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
