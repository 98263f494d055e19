import { Schema } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";

/**
 * One day of the European Central Bank's euro reference rates (decision 203): `_id` the day "yyyy-MM-dd",
 * `rates` each currency's units per 1 EUR as the ECB's decimal text ({ USD: "1.0565", JPY: "120.83" }; EUR
 * itself is implicit, "1"). Text, not numbers: FerretDB has no Decimal128, and a float would change the rate.
 */
const exchangeRateSchema = new Schema(
  {
    _id: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    rates: { type: Schema.Types.Mixed, required: true },
    fetchedAt: { type: Date, required: true },
  },
  { collection: "exchangeRates", versionKey: false },
);

export type ExchangeRateRecord = Omit<LeanOf<typeof exchangeRateSchema>, "rates"> & { rates: Record<string, string> };

export const ExchangeRate = defineModel("ExchangeRate", exchangeRateSchema);
