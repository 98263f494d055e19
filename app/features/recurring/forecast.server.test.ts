import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Schedule as ScheduleModel, SeriesProposal } from "../../../models";
import { mainAccountId, setAccountClosed } from "~/features/accounts/accounts.server";
import { storeRateDays } from "~/features/exchange-rates/exchange-rates.server";
import { forecastEnd, readCashFlowForecast } from "./forecast.server";
import { addSchedule, recordPayment, type ScheduleInput } from "./recurring.server";
import { payeeKey } from "./series";
import { createAccountFor, createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

// Balances convert at the latest rate of today (the clock's day): today is 2026-03-02, a euro buys $1.25.
const TODAY = "2026-03-02";
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${TODAY}T12:00:00Z`) });
  await storeRateDays([{ day: TODAY, rates: { USD: "1.25" } }]);
});
afterAll(() => {
  vi.useRealTimers();
});

function schedule(accountId: string, input: Partial<ScheduleInput>): ScheduleInput {
  return { name: "Rent", type: "expense", accountId, currency: "USD", amount: 150000, frequency: "monthly", nextDate: "2026-03-05", category: "", remind: false, remindDaysBefore: 3, ...input };
}

async function added(userId: string, input: ScheduleInput) {
  const result = await addSchedule(userId, input);
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

/** A user whose main account holds $1,000.00 (an income in February), with rent of $1,500.00 on the 5th and a salary of $2,000.00 on the 15th. */
async function rentAndSalary() {
  const userId = await createGoogleUser();
  const main = mainAccountId(userId);
  await createTransactionFor(userId, { type: "income", amount: 100000, category: "salary", date: "2026-02-20", description: "Opening deposit" });
  // Anchored on February 5th: that due date went by unmet, and only the ones from today are forecast.
  const rent = await added(userId, schedule(main, { nextDate: "2026-02-05" }));
  const salary = await added(userId, schedule(main, { name: "Salary", type: "income", amount: 200000, nextDate: "2026-03-15", category: "salary" }));
  return { userId, main, rent, salary };
}

const balanceOn = (days: Array<{ date: string; balance: number }>, date: string) => days.find((day) => day.date === date)?.balance;

describe("the cash-flow forecast of the open accounts", () => {
  test("thirty days from today: today's balance, the rent's due date and the salary's, the lowest point and the days below zero", async () => {
    const { userId, main } = await rentAndSalary();
    const forecast = await readCashFlowForecast(userId, "USD", TODAY);
    expect([forecast.from, forecast.to]).toEqual([TODAY, "2026-03-31"]);
    expect(forecastEnd(TODAY)).toBe("2026-03-31");
    const [account] = forecast.accounts;
    expect(forecast.accounts).toHaveLength(1);
    expect(account).toMatchObject({ id: main, name: "Main account", currency: "USD", opening: 100000 });
    expect(account.days).toHaveLength(30);
    expect(account.days[3]).toEqual({ date: "2026-03-05", balance: -50000, flows: [{ accountId: main, date: "2026-03-05", amount: -150000, label: "Rent", kind: "scheduled" }] });
    expect(balanceOn(account.days, "2026-03-15")).toBe(150000);
    expect(account.days[29]).toMatchObject({ date: "2026-03-31", balance: 150000 });
    expect(account.lowest).toEqual({ date: "2026-03-05", balance: -50000 });
    expect(account.belowZero).toEqual({ date: "2026-03-05", already: false });
    expect(account.backAboveZero).toBe("2026-03-15");
    const { id: _id, name: _name, ...series } = account;
    expect(forecast.total).toEqual({ ...series, leftOut: [] });
  });

  test("a due date already met is not forecast again: the rent recorded on the 5th is in today's balance, and the account is below zero today", async () => {
    const { userId, rent } = await rentAndSalary();
    const recorded = await recordPayment(userId, rent.id, "2026-03-05");
    expect(recorded.ok).toBe(true);
    const [account] = (await readCashFlowForecast(userId, "USD", TODAY)).accounts;
    expect(account.opening).toBe(-50000);
    expect(account.days.flatMap((day) => day.flows.map((flow) => flow.label))).toEqual(["Salary"]);
    expect(account.belowZero).toEqual({ date: TODAY, already: true });
    expect(account.backAboveZero).toBe("2026-03-15");
  });

  test("a weekly bill falls due each week of the thirty days; a schedule met from any account goes through the main account", async () => {
    const userId = await createGoogleUser();
    const main = mainAccountId(userId);
    await createTransactionFor(userId, { type: "income", amount: 50000, category: "salary", date: "2026-02-20", description: "Opening deposit" });
    await ScheduleModel.create({ userId, name: "Gym", payeeKey: "gym", type: "expense", accountId: null, currency: "USD", amount: 1500, amountMin: 1500, amountMax: 1500, frequency: "weekly", anchor: "2026-03-03" });
    const [account] = (await readCashFlowForecast(userId, "USD", TODAY)).accounts;
    const gym = account.days.flatMap((day) => day.flows);
    expect(gym.map((flow) => flow.date)).toEqual(["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31"]);
    expect(new Set(gym.map((flow) => `${flow.accountId} ${flow.amount} ${flow.label}`))).toEqual(new Set([`${main} -1500 Gym`]));
    expect(account.lowest).toEqual({ date: "2026-03-31", balance: 50000 - 5 * 1500 });
  });

  test("a series found in the history and not yet kept counts as usual from its next date on; one a schedule already pays does not", async () => {
    const { userId, main } = await rentAndSalary();
    const proposal = { userId, status: "proposed" as const, type: "expense" as const, accountId: main, currency: "USD", amountMin: 4000, amountMax: 6000, frequency: "biweekly", anchor: "2026-01-13", detectedAt: new Date() };
    await SeriesProposal.create({ ...proposal, key: "grocer", name: "Corner Grocer", payeeKey: payeeKey("Corner Grocer"), amount: 5000, nextDate: "2026-03-10" });
    // Rent was found in the history too, before it was kept as a schedule: it is counted once, as the schedule.
    await SeriesProposal.create({ ...proposal, key: "rent", name: "Rent", payeeKey: payeeKey("Rent"), amount: 150000, frequency: "monthly", nextDate: "2026-03-05" });
    await SeriesProposal.create({ ...proposal, key: "ignored", status: "ignored", name: "Cinema", payeeKey: "cinema", amount: 2000, nextDate: "2026-03-04" });
    const [account] = (await readCashFlowForecast(userId, "USD", TODAY)).accounts;
    const flows = account.days.flatMap((day) => day.flows);
    expect(flows.map(({ date, label, kind, amount }) => ({ date, label, kind, amount }))).toEqual([
      { date: "2026-03-05", label: "Rent", kind: "scheduled", amount: -150000 },
      { date: "2026-03-10", label: "Corner Grocer", kind: "usual", amount: -5000 },
      { date: "2026-03-15", label: "Salary", kind: "scheduled", amount: 200000 },
      { date: "2026-03-24", label: "Corner Grocer", kind: "usual", amount: -5000 },
    ]);
    expect(account.days[29].balance).toBe(100000 - 150000 - 5000 + 200000 - 5000);
  });

  test("the total is in the reporting currency: a euro account counts at the latest rate, balance and flows; one without a rate is left out and still forecast", async () => {
    const { userId, main } = await rentAndSalary();
    const euros = await createAccountFor(userId, { name: "Euro checking", kind: "checking", currency: "EUR", openingBalance: 40000, openingDate: "2026-01-01" });
    const pounds = await createAccountFor(userId, { name: "Pounds", kind: "savings", currency: "GBP", openingBalance: 10000, openingDate: "2026-01-01" });
    await added(userId, schedule(euros.id, { name: "Phone", currency: "EUR", amount: 4000, nextDate: "2026-03-10" }));
    await added(userId, schedule(pounds.id, { name: "Pension", currency: "GBP", amount: 2500, nextDate: "2026-03-20" }));

    const { accounts, total } = await readCashFlowForecast(userId, "USD", TODAY);
    expect(accounts.map((account) => [account.id, account.currency, account.opening])).toEqual([
      [main, "USD", 100000],
      [euros.id, "EUR", 40000],
      [pounds.id, "GBP", 10000],
    ]);
    expect(balanceOn(accounts[1].days, "2026-03-10")).toBe(36000);
    expect(balanceOn(accounts[2].days, "2026-03-20")).toBe(7500);
    // $1,000.00 + €400.00 × 1.25 = $1,500.00; the phone's €40.00 is $50.00; the pounds count nowhere in it.
    expect(total.currency).toBe("USD");
    expect(total.opening).toBe(150000);
    expect(balanceOn(total.days, "2026-03-05")).toBe(0);
    expect(balanceOn(total.days, "2026-03-10")).toBe(-5000);
    expect(total.days.find((day) => day.date === "2026-03-10")?.flows).toEqual([{ accountId: euros.id, date: "2026-03-10", amount: -5000, label: "Phone", kind: "scheduled" }]);
    expect(balanceOn(total.days, "2026-03-20")).toBe(195000);
    expect(total.belowZero).toEqual({ date: "2026-03-10", already: false });
    expect(total.leftOut).toEqual([{ id: pounds.id, name: "Pounds", currency: "GBP" }]);
  });

  test("a closed account is not forecast, nor its bills; another user's schedules never reach the forecast", async () => {
    const { userId } = await rentAndSalary();
    const closed = await createAccountFor(userId, { name: "Old card", kind: "checking", openingBalance: 0 });
    await added(userId, schedule(closed.id, { name: "Old subscription", amount: 999, nextDate: "2026-03-08" }));
    await setAccountClosed(userId, closed.id, true);
    const own = await readCashFlowForecast(userId, "USD", TODAY);
    expect(own.accounts.map((account) => account.name)).toEqual(["Main account"]);
    expect(own.total.days.flatMap((day) => day.flows.map((flow) => flow.label))).toEqual(["Rent", "Salary"]);

    const other = await createGoogleUser();
    await createTransactionFor(other, { type: "income", amount: 20000, category: "salary", date: "2026-02-20", description: "Opening deposit" });
    const theirs = await readCashFlowForecast(other, "USD", TODAY);
    expect(theirs.accounts).toHaveLength(1);
    expect(theirs.accounts[0].id).toBe(mainAccountId(other));
    expect(theirs.total.days.every((day) => day.flows.length === 0 && day.balance === 20000)).toBe(true);
  });

  test("a user with no account holding money has nothing to forecast: no accounts, a total of zero", async () => {
    const userId = await createGoogleUser();
    await added(userId, schedule(mainAccountId(userId), {}));
    const forecast = await readCashFlowForecast(userId, "USD", TODAY);
    expect(forecast.accounts).toEqual([]);
    expect(forecast.total).toMatchObject({ opening: 0, belowZero: null, leftOut: [] });
  });
});
