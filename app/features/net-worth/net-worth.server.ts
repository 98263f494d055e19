import { Types } from "mongoose";
import { Account, Debt, FinancialAssets, NetWorthSnapshot, netWorthSnapshotId, User, type FinancialAssetsRecord, type NetWorthSnapshotRecord, type UserRecord } from "../../../models";
import { listDebts } from "~/features/debts/debts.server";
import { debtStatistics } from "~/features/debts/debts";
import { readOpenAccountBalances } from "~/features/transactions/account-balances.server";
import { listMonthSummaries } from "~/features/transactions/month-summary.server";
import { isCents, toCents, type Cents } from "~/lib/money";
import { isMonthKey, monthKeyOf } from "~/lib/month";
import { defaultAssetEntries, normaliseAssetEntries, type AssetEntry } from "./assets";
import { balanceSheet, isCoveredAssetKey, type AssetSource, type AssetSources, type BalanceSheet, type CoveredAssetKey } from "./balance-sheet";
import { financialMetrics, MAX_MONTHLY_INCOME_CENTS, SNAPSHOT_MONTHS, type FinancialMetrics, type NetWorthSnapshotItem } from "./net-worth";

type StoredEntries = Pick<FinancialAssetsRecord, "entries" | "sources">;
type TypedAssets = { entries: AssetEntry[]; sources: AssetSources };

function owner(userId: string) {
  return new Types.ObjectId(userId);
}

function toTypedAssets(stored: StoredEntries): TypedAssets {
  const sources = Object.fromEntries(Object.entries(stored.sources ?? {}).filter(([key, source]) => isCoveredAssetKey(key) && source));
  return { entries: stored.entries.map(({ key, name, amount }) => ({ key, name, amount: toCents(amount) })), sources };
}

/** The stored assets, or null when the user has never had any (no write). */
async function readAssets(userId: string): Promise<TypedAssets | null> {
  const stored = await FinancialAssets.findById(userId).select({ entries: 1, sources: 1 }).lean<StoredEntries>();
  return stored ? toTypedAssets(stored) : null;
}

async function readTypedAssetsOrDefaults(userId: string): Promise<TypedAssets> {
  return (await readAssets(userId)) ?? { entries: defaultAssetEntries(), sources: {} };
}

/** The stored assets, or the defaults when there are none; writes nothing. */
export async function readAssetsOrDefaults(userId: string): Promise<AssetEntry[]> {
  return (await readTypedAssetsOrDefaults(userId)).entries;
}

/**
 * The user's assets, the six defaults first. A user without any gets the
 * defaults at 0, stored ($setOnInsert: a save that lands meanwhile is never
 * overwritten): assets missing are created with the defaults.
 */
async function getOrCreateTypedAssets(userId: string): Promise<TypedAssets> {
  const stored = await readAssets(userId);
  if (stored) return stored;
  const entries = defaultAssetEntries();
  await FinancialAssets.updateOne({ _id: userId }, { $setOnInsert: { userId: owner(userId), entries } }, { upsert: true });
  return (await readAssets(userId)) ?? { entries, sources: {} };
}

export async function getOrCreateAssets(userId: string): Promise<AssetEntry[]> {
  return (await getOrCreateTypedAssets(userId)).entries;
}

/** Records which figure of a covered asset counts: the accounts' balances or the amount typed. */
export async function setAssetSource(userId: string, key: CoveredAssetKey, source: AssetSource) {
  await FinancialAssets.updateOne(
    { _id: userId },
    { $set: { [`sources.${key}`]: source }, $setOnInsert: { userId: owner(userId), entries: defaultAssetEntries() } },
    { upsert: true },
  );
}

/**
 * Replaces the user's assets with `entries` (one write of the whole list):
 * the six defaults are always kept (added back at 0 when missing), custom
 * entries follow in the order given. Throws AssetsRefusedError for a list
 * the rules refuse; nothing is written then. Resolves to the saved list.
 */
export async function saveAssets(userId: string, entries: ReadonlyArray<AssetEntry>): Promise<AssetEntry[]> {
  const list = normaliseAssetEntries(entries);
  await FinancialAssets.updateOne({ _id: userId }, { $set: { userId: owner(userId), entries: list } }, { upsert: true });
  return list;
}

/** The monthly income kept on the user document (cents; 0 when never set). */
export async function getMonthlyIncome(userId: string): Promise<Cents> {
  const user = await User.findById(userId).select({ monthlyIncome: 1 }).lean<Pick<UserRecord, "monthlyIncome">>();
  const income = user?.monthlyIncome;
  return isCents(income) && income > 0 ? income : toCents(0);
}

export async function setMonthlyIncome(userId: string, cents: Cents) {
  if (!isCents(cents) || cents < 0 || cents > MAX_MONTHLY_INCOME_CENTS) throw new RangeError(`not a monthly income: ${cents}`);
  await User.updateOne({ _id: userId }, { $set: { monthlyIncome: cents } });
}

