import { describe, expect, test } from "vitest";
import { balancesFromColumn, checkBalance } from "./balance-check";

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

describe("a CSV's running-balance column", () => {
  const row = (date: string, cents: number, balance: number | null) => ({ date, cents, balance });
  const oldestFirst = [row("2026-03-02", -878, 99122), row("2026-03-05", 250000, 349122), row("2026-03-09", -4599, 344523)];

  test("oldest first: the first row's balance less its amount opened, the last row's closed; the rows reach it", () => {
    const stated = balancesFromColumn(oldestFirst);
    expect(stated).toEqual({ opening: { date: "2026-03-02", cents: 100000 }, closing: { date: "2026-03-09", cents: 344523 }, owedAsPositive: false });
    const fileNet = oldestFirst.reduce((sum, { cents }) => sum + cents, 0);
    expect(checkBalance({ ...base, opening: stated!.opening, closing: stated!.closing, fileNet })).toMatchObject({ kind: "matches" });
  });

  test("newest first reads the same statement", () => {
    expect(balancesFromColumn([...oldestFirst].reverse())).toEqual(balancesFromColumn(oldestFirst));
  });

  test("a row missing from the file shows as the difference it makes", () => {
    const missing = [oldestFirst[0], oldestFirst[2]];
    const stated = balancesFromColumn(missing)!;
    const fileNet = missing.reduce((sum, { cents }) => sum + cents, 0);
    expect(checkBalance({ ...base, opening: stated.opening, closing: stated.closing, fileNet })).toMatchObject({ kind: "differs", difference: 250000 });
  });

  test("a card whose column states what is owed as positive is turned round, and said so", () => {
    const card = [row("2026-03-03", -2500, 12500), row("2026-03-10", -1999, 14499), row("2026-03-12", 10000, 4499)];
    const stated = balancesFromColumn(card)!;
    expect(stated).toEqual({ opening: { date: "2026-03-03", cents: -10000 }, closing: { date: "2026-03-12", cents: -4499 }, owedAsPositive: true });
    const fileNet = card.reduce((sum, { cents }) => sum + cents, 0);
    expect(checkBalance({ ...base, kind: "credit_card", opening: stated.opening, closing: stated.closing, fileNet, owedAsPositive: stated.owedAsPositive })).toEqual({
      kind: "matches",
      closing: stated.closing,
      owedAsPositive: true,
    });
  });

  test("no rows, or a row without a balance, states nothing", () => {
    expect(balancesFromColumn([])).toBeNull();
    expect(balancesFromColumn([oldestFirst[0], row("2026-03-05", 250000, null)])).toBeNull();
  });
});
