import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { convertMinor } from "~/lib/conversion";
import { toCents } from "~/lib/money";
import { forecastBalances, type ForecastAccount, type ForecastFlow } from "./forecast";

const checking: ForecastAccount = { id: "checking", name: "Checking", currency: "USD", balance: toCents(120000) };

function flow(date: string, amount: number, label: string, accountId = "checking", kind: ForecastFlow["kind"] = "scheduled"): ForecastFlow {
  return { accountId, date, amount: toCents(amount), label, kind };
}

/** The day `offset` days after 2026-12-01, computed apart from the module's date-fns. */
function dayAfter(offset: number) {
  return new Date(Date.UTC(2026, 11, 1 + offset)).toISOString().slice(0, 10);
}

const balances = (days: Array<{ balance: number }>) => days.map((day) => day.balance);

describe("one account over 30 days", () => {
  const rent = flow("2026-12-03", -150000, "Rent");
  const salary = flow("2026-12-10", 200000, "Salary");
  const { from, to, accounts, total } = forecastBalances({ today: "2026-12-01", accounts: [checking], flows: [salary, rent], reportingCurrency: "USD" });
  const [account] = accounts;

  test("$1,200.00, rent −$1,500.00 on Dec 3, salary +$2,000.00 on Dec 10: lowest −$300.00 on Dec 3, below zero from Dec 3, back above on Dec 10", () => {
    expect(account.lowest).toEqual({ date: "2026-12-03", balance: -30000 });
    expect(account.belowZero).toEqual({ date: "2026-12-03", already: false });
    expect(account.backAboveZero).toBe("2026-12-10");
  });

  test("today and the next 30 days, each with its balance after its flows and those flows listed", () => {
    expect([from, to]).toEqual(["2026-12-01", "2026-12-31"]);
    expect(account.days).toHaveLength(31);
    expect(account.opening).toBe(120000);
    expect(account.days.slice(0, 4)).toEqual([
      { date: "2026-12-01", balance: 120000, flows: [] },
      { date: "2026-12-02", balance: 120000, flows: [] },
      { date: "2026-12-03", balance: -30000, flows: [rent] },
      { date: "2026-12-04", balance: -30000, flows: [] },
    ]);
    expect(account.days[9]).toEqual({ date: "2026-12-10", balance: 170000, flows: [salary] });
    expect(account.days[30]).toEqual({ date: "2026-12-31", balance: 170000, flows: [] });
  });

  test("one account in the reporting currency: the total is that account, with nothing left out", () => {
    const { id: _id, name: _name, ...series } = account;
    expect(total).toEqual({ ...series, leftOut: [] });
  });
});

