import { ACCOUNT_KIND_LABELS, ACCOUNT_NAME_MAX_LENGTH, type AccountKind } from "~/features/accounts/accounts";
import type { SourceTable } from "./readers/source";

/** The account select's value for "a new account named from the file". */
export const NEW_ACCOUNT = "new";

export type AccountOption = { id: string; name: string };

/**
 * The account a file goes into, as the preview shows it: the user's open
 * accounts, the one chosen (an id, or NEW_ACCOUNT), the name and kind a new
 * account would have, and how the choice was made.
 */
export type ImportAccount = {
  options: AccountOption[];
  chosen: string;
  newName: string;
  newKind: AccountKind;
  how: "chosen" | "remembered" | "proposed";
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
 * file names its account, the main account when it says nothing.
 */
export function chooseAccount(input: {
  options: AccountOption[];
  asked: string | undefined;
  remembered: string | null;
  fileNamesAccount: boolean;
  mainAccountId: string;
}): Pick<ImportAccount, "chosen" | "how"> {
  const isOption = (id: string | null | undefined) => Boolean(id) && input.options.some((option) => option.id === id);
  if (input.asked === NEW_ACCOUNT || isOption(input.asked)) return { chosen: input.asked as string, how: "chosen" };
  if (isOption(input.remembered)) return { chosen: input.remembered as string, how: "remembered" };
  return { chosen: input.fileNamesAccount ? NEW_ACCOUNT : input.mainAccountId, how: "proposed" };
}
