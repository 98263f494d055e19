import { Link } from "@remix-run/react";
import { SMALL_BUTTON_CLASS } from "~/components/ui/buttons";
import { formatMoney, toCents } from "~/lib/money";
import { dayHeading, monthLabel } from "~/lib/month";
import type { CalendarDay, CalendarEvent, CalendarStatus } from "../calendar";
import { CALENDAR_PATH } from "../paths";

export type CalendarCell = CalendarDay & { events: CalendarEvent[] };

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

const STATUS_TEXT: Record<CalendarStatus, string | null> = { paid: "Paid", missed: "Missed", late: "Not recorded yet", upcoming: null };

/** The kind and status in words, so colour is never the only cue; the colours pass 4.5:1 on their backgrounds. */
const TYPE_STYLES = {
  expense: { word: "Bill", box: "border-red-600 bg-red-50", kind: "text-red-800" },
  income: { word: "Paycheck", box: "border-emerald-600 bg-emerald-50", kind: "text-emerald-800" },
} as const;

const STATUS_STYLES: Record<CalendarStatus, string> = {
  paid: "text-slate-700",
  missed: "font-semibold text-red-800",
  late: "text-amber-900",
  upcoming: "",
};

export const calendarMonthHref = (month: string) => `${CALENDAR_PATH}?${new URLSearchParams({ month })}`;

function EventItem({ event }: { event: CalendarEvent }) {
  const style = TYPE_STYLES[event.type];
  const status = STATUS_TEXT[event.status];
  const amount = `${event.approximate && event.status !== "paid" ? "about " : ""}${formatMoney(toCents(event.amount), event.currency)}`;
  return (
    <li className={`rounded-md border-l-4 px-1.5 py-1 text-xs leading-snug ${style.box} ${event.status === "paid" ? "opacity-90" : ""}`} data-testid="calendar-event">
      <span className={`block font-semibold ${style.kind}`}>
        {style.word}
        {status ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            <span className={STATUS_STYLES[event.status]}>{status}</span>
          </>
        ) : null}
      </span>
      <span className="block font-medium break-words text-slate-900">{event.name}</span>
      <span className="block tabular-nums text-slate-800">{amount}</span>
    </li>
  );
}

function DayCell({ day }: { day: CalendarCell }) {
  // On a narrow screen the weeks stack into a list of the month's days that have something on them (and today).
  const hiddenWhenNarrow = !day.inMonth || (day.events.length === 0 && !day.isToday);
  return (
    <td
      aria-current={day.isToday ? "date" : undefined}
      className={`h-28 w-[14.28%] border border-slate-200 p-1 align-top max-sm:h-auto max-sm:w-full max-sm:border-0 max-sm:border-b max-sm:px-0 max-sm:py-3 ${day.isToday ? "bg-brand-50 ring-2 ring-brand-600 ring-inset max-sm:bg-white max-sm:ring-0" : day.inMonth ? "bg-white" : "bg-slate-50"} ${hiddenWhenNarrow ? "max-sm:hidden" : "max-sm:block"}`}
    >
      <div className="mb-1 flex items-center gap-1.5">
        <time dateTime={day.date} className="text-sm">
          <span aria-hidden="true" className={`tabular-nums sm:inline max-sm:hidden ${day.inMonth ? "font-semibold text-slate-900" : "text-slate-500"}`}>
            {Number(day.date.slice(8, 10))}
          </span>
          <span className="font-semibold text-slate-900 sm:sr-only">{dayHeading(day.date)}</span>
        </time>
        {day.isToday ? <span className="rounded bg-brand-700 px-1.5 text-xs font-semibold text-white">Today</span> : null}
      </div>
      {day.events.length > 0 ? (
        <ul className="space-y-1 max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:space-y-0">
          {day.events.map((event) => (
            <EventItem key={event.key} event={event} />
          ))}
        </ul>
      ) : null}
    </td>
  );
}

/**
 * A month of bills and paychecks as a table: the month is its caption, a column per weekday (Monday first),
 * each day with what is due on it in words (bill or paycheck, name, amount, paid or missed) and today marked
 * `aria-current="date"`. The months before and after are plain links (`?month=`), so they work without
 * JavaScript. On a narrow screen the table stacks into the days that have something due.
 */
export function CalendarGrid({ month, weeks, previous, next, currentMonth }: { month: string; weeks: CalendarCell[][]; previous: string; next: string; currentMonth: string }) {
  const label = monthLabel(month);
  const nothingDue = weeks.every((week) => week.every((day) => !day.inMonth || day.events.length === 0));
  return (
    <div className="space-y-4">
      <nav aria-label="Months" className="flex flex-wrap items-center justify-between gap-2">
        <Link to={calendarMonthHref(previous)} aria-label={`Previous month, ${monthLabel(previous)}`} className={SMALL_BUTTON_CLASS} prefetch="intent">
          <span aria-hidden="true">←</span> Previous month
        </Link>
        {month === currentMonth ? null : (
          <Link to={calendarMonthHref(currentMonth)} className="text-sm font-semibold text-brand-700 hover:underline">
            Back to this month
          </Link>
        )}
        <Link to={calendarMonthHref(next)} aria-label={`Next month, ${monthLabel(next)}`} className={SMALL_BUTTON_CLASS} prefetch="intent">
          Next month <span aria-hidden="true">→</span>
        </Link>
      </nav>
      <table className="w-full table-fixed border-collapse max-sm:block" data-testid="recurring-calendar">
        <caption className="pb-3 text-left text-xl font-semibold text-slate-900 max-sm:block">{label}</caption>
        <thead className="max-sm:sr-only">
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="border border-slate-200 bg-slate-50 py-1.5 text-xs font-semibold text-slate-700 uppercase">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {weeks.map((week) => (
            <tr key={week[0].date} className="max-sm:contents">
              {week.map((day) => (
                <DayCell key={day.date} day={day} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {nothingDue ? <p className="text-sm text-slate-600">No bills or paychecks are due in {label}.</p> : null}
    </div>
  );
}
