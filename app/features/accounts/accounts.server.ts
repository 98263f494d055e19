import mongoose, { Types } from "mongoose";
import { Account, type AccountRecord } from "../../../models";
import { reportingCurrencyOf } from "~/features/auth/user.server";
import { inBulkWriteSlices, toObjectId } from "~/integrations/database.server";
import { submittedId } from "~/utils/submission.server";
import { toCents, type Cents } from "~/lib/money";
import { ACCOUNTS_MESSAGES, MAIN_ACCOUNT_NAME, type AccountKind } from "./accounts";

/**
 * An account's own fields as its forms give them (the balance is the ledger's). `currency` is chosen when it is
 * added (the user's reporting currency when none is given) and never changed after: its amounts are in it.
 */
export type AccountInput = { name: string; kind: AccountKind; onBudget: boolean; openingBalance: number; openingDate: string; currency?: string };

/** A stored account without its balance: what this module owns. */
export type StoredAccount = {
  id: string;
  name: string;
  kind: AccountKind;
  onBudget: boolean;
  openingBalance: ReturnType<typeof toCents>;
  openingDate: string;
  closed: boolean;
  currency: string;
};

export type AccountChange = { ok: true; account: StoredAccount } | { ok: false; field: "name"; message: string };

/** The main account's id: its user's own, so every process names the same account before it is stored. */
export function mainAccountId(userId: string) {
  return userId;
}

function toStoredAccount(record: AccountRecord): StoredAccount {
  return {
    id: String(record._id),
    name: record.name,
    kind: record.kind as AccountKind,
    onBudget: record.onBudget ?? true,
    openingBalance: toCents(record.openingBalance ?? 0),
    openingDate: record.openingDate,
    closed: record.closed ?? false,
    currency: record.currency ?? "USD",
  };
}

/**
 * Stores the user's main account unless it is there: where their transactions of the layout before
 * accounts go, and new ones until they add another. Safe to repeat and to run twice at once (one `_id`).
 */
export async function ensureMainAccount(userId: string, openingDate: string) {
  const userObjectId = new Types.ObjectId(userId);
  const currency = await reportingCurrencyOf(userId);
  await Account.updateOne(
    { _id: userObjectId },
    { $setOnInsert: { userId: userObjectId, name: MAIN_ACCOUNT_NAME, kind: "checking", onBudget: true, openingBalance: 0, openingDate, closed: false, currency } },
    { upsert: true },
  );
}

/**
 * The accounts of the layout before currencies (decision 204), whose amounts were typed in the user's currency:
 * each account of the user stored by `since` and not rewritten after it takes `currency` and its opening balance
 * in that currency's minor units (`rescale`). Each is stamped `rewrittenAt` (later than `since`), so a migration
 * cut short and run again rewrites none twice. Resolves to how many accounts it rewrote.
 */
export async function setLegacyAccountsCurrency(
  userId: string,
  currency: string,
  { since, rewrittenAt, rescale }: { since: Date; rewrittenAt: Date; rescale: (amount: Cents) => Cents },
) {
  const notAfter = () => mongoose.trusted({ $not: { $gt: since } });
  const legacy = await Account.find({ userId: new Types.ObjectId(userId), createdAt: notAfter(), updatedAt: notAfter() })
    .select({ _id: 1, openingBalance: 1 })
    .lean<Array<Pick<AccountRecord, "_id" | "openingBalance">>>();
  if (legacy.length === 0) return 0;
  await inBulkWriteSlices(legacy, (slice) =>
    Account.bulkWrite(
      slice.map((account) => ({
        updateOne: {
          filter: { _id: account._id, updatedAt: notAfter() },
          update: { $set: { currency, openingBalance: rescale(toCents(account.openingBalance ?? 0)), updatedAt: rewrittenAt } },
          timestamps: false,
        },
      })),
    ),
  );
  return legacy.length;
}

/** The user's accounts: the main account first, then the others, the oldest first. */
export async function listAccounts(userId: string): Promise<StoredAccount[]> {
  const records = await Account.find({ userId: new Types.ObjectId(userId) }).sort({ createdAt: 1, _id: 1 }).lean<AccountRecord[]>();
  const accounts = records.map(toStoredAccount);
  const isMain = (account: StoredAccount) => account.id === mainAccountId(userId);
  return [...accounts.filter(isMain), ...accounts.filter((account) => !isMain(account))];
}

/** The main account as it is before anything stored it: its transactions are there already, it opened at zero. */
export function unstoredMainAccount(userId: string, currency: string): StoredAccount {
  return { id: mainAccountId(userId), name: MAIN_ACCOUNT_NAME, kind: "checking", onBudget: true, openingBalance: toCents(0), openingDate: "", closed: false, currency };
}

/**
 * The user's accounts to choose from (id, name, kind, closed), the main account first even before anything
 * stored it.
 */
