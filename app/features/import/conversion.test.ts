import { describe, expect, test } from "vitest";
import { rateDaysOf, ratePairOn } from "~/features/exchange-rates/rates";
import { convertRows } from "./conversion";
import type { ReadRow } from "./reading";

// The European Central Bank's dollars per euro of 2017-01-05 and 2017-01-06 (tests/fixtures/ecb); 2017-01-07 was a Saturday.
const days = rateDaysOf([
  { day: "2017-01-05", rates: { USD: "1.0501", JPY: "122.54" } },
  { day: "2017-01-06", rates: { USD: "1.0589", JPY: "123.18" } },
]);
const rateOn = (to: string) => (date: string) => ratePairOn(days, date, "EUR", to);

function row(label: string, date: string, cents: number): ReadRow {
  return { ok: true, line: 1, label, date, cents, amountText: String(cents / 100), description: label, category: "", bankId: null, balance: 1000, status: "settled", rounded: false };
}

describe("a file's rows converted into the account's currency at each day's rate", () => {
  test("each amount at its day's rate (a Saturday at Friday's), rounded once half away from zero, the file's amount and the rate's day kept", () => {
    const unreadable: ReadRow = { ok: false, line: 5, label: "Row 5", error: "Row 5: no date" };
    const { rows, missingDays } = convertRows([row("Row 2", "2017-01-05", -1234), row("Row 3", "2017-01-07", 10000), row("Row 4", "2017-01-05", -50), unreadable], "EUR", "USD", rateOn("USD"));
    expect(missingDays).toEqual([]);
    // 12.34 × 1.0501 = 12.958234 → 12.96; 100.00 × 1.0589 = 105.89; 0.50 × 1.0501 = 0.52505 → 0.53.
    expect(rows.map((converted) => (converted.ok ? [converted.cents, converted.fileAmount, converted.balance] : converted.error))).toEqual([
      [-1296, { cents: -1234, currency: "EUR", rateDay: "2017-01-05" }, null],
      [10589, { cents: 10000, currency: "EUR", rateDay: "2017-01-06" }, null],
      [-53, { cents: -50, currency: "EUR", rateDay: "2017-01-05" }, null],
      "Row 5: no date",
    ]);
  });

  test("into a currency without decimals: €12.34 on 2017-01-06 is ¥1,520 (1,520.0412)", () => {
    const { rows } = convertRows([row("Row 2", "2017-01-06", -1234)], "EUR", "JPY", rateOn("JPY"));
    expect(rows[0]).toMatchObject({ ok: true, cents: -1520 });
  });

  test("a row no rate covers is an error naming its day, and its day is listed once", () => {
    const { rows, missingDays } = convertRows([row("Row 2", "2016-11-01", -500), row("Row 3", "2016-11-01", -700), row("Row 4", "2017-01-05", -100)], "EUR", "USD", rateOn("USD"));
    expect(missingDays).toEqual(["2016-11-01"]);
    expect(rows[0]).toEqual({ ok: false, line: 1, label: "Row 2", error: "Row 2: No EUR to USD exchange rate is known for 2016-11-01 or the days before it" });
    expect(rows[2]).toMatchObject({ ok: true, cents: -105 });
  });
});
