import { Schema } from "mongoose";
import { defineModel } from "./define-model";

/**
 * What each day of one user's month moved each of their accounts by, kept in step with every transaction
 * write ($inc) beside the month's summary, under the same `_id` ("<userId>:<yyyy-MM>"). Apart from the
 * summary because only a balance at a day reads it (one month, by _id), while every page reads all the
 * summaries: FerretDB reads a document whole, whatever the projection.
 * accounts: { [accountId]: { d01…d31 } } in signed cents of the account's currency; a day never moved is absent.
 */
const accountDayNetsSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    monthKey: { type: String, required: true },
    accounts: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { minimize: false, collection: "accountDayNets", versionKey: false },
);

/** The days of one account's month: "d05" → what day 5 moved it by. */
export type AccountDays = { [day: `d${string}`]: number | undefined };

export type AccountDayNetsRecord = { _id: string; userId: unknown; monthKey: string; accounts: Record<string, AccountDays> };

export const AccountDayNets = defineModel("AccountDayNets", accountDayNetsSchema);
