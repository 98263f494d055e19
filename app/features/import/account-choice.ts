import { ACCOUNT_KIND_LABELS, ACCOUNT_NAME_MAX_LENGTH, type AccountKind } from "~/features/accounts/accounts";
import type { SourceTable } from "./readers/source";

/** The account select's value for "a new account named from the file". */
export const NEW_ACCOUNT = "new";

/** The account select's value for "into this account of another currency, each amount converted at its day's rate". */
export const convertInto = (accountId: string) => `convert:${accountId}`;
const CONVERT_VALUE = /^convert:(.+)$/;

export type AccountOption = { id: string; name: string; currency: string };

/** An account the file was asked or remembered to go into whose currency is not the file's: never written into. */
export type CurrencyConflict = { name: string; currency: string; asked: boolean };

/**
 * The account a file goes into, as the preview shows it: the user's open
 * accounts it may go into (those in the file's currency, when it states
 * one), the one chosen (an id, or NEW_ACCOUNT), the name and kind a new
 * account would have, how the choice was made, and the account of another
 * currency it was not put into. A file that states its currency may also go
 * into an account of another currency when the user asks to convert it
 * (`convertOptions`; `converted` when chosen): never without asking.
 */
export type ImportAccount = {
  options: AccountOption[];
  convertOptions: AccountOption[];
  chosen: string;
  converted: boolean;
  newName: string;
  newKind: AccountKind;
  how: "chosen" | "remembered" | "proposed";
  conflict: CurrencyConflict | null;
};

/** A new account's name unless the user writes another: the file's own, else its kind and the end of its number, else the file's name. */
export function suggestedAccountName(account: SourceTable["account"], fileName: string) {
  const kind = ACCOUNT_KIND_LABELS[account?.kind ?? "checking"];
  const number = account?.id?.replace(/\s/g, "");
  const named = account?.name?.trim() || (number ? `${kind} ••${number.slice(-4)}` : fileName.replace(/\.[^.]*$/, "").trim()) || kind;
  return named.slice(0, ACCOUNT_NAME_MAX_LENGTH);
}

/**
 * Which account the preview proposes: the user's choice when it is one of
 * their open accounts (or a new one); else the account this file's account
 * (or this file shape) was imported into before; else a new account when the
 * file names its account, the main account when it says nothing. An account
 * in another currency than the one the file states is never chosen: it is
 * named as the conflict, and the next rule decides (a new account when the
 * main account's currency is not the file's either). An account of another
 * currency asked for with `convertInto` is chosen, its amounts to be converted.
 */
export function chooseAccount(input: {
  /** The user's open accounts. */
  options: AccountOption[];
  asked: string | undefined;
  remembered: string | null;
  fileNamesAccount: boolean;
  mainAccountId: string;
  fileCurrency: string | null;
}): Pick<ImportAccount, "chosen" | "how" | "conflict" | "converted"> {
  const fits = (option: AccountOption) => input.fileCurrency === null || option.currency === input.fileCurrency;
  const optionOf = (id: string | null | undefined) => input.options.find((option) => option.id === id);
  const toConvert = optionOf(input.asked?.match(CONVERT_VALUE)?.[1]);
  if (toConvert && !fits(toConvert)) return { chosen: toConvert.id, how: "chosen", conflict: null, converted: true };
  const asked = optionOf(input.asked);
  const remembered = optionOf(input.remembered);
  const conflictWith = (option: AccountOption | undefined, isAsked: boolean) => (option && !fits(option) ? { name: option.name, currency: option.currency, asked: isAsked } : null);
  const conflict = conflictWith(asked, true) ?? conflictWith(remembered, false);
  if (input.asked === NEW_ACCOUNT) return { chosen: NEW_ACCOUNT, how: "chosen", conflict: null, converted: false };
  if (asked && fits(asked)) return { chosen: asked.id, how: "chosen", conflict: null, converted: false };
  if (remembered && fits(remembered)) return { chosen: remembered.id, how: "remembered", conflict, converted: false };
  const main = optionOf(input.mainAccountId);
  const intoMain = !input.fileNamesAccount && (main ? fits(main) : input.fileCurrency === null);
  return { chosen: intoMain ? input.mainAccountId : NEW_ACCOUNT, how: "proposed", conflict, converted: false };
}
