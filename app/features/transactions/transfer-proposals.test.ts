import { describe, expect, test } from "vitest";
import { proposeTransferPairs } from "./transfer-proposals";

const CHECKING = "64b7f0c2a1b2c3d4e5f60001";
const CARD = "64b7f0c2a1b2c3d4e5f60002";

function row(id: string, type: "income" | "expense", amount: number, date: string, accountId: string, description = "") {
  return { id, type, amount, date, accountId, description };
}

const pairsOf = (rows: ReturnType<typeof row>[]) => proposeTransferPairs(rows).map((pair) => [pair.out.id, pair.in.id]);

describe("transfer pairs are proposed, never assumed", () => {
  test("the same amount out of one account and into another within four days is proposed", () => {
    expect(pairsOf([row("paid", "expense", 30000, "2026-03-20", CHECKING, "VISA"), row("received", "income", 30000, "2026-03-24", CARD, "PAYMENT")])).toEqual([["paid", "received"]]);
  });

  test("not within one account, not five days apart, not of another amount, not two expenses", () => {
    expect(
      pairsOf([
        row("a", "expense", 30000, "2026-03-20", CHECKING),
        row("same-account", "income", 30000, "2026-03-21", CHECKING),
        row("late", "income", 30000, "2026-03-25", CARD),
        row("other-amount", "income", 30001, "2026-03-20", CARD),
        row("expense", "expense", 30000, "2026-03-20", CHECKING),
      ]),
    ).toEqual([]);
  });

  test("each transaction is in one pair at most: worded pairs first, then the closest dates", () => {
    const rows = [
      row("rent", "expense", 5000, "2026-03-01", CHECKING, "Rent share"),
      row("payment", "expense", 5000, "2026-03-03", CHECKING, "Credit card payment"),
      row("received", "income", 5000, "2026-03-02", CARD, "PAYMENT THANK YOU"),
      row("refund", "income", 5000, "2026-03-04", CARD, "Refund"),
    ];
    expect(pairsOf(rows)).toEqual([
      ["payment", "received"],
      ["rent", "refund"],
    ]);
  });
});
