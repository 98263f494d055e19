import { SecurityEvent, type SecurityEventKind } from "../../../models";
import { sendEmail } from "~/integrations/email.server";

/** What each change is called on the security page and in the email about it. */
const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  "two-factor-on": "Two-factor sign-in turned on",
  "two-factor-off": "Two-factor sign-in turned off",
  "two-factor-replaced": "Two-factor sign-in moved to a new authenticator app",
  "recovery-codes-renewed": "New recovery codes made",
};

const SHOWN = 10;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** "November 26, 2026 at 7:50 PM UTC": the same words on the page and in the email, whatever the server's zone. */
export function describeWhen(at: Date) {
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

/** The user's latest changes, newest first, as the security page lists them. */
export async function listSecurityEvents(userId: string) {
  const events = await SecurityEvent.find({ userId }).sort({ createdAt: -1, _id: -1 }).limit(SHOWN).select({ kind: 1, device: 1, createdAt: 1 }).lean();
  return events.map((event) => ({
    id: String(event._id),
    label: SECURITY_EVENT_LABELS[event.kind],
    device: event.device,
    at: event.createdAt,
  }));
}

/** Who made a change, from which device ("Chrome on Linux"), and the app's origin for the email's links. */
export type ChangeMadeBy = { userId: string; email: string; device: string; origin: string };

/**
 * Records a change to how the account is protected, for the security page, and emails the account about
 * it, so an owner whose session was stolen learns of it. The change is made already: a failed email is
 * logged, not reported to the person who made it.
 */
export async function noteSecurityChange(by: ChangeMadeBy, kind: SecurityEventKind, now = new Date()) {
  await SecurityEvent.create({ userId: by.userId, kind, device: by.device, createdAt: now });
  const what = SECURITY_EVENT_LABELS[kind];
  const when = describeWhen(now);
  const { device } = by;
  const security = new URL("/profile/security", by.origin).toString();
  const reset = new URL("/forgot-password", by.origin).toString();
  try {
    await sendEmail({
      to: by.email,
      subject: "Two-factor sign-in was changed on your Ledgerly account",
      text: [
        "Two-factor sign-in was changed on your Ledgerly account.",
        "",
        `What happened: ${what}`,
        `When: ${when}`,
        `Device: ${device}`,
        "",
        "If this was you, there is nothing more to do.",
        "",
        `If this was not you, someone else may be signed in to your account. Sign in, change your password, then sign out every other device and set up two-factor sign-in again: ${security}`,
        `If you cannot sign in, reset your password: ${reset}`,
      ].join("\n"),
      html: `<p>Two-factor sign-in was changed on your Ledgerly account.</p><p>What happened: ${escapeHtml(what)}<br>When: ${escapeHtml(when)}<br>Device: ${escapeHtml(device)}</p><p>If this was you, there is nothing more to do.</p><p>If this was not you, someone else may be signed in to your account. Sign in, change your password, then <a href="${escapeHtml(security)}">sign out every other device and set up two-factor sign-in again</a>. If you cannot sign in, <a href="${escapeHtml(reset)}">reset your password</a>.</p>`,
    });
  } catch (error) {
    console.error("the email about a security change failed", error);
  }
}
