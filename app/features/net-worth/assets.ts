import { centsToInput, type Cents } from "~/lib/money";

/**
 * The rules of a user's assets (decision 130): six defaults that always exist, custom entries keyed
 * `custom_<name>`, amounts in cents. Pure, so the form, the server and the
 * tests share one copy.
 */

export type AssetEntry = { key: string; name: string; amount: Cents };

/**
 * An entry of the edit form as it was posted: the amount is the text typed,
 * so a re-rendered form (after Add Asset, Remove or a refused Save) shows
 * exactly what the person typed, valid or not.
 */
export type DraftAsset = { key: string; name: string; amount: string };

export const DEFAULT_ASSETS = [
  { key: "cash", name: "Cash & Checking" },
  { key: "savings", name: "Savings Accounts" },
  { key: "investments", name: "Investments" },
  { key: "realEstate", name: "Real Estate" },
  { key: "vehicles", name: "Vehicles" },
  { key: "other", name: "Other Assets" },
] as const;

const DEFAULT_NAMES: ReadonlyMap<string, string> = new Map(DEFAULT_ASSETS.map(({ key, name }) => [key, name]));

const CUSTOM_ASSET_PREFIX = "custom_";
export const ASSET_NAME_MAX_LENGTH = 50;
/** Defaults included: enough for anyone's balance sheet, and a bound on what one form may post. */
export const MAX_ASSETS = 50;
/** $999,999,999,999.99: fifty of them still add up to an exactly countable number of cents. */
export const MAX_ASSET_CENTS = 99_999_999_999_999;

export const ASSET_MESSAGES = {
  loadFailed: "Failed to load financial data",
  updateFailed: "Failed to update assets",
  updated: "Assets updated successfully",
  nameRequired: "Please enter an asset name",
  nameTooLong: `Asset name must be at most ${ASSET_NAME_MAX_LENGTH} characters`,
  nameCharacters: 'Asset name cannot contain "." or "$"',
  duplicate: "An asset with this name already exists",
  tooMany: `You can have at most ${MAX_ASSETS} assets`,
  amountInvalid: "Please enter a valid amount (0 or more, at most 2 decimals)",
  amountTooLarge: "Amount is too large",
  defaultNotRemovable: "Default assets cannot be removed",
  listTampered: "The asset list could not be read. Please reload the page and try again.",
} as const;

export function isDefaultAssetKey(key: string) {
  return DEFAULT_NAMES.has(key);
}

function isCustomAssetKey(key: string) {
  return key.startsWith(CUSTOM_ASSET_PREFIX) && !isDefaultAssetKey(key);
}

/** The six defaults at 0, in their fixed order: what a user without saved assets has. */
export function defaultAssetEntries(): AssetEntry[] {
  return DEFAULT_ASSETS.map(({ key, name }) => ({ key, name, amount: 0 as Cents }));
}

/**
 * The key of a custom asset: "custom_" + the name trimmed, lower-cased, each
 * run of whitespace one "_" ("My  Boat " → "custom_my_boat"). Null when the
 * name gives no usable key (blank, or "." / "$" / control characters, which
 * stored keys may not hold); `assetNameProblem` says why.
 */
export function customAssetKey(name: string): string | null {
  if (assetNameProblem(name)) return null;
  return `${CUSTOM_ASSET_PREFIX}${name.trim().toLowerCase().replace(/\s+/g, "_")}`;
}

/** A name as stored: trimmed, each run of whitespace (tabs, newlines too) one space. */
function normaliseAssetName(name: string) {
  return name.trim().replace(/\s+/g, " ");
}

/** Why `name` cannot name an asset, or null when it can. */
function assetNameProblem(name: string): string | null {
  const trimmed = normaliseAssetName(name);
  if (!trimmed) return ASSET_MESSAGES.nameRequired;
  if (trimmed.length > ASSET_NAME_MAX_LENGTH) return ASSET_MESSAGES.nameTooLong;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[.$\u0000-\u001f\u007f]/.test(trimmed)) return ASSET_MESSAGES.nameCharacters;
  return null;
}

/**
 * Why a custom asset named `name` cannot join `existing`, or null when it can: a blank or unusable
 * name, one already taken (by key, or by the same name written differently), or a full list.
 */
