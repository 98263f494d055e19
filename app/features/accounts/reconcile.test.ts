import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { finishedMessage, finishing, reconciledThrough, reconciliationResult, RECONCILE_MESSAGES, statementDifference, statementRefusal, type FinishingChoice } from "./reconcile";

const open = { openingDate: "2026-10-01", closed: false };

describe("a statement against an account", () => {
  test("the difference is what the statement shows beyond the account's balance, either way and for what is owed", () => {
    expect(statementDifference(toCents(100000), toCents(98800))).toBe(1200);
    expect(statementDifference(toCents(98800), toCents(100000))).toBe(-1200);
    expect(statementDifference(toCents(-35000), toCents(-33000))).toBe(-2000);
    expect(statementDifference(toCents(0), toCents(0))).toBe(0);
  });

  test.each<[string, string, { openingDate: string; closed: boolean }, string | null, string | null]>([
    ["on the opening date", "2026-10-01", open, null, null],
    ["after the last matched statement", "2026-11-30", open, "2026-10-31", null],
    ["on the last matched statement's date (a second look at it)", "2026-10-31", open, "2026-10-31", null],
    ["before the opening date", "2026-09-30", open, null, RECONCILE_MESSAGES.beforeOpening("2026-10-01")],
    ["before the last matched statement", "2026-10-30", open, "2026-10-31", RECONCILE_MESSAGES.beforeReconciled("2026-10-31")],
    ["of a closed account", "2026-11-30", { ...open, closed: true }, null, RECONCILE_MESSAGES.closed],
  ])("a statement %s: %s", (_, statementDate, account, through, refusal) => {
    expect(statementRefusal(statementDate, account, through)).toBe(refusal);
  });

  test("an account is reconciled up to its latest matched statement; a statement kept with its difference does not count", () => {
    expect(reconciledThrough([])).toBeNull();
    expect(reconciledThrough([{ statementDate: "2026-11-30", status: "unmatched" }])).toBeNull();
    expect(
      reconciledThrough([
        { statementDate: "2026-12-31", status: "unmatched" },
        { statementDate: "2026-10-31", status: "matched" },
        { statementDate: "2026-11-30", status: "matched" },
      ]),
    ).toBe("2026-11-30");
  });
});

describe("finishing", () => {
  test.each<[FinishingChoice, number, ReturnType<typeof finishing>]>([
    ["clear", 0, { status: "matched", adjustment: toCents(0) }],
    ["adjust", 1200, { status: "matched", adjustment: toCents(1200) }],
    ["adjust", -250, { status: "matched", adjustment: toCents(-250) }],
    ["keep-difference", 1200, { status: "unmatched", adjustment: toCents(0) }],
    // The page that offered the choice showed other figures.
    ["clear", 1200, null],
    ["adjust", 0, null],
    ["keep-difference", 0, null],
  ])("%s with a difference of %i cents", (choice, difference, outcome) => {
    expect(finishing(choice, toCents(difference))).toEqual(outcome);
  });

  test("the history and the confirmation word each outcome", () => {
    const matched = { status: "matched" as const, difference: toCents(0), adjustment: toCents(0), transactionCount: 3 };
    const adjusted = { status: "matched" as const, difference: toCents(-250), adjustment: toCents(-250), transactionCount: 1 };
    const kept = { status: "unmatched" as const, difference: toCents(-1200), adjustment: toCents(0), transactionCount: 0 };
    expect(reconciliationResult(matched, "USD")).toBe("Matched, 3 transactions cleared");
    expect(reconciliationResult(adjusted, "USD")).toBe("Matched with an adjustment of −$2.50, 1 transaction cleared");
    expect(reconciliationResult(kept, "USD")).toBe("Difference of $12.00, nothing cleared");
    expect(finishedMessage(matched, "USD")).toBe("Reconciled: 3 transactions marked cleared");
    expect(finishedMessage({ ...adjusted, adjustment: toCents(1200) }, "USD")).toBe("Reconciled with an adjustment of +$12.00: 1 transaction marked cleared");
    expect(finishedMessage(kept, "USD")).toBe(RECONCILE_MESSAGES.kept);
  });
});
