import { describe, expect, test } from "vitest";
import { labelRanges, leftOutGroups } from "./left-out";
import type { PreviewRow, PreviewRowStatus } from "./preview";

function row(line: number, status: PreviewRowStatus): PreviewRow {
  return {
    label: `Row ${line}`,
    status,
    date: status === "error" ? null : "2024-03-01",
    description: "Shop",
    category: "",
    categoryNote: null,
    type: status === "error" ? null : "expense",
    amount: status === "error" ? null : 500,
    amountText: "-5.00",
    rounded: false,
    fileAmount: null,
    error: status === "error" ? `Row ${line}: invalid date "31/02/2024"` : null,
    duplicateOf: status === "duplicate" ? "same-details" : null,
    ruleNames: [],
    meets: null,
    tags: [],
  };
}

describe("the rows an import leaves out", () => {
  test("labels numbered in runs are shortened; other labels are kept as they are", () => {
    expect(labelRanges(["Row 7", "Row 8", "Row 9", "Row 12", "Transaction 3", "Transaction 4", "Opening line"])).toEqual("Rows 7–9, 12, Transactions 3–4, Opening line");
    expect(labelRanges(["Row 5"])).toEqual("Row 5");
  });

  test("every row that is not new is listed under its reason, in the order of the reasons and then of the file", () => {
    const rows = [row(2, "new"), row(3, "pending"), row(4, "error"), row(5, "duplicate"), row(6, "balance"), row(7, "zero"), row(8, "declined"), row(9, "error")];
    const groups = leftOutGroups(rows);
    expect(groups.map((group) => [group.reason, group.count, group.rows.map((listed) => listed.label), group.others])).toEqual([
      ["error", 2, ["Row 4", "Row 9"], null],
      ["duplicate", 1, ["Row 5"], null],
      ["pending", 1, ["Row 3"], null],
      ["declined", 1, ["Row 8"], null],
      ["zero", 1, ["Row 7"], null],
      ["balance", 1, ["Row 6"], null],
    ]);
  });

  test("past the first hundred of a reason, the rest are still named, by their labels", () => {
    const rows = Array.from({ length: 2_500 }, (_, index) => row(index + 2, index === 1_000 ? "new" : "duplicate"));
    const [duplicates] = leftOutGroups(rows);
    expect(duplicates.count).toBe(2_499);
    expect(duplicates.rows).toHaveLength(100);
    expect(duplicates.rows.at(-1)?.label).toBe("Row 101");
    expect(duplicates.others).toBe("Rows 102–1001, 1003–2501");
  });
});