export function newAssetProblem(name: string, existing: ReadonlyArray<{ key: string; name: string }>): string | null {
  const problem = assetNameProblem(name);
  if (problem) return problem;
  const key = customAssetKey(name);
  const lowered = normaliseAssetName(name).toLowerCase();
  if (existing.some((entry) => entry.key === key || normaliseAssetName(entry.name).toLowerCase() === lowered)) return ASSET_MESSAGES.duplicate;
  if (existing.length >= MAX_ASSETS) return ASSET_MESSAGES.tooMany;
  return null;
}

/** The draft entry of a new custom asset named `name` (one `newAssetProblem` accepts), at 0. */
export function newAssetEntry(name: string): DraftAsset {
  return { key: customAssetKey(name)!, name: normaliseAssetName(name), amount: "0.00" };
}

/** A refused asset list (the server's last check before writing). */
export class AssetsRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(`assets refused: ${problems.join("; ")}`);
    this.name = "AssetsRefusedError";
  }
}

/**
 * The list a save writes: the six defaults first in their fixed order (added
 * back at 0 when missing, with their own names whatever was sent), then the
 * custom entries in the order given. Throws AssetsRefusedError for a key that
 * is neither a default nor a custom key of its name, a duplicate, a bad
 * amount, or too many entries.
 */
export function normaliseAssetEntries(entries: ReadonlyArray<AssetEntry>): AssetEntry[] {
  const problems: string[] = [];
  const byKey = new Map<string, AssetEntry>();
  const custom: AssetEntry[] = [];
  for (const entry of entries) {
    if (byKey.has(entry.key)) problems.push(`duplicate asset ${entry.key}`);
    if (!Number.isSafeInteger(entry.amount) || entry.amount < 0 || entry.amount > MAX_ASSET_CENTS) problems.push(`bad amount for ${entry.key}`);
    if (isDefaultAssetKey(entry.key)) {
      byKey.set(entry.key, { ...entry, name: DEFAULT_NAMES.get(entry.key)! });
    } else if (isCustomAssetKey(entry.key) && customAssetKey(entry.name) === entry.key) {
      byKey.set(entry.key, { ...entry, name: normaliseAssetName(entry.name) });
      custom.push(byKey.get(entry.key)!);
    } else {
      problems.push(`bad asset key ${entry.key}`);
    }
  }
  const list = [...DEFAULT_ASSETS.map(({ key, name }) => byKey.get(key) ?? { key, name, amount: 0 as Cents }), ...custom];
  if (list.length > MAX_ASSETS) problems.push("too many assets");
  if (problems.length > 0) throw new AssetsRefusedError(problems);
  return list;
}

/** Stored entries as the edit form shows them first: 123456 → "1234.56". */
export function toDraft(entries: ReadonlyArray<AssetEntry>): DraftAsset[] {
  return entries.map(({ key, name, amount }) => ({ key, name, amount: centsToInput(amount) }));
}

/**
 * Whether the entries of a posted edit form are a list the page could have sent: every default, no
 * key twice, each other key the custom key of its name, at most MAX_ASSETS. Only a tampered or
 * stale form sends another.
 */
export function isWellFormedDraft(entries: ReadonlyArray<{ key: string; name: string }>) {
  const keys = new Set(entries.map((entry) => entry.key));
  return (
    entries.length <= MAX_ASSETS &&
    keys.size === entries.length &&
    DEFAULT_ASSETS.every(({ key }) => keys.has(key)) &&
    entries.every(({ key, name }) => isDefaultAssetKey(key) || (isCustomAssetKey(key) && customAssetKey(name) === key))
  );
}

/** The intent of a Remove button, which carries the asset's key after a colon. */
export const REMOVE_ASSET_INTENT = "remove-asset";
const REMOVE_PREFIX = `${REMOVE_ASSET_INTENT}:`;

/** The Remove button's `intent` value: "remove-asset:<key>" (a button sends one name and one value). */
export function removeAssetIntent(key: string) {
  return `${REMOVE_PREFIX}${key}`;
}

/** The asset key of a Remove button's intent, or null for any other intent. */
export function removedAssetKey(intent: unknown): string | null {
  return typeof intent === "string" && intent.startsWith(REMOVE_PREFIX) ? intent.slice(REMOVE_PREFIX.length) : null;
}
