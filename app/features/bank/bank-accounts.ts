import { ACCOUNT_NAME_MAX_LENGTH, type AccountKind } from "~/features/accounts/accounts";
import { minorUnitDigits, toCents, type Cents } from "~/lib/money";

const SAVINGS_SUBTYPES = new Set(["savings", "money market", "cd", "hsa", "cash management"]);
const INVESTMENT_TYPES = new Set(["investment", "brokerage"]);

/** The kind of account a Plaid account is, from its type and subtype. */
export function accountKindOf(plaidType: string, subtype: string): AccountKind {
  const type = plaidType.toLowerCase();
  const sub = subtype.toLowerCase();
  if (type === "depository") return SAVINGS_SUBTYPES.has(sub) ? "savings" : sub === "checking" ? "checking" : "other";
  if (type === "credit") return "credit_card";
  if (type === "loan") return "loan";
  if (INVESTMENT_TYPES.has(type)) return "investment";
  return "other";
}

/** How a linked bank's account is named: "Chase Plaid Checking ••0000", cut to the longest name an account may have. */
export function bankAccountName(institutionName: string, accountName: string, mask: string | null) {
  const ending = mask ? ` ••${mask}` : "";
  const words = accountName.toLowerCase().startsWith(institutionName.toLowerCase()) ? accountName : `${institutionName} ${accountName}`;
  return `${words.trim().slice(0, ACCOUNT_NAME_MAX_LENGTH - ending.length).trim()}${ending}`;
}

/** `name`, or with " (2)", " (3)"… when the user already has an account of that name (names are unique per user, whatever their case). */
export function freeAccountName(name: string, taken: Iterable<string>) {
  const takenNames = new Set([...taken].map((existing) => existing.toLocaleLowerCase()));
  for (let copy = 1; ; copy += 1) {
    const suffix = copy === 1 ? "" : ` (${copy})`;
    const candidate = `${name.slice(0, ACCOUNT_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!takenNames.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/**
 * Plaid's current balance as the account's balance, in minor units of its `currency` from the user's side:
 * what a card or loan is owed (a positive number at Plaid) is below zero.
 */
export function balanceFromPlaid(kind: AccountKind, current: number, currency: string): Cents {
  const cents = Math.round(current * 10 ** minorUnitDigits(currency));
  const owed = kind === "credit_card" || kind === "loan";
  return toCents(owed && cents !== 0 ? -cents : cents);
}

/** The opening balance that makes an account whose transactions add up to `net` end on `balance`. */
export function openingBalanceFor(balance: Cents, net: number): Cents {
  return toCents(balance - net);
}
