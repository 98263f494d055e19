import mongoose, { Types } from "mongoose";
import { Transaction } from "../../../models";
import { accountsOverview, closeRefusal, signedAmount, withRunningBalance, type AccountSummary } from "~/features/accounts/accounts";
import { addAccount, getAccount, getOrCreateAccounts, listAccounts, mainAccountId, setAccountClosed, unstoredMainAccount, type AccountInput, type StoredAccount } from "~/features/accounts/accounts.server";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { accountNetOfDays, accountTotalsOf } from "./month-summary";
import { listMonthSummaries, readAccountDays, type ListedMonthSummary } from "./month-summary.server";
import { balanceConversion, reportedBalance, type BalanceConversion } from "./reporting.server";
import { listAccountPage } from "./transactions.server";
import { reportingCurrencyOf } from "~/features/auth/user.server";

/** How many rows a register page shows. */
const REGISTER_PAGE_SIZE = 50;

function withBalance(account: StoredAccount, totals: Map<string, { net: number; count: number }>, conversion: BalanceConversion): AccountSummary {
  const own = totals.get(account.id) ?? { net: 0, count: 0 };
  const balance = toCents(account.openingBalance + own.net);
  return { ...account, balance, reportedBalance: reportedBalance(balance, account.currency, conversion), count: own.count };
}

/** `accounts` with their balances, in their own currency and in the reporting one. */
async function withBalances(userId: string, accounts: StoredAccount[], summaries: ListedMonthSummary[]) {
  const [totals, conversion] = [accountTotalsOf(summaries), await balanceConversion(userId, accounts)];
  return accounts.map((account) => withBalance(account, totals, conversion));
}

/** When the main account opens if it is stored now: the first day of the user's first month with transactions, or today. */
function mainOpeningDate(summaries: Array<{ monthKey: string }>, today: string) {
  const first = summaries.map((summary) => summary.monthKey).sort()[0];
  return first ? `${first}-01` : today;
}

/**
 * The user's accounts with their balances (the opening balance plus the month summaries' nets: one read
 * of small documents, never a scan of transactions), and the page's totals. A new user's main account is
 * stored on the way.
 */
export async function listAccountsWithBalances(userId: string, today: string) {
  const summaries = await listMonthSummaries(userId);
  const accounts = await withBalances(userId, await getOrCreateAccounts(userId, mainOpeningDate(summaries, today)), summaries);
  return { accounts, overview: accountsOverview(accounts) };
}

/** One of the user's accounts with its balance, read without writing (the main account before it is stored opens at zero); null when it is not theirs. */
export async function getAccountWithBalance(userId: string, accountId: string): Promise<AccountSummary | null> {
  const [summaries, stored] = await Promise.all([listMonthSummaries(userId), getAccount(userId, accountId)]);
  const account = stored ?? (accountId === mainAccountId(userId) ? unstoredMainAccount(userId, await reportingCurrencyOf(userId)) : null);
  return account ? (await withBalances(userId, [account], summaries))[0] : null;
}

/**
 * The user's open accounts with their balances, from the month summaries the caller read, without writing. The main account is among them
 * before it is stored once it holds a transaction (a user who never recorded one has no account to show).
 */
export async function readOpenAccountBalances(userId: string, summaries: ListedMonthSummary[]): Promise<AccountSummary[]> {
  const stored = await listAccounts(userId);
  const mainId = mainAccountId(userId);
  const unstoredMain = !stored.some((account) => account.id === mainId) && (accountTotalsOf(summaries).get(mainId)?.count ?? 0) > 0;
  const accounts = unstoredMain ? [unstoredMainAccount(userId, await reportingCurrencyOf(userId)), ...stored] : stored;
  return withBalances(userId, accounts.filter((account) => !account.closed), summaries);
}

/**
 * The user's stored accounts with their balances, from the month summaries the caller read; stores
 * nothing (a main account not stored yet is not among them).
 */
export async function readAccountBalances(userId: string, summaries: ListedMonthSummary[]): Promise<AccountSummary[]> {
  return withBalances(userId, await listAccounts(userId), summaries);
}

