import { formatMoney, toCents } from "~/lib/money";
import { FREQUENCY_LABELS, type Frequency } from "./occurrences";

/** Recurring bills and paychecks: what the pages say (where they are: ./paths). */

export const RECURRING_INTENTS = {
  add: "add-schedule",
  save: "save-schedule",
  delete: "delete-schedule",
  accept: "accept-series",
  ignore: "ignore-series",
  detect: "detect-series",
  record: "record-payment",
  reminder: "set-reminder",
} as const;

/** At most this many characters name a schedule. */
export const SCHEDULE_NAME_MAX_LENGTH = 80;
/** A user has at most this many schedules. */
export const MAX_SCHEDULES = 200;
/** Days ahead the dashboard's card looks. */
export const UPCOMING_DAYS = 14;

export const RECURRING_MESSAGES = {
  nameRequired: "Please name the bill or paycheck.",
  nameTooLong: "The name can be at most 80 characters.",
  invalidAmount: "Please enter a valid amount",
  invalidDate: "Please enter a valid date",
  chooseType: "Choose whether it is a bill or a paycheck.",
  chooseFrequency: "Choose how often it comes.",
  chooseAccount: "Please choose one of your open accounts",
  chooseCategory: "Please select a category",
  invalidDays: "Enter a number of days from 0 to 30.",
  tooMany: `You have ${MAX_SCHEDULES} recurring bills and paychecks, the most there can be.`,
  notFound: "This recurring bill or paycheck was not found.",
  added: "Recurring bill added",
  saved: "Recurring bill saved",
  deleted: "Recurring bill deleted",
  accepted: "Added to your recurring bills",
  ignored: "We will not suggest it again",
  detecting: "Looking for recurring payments in your transactions…",
  recorded: "Payment recorded",
  alreadyMet: "This payment is already recorded.",
  remindersOn: "Reminders on",
  remindersOff: "Reminders off",
  unsubscribed: "You will get no more reminders for this bill.",
  failed: "It could not be saved. Please try again.",
} as const;

/** "Rent was expected on the 1st": how the dashboard names a due date that went by unmet. */
export function missedMessage(name: string, dueDate: string, today: string) {
  const day = Number(dueDate.slice(8, 10));
  const sameMonth = dueDate.slice(0, 7) === today.slice(0, 7);
  return `${name} was expected on ${sameMonth ? `the ${ordinal(day)}` : longDay(dueDate)}`;
}

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(day: number) {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th"}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-03-01" → "March 1". */
export function longDay(date: string) {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** "$1,500.00 every month", "about $62.00 every month" for an amount that varies. */
export function scheduleAmountText(schedule: { amount: number; amountMin: number; amountMax: number; currency: string; frequency: Frequency }) {
  const varies = schedule.amountMin !== schedule.amountMax;
  return `${varies ? "about " : ""}${formatMoney(toCents(schedule.amount), schedule.currency)} ${FREQUENCY_LABELS[schedule.frequency].toLowerCase()}`;
}

/** The totals of `items` by currency, "$1,200.00 + €40.00", or null when there are none. */
export function totalsText(items: ReadonlyArray<{ amount: number; currency: string }>) {
  const byCurrency = new Map<string, number>();
  for (const item of items) byCurrency.set(item.currency, (byCurrency.get(item.currency) ?? 0) + item.amount);
  if (byCurrency.size === 0) return null;
  return [...byCurrency].map(([currency, amount]) => formatMoney(toCents(amount), currency)).join(" + ");
}

export type UpcomingCardData = {
  days: number;
  due: Array<{ key: string; name: string; type: "income" | "expense"; day: string; amount: string }>;
  /** What the bills due come to (zero in `currency` when none is). */
  totalDue: string;
  /** What the paychecks due come to, or null when none is. */
  comingIn: string | null;
  missed: Array<{ key: string; message: string }>;
  scheduleCount: number;
};

/** The dashboard's "Next 14 days" as it reads: its texts made here, so the page ships none of this module. */
export function upcomingCardData(
  upcoming: { due: Array<{ schedule: { id: string; name: string; type: "income" | "expense"; amount: number; currency: string }; date: string }>; missed: Array<{ schedule: { id: string }; date: string; message: string }>; scheduleCount: number },
  days: number,
  currency: string,
): UpcomingCardData {
  const items = upcoming.due.map(({ schedule, date }) => ({ ...schedule, date }));
  return {
    days,
    due: items.map((item) => ({ key: `${item.id}:${item.date}`, name: item.name, type: item.type, day: longDay(item.date), amount: formatMoney(toCents(item.amount), item.currency) })),
    totalDue: totalsText(items.filter((item) => item.type === "expense")) ?? formatMoney(toCents(0), items[0]?.currency ?? currency),
    comingIn: totalsText(items.filter((item) => item.type === "income")),
    missed: upcoming.missed.map(({ schedule, date, message }) => ({ key: `${schedule.id}:${date}`, message })),
    scheduleCount: upcoming.scheduleCount,
  };
}
