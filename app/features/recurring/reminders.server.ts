import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import mongoose, { Types } from "mongoose";
import { Schedule as ScheduleModel, SentReminder, User, type UserRecord } from "../../../models";
import { sendEmail } from "~/integrations/email.server";
import { getEnv } from "~/utils/env.server";
import { daysBetween, shiftDay } from "./occurrences";
import { dueItems, getSchedule, listSchedules, setReminder, withMarks, type DueItem } from "./recurring.server";
import { longDay, scheduleAmountText } from "./recurring";
import { RECURRING_PATH } from "./paths";

/**
 * Bill reminders by email: a job sends one email per unmet due date of a bill whose reminders are on, from
 * `remindDaysBefore` days ahead (or the first run inside that window), each with a link that stops the bill's
 * reminders without signing in. A due date is claimed in SentReminder (`_id` "<scheduleId>:<dueDate>") before its
 * email goes, so two runs at once send it once; a send that fails gives the claim back for the next run.
 */

export const UNSUBSCRIBE_PATH = `${RECURRING_PATH}/unsubscribe`;
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}/${token}`;

/* The unsubscribe link: the schedule's and its owner's ids, signed (HMAC-SHA-256, cut to 128 bits) with a key
 * derived from SESSION_SECRET for this purpose alone. It names one bill of one user and never expires; a new
 * SESSION_SECRET ends the links already sent. */

const ID_BYTES = 12;
const MAC_BYTES = 16;

function signingKey() {
  return Buffer.from(hkdfSync("sha256", getEnv().SESSION_SECRET, "ledgerly", "signed:reminder-unsubscribe", 32));
}

function macOf(ids: Buffer) {
  return createHmac("sha256", signingKey()).update(ids).digest().subarray(0, MAC_BYTES);
}

/** The token of the link that stops the reminders of `scheduleId` (of `userId`): 54 base64url characters. */
export function unsubscribeToken(userId: string, scheduleId: string) {
  const ids = Buffer.concat([Buffer.from(scheduleId, "hex"), Buffer.from(userId, "hex")]);
  return Buffer.concat([ids, macOf(ids)]).toString("base64url");
}

/** The schedule and user a token names; null for anything this app did not sign. */
export function readUnsubscribeToken(token: string): { userId: string; scheduleId: string } | null {
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 2 * ID_BYTES + MAC_BYTES || bytes.toString("base64url") !== token) return null;
  const ids = bytes.subarray(0, 2 * ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(2 * ID_BYTES), macOf(ids))) return null;
  return { scheduleId: ids.subarray(0, ID_BYTES).toString("hex"), userId: ids.subarray(ID_BYTES).toString("hex") };
}

/** The bill an unsubscribe link is for, as its page shows it; null when the token is forged or the bill is gone. */
export async function unsubscribeTarget(token: string) {
  const signed = readUnsubscribeToken(token);
  const schedule = signed ? await getSchedule(signed.userId, signed.scheduleId) : null;
  return schedule ? { name: schedule.name, remind: schedule.remind } : null;
}

/** Turns the reminders of the link's bill off; false when the token is forged or the bill is gone. */
export async function unsubscribe(token: string) {
  const signed = readUnsubscribeToken(token);
  return signed ? setReminder(signed.userId, signed.scheduleId, false) : false;
}

/* The emails. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** "today", "tomorrow", "in 3 days". */
function whenDue(today: string, dueDate: string) {
  const days = daysBetween(today, dueDate);
  return days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
}

/** The reminder of one due date: "Rent is due on March 1", the amount, the recurring page and the unsubscribe link. */
export function reminderEmail({ schedule, date }: DueItem, today: string, links: { recurring: string; unsubscribe: string }) {
  const subject = `${schedule.name} is due on ${longDay(date)}`;
  const amount = scheduleAmountText(schedule);
  const why = `You get this email because reminders are on for ${schedule.name}, ${schedule.remindDaysBefore} ${schedule.remindDaysBefore === 1 ? "day" : "days"} before each due date.`;
  const text = [
    `${subject} (${whenDue(today, date)}).`,
    `Amount: ${amount}`,
    "",
    `See your recurring bills and paychecks: ${links.recurring}`,
    "",
    why,
    `Stop reminders for this bill: ${links.unsubscribe}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(subject)} (${whenDue(today, date)}).<br>Amount: ${escapeHtml(amount)}</p>`,
    `<p><a href="${escapeHtml(links.recurring)}">See your recurring bills and paychecks</a></p>`,
    `<p>${escapeHtml(why)} <a href="${escapeHtml(links.unsubscribe)}">Stop reminders for this bill</a></p>`,
  ].join("");
  return { subject, text, html };
}

const DUPLICATE_KEY = 11000;

/** Claims a due date's reminder; false when another run claimed it first (or it was sent). */
async function claim(claimId: string, userId: string, now: Date) {
  try {
    await SentReminder.create({ _id: claimId, userId: new Types.ObjectId(userId), sentAt: now });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    return false;
  }
}

export type RemindersSent = { sent: number; failed: number; users: number };

/** The unmet due dates of the user's bills with reminders on, from `today` to each bill's `remindDaysBefore` days ahead. */
async function dueReminders(userId: string, today: string) {
  const bills = (await listSchedules(userId)).filter((schedule) => schedule.remind && schedule.type === "expense");
  const marked = await withMarks(userId, bills);
  return marked.flatMap((entry) => dueItems([entry], today, shiftDay(today, entry.schedule.remindDaysBefore)));
}

/** Sends one user's reminders that are due and not sent yet. */
async function sendUserReminders(user: { id: string; email: string }, today: string, origin: string, now: Date) {
  const result = { sent: 0, failed: 0 };
  const recurring = new URL(RECURRING_PATH, origin).toString();
  for (const item of await dueReminders(user.id, today)) {
    const claimId = `${item.schedule.id}:${item.date}`;
    if (!(await claim(claimId, user.id, now))) continue;
    const unsubscribeLink = new URL(unsubscribePath(unsubscribeToken(user.id, item.schedule.id)), origin).toString();
    try {
      await sendEmail({ to: user.email, ...reminderEmail(item, today, { recurring, unsubscribe: unsubscribeLink }) });
      result.sent += 1;
    } catch (error) {
      // Given back, so the next run tries again (while the due date is still ahead).
      await SentReminder.deleteOne({ _id: claimId });
      result.failed += 1;
      console.error(`the reminder ${claimId} could not be sent`, error);
    }
  }
  return result;
}

/**
 * Sends every reminder due on `today` (YYYY-MM-DD): for each bill (an expense schedule) with reminders on, each
 * unmet due date from today to `remindDaysBefore` days ahead that has no reminder yet. Users who are gone (an
 * account deletion under way removes the schedules before the user) or disabled get none. Links point at
 * `origin` (APP_URL). One user's failure is logged and the others' reminders still go.
 */
export async function sendDueReminders(today: string, now = new Date(), origin = getEnv().APP_URL): Promise<RemindersSent> {
  if (!origin) throw new Error("APP_URL is required: reminder emails link to the app");
  const userIds = (await ScheduleModel.distinct("userId", { remind: true, type: "expense" })).map(String);
  if (userIds.length === 0) return { sent: 0, failed: 0, users: 0 };
  const users = await User.find({ _id: mongoose.trusted({ $in: userIds.map((id) => new Types.ObjectId(id)) }) })
    .select({ email: 1, disabled: 1 })
    .lean<Array<Pick<UserRecord, "_id" | "email" | "disabled">>>();
  const total: RemindersSent = { sent: 0, failed: 0, users: 0 };
  for (const user of users) {
    if (user.disabled) continue;
    total.users += 1;
    try {
      const result = await sendUserReminders({ id: String(user._id), email: user.email }, today, origin, now);
      total.sent += result.sent;
      total.failed += result.failed;
    } catch (error) {
      total.failed += 1;
      console.error(`the reminders of user ${String(user._id)} could not be sent`, error);
    }
  }
  return total;
}
