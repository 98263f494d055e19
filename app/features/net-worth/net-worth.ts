import type { SubmissionResult } from "@conform-to/react";
import type { Cents } from "~/lib/money";
import { DEFAULT_ASSETS, REMOVE_ASSET_INTENT, removedAssetKey, type DraftAsset } from "./assets";
import type { AssetSource, CoveredAssetKey } from "./balance-sheet";

/** The "Your Money Picture" tab of /debt-management: net worth, assets, income and debt-to-income. */
export const MONEY_PICTURE_PATH = "/debt-management/money-picture";
/** `?edit=assets` opens the assets' edit form: how edit mode works without JavaScript. */
export const EDIT_ASSETS_PARAM = "edit";
export const EDIT_ASSETS_VALUE = "assets";
export const EDIT_ASSETS_PATH = `${MONEY_PICTURE_PATH}?${EDIT_ASSETS_PARAM}=${EDIT_ASSETS_VALUE}`;
/** How many months the "Net worth by month" list shows. */
export const SNAPSHOT_MONTHS = 12;

export const NET_WORTH_INTENTS = {
  addAsset: "add-asset",
  removeAsset: REMOVE_ASSET_INTENT,
  saveAssets: "save-assets",
  setIncome: "set-income",
  chooseAssetSource: "choose-asset-source",
} as const;

export const ASSET_SOURCE_MESSAGES = {
  invalid: "Please choose which figure counts: your accounts or the amount typed.",
  updateFailed: "Your choice could not be saved. Please try again.",
} as const;

/** The toast after a choice: "Cash & Checking now counts your accounts' balances". */
export function assetSourceChosen(key: CoveredAssetKey, source: AssetSource) {
  const name = DEFAULT_ASSETS.find((asset) => asset.key === key)?.name ?? key;
  return source === "accounts" ? `${name} now counts your accounts' balances` : `${name} now counts the amount you typed`;
}

/** Whether `intent` is one of the assets' edit form: Save, Add Asset, or a Remove button's. */
export function isAssetsFormIntent(intent: unknown) {
  return intent === NET_WORTH_INTENTS.saveAssets || intent === NET_WORTH_INTENTS.addAsset || removedAssetKey(intent) !== null;
}

export const INCOME_MESSAGES = {
  invalid: "Please enter a valid amount (0 or more, at most 2 decimals)",
  tooLarge: "Monthly income is too large",
  updated: "Monthly income updated",
  updateFailed: "Failed to update monthly income",
} as const;

/** $999,999,999.99 a month. */
export const MAX_MONTHLY_INCOME_CENTS = 99_999_999_999;

export type FinancialMetrics = {
  netWorth: Cents;
  totalAssets: Cents;
  totalDebts: Cents;
  /** Monthly debt payments as a percent of monthly income (2 decimals), or null when there is no income to divide by. */
  debtToIncomeRatio: number | null;
  monthlyIncome: Cents;
  totalMonthlyDebtPayments: Cents;
};

/**
 * Net worth = total assets − total debts (both from the balance sheet), and
 * the debt-to-income ratio = monthly debt payments / monthly income × 100,
 * rounded half up to 2 decimals: the one rounding point, so the band and
 * the figure shown never disagree. No income gives no ratio (not 0%, not ∞).
 */
export function financialMetrics({
  totalAssets,
  totalDebts,
  totalMonthlyDebtPayments,
  monthlyIncome,
}: {
  totalAssets: Cents;
  totalDebts: Cents;
  totalMonthlyDebtPayments: Cents;
  monthlyIncome: Cents;
}): FinancialMetrics {
  return {
    netWorth: (totalAssets - totalDebts) as Cents,
    totalAssets,
    totalDebts,
    debtToIncomeRatio: debtToIncomeRatio(totalMonthlyDebtPayments, monthlyIncome),
    monthlyIncome,
    totalMonthlyDebtPayments,
  };
}

export function debtToIncomeRatio(monthlyDebtPayments: Cents, monthlyIncome: Cents): number | null {
  if (monthlyIncome <= 0) return null;
  return Math.round((monthlyDebtPayments * 10_000) / monthlyIncome) / 100;
}

export type DebtToIncomeBand = "Excellent" | "Good" | "High Risk";

/** Debt-to-income bands: up to 20% Excellent, up to 36% Good, above 36% High Risk; null (no income) has no band. */
export function debtToIncomeBand(ratio: number | null): DebtToIncomeBand | null {
  if (ratio === null) return null;
  if (ratio <= 20) return "Excellent";
  if (ratio <= 36) return "Good";
  return "High Risk";
}

/** The guideline card under the ratio (it writes the Good band "21-36%" on purpose, though a ratio above 20 is Good). */
export const DTI_GUIDELINES = [
  { range: "0-20%", band: "Excellent" },
  { range: "21-36%", band: "Good" },
  { range: "Above 36%", band: "High Risk" },
] as const satisfies ReadonlyArray<{ range: string; band: DebtToIncomeBand }>;

export const NO_INCOME_TEXT = "Add your monthly income to see your debt-to-income ratio.";

/** "20.5%": the ratio as shown, with up to 2 decimals. */
export function formatRatio(ratio: number) {
  return `${ratio.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** One month of the "Net worth by month" list. */
export type NetWorthSnapshotItem = { monthKey: string; totalAssets: Cents; totalDebts: Cents; netWorth: Cents };

export const SNAPSHOTS_EMPTY_TEXT = "No monthly figures yet. Your net worth is recorded at the end of each month, starting with this one.";

/**
 * What the action answers the assets' edit form with when it does not redirect: the draft changed
 * by Add Asset or Remove (nothing is stored until Save), or a refusal.
 */
export type AssetFormReply = { form: "assets"; draft: DraftAsset[]; newAssetName: string } | { form: "assets"; result: SubmissionResult<string[]> };

/** What the action answers a refused choice between accounts and a typed amount with. */
export type SourceFormReply = { form: "source"; message: string };

/** What the action answers the monthly income form with when it refuses it. */
export type IncomeFormReply = { form: "income"; result: SubmissionResult<string[]> };
