import { describe, expect, test } from "vitest";
import { checkBalance } from "./balance-check";

const base = { opening: null, closing: { date: "2026-03-31", cents: 1233453 }, fileNet: 0, newNet: 0, accountBalance: null, kind: "checking" as const, firstDate: "2026-03-01" };

describe("the balance check", () => {
  test("a statement's opening balance and every row of the file reach its closing balance: matches", () => {
    expect(checkBalance({ ...base, opening: { date: "2026-03-01", cents: 1000000 }, fileNet: 233453, accountBalance: 5 })).toEqual({
      kind: "matches",
      closing: base.closing,
      owedAsPositive: false,
    });
  });

  test("an existing account's balance and the new rows one cent short of the closing balance: the difference is named", () => {
    expect(checkBalance({ ...base, accountBalance: 1000000, newNet: 233452, fileNet: 999 })).toEqual({ kind: "differs", closing: base.closing, expected: 1233452, difference: 1 });
  });

  test("a card statement that writes what is owed as positive matches the negative balance", () => {
    expect(checkBalance({ ...base, closing: { date: "2026-03-31", cents: 3197 }, accountBalance: -1000, newNet: -2197, kind: "credit_card" })).toMatchObject({ kind: "matches", owedAsPositive: true });
  });

  test("a new account without an opening balance opens with the closing balance less the file's rows, on the first row's day", () => {
    expect(checkBalance({ ...base, fileNet: -2547 })).toEqual({ kind: "opens-new-account", closing: base.closing, opening: { date: "2026-03-01", cents: 1236000 } });
  });

  test("a new card account with a positive stated balance is not guessed; no closing balance, no check", () => {
    expect(checkBalance({ ...base, kind: "credit_card" })).toEqual({ kind: "card-balance-unclear", closing: base.closing });
    expect(checkBalance({ ...base, closing: null })).toBeNull();
  });
});
