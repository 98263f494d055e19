import { Schema, type InferSchemaType, type Types } from "mongoose";
import { defineModel } from "./define-model";

const CONNECTION_STATUSES = ["active", "error", "syncing"] as const;

const sealedTokenSchema = new Schema(
  { keyId: { type: String, required: true }, iv: { type: String, required: true }, tag: { type: String, required: true }, data: { type: String, required: true } },
  { _id: false },
);

/** One account of the bank: `id` is Plaid's; `accountId` the user's account its transactions go into (null until the first sync makes it). */
const bankAccountSchema = new Schema(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    type: { type: String, default: "" },
    mask: { type: String, default: null },
    accountId: { type: String, default: null },
  },
  { _id: false },
);

/**
 * One linked bank (a Plaid item) of a user. The access token is sealed
 * (AES-256-GCM) and, with the sync cursor, never read unless asked for by name.
 * `syncLockedUntil` lets one sync of the item run at a time; `syncAgain` asks the running one for
 * another run when it ends (news came while it read).
 */
const bankConnectionSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, index: true },
    itemId: { type: String, required: true, unique: true },
    institutionName: { type: String, required: true },
    accounts: { type: [bankAccountSchema], default: [] },
    accessToken: { type: sealedTokenSchema, required: true, select: false },
    cursor: { type: String, default: null, select: false },
    connectedAt: { type: Date, required: true },
    lastSync: { type: Date, default: null },
    status: { type: String, enum: CONNECTION_STATUSES, default: "active" },
    lastError: { type: String, default: null },
    /** Plaid's error code of the last failure (ITEM_LOGIN_REQUIRED asks the user to log in again). */
    errorCode: { type: String, default: null },
    syncLockedUntil: { type: Date, default: null },
    syncAgain: { type: Boolean, default: false },
  },
  { collection: "plaidAccounts" },
);

type BankConnectionFields = Omit<InferSchemaType<typeof bankConnectionSchema>, "accounts" | "accessToken"> & {
  accounts: Array<InferSchemaType<typeof bankAccountSchema>>;
  accessToken: InferSchemaType<typeof sealedTokenSchema>;
};

export type BankConnectionRecord = BankConnectionFields & { _id: Types.ObjectId };

export const BankConnection = defineModel("BankConnection", bankConnectionSchema);

/**
 * A link token handed out for Hosted Link, one per user: the completion
 * route reads it back to fetch the public token. `connectionId` marks update mode.
 */
const bankLinkSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: "User", required: true, unique: true },
    linkToken: { type: String, required: true },
    connectionId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: "bankLinks" },
);

export const BankLink = defineModel("BankLink", bankLinkSchema);
