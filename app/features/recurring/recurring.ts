import { formatMoney, toCents } from "~/lib/money";
import { FREQUENCY_LABELS, type Frequency } from "./occurrences";

/** Recurring bills and paychecks: what the pages say and where they are. */

export const RECURRING_PATH = "/recurring";
export const CALENDAR_PATH = "/recurring/calendar";
export const FORECAST_PATH = "/recurring/forecast";
export const scheduleEditPath = (scheduleId: string) => `${RECURRING_PATH}/${scheduleId}`;

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