describe("edge cases", () => {
  test("no flows: a flat line, the lowest point today (the earliest of the tied days), never below zero", () => {
    const [account] = forecastBalances({ today: "2026-12-01", accounts: [checking], flows: [], reportingCurrency: "USD" }).accounts;
    expect(new Set(balances(account.days))).toEqual(new Set([120000]));
    expect(account.lowest).toEqual({ date: "2026-12-01", balance: 120000 });
    expect(account.belowZero).toBeNull();
    expect(account.backAboveZero).toBeNull();
  });

  test("a flow dated today counts today: a bill that overdraws the account goes below zero today, not 'already'", () => {
    const bill = flow("2026-12-01", -130000, "Card bill");
    const [account] = forecastBalances({ today: "2026-12-01", accounts: [checking], flows: [bill], reportingCurrency: "USD" }).accounts;
    expect(account.opening).toBe(120000);
    expect(account.days[0]).toEqual({ date: "2026-12-01", balance: -10000, flows: [bill] });
    expect(account.belowZero).toEqual({ date: "2026-12-01", already: false });
    expect(account.backAboveZero).toBeNull();
  });

  test("already below zero today is reported as such, even when today's salary lifts it back", () => {
    const overdrawn = { ...checking, balance: toCents(-5000) };
    const salary = flow("2026-12-01", 10000, "Salary");
    const lifted = forecastBalances({ today: "2026-12-01", days: 3, accounts: [overdrawn], flows: [salary], reportingCurrency: "USD" }).accounts[0];
    expect(lifted.belowZero).toEqual({ date: "2026-12-01", already: true });
    expect(lifted.backAboveZero).toBe("2026-12-01");
    expect(lifted.lowest).toEqual({ date: "2026-12-01", balance: 5000 });
    const stays = forecastBalances({ today: "2026-12-01", days: 3, accounts: [overdrawn], flows: [], reportingCurrency: "USD" }).accounts[0];
    expect(stays.belowZero).toEqual({ date: "2026-12-01", already: true });
    expect(stays.backAboveZero).toBeNull();
  });

  test("a flow past due and still expected counts on today, keeping the day it was due; earlier dates first", () => {
    const late = flow("2026-11-28", -20000, "Phone");
    const later = flow("2026-11-30", -5000, "Streaming");
    const todays = flow("2026-12-01", -1000, "Coffee", "checking", "usual");
    const [account] = forecastBalances({ today: "2026-12-01", days: 2, accounts: [checking], flows: [todays, later, late], reportingCurrency: "USD" }).accounts;
    expect(account.days[0]).toEqual({ date: "2026-12-01", balance: 94000, flows: [late, later, todays] });
  });

  test("the horizon's last day counts, the day after it does not", () => {
    const onLastDay = flow("2026-12-08", -1000, "Gym");
    const afterIt = flow("2026-12-09", -99000, "Insurance");
    const [account] = forecastBalances({ today: "2026-12-01", days: 7, accounts: [checking], flows: [afterIt, onLastDay], reportingCurrency: "USD" }).accounts;
    expect(account.days.map((day) => day.date)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"]);
    expect(account.days[7]).toEqual({ date: "2026-12-08", balance: 119000, flows: [onLastDay] });
    expect(account.lowest).toEqual({ date: "2026-12-08", balance: 119000 });
  });

  test("days: 0 is today alone", () => {
    const forecast = forecastBalances({ today: "2026-12-01", days: 0, accounts: [checking], flows: [flow("2026-12-02", -1, "Tomorrow")], reportingCurrency: "USD" });
    expect([forecast.from, forecast.to]).toEqual(["2026-12-01", "2026-12-01"]);
    expect(forecast.accounts[0].days).toEqual([{ date: "2026-12-01", balance: 120000, flows: [] }]);
  });

  test("ties for the lowest: the earliest day", () => {
    const flows = [flow("2026-12-02", -50000, "Rent"), flow("2026-12-04", 20000, "Refund"), flow("2026-12-06", -20000, "Repair")];
    const [account] = forecastBalances({ today: "2026-12-01", days: 7, accounts: [checking], flows, reportingCurrency: "USD" }).accounts;
    expect(balances(account.days)).toEqual([120000, 70000, 70000, 90000, 90000, 70000, 70000, 70000]);
    expect(account.lowest).toEqual({ date: "2026-12-02", balance: 70000 });
  });

  test("a flow of an account not given is left out", () => {
    const [account] = forecastBalances({ today: "2026-12-01", days: 3, accounts: [checking], flows: [flow("2026-12-02", -1000, "Elsewhere", "savings")], reportingCurrency: "USD" }).accounts;
    expect(balances(account.days)).toEqual([120000, 120000, 120000, 120000]);
  });

  test("the days run across months, years and daylight-saving changes without a gap or a repeat", () => {
    expect(forecastBalances({ today: "2026-12-30", days: 3, accounts: [], flows: [], reportingCurrency: "USD" }).total.days.map((day) => day.date)).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    // 8 March (the US), 5 April and 27 September (New Zealand), 29 March and 25 October (Europe), 2026.
    for (const change of ["2026-03-08", "2026-04-05", "2026-09-27", "2026-03-29", "2026-10-25"]) {
      const before = new Date(Date.parse(`${change}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const after = new Date(Date.parse(`${change}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(forecastBalances({ today: before, days: 2, accounts: [], flows: [], reportingCurrency: "USD" }).total.days.map((day) => day.date)).toEqual([before, change, after]);
    }
  });

  test("a malformed today, number of days or flow date is refused", () => {
    const base = { accounts: [checking], flows: [], reportingCurrency: "USD" };
    expect(() => forecastBalances({ ...base, today: "2026-02-30" })).toThrow(RangeError);
    expect(() => forecastBalances({ ...base, today: "2026-12-01", days: -1 })).toThrow(RangeError);
    expect(() => forecastBalances({ ...base, today: "2026-12-01", days: 1.5 })).toThrow(RangeError);
    expect(() => forecastBalances({ ...base, today: "2026-12-01", flows: [flow("2026-12-1", -100, "Rent")] })).toThrow("not a day: 2026-12-1 (Rent)");
  });
});

describe("two accounts in different currencies", () => {
  const euros: ForecastAccount = { id: "euros", name: "Euro account", currency: "EUR", balance: toCents(10000) };
  const flows = [flow("2026-12-02", -150000, "Rent"), flow("2026-12-03", -2550, "Train", "euros"), flow("2026-12-05", 200000, "Salary")];
  const input = { today: "2026-12-01", days: 5, accounts: [checking, euros], flows, reportingCurrency: "USD" };
  /** 1 EUR = 1.1 USD, rounded half away from zero as the ledger converts. */
  const toUsd = (_accountId: string, amount: number) => convertMinor(toCents(amount), "EUR", "USD", { from: "1", to: "1.1" });

  test("each account's series stays in its own currency", () => {
    const { accounts } = forecastBalances({ ...input, toReporting: toUsd });
    expect(accounts.map((account) => [account.id, account.currency, balances(account.days)])).toEqual([
      ["checking", "USD", [120000, -30000, -30000, -30000, 170000, 170000]],
      ["euros", "EUR", [10000, 10000, 7450, 7450, 7450, 7450]],
    ]);
  });

  test("with a conversion, the total adds the euro account's balance and flows in dollars (€25.50 → $28.05)", () => {
    const { total } = forecastBalances({ ...input, toReporting: toUsd });
    expect(total.currency).toBe("USD");
    expect(total.leftOut).toEqual([]);
    expect(total.opening).toBe(131000);
    expect(balances(total.days)).toEqual([131000, -19000, -21805, -21805, 178195, 178195]);
    expect(total.days[2].flows).toEqual([{ ...flows[1], amount: -2805 }]);
    expect(total.lowest).toEqual({ date: "2026-12-03", balance: -21805 });
    expect(total.belowZero).toEqual({ date: "2026-12-02", already: false });
    expect(total.backAboveZero).toBe("2026-12-05");
  });

  test("without one, the euro account is left out of the total and named", () => {
    const { total } = forecastBalances(input);
    expect(total.leftOut).toEqual([{ id: "euros", name: "Euro account", currency: "EUR" }]);
    expect(balances(total.days)).toEqual([120000, -30000, -30000, -30000, 170000, 170000]);
    expect(total.days[2].flows).toEqual([]);
  });

  test("a conversion that does not return whole minor units is refused", () => {
    expect(() => forecastBalances({ ...input, toReporting: (_id, amount) => amount * 1.0832 })).toThrow(RangeError);
  });
});

describe("properties", () => {
  const account = (id: string) => fc.record({ id: fc.constant(id), name: fc.constant(id), currency: fc.constant("USD"), balance: fc.integer({ min: -1e7, max: 1e7 }).map(toCents) });
  const scenario = fc.record({
    days: fc.integer({ min: 0, max: 45 }),
    accounts: fc.tuple(account("a"), account("b")),
    flows: fc.array(
      fc.record({
        accountId: fc.constantFrom("a", "b"),
        date: fc.integer({ min: -10, max: 60 }).map(dayAfter),
        amount: fc.integer({ min: -1e6, max: 1e6 }).map(toCents),
        label: fc.constant("flow"),
        kind: fc.constantFrom("scheduled" as const, "usual" as const),
      }),
      { maxLength: 30 },
    ),
  });

  test("the last day is today's balance plus every flow up to the horizon; the lowest is the earliest of the smallest days", () => {
    fc.assert(
      fc.property(scenario, ({ days, accounts, flows }) => {
        const forecast = forecastBalances({ today: dayAfter(0), days, accounts, flows, reportingCurrency: "USD" });
        const within = flows.filter((each) => each.date <= dayAfter(days));
        const expected = [...forecast.accounts.map((series) => ({ series, counted: within.filter((each) => each.accountId === series.id) })), { series: forecast.total, counted: within }];
        for (const { series, counted } of expected) {
          expect(series.days).toHaveLength(days + 1);
          expect(series.days.at(-1)?.balance).toBe(counted.reduce((sum: number, each) => sum + each.amount, series.opening));
          expect(series.days.flatMap((day) => day.flows)).toHaveLength(counted.length);
          const lowestIndex = series.days.findIndex((day) => day.date === series.lowest.date);
          expect(series.days[lowestIndex].balance).toBe(series.lowest.balance);
          for (const [index, day] of series.days.entries()) {
            expect(series.lowest.balance).toBeLessThanOrEqual(day.balance);
            if (index < lowestIndex) expect(day.balance).toBeGreaterThan(series.lowest.balance);
          }
        }
      }),
    );
  });

  test("the total is the accounts' sum each day; below zero is the first day under zero, unless already there", () => {
    fc.assert(
      fc.property(scenario, ({ days, accounts, flows }) => {
        const forecast = forecastBalances({ today: dayAfter(0), days, accounts, flows, reportingCurrency: "USD" });
        expect(balances(forecast.total.days)).toEqual(forecast.total.days.map((_, index) => forecast.accounts[0].days[index].balance + forecast.accounts[1].days[index].balance));
        for (const series of [...forecast.accounts, forecast.total]) {
          const firstBelow = series.days.find((day) => day.balance < 0)?.date ?? null;
          if (series.opening < 0) expect(series.belowZero).toEqual({ date: dayAfter(0), already: true });
          else expect(series.belowZero?.date ?? null).toBe(firstBelow);
          const from = series.days.findIndex((day) => day.date === series.belowZero?.date);
          const back = series.days.findIndex((day) => day.date === series.backAboveZero);
          const stillBelow = series.days.slice(from, back === -1 ? undefined : back);
          if (series.belowZero) expect(stillBelow.every((day) => day.balance < 0)).toBe(true);
          if (series.backAboveZero) expect(series.days[back].balance).toBeGreaterThanOrEqual(0);
          if (!series.belowZero) expect(series.backAboveZero).toBeNull();
        }
      }),
    );
  });
});