/** One of the user's accounts with its balance, from summaries already read; null when it is not theirs. The main account is stored first when it is not yet: its transactions are there. */
export async function getOrCreateAccountWithBalance(userId: string, accountId: string, today: string, summaries: ListedMonthSummary[]) {
  const stored =
    accountId === mainAccountId(userId)
      ? (await getOrCreateAccounts(userId, mainOpeningDate(summaries, today))).find((account) => account.id === accountId)
      : await getAccount(userId, accountId);
  return stored ? (await withBalances(userId, [stored], summaries))[0] : null;
}

/** The account's balance at the end of `date`: its opening balance, the nets of the months before (the summaries), and its month's nets of the days up to it (no transaction read). */
export async function balanceAtEndOf(userId: string, account: StoredAccount, date: string, summaries: ListedMonthSummary[]) {
  const before = accountTotalsOf(summaries, monthKeyOf(date)).get(account.id)?.net ?? 0;
  const days = await readAccountDays(userId, account.id, date);
  return toCents(account.openingBalance + before + accountNetOfDays(days, date, { through: true }));
}

/**
 * The balance after `row` in its account: the opening balance, the nets of the months before (the
 * summaries) and of the days of its month before its day, and its own day's rows up to it in the
 * listing's order (`sameDay`: every row of the account on that day).
 */
async function balanceAfterRow(userId: string, account: AccountSummary, row: { id: string; date: string }, sameDay: Array<{ id: string; type: "income" | "expense"; amount: number }>, summaries: ListedMonthSummary[]) {
  const before = accountTotalsOf(summaries, monthKeyOf(row.date)).get(account.id)?.net ?? 0;
  const upToRow = sameDay.filter((candidate) => candidate.id <= row.id).reduce((sum, candidate) => sum + signedAmount(candidate), 0);
  const days = await readAccountDays(userId, account.id, row.date);
  return toCents(account.openingBalance + before + accountNetOfDays(days, row.date, { through: false }) + upToRow);
}

/**
 * One page of an account's register, newest first, each row with the balance after it; null when the
 * account is not the user's. On the first page the newest row is the account's newest, so the balance
 * after it is the account's; further down it is the opening balance, the nets of the months before its
 * month and of its days before the row's (the summaries), and that day's rows up to it.
 */
export async function getAccountRegister(userId: string, accountId: string, cursor: string | null, today: string) {
  const summaries = await listMonthSummaries(userId);
  // The page is read beside the account: the listing is scoped to the user, so another user's account lists nothing.
  const [account, page] = await Promise.all([getOrCreateAccountWithBalance(userId, accountId, today, summaries), listAccountPage(userId, accountId, cursor, REGISTER_PAGE_SIZE, summaries)]);
  if (!account) return null;
  const newest = page.items[0];
  if (!newest) return { account, rows: [], nextCursor: null };
  const balanceAfterNewest = cursor ? await balanceAfterRow(userId, account, newest, page.dayOfNewest, summaries) : account.balance;
  return { account, rows: withRunningBalance(page.items, balanceAfterNewest), nextCursor: page.nextCursor };
}

/** Closes one of the user's accounts when nothing is left in it and another stays open; null when it is not theirs. */
export async function closeAccount(userId: string, accountId: string, today: string) {
  const { accounts } = await listAccountsWithBalances(userId, today);
  const account = accounts.find((candidate) => candidate.id === accountId);
  if (!account) return null;
  const refusal = closeRefusal(account, accounts.filter((candidate) => !candidate.closed).length);
  if (refusal) return { ok: false as const, message: refusal };
  await setAccountClosed(userId, accountId, true);
  return { ok: true as const };
}

/** The user's live transactions from a linked bank's account (its Plaid id) that sit in their main account. */
export async function bankTransactionsInMainAccount(userId: string, bankAccountId: string) {
  const owner = new Types.ObjectId(userId);
  const rows = await Transaction.find({ userId: owner, source: "plaid", bankAccountId, accountId: mongoose.trusted({ $in: [owner, null] }), deleted: false })
    .select({ _id: 1 })
    .lean<Array<{ _id: Types.ObjectId }>>();
  return rows.map((row) => String(row._id));
}

/** Adds an account, storing the main account first when it is not yet: it stays the first listed and its name stays taken. */
export async function addAccountBesideMain(userId: string, input: AccountInput, today: string, submissionKey?: string | null) {
  await getOrCreateAccounts(userId, mainOpeningDate(await listMonthSummaries(userId), today));
  return addAccount(userId, input, submissionKey);
}
