import mongoose, { Types } from "mongoose";
import { BankConnection, BankLink, type BankConnectionRecord } from "../../../models";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import type { LedgerEntry } from "~/features/transactions/ledger";
import { toObjectId } from "~/integrations/database.server";
import { addAccountBesideMain, bankTransactionsInMainAccount, listAccountsWithBalances } from "~/features/transactions/account-balances.server";
import { fillByRules } from "~/features/rules/rules.server";
import { markArrivals } from "~/features/recurring/recurring.server";
import { listAccountNames, mainAccountId, setOpeningBalance } from "~/features/accounts/accounts.server";
import { getPlaid, PlaidRequestError, type PlaidAccount, type PlaidClient } from "~/integrations/plaid.server";
import { todayIso } from "~/lib/month";
import { getEnv } from "~/utils/env.server";
import { needsResealing, openAccessToken, sealAccessToken, type SealedToken } from "./access-token.server";
import { accountKindOf, balanceFromPlaid, bankAccountName, freeAccountName, openingBalanceFor } from "./bank-accounts";
import { BANK_MESSAGES, LINK_COMPLETE_PATH, type BankConnectionView, type ConnectionStatus } from "./bank";
import { bankEntryOf, collectSyncChanges, foreignCurrencyOf, SYNC_PAGE_SIZE, SYNC_RESTART_CODE } from "./sync";

/** Why a bank operation did not happen; `message` is for the user (from BANK_MESSAGES). */
type BankFailure = { ok: false; reason: "not-configured" | "not-found" | "invalid" | "plaid"; message: string };

type SyncOutcome = { ok: true; imported: number; alreadyRunning: boolean } | BankFailure;

/** Plaid's error codes that only the user can mend, by logging in to the bank again (Link's update mode). */
const RELINK_CODES = new Set(["ITEM_LOGIN_REQUIRED", "PENDING_EXPIRATION", "PENDING_DISCONNECT"]);
/** How long one sync may hold its item before another may start (a crashed sync frees it then). */
const SYNC_LOCK_MS = 5 * 60 * 1000;

type ConnectionWithSecrets = BankConnectionRecord & { accessToken: SealedToken; cursor: string | null };

const notConfigured: BankFailure = { ok: false, reason: "not-configured", message: BANK_MESSAGES.notConfigured };
const notFound: BankFailure = { ok: false, reason: "not-found", message: BANK_MESSAGES.notFound };

/** The record a sealed token is bound to: moved onto another user's or item's record, it does not open. */
function tokenContext(userId: Types.ObjectId | string, itemId: string) {
  return `${userId.toString()}:${itemId}`;
}

function plaidFailure(error: unknown, message: string): BankFailure {
  if (!(error instanceof PlaidRequestError)) throw error;
  return { ok: false, reason: "plaid", message: error.displayMessage ? BANK_MESSAGES.connectionIssue(error.displayMessage) : message };
}

/** One line for the log: Plaid's code and the item, never a token. */
function logPlaidFailure(action: string, itemId: string, error: unknown) {
  const detail = error instanceof PlaidRequestError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  console.error(`bank ${action} failed for item ${itemId}: ${detail}`);
}

export function bankLinkingConfigured() {
  return getPlaid() !== null;
}

function viewOf(connection: BankConnectionRecord): BankConnectionView {
  return {
    id: connection._id.toString(),
    institutionName: connection.institutionName,
    accounts: connection.accounts.map((account) => ({ id: account.id, name: account.name, type: account.type ?? "", mask: account.mask ?? null })),
    connectedAt: connection.connectedAt.toISOString(),
    lastSync: connection.lastSync ? connection.lastSync.toISOString() : null,
    status: connection.status as ConnectionStatus,
    lastError: connection.lastError ?? null,
    needsRelink: connection.errorCode !== null && connection.errorCode !== undefined && RELINK_CODES.has(connection.errorCode),
  };
}

