import { describe, expect, test } from "vitest";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { booksIncomeCategory, changesStatementLine, entryProblems, fieldsAfterEdit, peerFieldsAfterEdit, repeatedIds, storedFields, tagsAfterTagging, transferPeerFields, type LedgerEntry, type LedgerFields } from "./ledger";

const ACCOUNT_ID = "64b7f0c2a1b2c3d4e5f60718";
const groceries: LedgerFields = { type: "expense", amount: 1200, category: "food", date: "2026-03-05", description: "Groceries", allocations: [], accountId: ACCOUNT_ID, transferAccountId: null };
const refund: LedgerFields = { type: "income", amount: 2000, category: "food", date: "2026-03-07", description: "", allocations: [{ categoryId: "food", amount: 2000 }], accountId: ACCOUNT_ID, transferAccountId: null };

function problemFields(fields: Partial<LedgerEntry>) {
  return entryProblems({ ...groceries, source: "manual", ...fields } as LedgerEntry).map((problem) => problem.field);
}

describe("what the ledger writes", () => {
  test.each<[string, Partial<LedgerEntry>]>([
    ["an expense", {}],
    ["an uncategorized expense (empty)", { category: "" }],
    ["an uncategorized expense (named)", { category: "Uncategorized" }],
    ["an offset", refund],
    ["a split income: part of it placed on an expense category", { type: "income", category: "salary", amount: 5000, allocations: [{ categoryId: "food", amount: 1500 }] }],
    ["a bank transaction", { source: "plaid", bankName: "First Bank" }],
    ["an import", { source: "import", bankName: null }],
    ["a leap day", { date: "2028-02-29" }],
    ["an expense split across categories, parts adding up", { category: "__split", amount: 1200, allocations: [{ categoryId: "food", amount: 700 }, { categoryId: "utilities", amount: 500 }] }],
    ["a description of 500 characters (after trimming)", { description: ` ${"x".repeat(500)} ` }],
  ])("accepts %s", (_, fields) => {
    expect(problemFields(fields)).toEqual([]);
  });

  test.each<[string, Partial<LedgerEntry>, string[]]>([
    ["a zero amount", { amount: 0 }, ["amount"]],
    ["a negative amount", { amount: -500 }, ["amount"]],
    ["a fraction of a cent", { amount: 12.5 }, ["amount"]],
    ["an amount beyond safe integers", { amount: 2 ** 53 }, ["amount"]],
    ["a date that does not exist", { date: "2026-02-30" }, ["date"]],
    ["a date in another format", { date: "03/05/2026" }, ["date"]],
    ["an unknown type", { type: "transfer" as LedgerEntry["type"] }, ["type"]],
    ["a category id with a dot", { category: "food.dining" }, ["category"]],
    ["a category id starting with $", { category: "$where" }, ["category"]],
    ["a category of blanks", { category: "  " }, ["category"]],
    ["a description over 500 characters", { description: "x".repeat(501) }, ["description"]],
    ["allocations on an expense", { allocations: [{ categoryId: "food", amount: 100 }] }, ["allocations"]],
    ["allocations beyond the amount", { ...refund, allocations: [{ categoryId: "food", amount: 2001 }] }, ["allocations"]],
    ["an allocation without a real category", { ...refund, allocations: [{ categoryId: "uncategorized", amount: 2000 }] }, ["allocations"]],
    ["an allocation of no cents", { ...refund, allocations: [{ categoryId: "food", amount: 0 }] }, ["allocations"]],
    ["an unknown source", { source: "carrier-pigeon" as LedgerEntry["source"] }, ["source"]],
    ["a split whose parts do not add up", { category: "__split", allocations: [{ categoryId: "food", amount: 700 }, { categoryId: "utilities", amount: 499 }] }, ["allocations"]],
    ["a split of one part", { category: "__split", allocations: [{ categoryId: "food", amount: 1200 }] }, ["allocations"]],
    ["a split naming a category twice", { category: "__split", allocations: [{ categoryId: "food", amount: 600 }, { categoryId: "food", amount: 600 }] }, ["allocations"]],
    ["a split with a debt payment", { category: "__split", allocations: [{ categoryId: "food", amount: 600 }, { categoryId: "debt_abc", amount: 600 }] }, ["allocations"]],
    ["a split with savings", { category: "__split", allocations: [{ categoryId: "food", amount: 600 }, { categoryId: "savings", amount: 600 }] }, ["allocations"]],
    ["a split income", { type: "income", category: "__split", allocations: [{ categoryId: "food", amount: 600 }, { categoryId: "utilities", amount: 600 }] }, ["allocations"]],
    ["every field wrong at once", { type: "gift" as LedgerEntry["type"], amount: 0, date: "", category: "a.b" }, ["type", "amount", "date", "category"]],
  ])("refuses %s", (_, fields, refused) => {
    expect(problemFields(fields)).toEqual(refused);
  });
});

