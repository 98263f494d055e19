import { Link } from "@remix-run/react";
import type { UpcomingCardData } from "../recurring";
import { CALENDAR_PATH, RECURRING_PATH } from "../paths";

/**
 * The dashboard's "Next 14 days": the bills and paychecks due, the total of the bills, and the due dates that
 * went by without their payment ("Rent was expected on the 1st").
 */
export function UpcomingCard({ days, due, totalDue, comingIn, missed, scheduleCount }: UpcomingCardData) {
  return (
    <section aria-labelledby="upcoming-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="upcoming-heading" className="text-lg font-bold text-slate-900">
          Next {days} days
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
            Total due: <span className="font-bold text-slate-900">{totalDue}</span>
            {comingIn ? <> · Coming in: <span className="font-bold text-emerald-700">{comingIn}</span></> : null}
          </p>
          {due.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing is due in the next {days} days.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" aria-label={`Due in the next ${days} days`}>
              {due.map((item) => (
                <li key={item.key} className="flex justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{item.day}</span> · {item.name}
                    <span className="sr-only">{item.type === "income" ? " (paycheck)" : " (bill)"}</span>
                  </span>
                  <span className={item.type === "income" ? "font-semibold text-emerald-700" : "font-semibold text-slate-900"}>
                    {item.type === "income" ? "+" : "−"}
                    {item.amount}
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