/** What "Your Money Picture" shows: the balance sheet, the income and the metrics from them and the debts. */
type MoneyPicture = { sheet: BalanceSheet; monthlyIncome: Cents; metrics: FinancialMetrics };

async function moneyPicture(userId: string, assets: Promise<TypedAssets>): Promise<MoneyPicture> {
  const summaries = await listMonthSummaries(userId);
  const [{ entries, sources }, monthlyIncome, debts, accounts] = await Promise.all([assets, getMonthlyIncome(userId), listDebts(userId, summaries), readOpenAccountBalances(userId, summaries)]);
  // In the reporting currency; an account no rate converts yet waits outside the sheet (its page says so).
  const converted = accounts.flatMap((account) => (account.reportedBalance === null ? [] : [{ ...account, balance: account.reportedBalance }]));
  const sheet = balanceSheet({ entries, sources, accounts: converted, debts });
  const metrics = financialMetrics({
    totalAssets: sheet.totalAssets,
    totalDebts: sheet.totalDebts,
    totalMonthlyDebtPayments: debtStatistics(debts).totalMinimumPayments,
    monthlyIncome,
  });
  return { sheet, monthlyIncome, metrics };
}

/** The page's figures; the assets are created with the defaults when missing. */
export function getOrCreateMoneyPicture(userId: string): Promise<MoneyPicture> {
  return moneyPicture(userId, getOrCreateTypedAssets(userId));
}

/** Net worth, totals, income and the debt-to-income ratio of the user (writes nothing). */
export async function getFinancialMetrics(userId: string): Promise<FinancialMetrics> {
  return (await moneyPicture(userId, readTypedAssetsOrDefaults(userId))).metrics;
}

/**
 * Writes the user's net worth of `monthKey` as it is now (upsert: the month's
 * one document is replaced). The job calls it for the current month every
 * hour, so what stays is the month-end figure.
 */
export async function recordNetWorthSnapshot(userId: string, monthKey: string): Promise<NetWorthSnapshotItem> {
  if (!isMonthKey(monthKey)) throw new RangeError(`not a month key: ${monthKey}`);
  const { totalAssets, totalDebts, netWorth } = await getFinancialMetrics(userId);
  await NetWorthSnapshot.updateOne(
    { _id: netWorthSnapshotId(userId, monthKey) },
    { $set: { totalAssets, totalDebts, netWorth }, $setOnInsert: { userId: owner(userId), monthKey } },
    { upsert: true },
  );
  return { monthKey, totalAssets, totalDebts, netWorth };
}

/** The current month's snapshot after a change; a failure is logged, not raised (the hourly job catches up). */
export async function refreshCurrentSnapshot(userId: string, now = new Date()) {
  try {
    await recordNetWorthSnapshot(userId, monthKeyOf(now));
  } catch (error) {
    console.error("recording the net worth snapshot failed", error);
  }
}

type StoredSnapshot = Pick<NetWorthSnapshotRecord, "monthKey" | "totalAssets" | "totalDebts" | "netWorth">;

/** The user's latest `months` monthly snapshots, newest first. */
export async function listNetWorthSnapshots(userId: string, months = SNAPSHOT_MONTHS): Promise<NetWorthSnapshotItem[]> {
  const stored = await NetWorthSnapshot.find({ userId: owner(userId) })
    .sort({ monthKey: -1 })
    .limit(months)
    .select({ _id: 0, monthKey: 1, totalAssets: 1, totalDebts: 1, netWorth: 1 })
    .lean<StoredSnapshot[]>();
  return stored.map(({ monthKey, totalAssets, totalDebts, netWorth }) => ({
    monthKey,
    totalAssets: toCents(totalAssets),
    totalDebts: toCents(totalDebts),
    netWorth: toCents(netWorth),
  }));
}

/**
 * The job's work: the current month's snapshot of every user with assets,
 * a debt or an account. A user whose snapshot fails is logged and skipped, the others still
 * get theirs.
 */
export async function recordSnapshotsForAllUsers(now = new Date()) {
  const monthKey = monthKeyOf(now);
  const [withAssets, withDebts, withAccounts] = await Promise.all([FinancialAssets.distinct("userId"), Debt.distinct("userId"), Account.distinct("userId")]);
  const userIds = [...new Set([...withAssets, ...withDebts, ...withAccounts].map(String))];
  let recorded = 0;
  let failed = 0;
  for (const userId of userIds) {
    try {
      await recordNetWorthSnapshot(userId, monthKey);
      recorded += 1;
    } catch (error) {
      failed += 1;
      console.error(`recording the net worth snapshot of user ${userId} failed`, error);
    }
  }
  return { monthKey, recorded, failed };
}
