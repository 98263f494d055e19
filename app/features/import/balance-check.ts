import type { AccountKind } from "~/features/accounts/accounts";

/** A balance the statement states, in signed cents. */
export type StatedBalance = { date: string; cents: number };

/**
 * Whether the rows take the account to the balance the bank states:
 * `matches` (with `owedAsPositive` when a card statement writes what is owed
 * as a positive number), `differs` by `difference` (the bank's minus
 * Ledgerly's), or, for a new account whose file states no opening balance,
 * the opening balance that makes it end on the bank's closing balance.
 */
export type BalanceCheck =
  | { kind: "matches"; closing: StatedBalance; owedAsPositive: boolean }
  | { kind: "differs"; closing: StatedBalance; expected: number; difference: number }
  | { kind: "opens-new-account"; closing: StatedBalance; opening: StatedBalance }
  /** A new card account whose statement gives a positive balance: owed, or a credit? Not guessed: it opens at zero. */
  | { kind: "card-balance-unclear"; closing: StatedBalance };

/**
 * Checks a statement's closing balance: against its opening balance and
 * every row of the file when it states one; else against the chosen
 * account's balance now and the rows that are new to it; a new account
 * without an opening balance opens so that it ends on the closing balance,
 * on the day of the file's first row (unless it is a card with a positive
 * balance, which banks write both ways). Null when the file states no closing balance.
 */
export function checkBalance(input: {
  opening: StatedBalance | null;
  closing: StatedBalance | null;
  /** Money in less money out of every row the file lists (duplicates of stored rows included). */
  fileNet: number;
  /** Of the rows that will be written. */
  newNet: number;
  /** The chosen account's balance now; null for a new account. */
  accountBalance: number | null;
  kind: AccountKind;
  firstDate: string | null;
  /** The balances were stated as what is owed, positive, and have been turned round already. */
  owedAsPositive?: boolean;
}): BalanceCheck | null {
  const { opening, closing } = input;
  if (!closing) return null;
  const start = opening ? opening.cents : input.accountBalance;
  if (start === null) {
    if (input.kind === "credit_card" && closing.cents > 0) return { kind: "card-balance-unclear", closing };
    return { kind: "opens-new-account", closing, opening: { date: input.firstDate ?? closing.date, cents: closing.cents - input.fileNet } };
  }
  const expected = start + (opening ? input.fileNet : input.newNet);
  if (expected === closing.cents) return { kind: "matches", closing, owedAsPositive: input.owedAsPositive ?? false };
  if (input.kind === "credit_card" && expected === -closing.cents) return { kind: "matches", closing, owedAsPositive: true };
  return { kind: "differs", closing, expected, difference: closing.cents - expected };
}

type RunningRow = { date: string; cents: number; balance: number | null };

/**
 * The opening and closing balances a running-balance column states (CSV), from the rows that will be
 * imported, each with the balance after it; null when one of them has none. The file may list the oldest
 * or the newest row first, and a card's column may state what is owed as a positive amount: the reading
 * under which the most rows follow from the one before is taken (a tie goes to the order of the dates,
 * then to the amounts as written). A row missing from the file, or one too many, then shows as a
 * difference in the check.
 */
export function balancesFromColumn(rows: ReadonlyArray<RunningRow>): { opening: StatedBalance; closing: StatedBalance; owedAsPositive: boolean } | null {
  if (rows.length === 0 || rows.some((row) => row.balance === null)) return null;
  const datesDescending = rows[0].date > rows[rows.length - 1].date;
  const readings = [false, true].flatMap((newestFirst) =>
    [1, -1].map((sign) => {
      const ordered = newestFirst ? [...rows].reverse() : [...rows];
      const balances = ordered.map((row) => sign * (row.balance ?? 0));
      let follows = 0;
      for (let index = 1; index < ordered.length; index += 1) if (balances[index] === balances[index - 1] + ordered[index].cents) follows += 1;
      const preference = (newestFirst === datesDescending ? 2 : 0) + (sign === 1 ? 1 : 0);
      return { ordered, balances, follows, preference, sign };
    }),
  );
  const best = readings.sort((a, b) => b.follows - a.follows || b.preference - a.preference)[0];
  const first = best.ordered[0];
  const last = best.ordered[best.ordered.length - 1];
  return {
    opening: { date: first.date, cents: best.balances[0] - first.cents },
    closing: { date: last.date, cents: best.balances[best.balances.length - 1] },
    owedAsPositive: best.sign === -1,
  };
}
