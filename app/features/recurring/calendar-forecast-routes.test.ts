import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { mainAccountId } from "~/features/accounts/accounts.server";
import { loader as calendarLoader } from "~/routes/_app.recurring_.calendar";
import { loader as forecastLoader } from "~/routes/_app.recurring_.forecast";
import { addSchedule, recordPayment, type ScheduleInput } from "./recurring.server";
import { createAccountFor, createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, outcome, payloadOf, statusOf } from "../../../tests/setup/route-requests";

useTestDatabase();

// The pages read today from the clock: Tuesday 2026-03-10.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T12:00:00Z") });
});
afterAll(() => {
  vi.useRealTimers();
});

type CalendarPage = Awaited<ReturnType<typeof calendarLoader>>;
type ForecastPage = Awaited<ReturnType<typeof forecastLoader>>;

async function added(userId: string, input: Partial<ScheduleInput>) {
  const result = await addSchedule(userId, {
    name: "Rent",
    type: "expense",
    accountId: mainAccountId(userId),
    currency: "USD",
    amount: 150000,
    frequency: "monthly",
    nextDate: "2026-02-01",
    category: "",
    remind: false,
    remindDaysBefore: 3,
    ...input,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

/**
 * A signed-in user with $3,000.00 in the main account: rent of $1,500.00 on the 1st (March's paid), a phone bill
 * on the 2nd (March's missed: more than the week a monthly payment may be late), a gym on the 8th (two days late,
 * not missed yet) and a salary of $2,000.00 on the 15th.
 */
async function userWithBills() {
  const userId = await createGoogleUser();
  await createTransactionFor(userId, { type: "income", amount: 300000, category: "salary", date: "2026-02-20", description: "Opening deposit" });
  const rent = await added(userId, {});
  await added(userId, { name: "Phone", amount: 4500, nextDate: "2026-03-02" });
  await added(userId, { name: "Gym", amount: 2000, nextDate: "2026-03-08" });
  await added(userId, { name: "Salary", type: "income", amount: 200000, nextDate: "2026-03-15", category: "salary" });
  const paid = await recordPayment(userId, rent.id, "2026-03-01");
  if (!paid.ok) throw new Error(paid.reason);
  return { userId, cookie: await cookieFor(userId) };
}

async function calendar(cookie: string, query = "") {
  return payloadOf<CalendarPage>(await calendarLoader({ request: getRequest(`/recurring/calendar${query}`, cookie), params: {}, context: {} }));
}

async function forecast(cookie: string, query = "") {
  return payloadOf<ForecastPage>(await forecastLoader({ request: getRequest(`/recurring/forecast${query}`, cookie), params: {}, context: {} }));
}

/** Each day of the grid that has something due: what, in the words' terms the grid shows. */
function dueByDay(page: CalendarPage) {
  return Object.fromEntries(
    page.weeks
      .flat()
      .filter((day) => day.events.length > 0)
      .map((day) => [day.date, day.events.map(({ name, type, amount, status }) => `${type} ${name} ${amount} ${status}`)]),
  );
}

describe("the calendar of bills and paychecks", () => {
  test("this month by default: Monday-first weeks, today marked, each due date on its day, paid, missed, late or upcoming", async () => {
    const { cookie } = await userWithBills();
    const page = await calendar(cookie);
    expect(page).toMatchObject({ month: "2026-03", currentMonth: "2026-03", previous: "2026-02", next: "2026-04", scheduleCount: 4 });
    expect(page.weeks.map((week) => week[0].date)).toEqual(["2026-02-23", "2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30"]);
    expect(page.weeks.flat().filter((day) => day.isToday).map((day) => day.date)).toEqual(["2026-03-10"]);
    expect(dueByDay(page)).toEqual({
      "2026-03-01": ["expense Rent 150000 paid"],
      "2026-03-02": ["expense Phone 4500 missed"],
      "2026-03-08": ["expense Gym 2000 late"],
      "2026-03-15": ["income Salary 200000 upcoming"],
    });
  });

  test("?month= shows another month: April has the rent and the phone ahead; February only the rent, missed (the others start in March)", async () => {
    const { cookie } = await userWithBills();
    const april = await calendar(cookie, "?month=2026-04");
    expect(april).toMatchObject({ month: "2026-04", previous: "2026-03", next: "2026-05" });
    expect(april.weeks.flat().some((day) => day.isToday)).toBe(false);
    expect(dueByDay(april)).toEqual({
      "2026-04-01": ["expense Rent 150000 upcoming"],
      "2026-04-02": ["expense Phone 4500 upcoming"],
      "2026-04-08": ["expense Gym 2000 upcoming"],
      "2026-04-15": ["income Salary 200000 upcoming"],
    });
    expect(dueByDay(await calendar(cookie, "?month=2026-02"))).toEqual({ "2026-02-01": ["expense Rent 150000 missed"] });
  });

  test("a month that is not one, or more than five years away, shows this month", async () => {
    const { cookie } = await userWithBills();
    for (const query of ["?month=march", "?month=2026-13", "?month=2040-01", "?month="]) {
      const answer = await outcome(() => calendarLoader({ request: getRequest(`/recurring/calendar${query}`, cookie), params: {}, context: {} }));
      expect(statusOf(answer)).toBe(200);
      expect(payloadOf<CalendarPage>(answer).month).toBe("2026-03");
    }
  });

  test("another user sees none of the first user's bills; a visitor not signed in is sent to sign in", async () => {
    await userWithBills();
    const other = await createGoogleUser();
    const page = await calendar(await cookieFor(other));
    expect(page.scheduleCount).toBe(0);
    expect(page.weeks.flat().every((day) => day.events.length === 0)).toBe(true);
    const anonymous = await outcome(() => calendarLoader({ request: new Request("http://localhost:3000/recurring/calendar"), params: {}, context: {} }));
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the cash-flow forecast page", () => {
  test("one account is its own total: its lowest point, the day it goes below zero, and thirty days of balances with the chart drawn", async () => {
    const { userId, cookie } = await userWithBills();
    const page = await forecast(cookie);
    expect([page.from, page.to]).toEqual(["2026-03-10", "2026-04-08"]);
    expect(page.total).toBeNull();
    expect(page.leftOut).toEqual([]);
    const [account] = page.accounts;
    expect(account).toMatchObject({ key: mainAccountId(userId), label: "Main account" });
    // $3,000.00 − rent $1,500.00 (paid on the 1st) today; the salary on the 15th, then the rent, the phone and the gym of April.
    expect(account.series.opening).toBe(150000);
    const balance = (date: string) => account.series.days.find((day) => day.date === date)?.balance;
    expect(account.series.days).toHaveLength(30);
    expect(balance("2026-03-15")).toBe(350000);
    expect(balance("2026-04-01")).toBe(200000);
    expect(balance("2026-04-08")).toBe(200000 - 4500 - 2000);
    expect(account.series.lowest).toEqual({ date: "2026-03-10", balance: 150000 });
    expect(account.series.belowZero).toBeNull();
    expect(account.layout.lines[0].points).toHaveLength(30);
    expect(account.layout.lines[0].lowest).toMatchObject({ date: "2026-03-10", balance: 150000 });
  });

  test("with two accounts the total comes first; ?account= opens one of the user's accounts, never another user's", async () => {
    const { userId, cookie } = await userWithBills();
    const card = await createAccountFor(userId, { name: "Card", kind: "credit_card", openingBalance: -20000 });
    await added(userId, { name: "Streaming", accountId: card.id, amount: 1599, nextDate: "2026-03-12" });

    const page = await forecast(cookie, `?account=${card.id}`);
    expect(page.opened).toBe(card.id);
    expect(page.accounts.map((account) => account.label)).toEqual(["Main account", "Card"]);
    expect(page.total?.series).toMatchObject({ currency: "USD", opening: 130000, belowZero: null });
    const cardForecast = page.accounts[1].series;
    // A card is below zero while it is owed: it is never marked as going below zero.
    expect(cardForecast.belowZero).toBeNull();
    expect(cardForecast.lowest).toEqual({ date: "2026-03-12", balance: -21599 });

    const other = await createGoogleUser();
    await createTransactionFor(other, { type: "income", amount: 10000, category: "salary", date: "2026-02-20", description: "Opening deposit" });
    const theirs = await forecast(await cookieFor(other), `?account=${card.id}`);
    expect(theirs.opened).toBeNull();
    expect(theirs.accounts.map((account) => account.key)).toEqual([mainAccountId(other)]);
    expect(theirs.accounts[0].series.days.every((day) => day.flows.length === 0 && day.balance === 10000)).toBe(true);
  });
});
