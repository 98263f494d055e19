import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { longDay } from "~/features/recurring/recurring";
import { occurrencesBetween, shiftDay } from "~/features/recurring/occurrences";
import { formatMoney, toCents } from "~/lib/money";
import { monthKeyOf, monthLabel, shiftMonth, todayIso } from "~/lib/month";
import { addTransaction, expect, seedAccount, test, type TestUser } from "./fixtures";

/*
 * A user with $1,000.00 in the main account, rent of $1,500.00 due in three days and a salary of $2,000.00 due
 * in ten, both monthly: the calendar shows them on their days, this month and the next; the forecast goes
 * $500.00 below zero on the rent's day and back above on the salary's. The days follow the real today, as the
 * app reads it.
 */

const money = (cents: number) => formatMoney(toCents(cents), "USD");

/** Schedules written through the recurring feature, on the fixtures' connection to the app's database. */
async function seedRentAndSalary(user: TestUser, today: string) {
  const { addSchedule } = await import("~/features/recurring/recurring.server");
  const { mainAccountId } = await import("~/features/accounts/accounts.server");
  await addTransaction(user, { type: "income", amount: 100000, date: shiftDay(today, -10), description: "Opening deposit", category: "salary" });
  const common = { accountId: mainAccountId(user.id), currency: "USD", frequency: "monthly", remind: false, remindDaysBefore: 3 } as const;
  const rent = { ...common, name: "Rent", type: "expense", amount: 150000, nextDate: shiftDay(today, 3), category: "" } as const;
  const salary = { ...common, name: "Salary", type: "income", amount: 200000, nextDate: shiftDay(today, 10), category: "salary" } as const;
  for (const input of [rent, salary]) {
    const added = await addSchedule(user.id, input);
    if (!added.ok) throw new Error(added.reason);
  }
  return { rent, salary };
}

/** The calendar's cell of a day. */
function dayCell(page: Page, date: string) {
  return page.getByTestId("recurring-calendar").locator(`td:has(time[datetime="${date}"])`);
}

/** The one due date of a monthly schedule in a month. */
function dueIn(month: string, anchor: string) {
  const [date] = occurrencesBetween(anchor, "monthly", `${month}-01`, `${month}-31`);
  return date;
}