/** The user's linked banks, oldest first (never their tokens). */
export async function listConnections(userId: string): Promise<BankConnectionView[]> {
  const connections = await BankConnection.find({ userId: new Types.ObjectId(userId) })
    .sort({ connectedAt: 1 })
    .lean<BankConnectionRecord[]>();
  return connections.map(viewOf);
}

async function connectionWithSecrets(userId: string, connectionId: string) {
  const _id = toObjectId(connectionId);
  if (!_id) return null;
  return BankConnection.findOne({ _id, userId: new Types.ObjectId(userId) })
    .select("+accessToken +cursor")
    .lean<ConnectionWithSecrets>();
}

function accessTokenOf(connection: ConnectionWithSecrets) {
  return openAccessToken(connection.accessToken, tokenContext(connection.userId, connection.itemId));
}

/**
 * A link token for Plaid Link: for the page (`hosted: false`) or for Hosted
 * Link, whose token is kept so the completion route can read the outcome.
 * With `connectionId`, Link opens in update mode for that bank.
 */
export async function createLinkToken(
  userId: string,
  options: { appUrl: string; hosted: boolean; connectionId?: string },
): Promise<{ ok: true; linkToken: string; hostedLinkUrl: string | null } | BankFailure> {
  const plaid = getPlaid();
  if (!plaid) return notConfigured;
  const connection = options.connectionId ? await connectionWithSecrets(userId, options.connectionId) : null;
  if (options.connectionId && !connection) return notFound;
  try {
    const { linkToken, hostedLinkUrl } = await plaid.createLinkToken({
      clientUserId: userId,
      webhookUrl: webhookUrlFor(options.appUrl),
      ...(options.hosted && { completionRedirectUri: `${options.appUrl}${LINK_COMPLETE_PATH}` }),
      ...(connection && { accessToken: accessTokenOf(connection) }),
    });
    if (options.hosted) {
      if (!hostedLinkUrl) return { ok: false, reason: "plaid", message: BANK_MESSAGES.invalidToken };
      await BankLink.findOneAndUpdate(
        { userId: new Types.ObjectId(userId) },
        { $set: { linkToken, connectionId: connection?._id ?? null, createdAt: new Date() } },
        { upsert: true },
      );
    }
    return { ok: true, linkToken, hostedLinkUrl };
  } catch (error) {
    logPlaidFailure("link token", connection?.itemId ?? "(new)", error);
    return plaidFailure(error, BANK_MESSAGES.unavailable);
  }
}

/** Where Plaid sends this app's webhooks: PLAID_WEBHOOK_URL, else the app's own /webhooks/plaid. */
function webhookUrlFor(appUrl: string) {
  return getEnv().PLAID_WEBHOOK_URL ?? `${appUrl}/webhooks/plaid`;
}

/**
 * Links a bank from Link's public token: exchanges it, reads the bank's name
 * and accounts, stores the sealed access token, and runs the first sync. A
 * failed first sync leaves the bank linked with its error shown.
 */
export async function connectBank(userId: string, publicToken: string): Promise<{ ok: true } | BankFailure> {
  const plaid = getPlaid();
  if (!plaid) return notConfigured;
  if (!/^public-[\w-]+$/.test(publicToken)) return { ok: false, reason: "invalid", message: BANK_MESSAGES.invalidToken };
  let linked: { accessToken: string; itemId: string; institutionName: string; accounts: Array<{ id: string; name: string; type: string; mask: string | null }> };
  try {
    const { accessToken, itemId } = await plaid.exchangePublicToken(publicToken);
    const { institutionName, accounts } = await plaid.getAccounts(accessToken);
    linked = { accessToken, itemId, institutionName, accounts: accounts.map(({ id, name, type, mask }) => ({ id, name, type, mask })) };
  } catch (error) {
    logPlaidFailure("link", "(new)", error);
    return plaidFailure(error, BANK_MESSAGES.connectFailed);
  }
  const owner = new Types.ObjectId(userId);
  // An update and a read, not findOneAndUpdate: FerretDB's findAndModify takes no projection, and the token is never selected.
  await BankConnection.updateOne(
    { itemId: linked.itemId, userId: owner },
    {
      $set: {
        institutionName: linked.institutionName,
        accounts: linked.accounts,
        accessToken: sealAccessToken(linked.accessToken, tokenContext(owner, linked.itemId)),
        status: "active",
        lastError: null,
        errorCode: null,
      },
      $setOnInsert: { connectedAt: new Date(), cursor: null, lastSync: null, syncLockedUntil: null },
    },
    { upsert: true },
  );
  // A failed first sync leaves the bank linked, its error shown on the page.
  await syncOwned({ itemId: linked.itemId, userId: owner });
  return { ok: true };
}

