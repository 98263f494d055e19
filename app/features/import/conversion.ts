import { convertMinor } from "~/lib/conversion";
import { toCents } from "~/lib/money";
import type { RateOnDay } from "~/features/exchange-rates/rates";
import { IMPORT_MESSAGES } from "./messages";
import type { ReadRow } from "./reading";

/** What a converted row was in the file: its amount (signed minor units of the file's currency) and the day of the rate that converted it. */
export type FileAmount = { cents: number; currency: string; rateDay: string };

export type ConvertedRow = ReadRow & { fileAmount?: FileAmount };

/** A file read in one currency, converted into the account's at each row's day: the days no rate covers leave their rows unconverted. */
export type ConvertedReading = { rows: ConvertedRow[]; missingDays: string[] };

/**
 * Each readable row's amount in minor units of `to`, at the rate `rateOn` gives for its date (the
 * European Central Bank's of that day, or of the nearest earlier one), rounded once, half away
 * from zero, the same either way the money moves. A row no rate covers becomes an error naming its day.
 */
export function convertRows(rows: readonly ReadRow[], from: string, to: string, rateOn: (date: string) => RateOnDay | null): ConvertedReading {
  const missing = new Set<string>();
  const converted = rows.map((row): ConvertedRow => {
    if (!row.ok) return row;
    const rate = rateOn(row.date);
    if (!rate) {
      missing.add(row.date);
      return { ok: false, line: row.line, label: row.label, error: `${row.label}: ${IMPORT_MESSAGES.noRateForRow(from, to, row.date)}` };
    }
    const size = convertMinor(toCents(Math.abs(row.cents)), from, to, rate.rate);
    // The file's balances are in its currency: they check nothing in the account's.
    return { ...row, cents: Math.sign(row.cents) * size, balance: null, fileAmount: { cents: row.cents, currency: from, rateDay: rate.day } };
  });
  return { rows: converted, missingDays: [...missing].sort() };
}
