import { beforeEach, describe, expect, test, vi } from "vitest";
import { Schedule, SentReminder, User } from "../../../models";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { sendEmail } from "~/integrations/email.server";
import type * as EmailIntegration from "~/integrations/email.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/recurring.unsubscribe.$token";
import { createGoogleUser, createTransactionFor, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { emailsTo } from "../../../tests/setup/outbox";
import { getRequest, outcome, payloadOf, postRequest, statusOf } from "../../../tests/setup/route-requests";
import { addSchedule, getSchedule, type ScheduleInput } from "./recurring.server";
import { RECURRING_MESSAGES } from "./recurring";
import { readUnsubscribeToken, sendDueReminders, unsubscribePath, unsubscribeToken } from "./reminders.server";

// The real outbox, with a way to make a send fail.
vi.mock("~/integrations/email.server", async (importOriginal) => {
  const real = await importOriginal<typeof EmailIntegration>();
  return { ...real, sendEmail: vi.fn(real.sendEmail) };
});

useTestDatabase();

// Each run looks at every user's bills: each test starts with none but its own.
beforeEach(async () => {
  await Schedule.deleteMany({});
  await SentReminder.deleteMany({});
});

async function userWithEmail() {
  const email = uniqueEmail("reminders");
  return { userId: await createGoogleUser({ email }), email };
}

/** A monthly bill due on 2026-03-01, reminded 3 days ahead unless told otherwise. */
async function addBill(userId: string, input: Partial<ScheduleInput> = {}) {
  const saved = await addSchedule(userId, {
    name: "Rent",
    type: "expense",
    accountId: mainAccountId(userId),
    currency: "USD",
    amount: 150_000,
    frequency: "monthly",
    nextDate: "2026-03-01",
    category: "housing",
    remind: true,
    remindDaysBefore: 3,
    ...input,
  });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.schedule;
}

const linkIn = (text: string, pattern: RegExp) => text.match(pattern)?.[0];
const tokenIn = (text: string) => linkIn(text, /http:\/\/localhost:3000\/recurring\/unsubscribe\/(\S+)/)!.split("/").pop()!;

describe("bill reminders", () => {
  test("go remindDaysBefore days before the due date, one email with the amount and both links", async () => {
    const { userId, email } = await userWithEmail();
    const bill = await addBill(userId);

    expect(await sendDueReminders("2026-02-25")).toMatchObject({ sent: 0 });
    expect(await emailsTo(email)).toHaveLength(0);

    expect(await sendDueReminders("2026-02-26")).toMatchObject({ sent: 1, failed: 0 });
    const [reminder] = await emailsTo(email);
    expect(reminder.subject).toBe("Rent is due on March 1");
    expect(reminder.text).toContain("Rent is due on March 1 (in 3 days).\nAmount: $1,500.00 every month");
    expect(linkIn(reminder.text, /http\S+\/recurring(?=\n)/)).toBe("http://localhost:3000/recurring");
    expect(readUnsubscribeToken(tokenIn(reminder.text))).toEqual({ userId, scheduleId: bill.id });
    expect(reminder.html).toContain(`href="http://localhost:3000${unsubscribePath(unsubscribeToken(userId, bill.id))}"`);
    expect(await SentReminder.findById(`${bill.id}:2026-03-01`).lean()).toMatchObject({ userId: expect.anything() });
  });

  test("a run later inside the window sends it once, on the day it runs", async () => {
    const { userId, email } = await userWithEmail();
    await addBill(userId, { remindDaysBefore: 5 });

    expect(await sendDueReminders("2026-02-28")).toMatchObject({ sent: 1 });
    expect(await sendDueReminders("2026-03-01")).toMatchObject({ sent: 0 });
    expect((await emailsTo(email)).map((sent) => sent.text.split("\n")[0])).toEqual(["Rent is due on March 1 (tomorrow)."]);
  });

  test("none for a bill with reminders off, for a paycheck, or for a due date already met", async () => {
    const { userId, email } = await userWithEmail();
    await addBill(userId, { name: "Gym", remind: false });
    await addBill(userId, { name: "Salary", type: "income", category: "salary" });
    const rent = await addBill(userId);
    const paid = await createTransactionFor(userId, { amount: 150_000, date: "2026-02-26", description: "Rent", category: "housing" });
    const marked = await applyLedgerBatch(userId, { scheduled: [{ id: paid.id, scheduleId: rent.id, scheduleDate: "2026-03-01" }] });
    expect(marked.ok).toBe(true);

    expect(await sendDueReminders("2026-02-27")).toMatchObject({ sent: 0, failed: 0 });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  test("none for a user who is gone or disabled", async () => {
    const gone = await userWithEmail();
    const disabled = await userWithEmail();
    await addBill(gone.userId);
    await addBill(disabled.userId);
    await User.deleteOne({ _id: gone.userId });
    await User.updateOne({ _id: disabled.userId }, { $set: { disabled: true } });

    expect(await sendDueReminders("2026-02-27")).toEqual({ sent: 0, failed: 0, users: 0 });
    expect(await emailsTo(gone.email)).toHaveLength(0);
    expect(await emailsTo(disabled.email)).toHaveLength(0);
    expect(await SentReminder.countDocuments()).toBe(0);
  });

  test("each due date of a bill is reminded once, however often the job runs, and two runs at once send one", async () => {
    const { userId, email } = await userWithEmail();
    await addBill(userId, { name: "Cleaner", frequency: "weekly", amount: 6_000, nextDate: "2026-03-02", remindDaysBefore: 2 });

    const together = await Promise.all([sendDueReminders("2026-02-28"), sendDueReminders("2026-02-28")]);
    expect(together[0].sent + together[1].sent).toBe(1);
    expect(await sendDueReminders("2026-02-28")).toMatchObject({ sent: 0 });
    expect(await sendDueReminders("2026-03-01")).toMatchObject({ sent: 0 });
    expect(await sendDueReminders("2026-03-07")).toMatchObject({ sent: 1 });
    expect((await emailsTo(email)).map((sent) => sent.subject)).toEqual(["Cleaner is due on March 2", "Cleaner is due on March 9"]);
  });

  test("a send that fails is tried again by the next run", async () => {
    const { userId, email } = await userWithEmail();
    const bill = await addBill(userId);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(sendEmail).mockRejectedValueOnce(new Error("the SMTP server is down"));

    expect(await sendDueReminders("2026-02-27")).toMatchObject({ sent: 0, failed: 1 });
    expect(logged).toHaveBeenCalledWith(`the reminder ${bill.id}:2026-03-01 could not be sent`, expect.any(Error));
    expect(await SentReminder.countDocuments({ _id: `${bill.id}:2026-03-01` })).toBe(0);
    logged.mockRestore();

    expect(await sendDueReminders("2026-02-28")).toMatchObject({ sent: 1, failed: 0 });
    expect((await emailsTo(email)).map((sent) => sent.subject)).toEqual(["Rent is due on March 1"]);
  });

  test("the bill's name is escaped in the HTML", async () => {
    const { userId, email } = await userWithEmail();
    await addBill(userId, { name: "<b>Rent</b> & co" });
    await sendDueReminders("2026-02-27");
    const [reminder] = await emailsTo(email);
    expect(reminder.subject).toBe("<b>Rent</b> & co is due on March 1");
    expect(reminder.html).toContain("&#60;b&#62;Rent&#60;/b&#62; &#38; co is due on March 1");
    expect(reminder.html).not.toContain("<b>");
  });
});

describe("the unsubscribe link", () => {
  const args = (request: Request, token: string) => ({ request, params: { token }, context: { clientAddress: "127.0.0.1" } });
  const open = (token: string) => outcome(() => unsubscribeLoader(args(getRequest(unsubscribePath(token), ""), token)));
  const press = (token: string) => outcome(() => unsubscribeAction(args(postRequest(unsubscribePath(token), "", {}), token)));

  test("opening it changes nothing; pressing Stop reminders turns the bill's reminders off", async () => {
    const { userId } = await userWithEmail();
    const bill = await addBill(userId);
    const token = unsubscribeToken(userId, bill.id);

    const page = await open(token);
    expect(statusOf(page)).toBe(200);
    expect(payloadOf(page)).toEqual({ name: "Rent", remind: true });
    expect((await getSchedule(userId, bill.id))?.remind).toBe(true);

    const pressed = await press(token);
    expect(statusOf(pressed)).toBe(200);
    expect(payloadOf(pressed)).toEqual({ done: true });
    expect((await getSchedule(userId, bill.id))?.remind).toBe(false);
    expect(payloadOf(await open(token))).toEqual({ name: "Rent", remind: false });
    expect(RECURRING_MESSAGES.unsubscribed).toBe("You will get no more reminders for this bill.");

    // Off, the bill is reminded no more.
    expect(await sendDueReminders("2026-02-27")).toMatchObject({ sent: 0 });
  });

  test("a forged token, another schedule's token or one signed for another user's bill is answered 404 and changes nothing", async () => {
    const owner = await userWithEmail();
    const other = await userWithEmail();
    const bill = await addBill(owner.userId);
    const otherBill = await addBill(other.userId, { name: "Their rent" });
    const token = unsubscribeToken(owner.userId, bill.id);
    const bytes = Buffer.from(token, "base64url");

    const forged = Buffer.from(bytes);
    forged[forged.length - 1] ^= 1;
    // Another schedule's id in this token's place, the signature left as it was.
    const swapped = Buffer.concat([Buffer.from(otherBill.id, "hex"), bytes.subarray(12)]);
    const tokens = [forged.toString("base64url"), swapped.toString("base64url"), unsubscribeToken(owner.userId, otherBill.id), "not-a-token", `${token}x`];

    for (const bad of tokens) {
      expect(statusOf(await open(bad)), bad).toBe(404);
      expect(statusOf(await press(bad)), bad).toBe(404);
    }
    expect((await getSchedule(owner.userId, bill.id))?.remind).toBe(true);
    expect((await getSchedule(other.userId, otherBill.id))?.remind).toBe(true);
  });

  test("a post from another site is refused", async () => {
    const { userId } = await userWithEmail();
    const bill = await addBill(userId);
    const token = unsubscribeToken(userId, bill.id);
    const crossSite = postRequest(unsubscribePath(token), "", {}, { Origin: "https://evil.example" });
    expect(statusOf(await outcome(() => unsubscribeAction(args(crossSite, token))))).toBe(403);
    expect((await getSchedule(userId, bill.id))?.remind).toBe(true);
  });
});