/**
 * What Hosted Link left when it sent the user back: a new bank linked, a
 * bank logged in again (update mode), or nothing (the user left the flow).
 */
export async function completeHostedLink(
  userId: string,
): Promise<{ ok: true; outcome: "connected" | "relinked" | "cancelled" } | BankFailure> {
  const plaid = getPlaid();
  if (!plaid) return notConfigured;
  const link = await BankLink.findOneAndDelete({ userId: new Types.ObjectId(userId) }).lean();
  if (!link) return { ok: true, outcome: "cancelled" };
  let publicToken: string | null;
  let finished: boolean;
  try {
    ({ publicToken, finished } = await plaid.linkSessionOutcome(link.linkToken));
  } catch (error) {
    logPlaidFailure("link completion", "(new)", error);
    return plaidFailure(error, BANK_MESSAGES.connectFailed);
  }
  if (link.connectionId) {
    if (!finished) return { ok: true, outcome: "cancelled" };
    const synced = await syncConnection(userId, link.connectionId.toString());
    return synced.ok ? { ok: true, outcome: "relinked" } : synced;
  }
  if (!publicToken) return { ok: true, outcome: "cancelled" };
  const connected = await connectBank(userId, publicToken);
  return connected.ok ? { ok: true, outcome: "connected" } : connected;
}

type ConnectionFilter = { _id: Types.ObjectId; userId?: Types.ObjectId } | { itemId: string; userId: Types.ObjectId };

/**
 * Takes the matching bank for one sync and reads its token and cursor; null
 * when no bank matches, `busy` when another sync holds it: that sync is asked
 * to run once more when it ends, since what it read may predate this news.
 */
async function lockForSync(filter: ConnectionFilter, now = new Date()) {
  const { matchedCount } = await BankConnection.updateOne(
    { ...filter, $or: [{ syncLockedUntil: null }, { syncLockedUntil: mongoose.trusted({ $lt: now }) }] },
    { $set: { syncLockedUntil: new Date(now.getTime() + SYNC_LOCK_MS), status: "syncing", syncAgain: false } },
  );
  if (matchedCount === 1) return BankConnection.findOne(filter).select("+accessToken +cursor").lean<ConnectionWithSecrets>();
  const { matchedCount: held } = await BankConnection.updateOne(filter, { $set: { syncAgain: true } });
  return held === 1 ? "busy" : null;
}

async function recordSyncFailure(connection: ConnectionWithSecrets, error: unknown) {
  logPlaidFailure("sync", connection.itemId, error);
  const plaidError = error instanceof PlaidRequestError ? error : null;
  await BankConnection.updateOne(
    { _id: connection._id },
    {
      $set: {
        status: "error",
        lastError: plaidError?.displayMessage ?? plaidError?.message ?? BANK_MESSAGES.syncFailed,
        errorCode: plaidError?.code ?? null,
        syncLockedUntil: null,
      },
    },
  );
}

/**
 * Each of the bank's accounts as one of the user's accounts, made the first time a sync sees it: named
 * after the bank, the account and its mask (with a number when the name is taken), its kind from
 * Plaid's type, in its currency (the reporting currency when Plaid states none). Its id follows from the Plaid account id, so a sync cut short and run again makes no
 * second one. The bank's transactions of it that sit in the main account (synced before bank accounts
 * were accounts) are moved into it, every figure but the two accounts' balances unchanged.
 */
