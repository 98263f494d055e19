import { sendDueReminders } from "../app/features/recurring/reminders.server";
import { todayIso } from "../app/lib/month";

export const REMIND_BILLS = "remind-bills";
export const REMIND_BILLS_INTERVAL = "1 hour";

/**
 * Emails the bill reminders that are due (features/recurring/reminders.server.ts). Hourly: each due date's
 * reminder is claimed before it is sent, so a run again (or two at once) sends none twice, and a send that
 * failed is tried again the next hour.
 */
export async function remindBills(now = new Date()) {
  const result = await sendDueReminders(todayIso(now), now);
  if (result.failed > 0) console.warn(`bill reminders: ${result.failed} failed, ${result.sent} sent`);
  return result;
}
