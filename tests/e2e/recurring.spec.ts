import type { Page } from "@playwright/test";
import { addTransaction, expect, test, type TestUser } from "./fixtures";

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const monthsBack = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
};
const monthDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });

function addForm(page: Page) {
  return page.getByRole("region", { name: "Add a recurring bill or paycheck" });
}

function upcomingCard(page: Page) {
  return page.getByRole("region", { name: "Next 14 days" });
}

async function seedSchedule(user: TestUser, input: { name: string; amount: number; nextDate: string; type?: "income" | "expense" }) {
  const { addSchedule } = await import("~/features/recurring/recurring.server");
  const { mainAccountId } = await import("~/features/accounts/accounts.server");
  const added = await addSchedule(user.id, { type: "expense", accountId: mainAccountId(user.id), currency: "USD", frequency: "monthly", category: "housing", remind: false, remindDaysBefore: 3, ...input });
  if (!added.ok) throw new Error(added.reason);
  return added.schedule;
}

test.describe("recurring bills and paychecks", () => {
  test("a user adds a bill by hand, refused first without a name; it shows in the dashboard's Next 14 days with the total due; they edit it and turn its reminders on", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/recurring");
    await expect(page.getByText("No recurring bills or paychecks yet.")).toBeVisible();

    const form = addForm(page);
    await form.getByLabel("Amount (USD)").fill("1500.00");
    await form.getByLabel("Next due date").fill(daysFrom(today(), 3));
    await form.getByLabel("Category").selectOption({ label: "Housing" });
    await form.getByRole("button", { name: "Add recurring bill" }).click();
    await expect(form.getByText("Please name the bill or paycheck.")).toBeVisible();
    expect(await app.models.Schedule.countDocuments({ userId: user.id })).toBe(0);

    await form.getByLabel("Name").fill("Rent");
    await form.getByLabel("Amount (USD)").fill("1500.00");
    await form.getByRole("button", { name: "Add recurring bill" }).click();
    await expect(page.getByText("Recurring bill added")).toBeVisible();
    const list = page.getByRole("list", { name: "Recurring bills and paychecks" });
    await expect(list).toContainText("Rent");
    await expect(list).toContainText("$1,500.00 every month");
    await expect(list).toContainText("Housing");
    expect(await app.models.Schedule.findOne({ userId: user.id }).lean()).toMatchObject({ name: "Rent", amount: 150000, frequency: "monthly", anchor: daysFrom(today(), 3), type: "expense" });

    await page.screenshot({ path: test.info().outputPath("recurring.png"), fullPage: true });
    await page.goto("/dashboard");
    await expect(upcomingCard(page)).toContainText("Rent");
    await expect(upcomingCard(page).getByTestId("upcoming-total")).toHaveText("Total due: $1,500.00");

    await page.goto("/recurring");
    await page.getByRole("button", { name: "Rent: Reminders off", exact: true }).click();
    await expect(page.getByText("Reminders on", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rent: Reminders on (3 days before)", exact: true })).toHaveAttribute("aria-pressed", "true");
    expect(await app.models.Schedule.findOne({ userId: user.id }).lean()).toMatchObject({ remind: true });

    await page.getByRole("link", { name: "Edit Rent" }).click();
    await expect(page.getByRole("heading", { name: "Edit Rent" })).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("1550.00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Recurring bill saved")).toBeVisible();
    await expect(list).toContainText("$1,550.00 every month");
  });

  test("a due date that went by unpaid is on the dashboard (“Rent was expected on …”); Record it pays it and the notice goes", async ({ page, login, app }) => {
    const user = await login();
    const missedDay = daysFrom(today(), -20);
    const schedule = await seedSchedule(user, { name: "Rent", amount: 120000, nextDate: missedDay });
    const expected = missedDay.slice(0, 7) === today().slice(0, 7) ? `Rent was expected on the ${Number(missedDay.slice(8))}` : `Rent was expected on ${monthDay(missedDay)}`;
    await page.goto("/dashboard");
    await expect(upcomingCard(page).getByRole("list", { name: "Missed payments" })).toContainText(expected);

    await upcomingCard(page).getByRole("link", { name: "Recurring bills" }).click();
    const missed = page.getByRole("list", { name: "Missed payments" });
    await expect(missed).toContainText(`${expected} ($1,200.00)`);
    await missed.getByRole("button", { name: /^Record it/ }).click();
    await expect(page.getByText("Payment recorded")).toBeVisible();
    expect(await app.models.Transaction.find({ userId: user.id, scheduleId: schedule.id }).lean()).toMatchObject([{ date: missedDay, amount: 120000, description: "Rent", category: "housing", scheduleDate: missedDay, deleted: false }]);

    await page.goto("/dashboard");
    await expect(upcomingCard(page)).not.toContainText(expected);
  });

  test("Ledgerly finds a monthly rent in the history; the user adds it and its payments count as paid", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    for (let months = 5; months >= 0; months -= 1) await addTransaction(user, { type: "expense", amount: 98000, date: monthsBack(months), description: "ACME PROPERTIES RENT", category: "housing" });
    await addTransaction(user, { type: "expense", amount: 450, date: daysFrom(today(), -3), description: "Corner Cafe" });
    await page.goto("/recurring");
    await expect(page.getByText("Ledgerly has not looked through your transactions yet.")).toBeVisible();
    await page.getByRole("button", { name: "Find recurring payments" }).click();
    const suggested = page.getByRole("list", { name: "Suggested recurring payments" });
    // With JavaScript the page loads the outcome by itself; without it the page never reloads by itself, so the visitor follows Refresh.
    await expect(async () => {
      const refresh = page.getByRole("link", { name: "Refresh", exact: true });
      if (!javaScriptEnabled && (await refresh.isVisible())) await refresh.click();
      await expect(suggested).toContainText("$980.00 every month", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(suggested).toContainText("6 payments so far");
    await expect(suggested).not.toContainText("Corner Cafe");

    await suggested.getByRole("button", { name: /^Add it/ }).click();
    await expect(page.getByText("Added to your recurring bills")).toBeVisible();
    await expect(page.getByRole("list", { name: "Recurring bills and paychecks" })).toContainText("$980.00 every month");
    await expect(page.getByRole("list", { name: "Suggested recurring payments" })).toHaveCount(0);
    const schedule = await app.models.Schedule.findOne({ userId: user.id }).lean();
    expect(await app.models.Transaction.countDocuments({ userId: user.id, scheduleId: String(schedule?._id) })).toBe(6);
    await expect(page.getByRole("list", { name: "Missed payments" })).toHaveCount(0);
  });

  test("another user's bill is not found", async ({ page, login }) => {
    const owner = await login();
    const schedule = await seedSchedule(owner, { name: "Rent", amount: 100000, nextDate: today() });
    await login();
    const response = await page.goto(`/recurring/${schedule.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });
});
