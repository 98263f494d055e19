import type { AccountKind } from "~/features/accounts/accounts";
import { toCents, type Cents } from "~/lib/money";
import type { AssetEntry } from "./assets";

/**
 * Net worth from the accounts (decision 200): what the open accounts hold, less what they owe, plus the
 * typed assets no account covers, less the debts no account stands behind. Pure, so the page, the
 * snapshot job and the tests share one copy.
 */

/** The typed assets that accounts of these kinds stand for: both counted would count the same money twice. */
export const COVERING_KINDS = {
  cash: ["checking", "cash"],
  savings: ["savings"],
  investments: ["investment"],
} as const satisfies Record<string, readonly AccountKind[]>;

export type CoveredAssetKey = keyof typeof COVERING_KINDS;
export const COVERED_ASSET_KEYS = Object.keys(COVERING_KINDS) as CoveredAssetKey[];

export function isCoveredAssetKey(key: unknown): key is CoveredAssetKey {
  return typeof key === "string" && Object.hasOwn(COVERING_KINDS, key);
}

/** Which figure of a covered asset the user chose to count: their accounts' balances or the amount they typed. */
export const ASSET_SOURCES = ["accounts", "typed"] as const;
export type AssetSource = (typeof ASSET_SOURCES)[number];
export type AssetSources = Partial<Record<CoveredAssetKey, AssetSource>>;

/**
 * How an asset line counts: `typed` (its amount), `accounts` (its accounts instead), or `ask` (a typed
 * amount and accounts both there and no choice made yet: the typed amount counts, as it did before the
 * accounts, until the user answers).
 */
export type AssetLineSource = AssetSource | "ask";

export type SheetAccount = { id: string; name: string; kind: AccountKind; balance: Cents };
export type SheetDebt = { currentBalance: Cents; accountId: string | null };

export type AssetLine = {
  key: string;
  name: string;
  typed: Cents;
  source: AssetLineSource;
  /** The open accounts of the kinds that cover this asset and what they hold (an overdrawn one counts among the debts); null when none. */
  covering: { names: string[]; total: Cents } | null;
};

export type AccountLine = SheetAccount & {
  /** False when the user counts the typed asset this account's kind stands for instead. */
  counted: boolean;
  /** The typed asset this account's kind stands for, if any. */
  covers: CoveredAssetKey | null;
};

export type BalanceSheet = {
  assetLines: AssetLine[];
  /** Counted accounts in credit that no typed asset stands for (an "other" account, a card paid beyond its balance); null when none. */
  otherAccounts: { names: string[]; total: Cents } | null;
  accountLines: AccountLine[];
  /** What the debts without an account owe: a linked debt is counted through its account. */
  unlinkedDebts: Cents;
  totalAssets: Cents;
  totalDebts: Cents;
  netWorth: Cents;
};

function coveredKeyOf(kind: AccountKind): CoveredAssetKey | null {
  return COVERED_ASSET_KEYS.find((key) => (COVERING_KINDS[key] as readonly AccountKind[]).includes(kind)) ?? null;
}

/** What `accounts` hold: the balances in credit, added up. */
function held(accounts: ReadonlyArray<SheetAccount>): Cents {
  return toCents(accounts.reduce((sum, account) => sum + Math.max(0, account.balance), 0));
}

function lineSource(entry: AssetEntry, covering: AssetLine["covering"], chosen: AssetSource | undefined): AssetLineSource {
  if (!covering) return "typed";
  if (chosen) return chosen;
  return entry.amount === 0 ? "accounts" : "ask";
}

/**
 * The user's balance sheet. An account in credit adds to the assets and one overdrawn or owed to the
 * debts, as the accounts page totals them; a debt linked to an account is counted once, through its
 * account; a debt without one counts what is owed on it.
 */
export function balanceSheet({
  entries,
  sources,
  accounts,
  debts,
}: {
  entries: ReadonlyArray<AssetEntry>;
  sources: AssetSources;
  accounts: ReadonlyArray<SheetAccount>;
  debts: ReadonlyArray<SheetDebt>;
}): BalanceSheet {
  const assetLines: AssetLine[] = entries.map((entry) => {
    const kinds: readonly AccountKind[] | undefined = isCoveredAssetKey(entry.key) ? COVERING_KINDS[entry.key] : undefined;
    const coveringAccounts = kinds ? accounts.filter((account) => kinds.includes(account.kind)) : [];
    const covering =
      coveringAccounts.length > 0
        ? { names: coveringAccounts.map((account) => account.name), total: held(coveringAccounts) }
        : null;
    return { key: entry.key, name: entry.name, typed: entry.amount, source: lineSource(entry, covering, isCoveredAssetKey(entry.key) ? sources[entry.key] : undefined), covering };
  });
  const sourceOf = new Map(assetLines.map((line) => [line.key, line.source]));
  const accountLines: AccountLine[] = accounts.map((account) => {
    const covers = coveredKeyOf(account.kind);
    return { ...account, covers, counted: covers === null || sourceOf.get(covers) === "accounts" };
  });

  let assets = assetLines.reduce((sum, line) => (line.source === "accounts" ? sum : sum + line.typed), 0);
  const unlinkedDebts = toCents(debts.reduce((sum, debt) => (debt.accountId === null ? sum + Math.max(0, debt.currentBalance) : sum), 0));
  let owed: number = unlinkedDebts;
  for (const account of accountLines) {
    if (!account.counted) continue;
    if (account.balance >= 0) assets += account.balance;
    else owed -= account.balance;
  }
  const others = accountLines.filter((account) => account.counted && account.covers === null && account.balance > 0);
  const otherAccounts = others.length > 0 ? { names: others.map((account) => account.name), total: held(others) } : null;
  return { assetLines, otherAccounts, accountLines, unlinkedDebts, totalAssets: toCents(assets), totalDebts: toCents(owed), netWorth: toCents(assets - owed) };
}