export async function listAccountNames(userId: string): Promise<Array<Pick<StoredAccount, "id" | "name" | "kind" | "closed" | "currency">>> {
  const accounts = await listAccounts(userId);
  const mainId = mainAccountId(userId);
  const withMain = accounts.some((account) => account.id === mainId) ? accounts : [unstoredMainAccount(userId, await reportingCurrencyOf(userId)), ...accounts];
  return withMain.map(({ id, name, kind, closed, currency }) => ({ id, name, kind, closed, currency }));
}

/** The currency of one of the user's accounts (the main one before anything stored it too); null when it is not theirs. */
export async function accountCurrencyOf(userId: string, accountId: string) {
  return (await listAccountNames(userId)).find((account) => account.id === accountId)?.currency ?? null;
}

/**
 * The user's accounts, storing the main account first when it is not there yet (a new user's transactions
 * are in it before anything asked for their accounts), opening on `mainOpeningDate`.
 */
export async function getOrCreateAccounts(userId: string, mainOpeningDate: string) {
  const accounts = await listAccounts(userId);
  if (accounts.some((account) => account.id === mainAccountId(userId))) return accounts;
  await ensureMainAccount(userId, mainOpeningDate);
  return listAccounts(userId);
}

/** One of the user's accounts; null when the id is not one of theirs. */
export async function getAccount(userId: string, accountId: string) {
  const _id = toObjectId(accountId);
  if (!_id) return null;
  const record = await Account.findOne({ _id, userId: new Types.ObjectId(userId) }).lean<AccountRecord>();
  return record ? toStoredAccount(record) : null;
}

async function nameTaken(userId: string, name: string, exceptId?: string) {
  const wanted = name.toLocaleLowerCase();
  return (await listAccounts(userId)).some((account) => account.id !== exceptId && account.name.toLocaleLowerCase() === wanted);
}

/**
 * Adds an account. With the form's one-time key its id follows from the key, so the same form sent again
 * answers with the account the first one added and adds nothing.
 */
export async function addAccount(userId: string, input: AccountInput, submissionKey?: string | null): Promise<AccountChange> {
  const _id = submissionKey ? new Types.ObjectId(submittedId(userId, submissionKey, "account")) : new Types.ObjectId();
  const added = await Account.findOne({ _id, userId: new Types.ObjectId(userId) }).lean<AccountRecord>();
  if (added) return { ok: true, account: toStoredAccount(added) };
  if (await nameTaken(userId, input.name)) return { ok: false, field: "name", message: ACCOUNTS_MESSAGES.nameTaken };
  const currency = input.currency ?? (await reportingCurrencyOf(userId));
  const record = await Account.create({ _id, userId: new Types.ObjectId(userId), ...input, closed: false, currency });
  return { ok: true, account: toStoredAccount(record.toObject()) };
}

/** Changes an account's own fields; null when it is not the user's. */
export async function updateAccount(userId: string, accountId: string, input: AccountInput): Promise<AccountChange | null> {
  const account = await getAccount(userId, accountId);
  if (!account) return null;
  if (await nameTaken(userId, input.name, accountId)) return { ok: false, field: "name", message: ACCOUNTS_MESSAGES.nameTaken };
  const { currency: _kept, ...changed } = input;
  await Account.updateOne({ _id: new Types.ObjectId(accountId), userId: new Types.ObjectId(userId) }, { $set: changed });
  return { ok: true, account: { ...account, ...changed, openingBalance: toCents(input.openingBalance) } };
}

/** Sets the balance one of the user's accounts opened with (a linked bank's account follows the bank's balance this way). */
export async function setOpeningBalance(userId: string, accountId: string, openingBalance: Cents) {
  const _id = toObjectId(accountId);
  if (!_id) return false;
  const result = await Account.updateOne({ _id, userId: new Types.ObjectId(userId) }, { $set: { openingBalance } });
  return result.matchedCount === 1;
}

/** The user's open account a bank file's account id was imported into before; null when none. */
export async function findAccountOfFile(userId: string, fileAccountId: string) {
  const record = await Account.findOne({ userId: new Types.ObjectId(userId), fileAccountIds: fileAccountId, closed: false }).select({ _id: 1 }).lean<Pick<AccountRecord, "_id">>();
  return record ? String(record._id) : null;
}

/** Remembers that files naming `fileAccountId` belong in the user's account (and in no other of theirs). */
export async function rememberAccountOfFile(userId: string, accountId: string, fileAccountId: string) {
  const userObjectId = new Types.ObjectId(userId);
  await Account.updateMany({ userId: userObjectId, fileAccountIds: fileAccountId }, { $pullAll: { fileAccountIds: [fileAccountId] } });
  await Account.updateOne({ _id: new Types.ObjectId(accountId), userId: userObjectId }, { $addToSet: { fileAccountIds: { $each: [fileAccountId] } } });
}

/** Closes or reopens one of the user's accounts (the caller has checked a closing may happen). */
export async function setAccountClosed(userId: string, accountId: string, closed: boolean) {
  const _id = toObjectId(accountId);
  if (!_id) return false;
  const result = await Account.updateOne({ _id, userId: new Types.ObjectId(userId) }, { $set: { closed } });
  return result.matchedCount === 1;
}
