import { eachDayOfInterval, endOfMonth, endOfWeek, lightFormat, parseISO, startOfWeek } from "date-fns";
import { isMonthKey, shiftMonth } from "~/lib/month";

export type CalendarDay = { date: string; inMonth: boolean; isToday: boolean };

export type CalendarMonth = { month: string; weeks: CalendarDay[][]; previous: string; next: string };

const DAYS_IN_WEEK = 7;

/**
 * The weeks that cover a month (four to six), each of seven days from `weekStartsOn` (1: Monday, 0: Sunday),
 * the days of the months around it included and marked `inMonth: false`. date-fns counts in local time: the
 * days are read from and written back to local fields, so the time zone never moves one.
 */
export function calendarMonth(monthKey: string, { weekStartsOn = 1, today }: { weekStartsOn?: 0 | 1; today?: string } = {}): CalendarMonth {
  if (!isMonthKey(monthKey)) throw new RangeError(`not a month: ${monthKey}`);
  const first = parseISO(`${monthKey}-01`);
  const days = eachDayOfInterval({ start: startOfWeek(first, { weekStartsOn }), end: endOfWeek(endOfMonth(first), { weekStartsOn }) }).map((day): CalendarDay => {
    const date = lightFormat(day, "yyyy-MM-dd");
    return { date, inMonth: date.startsWith(monthKey), isToday: date === today };
  });
  const weeks = Array.from({ length: days.length / DAYS_IN_WEEK }, (_, week) => days.slice(week * DAYS_IN_WEEK, (week + 1) * DAYS_IN_WEEK));
  return { month: monthKey, weeks, previous: shiftMonth(monthKey, -1), next: shiftMonth(monthKey, 1) };
}

/** Each day of the weeks with its events, in the order given; events on no day of the weeks are left out. */
export function placeOnCalendar<Event extends { date: string }>(weeks: CalendarDay[][], events: Event[]) {
  const byDay = new Map<string, Event[]>();
  for (const event of events) {
    const onDay = byDay.get(event.date);
    if (onDay) onDay.push(event);
    else byDay.set(event.date, [event]);
  }
  return weeks.map((week) => week.map((day) => ({ ...day, events: byDay.get(day.date) ?? [] })));
}

/**
 * A due date of a bill or paycheck as the calendar shows it: met ("paid", with the amount that met it), gone by
 * unmet past the days a payment may be booked late ("missed"), gone by within them ("late": it may still come),
 * or today or ahead ("upcoming").
 */
export type CalendarStatus = "paid" | "missed" | "late" | "upcoming";

export type CalendarEvent = {
  key: string;
  name: string;
  type: "income" | "expense";
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The amount varies from one payment to the next: shown as "about". */
  approximate: boolean;
  status: CalendarStatus;
};