describe("edits", () => {
  test("the fields given replace the stored ones; the rest stay", () => {
    expect(fieldsAfterEdit(groceries, { id: "x", amount: 1500, date: "2026-04-01" })).toEqual({ ...groceries, amount: 1500, date: "2026-04-01", rate: null, transferAmount: null, tagIds: [] });
  });

  test("a bulk tagging takes tags off, then adds the new ones after those kept, each once", () => {
    expect(tagsAfterTagging(["trip", "work"], ["home", "trip", "home"], ["work"])).toEqual(["trip", "home"]);
    expect(tagsAfterTagging([], [], [])).toEqual([]);
  });

  test("an offset turned into an expense keeps its allocations unless they are cleared, so it is refused", () => {
    const expense = fieldsAfterEdit(refund, { id: "x", type: "expense" });
    expect(entryProblems({ ...expense, source: "manual" }).map((problem) => problem.field)).toEqual(["allocations"]);
    expect(entryProblems({ ...fieldsAfterEdit(refund, { id: "x", type: "expense", allocations: [] }), source: "manual" })).toEqual([]);
  });

  test("an id may be named once across edits, deletions and restorations; repeats within deletions are harmless", () => {
    expect(repeatedIds({ updated: [{ id: "a" }], deleted: ["b", "b"], restored: ["c"] })).toEqual([]);
    expect(repeatedIds({ updated: [{ id: "a" }, { id: "a" }] })).toEqual(["a"]);
    expect(repeatedIds({ deleted: ["a", "b"], restored: ["b"] })).toEqual(["b"]);
    expect(repeatedIds({ updated: [{ id: "a" }], deleted: "all", restored: ["a"] })).toEqual(["a"]);
    expect(repeatedIds({ cleared: { ids: ["a", "a", "b"], reconciliationId: "r" } })).toEqual([]);
    expect(repeatedIds({ updated: [{ id: "a" }], cleared: { ids: ["a"], reconciliationId: "r" } })).toEqual(["a"]);
  });

  test.each<[string, boolean, Partial<LedgerFields>]>([
    ["another date", true, { date: "2026-03-06" }],
    ["another amount", true, { amount: 1201 }],
    ["the other way", true, { type: "income" }],
    ["another account", true, { accountId: "64b7f0c2a1b2c3d4e5f60719" }],
    ["another description", false, { description: "Market" }],
    ["another category", false, { category: "shopping" }],
  ])("a cleared transaction given %s is cleared no more: %s", (_, uncleared, change) => {
    expect(changesStatementLine(groceries, { ...groceries, ...change })).toBe(uncleared);
  });
});

describe("stored fields", () => {
  test("the month, the search text and the import key follow from the fields; the description is trimmed", () => {
    expect(storedFields({ ...groceries, description: "  Corner  Cafe " })).toEqual({
      accountId: ACCOUNT_ID,
      transferAccountId: null,
      type: "expense",
      amount: 1200,
      category: "food",
      date: "2026-03-05",
      monthKey: "2026-03",
      description: "Corner  Cafe",
      descriptionLower: "corner  cafe",
      allocations: [],
      tagIds: [],
      importKey: "2026-03-05|1200|expense|corner cafe",
    });
  });

  test("an income books its category unless it offsets it; uncategorized and expenses book none", () => {
    expect(booksIncomeCategory({ type: "income", category: "side-gig", allocations: [] })).toBe(true);
    expect(booksIncomeCategory({ type: "income", category: "salary", allocations: [{ categoryId: "food", amount: 5 }] })).toBe(true);
    expect(booksIncomeCategory(refund)).toBe(false);
    expect(booksIncomeCategory({ type: "income", category: "", allocations: [] })).toBe(false);
    expect(booksIncomeCategory(groceries)).toBe(false);
  });
});

describe("a transfer between two currencies", () => {
  const euroSide: LedgerFields = { type: "expense", amount: 10000, category: TRANSFER_CATEGORY, date: "2017-03-03", description: "To dollars", allocations: [], accountId: "a".repeat(24), transferAccountId: "b".repeat(24), transferAmount: 10490 };

  test("the other side moves the amount given for it, and names this side's as its own other amount", () => {
    expect(transferPeerFields(euroSide)).toMatchObject({ type: "income", amount: 10490, accountId: "b".repeat(24), transferAccountId: "a".repeat(24), transferAmount: 10000 });
  });

  test("within one currency both sides move the same amount", () => {
    expect(transferPeerFields({ ...euroSide, transferAmount: null }).amount).toBe(10000);
  });

  test("an edit of one side's amount leaves the other side's when they differed, and carries it over when they were equal", () => {
    const dollarSide = { ...transferPeerFields(euroSide), transferAmount: null };
    expect(peerFieldsAfterEdit(dollarSide, euroSide, { ...euroSide, amount: 10100, transferAmount: null }).amount).toBe(10490);
    expect(peerFieldsAfterEdit(dollarSide, euroSide, { ...euroSide, amount: 10100, transferAmount: 10600 }).amount).toBe(10600);
    const sameAmount = { ...dollarSide, amount: 10000 };
    expect(peerFieldsAfterEdit(sameAmount, euroSide, { ...euroSide, amount: 10100, transferAmount: null }).amount).toBe(10100);
  });
});
