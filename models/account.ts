import { Schema, type Types } from "mongoose";
import { defineModel, type LeanOf } from "./define-model";
import { wholeCents } from "./money";

const ACCOUNT_KINDS = ["checking", "savings", "credit_card", "cash", "loan", "investment", "other"] as const;

/**
 * One of a user's accounts: where their money is (a checking account, a card, a loan). Every transaction
 * names one (`Transaction.accountId`). The balance is not stored: it is `openingBalance` plus the account's
 * net in the month summaries, which the ledger keeps with every write. Balances are signed from the
 * user's side: what a card or loan is owed is negative. The main account's `_id` is its user's id, so it
 * is the same on every machine and made once however often it is asked for.
 */
const accountSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    name: { type: String, required: true },
    kind: { type: String, enum: ACCOUNT_KINDS, default: "checking" },
    /** Tracking-only accounts (a mortgage, investments) count in net worth but not in the budget. */
    onBudget: { type: Boolean, default: true },
    openingBalance: { type: Number, default: 0, validate: wholeCents },
    /** yyyy-MM-dd: the day the opening balance was the account's balance. */
    openingDate: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    closed: { type: Boolean, default: false },
    /** ISO 4217; every amount of the account is in it. */
    currency: { type: String, default: "USD", match: /^[A-Z]{3}$/ },
    /** The ids bank files give this account (an OFX ACCTID, a CAMT IBAN): a later file of it is imported here unasked. */
    fileAccountIds: { type: [String], default: [] },
  },
  { timestamps: true },
);

export type AccountRecord = LeanOf<typeof accountSchema> & { _id: Types.ObjectId };

export const Account = defineModel("Account", accountSchema);