async function screenshots(page: Page, name: string) {
  for (const [label, size] of [["desktop", { width: 1280, height: 900 }], ["narrow", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectNoSeriousViolations(page: Page, javaScriptEnabled: boolean) {
  // axe cannot run with scripts off (its timers never fire); accessibility.spec.ts reads those pages' markup for both.
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
}

test.describe("recurring calendar and cash-flow forecast", () => {
  test("a user sees the rent and the salary on their days, moves to next month by keyboard, and reads the forecast's lowest point and day-by-day table", async ({ page, login, javaScriptEnabled }) => {
    const user = await login();
    const today = todayIso();
    const { rent, salary } = await seedRentAndSalary(user, today);
    const thisMonth = monthKeyOf(today);
    const nextMonth = shiftMonth(thisMonth, 1);

    await page.goto("/recurring/calendar");
    await expect(page.getByTestId("page-title")).toHaveText("Upcoming bills and paychecks");
    const calendar = page.getByRole("table", { name: monthLabel(thisMonth) });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole("columnheader")).toHaveText(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    const todayCell = page.locator('td[aria-current="date"]');
    await expect(todayCell).toHaveCount(1);
    await expect(todayCell.locator("time")).toHaveAttribute("datetime", today);
    await expect(todayCell).toContainText("Today");
    for (const schedule of [rent, salary]) {
      if (monthKeyOf(schedule.nextDate) !== thisMonth) continue;
      await expect(dayCell(page, schedule.nextDate).getByTestId("calendar-event")).toHaveText(`${schedule.type === "income" ? "Paycheck" : "Bill"}${schedule.name}${money(schedule.amount)}`);
    }
    await expectNoSeriousViolations(page, javaScriptEnabled);
    await screenshots(page, "calendar");

    const next = page.getByRole("link", { name: `Next month, ${monthLabel(nextMonth)}` });
    await next.focus();
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/recurring/calendar?month=${nextMonth}`);
    await expect(page.getByRole("table", { name: monthLabel(nextMonth) })).toBeVisible();
    await expect(page.locator('td[aria-current="date"]')).toHaveCount(0);
    await expect(dayCell(page, dueIn(nextMonth, rent.nextDate)).getByTestId("calendar-event")).toHaveText(`BillRent${money(150000)}`);
    await expect(dayCell(page, dueIn(nextMonth, salary.nextDate)).getByTestId("calendar-event")).toHaveText(`PaycheckSalary${money(200000)}`);
    await expect(page.getByRole("link", { name: "Back to this month" })).toHaveAttribute("href", `/recurring/calendar?month=${thisMonth}`);

    await page.getByRole("link", { name: "Cash-flow forecast" }).click();
    await expect(page).toHaveURL("/recurring/forecast");
    await expect(page.getByTestId("page-title")).toHaveText("Cash-flow forecast");
    // One account: it is its own total, shown open.
    await expect(page.getByText(`Lowest: ${money(-50000)} on ${longDay(rent.nextDate)}`)).toBeVisible();
    await expect(page.getByText(`Below zero on ${longDay(rent.nextDate)}, back above zero on ${longDay(salary.nextDate)}`)).toBeVisible();
    await expect(page.getByRole("img", { name: /Balance forecast/ }).or(page.getByRole("group", { name: /Balance forecast/ }))).toBeVisible();

    await page.getByText("Day by day: money in, money out and balance").click();
    const table = page.getByRole("table", { name: /^Main account: money in, money out and balance each day/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Date", "Money in", "Money out", "Balance"]);
    await expect(table.getByRole("rowheader")).toHaveCount(30);
    const row = (date: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: longDay(date), exact: true }) });
    await expect(row(today).getByRole("cell")).toHaveText([/None/, /None/, money(100000)]);
    await expect(row(rent.nextDate).getByRole("cell")).toHaveText([/None/, `${money(150000)}Rent`, money(-50000)]);
    await expect(row(salary.nextDate).getByRole("cell")).toHaveText([`${money(200000)}Salary`, /None/, money(150000)]);
    await expect(row(shiftDay(today, 29)).getByRole("cell").last()).toHaveText(money(150000));
    await expectNoSeriousViolations(page, javaScriptEnabled);
    await screenshots(page, "forecast");
  });

  test("another user's calendar and forecast show none of the first user's bills", async ({ page, login }) => {
    const first = await login();
    const { rent } = await seedRentAndSalary(first, todayIso());
    // A second user signs in on the same page once the first's bills are stored.
    await page.context().clearCookies();
    await login();
    await page.goto(`/recurring/calendar?month=${monthKeyOf(rent.nextDate)}`);
    await expect(page.getByText(/You have no recurring bills or paychecks yet/)).toBeVisible();
    await expect(page.getByTestId("calendar-event")).toHaveCount(0);
    await page.goto("/recurring/forecast");
    await expect(page.getByText("Nothing to forecast yet")).toBeVisible();
    await expect(page.getByText("Rent")).toHaveCount(0);
  });

  test("with a second account the total comes first, and each account's forecast opens from its link", async ({ page, login }) => {
    const user = await login();
    const today = todayIso();
    const { rent } = await seedRentAndSalary(user, today);
    const card = await seedAccount(user, { name: "Visa card", kind: "credit_card", openingBalance: -20000 });
    const { addSchedule } = await import("~/features/recurring/recurring.server");
    const streaming = { name: "Streaming", type: "expense", accountId: card.id, currency: "USD", amount: 1599, frequency: "monthly", nextDate: shiftDay(today, 5), category: "", remind: false, remindDaysBefore: 3 } as const;
    expect((await addSchedule(user.id, streaming)).ok).toBe(true);

    await page.goto("/recurring/forecast");
    const total = page.getByRole("region", { name: "All accounts (USD)" });
    // $1,000.00 − $200.00 on the card today; the rent takes it to −$700.00, the streaming to −$715.99.
    await expect(total.getByText(`Lowest: ${money(-71599)} on ${longDay(streaming.nextDate)}`)).toBeVisible();
    await expect(total.getByText(new RegExp(`^Below zero on ${longDay(rent.nextDate)}`))).toBeVisible();
    const cardForecast = page.locator(`#forecast-${card.id}`);
    await expect(cardForecast.getByText(`Lowest ${money(-21599)} on ${longDay(streaming.nextDate)}`)).toBeVisible();
    await expect(cardForecast.getByText(`Lowest: ${money(-21599)} on ${longDay(streaming.nextDate)}`)).toBeHidden();

    await page.getByRole("navigation", { name: "Accounts" }).getByRole("link", { name: "Visa card" }).click();
    await expect(page).toHaveURL(`/recurring/forecast?account=${card.id}#forecast-${card.id}`);
    await expect(cardForecast.getByText(`Lowest: ${money(-21599)} on ${longDay(streaming.nextDate)}`)).toBeVisible();
    await expect(cardForecast.getByRole("listitem").filter({ hasText: "Owed: a card or loan, not money that runs out" })).toBeVisible();
    await screenshots(page, "forecast-accounts");
  });
});