async function accountsOfBank(userId: string, connection: ConnectionWithSecrets, plaidAccounts: PlaidAccount[]) {
  const known = new Map(connection.accounts.flatMap((account) => (account.accountId ? [[account.id, account.accountId] as const] : [])));
  const takenNames = (await listAccountNames(userId)).map((account) => account.name);
  const today = todayIso();
  const bankAccounts = [];
  for (const plaidAccount of plaidAccounts) {
    let accountId = known.get(plaidAccount.id);
    if (!accountId) {
      const name = freeAccountName(bankAccountName(connection.institutionName, plaidAccount.name, plaidAccount.mask), takenNames);
      const kind = accountKindOf(plaidAccount.plaidType, plaidAccount.type);
      const added = await addAccountBesideMain(
        userId,
        { name, kind, onBudget: true, openingBalance: 0, openingDate: today, currency: plaidAccount.currency ?? undefined },
        today,
        `plaid:${plaidAccount.id}`,
      );
      if (!added.ok) throw new Error(`the bank's account could not be added: ${added.message}`);
      accountId = added.account.id;
      takenNames.push(added.account.name);
      await moveIntoAccount(userId, await bankTransactionsInMainAccount(userId, plaidAccount.id), accountId);
    }
    bankAccounts.push({ id: plaidAccount.id, name: plaidAccount.name, type: plaidAccount.type, mask: plaidAccount.mask, accountId });
  }
  return bankAccounts;
}

async function moveIntoAccount(userId: string, transactionIds: string[], accountId: string) {
  if (transactionIds.length === 0) return;
  const moved = await applyLedgerBatch(userId, { updated: transactionIds.map((id) => ({ id, accountId })) });
  if (!moved.ok) throw new Error(`the ledger refused to move the bank's transactions: ${JSON.stringify(moved.issues.slice(0, 3))}`);
}

/**
 * Makes each bank account's balance the bank's own (Plaid's current balance; a card's or loan's as owed):
 * balances are derived from the opening balance and the transactions, so the opening balance is set to
 * what the transactions in the account leave over. An account for which the bank gives no balance, or
 * one in another currency than the account's, keeps its own.
 */
async function followBankBalances(userId: string, plaidAccounts: PlaidAccount[], accountIdOf: Map<string, string>) {
  const { accounts } = await listAccountsWithBalances(userId, todayIso());
  for (const plaidAccount of plaidAccounts) {
    const account = accounts.find((candidate) => candidate.id === accountIdOf.get(plaidAccount.id));
    if (!account || plaidAccount.currentBalance === null || (plaidAccount.currency ?? account.currency) !== account.currency) continue;
    const net = account.balance - account.openingBalance;
    const openingBalance = openingBalanceFor(balanceFromPlaid(account.kind, plaidAccount.currentBalance, account.currency), net);
    if (openingBalance !== account.openingBalance) await setOpeningBalance(userId, account.id, openingBalance);
  }
}

/**
 * One incremental sync of a linked bank: reads every page from the saved
 * cursor (again from it when the bank's data moves mid-way), hands all the
 * changes to the ledger (each bank transaction written once, however often
 * it comes), and saves the new cursor only after they were applied. A
 * failure leaves the cursor where it was and shows the error on the bank.
 */
