import { expect, test, type TestUser } from "./fixtures";

/** A monthly bill of the user's, due in two days with reminders three days ahead, added through the recurring feature. */
async function seedRemindedBill(user: TestUser, name: string) {
  const { addSchedule } = await import("~/features/recurring/recurring.server");
  const { shiftDay } = await import("~/features/recurring/occurrences");
  const { mainAccountId } = await import("~/features/accounts/accounts.server");
  const { todayIso } = await import("~/lib/month");
  const saved = await addSchedule(user.id, {
    name,
    type: "expense",
    accountId: mainAccountId(user.id),
    currency: "USD",
    amount: 150_000,
    frequency: "monthly",
    nextDate: shiftDay(todayIso(), 2),
    category: "housing",
    remind: true,
    remindDaysBefore: 3,
  });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.schedule;
}

test.describe("bill reminders", () => {
  test("the unsubscribe link of a reminder email stops the bill's reminders without signing in", async ({ page, app, createUser, readEmail }) => {
    const user = await createUser();
    const bill = await seedRemindedBill(user, "Rent");
    // The job's run, in this process on the app's database and outbox (the server's hourly run may send it first: either way one email).
    const { sendDueReminders } = await import("~/features/recurring/reminders.server");
    const { todayIso } = await import("~/lib/month");
    await sendDueReminders(todayIso(), new Date(), app.state.appUrl);

    const email = await readEmail(user.email);
    expect(email.subject).toMatch(/^Rent is due on [A-Z][a-z]+ \d{1,2}$/);
    expect(email.text).toContain("Amount: $1,500.00 every month");
    const link = email.text.match(/http\S+\/recurring\/unsubscribe\/\S+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Stop reminders for Rent?" })).toBeVisible();
    // Opening the link changed nothing.
    expect((await app.models.Schedule.findById(bill.id).lean())?.remind).toBe(true);

    await page.getByRole("button", { name: "Stop reminders" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You will get no more reminders for this bill." })).toBeVisible();
    expect((await app.models.Schedule.findById(bill.id).lean())?.remind).toBe(false);
  });

  test("a link that was not signed by the app is answered with the 404 page", async ({ page }) => {
    const response = await page.goto("/recurring/unsubscribe/not-a-real-token");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });
});