async function runSync(plaid: PlaidClient, connection: ConnectionWithSecrets): Promise<SyncOutcome> {
  try {
    const accessToken = accessTokenOf(connection);
    const context = tokenContext(connection.userId, connection.itemId);
    const changes = await collectSyncChanges(
      (cursor) => plaid.syncPage(accessToken, cursor, SYNC_PAGE_SIZE),
      connection.cursor,
      (error) => error instanceof PlaidRequestError && error.code === SYNC_RESTART_CODE,
    );
    const userId = connection.userId.toString();
    const { accounts: plaidAccounts } = await plaid.getAccounts(accessToken);
    const bankAccounts = await accountsOfBank(userId, connection, plaidAccounts);
    const accountIdOf = new Map(bankAccounts.map((account) => [account.id, account.accountId]));
    const currencyOf = new Map((await listAccountNames(userId)).map((account) => [account.id, account.currency]));
    const bankEntries = changes.upserted.flatMap((transaction) => {
      const accountId = accountIdOf.get(transaction.accountId);
      const currency = currencyOf.get(accountId ?? mainAccountId(userId));
      if (!currency) throw new Error(`no account of the user holds the bank's account ${transaction.accountId}`);
      const foreign = foreignCurrencyOf(transaction, currency);
      if (foreign) {
        console.warn(`bank sync of item ${connection.itemId} skipped transaction ${transaction.transactionId}: it is in ${foreign}, its account in ${currency}`);
        return [];
      }
      return bankEntryOf(transaction, connection.institutionName, { id: accountId, currency }) ?? [];
    });
    const result = await applyLedgerBatch(userId, { bankUpserts: await filledBankEntries(userId, bankEntries, currencyOf), bankRemovals: changes.removed });
    if (!result.ok) throw new Error(`the ledger refused the bank's transactions: ${JSON.stringify(result.issues.slice(0, 3))}`);
    await markArrivals(
      userId,
      result.bank.inserted.map((stored) => ({ id: String(stored._id), date: stored.date, amount: stored.amount, type: stored.type, accountId: String(stored.accountId), description: stored.description, source: stored.source, category: stored.category })),
    );
    await followBankBalances(userId, plaidAccounts, accountIdOf);
    await BankConnection.updateOne(
      { _id: connection._id },
      {
        $set: {
          accounts: bankAccounts,
          cursor: changes.nextCursor ?? connection.cursor,
          lastSync: new Date(),
          status: "active",
          lastError: null,
          errorCode: null,
          syncLockedUntil: null,
          ...(needsResealing(connection.accessToken) && { accessToken: sealAccessToken(accessToken, context) }),
        },
      },
    );
    return { ok: true, imported: result.bank.inserted.length, alreadyRunning: false };
  } catch (error) {
    await recordSyncFailure(connection, error);
    return { ok: false, reason: "plaid", message: BANK_MESSAGES.syncFailed };
  }
}

/**
 * The bank's transactions as the user's rules fill them in: a new one takes a rule's category, tags or
 * split (a stored one keeps the user's), and a rule's name unless the user renamed it (the ledger keeps
 * edited descriptions).
 */
async function filledBankEntries(userId: string, entries: LedgerEntry[], currencyOf: ReadonlyMap<string, string>) {
  const main = mainAccountId(userId);
  const subjects = entries.map((entry) => ({ description: entry.description ?? "", amount: entry.amount, type: entry.type, accountId: entry.accountId ?? main, date: entry.date, category: entry.category }));
  const filled = await fillByRules(userId, subjects, (accountId) => currencyOf.get(accountId) ?? "");
  return entries.map((entry, index) => {
    const { description, category, tagIds, transferAccountId, allocations } = filled[index];
    // A transfer's other side comes from its own bank account (linked transfers are proposed for linking), so none is made here.
    return transferAccountId ? { ...entry, description, tagIds } : { ...entry, description, category, tagIds, allocations };
  });
}

/** Syncs the bank `filter` names; one that does not match is not found. */
async function syncOwned(filter: ConnectionFilter): Promise<SyncOutcome> {
  const plaid = getPlaid();
  if (!plaid) return notConfigured;
  const connection = await lockForSync(filter);
  if (!connection) return notFound;
  if (connection === "busy") return { ok: true, imported: 0, alreadyRunning: true };
  const outcome = await runSync(plaid, connection);
  if (!(await BankConnection.exists({ _id: connection._id, syncAgain: true }))) return outcome;
  const again = await syncOwned({ _id: connection._id });
  return again.ok && outcome.ok ? { ...again, imported: outcome.imported + again.imported } : again;
}

/** Syncs one of the user's banks; another user's bank is not found. */
export async function syncConnection(userId: string, connectionId: string): Promise<SyncOutcome> {
  const _id = toObjectId(connectionId);
  return _id ? syncOwned({ _id, userId: new Types.ObjectId(userId) }) : notFound;
}

/** Syncs every bank of the user; the count is of new transactions, `failed` the banks that could not sync. */
export async function syncAllConnections(userId: string) {
  const connections = await BankConnection.find({ userId: new Types.ObjectId(userId) })
    .select({ _id: 1 })
    .lean();
  let imported = 0;
  let failed = 0;
  for (const { _id } of connections) {
    const outcome = await syncOwned({ _id });
    if (outcome.ok) imported += outcome.imported;
    else failed += 1;
  }
  return { imported, failed, banks: connections.length };
}

/** Syncs a bank by its id alone (the webhook's and the nightly job's sync). */
export async function syncConnectionById(connectionId: string) {
  const _id = toObjectId(connectionId);
  return _id ? syncOwned({ _id }) : notFound;
}

/** Whether a sync of the bank was asked for while another ran, and no sync has run since. */
export async function isSyncAskedFor(connectionId: string) {
  const _id = toObjectId(connectionId);
  return _id !== null && (await BankConnection.exists({ _id, syncAgain: true })) !== null;
}

/** Every linked bank, for the nightly sync: those waiting for their user to log in again are left out. */
export async function connectionIdsToSync() {
  const connections = await BankConnection.find({}).select({ _id: 1, errorCode: 1 }).lean();
  return connections.filter((connection) => !connection.errorCode || !RELINK_CODES.has(connection.errorCode)).map((connection) => connection._id.toString());
}

/**
 * Unlinks a bank: the item is removed at Plaid, then its record and sealed
 * token are deleted. Its imported transactions stay in the ledger (decision
 * 160), detached from the bank's ids. An item Plaid no longer knows is unlinked all the same.
 */
export async function disconnectBank(userId: string, connectionId: string): Promise<{ ok: true } | BankFailure> {
  const plaid = getPlaid();
  if (!plaid) return notConfigured;
  const connection = await connectionWithSecrets(userId, connectionId);
  if (!connection) return notFound;
  try {
    await plaid.removeItem(accessTokenOf(connection));
  } catch (error) {
    const gone = error instanceof PlaidRequestError && ["ITEM_NOT_FOUND", "INVALID_ACCESS_TOKEN"].includes(error.code);
    if (!gone) {
      logPlaidFailure("disconnect", connection.itemId, error);
      return { ok: false, reason: "plaid", message: BANK_MESSAGES.disconnectFailed };
    }
  }
  await applyLedgerBatch(userId, { detachedBankAccounts: connection.accounts.map((account) => account.id) });
  await BankConnection.deleteOne({ _id: connection._id, userId: connection.userId });
  return { ok: true };
}

/** Unlinks every bank of a user whose account is being deleted (best effort at Plaid; the records go with the account). */
export async function removeBankItemsOf(userId: string) {
  const plaid = getPlaid();
  if (!plaid) return;
  const connections = await BankConnection.find({ userId: new Types.ObjectId(userId) })
    .select("+accessToken")
    .lean<ConnectionWithSecrets[]>();
  for (const connection of connections) {
    try {
      await plaid.removeItem(accessTokenOf(connection));
    } catch (error) {
      logPlaidFailure("removal", connection.itemId, error);
    }
  }
}

/** The linked bank of a Plaid item, for its webhooks. */
export async function connectionOfItem(itemId: string) {
  const connection = await BankConnection.findOne({ itemId }).select({ _id: 1, userId: 1 }).lean();
  return connection ? { id: connection._id.toString(), userId: connection.userId.toString() } : null;
}

/** Plaid reported a problem with the item (a webhook): the bank shows it until a sync succeeds. */
export async function markItemError(itemId: string, errorCode: string, message: string) {
  await BankConnection.updateOne({ itemId }, { $set: { status: "error", errorCode, lastError: message } });
}
