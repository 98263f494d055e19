import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { Transaction, User } from "../../../models";
import { getCategories } from "~/features/categories/categories.server";
import { getMonthTotals } from "./month-summary.server";
import { transactionSchema } from "./schema";
import { TRANSACTION_MESSAGES, type CategoryChoice } from "./transactions";
import {
  bulkDeleteTransactions,
  listTransactionsWithCounts,
  createTransaction,
  getCategoryChoices,
  getTransaction,
  listSidebarTransactions,
  listTransactions,
  resetFinancialData,
  restoreTransaction,
  softDeleteTransaction,
  updateTransaction,
  type TransactionInput,
} from "./transactions.server";
import { createCategory, createGoogleUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

async function newUser() {
  const user = await User.create({ email: `tx-${randomBytes(4).toString("hex")}@example.com`, authProvider: "email" });
  return String(user._id);
}

const groceries: TransactionInput = { type: "expense", amount: 12000, category: "food", date: "2026-03-05", description: "Groceries" };
const paycheck: TransactionInput = { type: "income", amount: 300000, category: "salary", date: "2026-03-01", description: "March pay" };
const refund: TransactionInput = { type: "income", amount: 2000, category: "food", date: "2026-03-07", showExpenseCategories: true };

async function stored(id: string) {
  return Transaction.findById(id).lean<Record<string, unknown>>();
}

describe("transaction form schema", () => {
  const categories: CategoryChoice[] = [
    { id: "salary", name: "Paycheck 1", type: "income" },
    { id: "food", name: "Food & Dining", type: "expense" },
    { id: "housing", name: "Housing", type: "expense" },
    { id: "savings", name: "Savings", type: "expense" },
  ];

  function parse(fields: Record<string, string>) {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.append(name, value);
    return parseWithZod(formData, { schema: transactionSchema(categories) });
  }

  function errorsOf(fields: Record<string, string>) {
    const submission = parse(fields);
    return submission.status === "error" ? submission.error : null;
  }

  test("an empty form gives every message of the spec", () => {
    expect(errorsOf({ type: "expense", amount: "", category: "", date: "", description: "" })).toEqual({
      amount: [TRANSACTION_MESSAGES.invalidAmount],
      category: [TRANSACTION_MESSAGES.categoryRequired],
      date: [TRANSACTION_MESSAGES.invalidDate],
    });
  });

  test.each(["0", "0.00", "-5", "12.345", "abc", "1e3", "1,000"])("amount %s is refused", (amount) => {
    expect(errorsOf({ type: "expense", amount, category: "food", date: "2026-03-05" })?.amount).toEqual([TRANSACTION_MESSAGES.invalidAmount]);
  });

  test("amounts with up to two decimals become cents; the description is trimmed", () => {
    const submission = parse({ type: "expense", amount: "12.5", category: "food", date: "2026-03-05", description: "  Lunch  " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({ type: "expense", amount: 1250, description: "Lunch", showExpenseCategories: false });
  });

  test("a split needs no category; its parts become cents and must add up to the amount", () => {
    const split = { type: "expense", amount: "100", category: "", date: "2026-03-05", "splits[0].category": "food", "splits[0].amount": "60", "splits[1].category": "housing" };
    const valid = parse({ ...split, "splits[1].amount": "40" });
    expect(valid.status === "success" && valid.value.splits).toEqual([
      { category: "food", amount: 6000 },
      { category: "housing", amount: 4000 },
    ]);
    expect(errorsOf({ ...split, "splits[1].amount": "39.99" })).toEqual({ splits: [TRANSACTION_MESSAGES.splitMustAddUp] });
  });

  test("split parts: an income cannot be split, one part is not a split, a category once, no debts or savings", () => {
    const base = { amount: "100", date: "2026-03-05", "splits[0].category": "food", "splits[0].amount": "50" };
    expect(errorsOf({ ...base, type: "income", "splits[1].category": "housing", "splits[1].amount": "50" })).toEqual({ splits: [TRANSACTION_MESSAGES.splitExpenseOnly] });
    expect(errorsOf({ ...base, "splits[0].amount": "100" })).toEqual({ splits: [TRANSACTION_MESSAGES.splitNeedsTwo] });
    expect(errorsOf({ ...base, "splits[1].category": "food", "splits[1].amount": "50" })).toEqual({ "splits[1].category": [TRANSACTION_MESSAGES.splitCategoryTwice] });
    expect(errorsOf({ ...base, "splits[1].category": "savings", "splits[1].amount": "50" })).toEqual({ "splits[1].category": [TRANSACTION_MESSAGES.splitNoDebtOrSavings] });
    expect(errorsOf({ ...base, "splits[1].category": "salary", "splits[1].amount": "50" })).toEqual({ "splits[1].category": [TRANSACTION_MESSAGES.categoryRequired] });
    expect(errorsOf({ ...base, "splits[1].category": "housing", "splits[1].amount": "0" })).toEqual({ "splits[1].amount": [TRANSACTION_MESSAGES.invalidAmount] });
  });

  test("the type defaults to expense; impossible dates are refused", () => {
    expect(errorsOf({ amount: "3", category: "food", date: "2026-02-30" })).toEqual({ date: [TRANSACTION_MESSAGES.invalidDate] });
    const valid = parse({ amount: "3", category: "food", date: "2026-02-28" });
    expect(valid.status === "success" && valid.value.type).toBe("expense");
  });

  test("the category must fit the type and the offset switch", () => {
    expect(errorsOf({ type: "expense", amount: "3", category: "salary", date: "2026-03-05" })).toEqual({ category: [TRANSACTION_MESSAGES.categoryRequired] });
    expect(errorsOf({ type: "income", amount: "3", category: "food", date: "2026-03-05" })).toEqual({ category: [TRANSACTION_MESSAGES.categoryRequired] });
    expect(errorsOf({ type: "income", amount: "3", category: "uncategorized", date: "2026-03-05" })).toEqual({ category: [TRANSACTION_MESSAGES.categoryRequired] });
    expect(errorsOf({ type: "income", amount: "3", category: "salary", date: "2026-03-05", showExpenseCategories: "on" })).toEqual({
      category: [TRANSACTION_MESSAGES.categoryRequired],
    });
    const offset = parse({ type: "income", amount: "3", category: "food", date: "2026-03-05", showExpenseCategories: "on" });
    expect(offset.status === "success" && offset.value.showExpenseCategories).toBe(true);
  });

  test("descriptions are at most 500 characters", () => {
    expect(errorsOf({ type: "expense", amount: "3", category: "food", date: "2026-03-05", description: "x".repeat(501) })?.description).toEqual([
      TRANSACTION_MESSAGES.descriptionTooLong,
    ]);
  });
});

describe("writes keep the month summaries in step", () => {
  test("create, update, delete and restore", async () => {
    const userId = await newUser();
    const expense = await createTransaction(userId, groceries);
    const income = await createTransaction(userId, paycheck);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 300000, expense: 12000, count: 2 });

    const stored0 = await stored(expense.id);
    expect(stored0).toMatchObject({ monthKey: "2026-03", description: "Groceries", descriptionLower: "groceries", deleted: false, source: "manual" });

    await updateTransaction(userId, expense.id, { ...groceries, amount: 15000, date: "2026-04-02", description: "Big SHOP" });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 300000, expense: 0, count: 1 });
    expect(await getMonthTotals(userId, "2026-04")).toMatchObject({ income: 0, expense: 15000, count: 1, categories: { food: { expense: 15000 } } });
    expect(await stored(expense.id)).toMatchObject({ monthKey: "2026-04", descriptionLower: "big shop", amount: 15000 });

    expect(await softDeleteTransaction(userId, income.id)).toBe(true);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, count: 0 });
    expect(await stored(income.id)).toMatchObject({ deleted: true });
    expect(await softDeleteTransaction(userId, income.id)).toBe(true);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, count: 0 });

    expect(await restoreTransaction(userId, income.id)).toBe(true);
    expect(await restoreTransaction(userId, income.id)).toBe(true);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 300000, count: 1 });
  });

  test("a soft delete refreshes updatedAt", async () => {
    const userId = await newUser();
    const expense = await createTransaction(userId, groceries);
    const before = (await stored(expense.id))?.updatedAt as Date;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await softDeleteTransaction(userId, expense.id);
    expect(((await stored(expense.id))?.updatedAt as Date).getTime()).toBeGreaterThan(before.getTime());
  });

  test("an offset is stored as an allocation, described after its category, and offsets the expense", async () => {
    const userId = await newUser();
    await getCategories(userId);
    await createTransaction(userId, groceries);
    const offset = await createTransaction(userId, refund);
    expect(offset).toMatchObject({ type: "income", category: "food", description: "Offset for Food & Dining", allocations: [{ categoryId: "food", amount: 2000 }] });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, expense: 12000, categories: { food: { expense: 12000, allocated: 2000, income: 0 } } });

    const described = await createTransaction(userId, { ...refund, description: "Returned shoes" });
    expect(described.description).toBe("Returned shoes");

    await updateTransaction(userId, offset.id, { ...refund, showExpenseCategories: false, category: "salary" });
    expect(await getTransaction(userId, offset.id)).toMatchObject({ category: "salary", allocations: [] });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 2000, categories: { food: { allocated: 2000 }, salary: { income: 2000 } } });
  });

  test("an income category the user lacks is created when the transaction is written", async () => {
    const userId = await newUser();
    await getCategories(userId);
    await createTransaction(userId, { ...paycheck, category: "side-hustle" });
    const categories = await getCategories(userId);
    expect(categories.find((category) => category.id === "side-hustle")).toMatchObject({ type: "income" });
  });

  test("a transaction without a category counts under uncategorized until it is categorized", async () => {
    const userId = await newUser();
    const imported = await createTransaction(userId, { ...groceries, category: "" }, { source: "plaid", bankName: "First Bank" });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ expense: 12000, categories: { uncategorized: { expense: 12000 } } });
    await updateTransaction(userId, imported.id, { ...groceries, category: "utilities" });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({
      expense: 12000,
      count: 1,
      categories: { uncategorized: { expense: 0 }, utilities: { expense: 12000 } },
    });
    expect(await getTransaction(userId, imported.id)).toMatchObject({ source: "plaid", bankName: "First Bank" });
  });
});

describe("ownership", () => {
  test("another user's transaction cannot be read, changed, deleted or restored", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const mine = await createTransaction(owner, groceries);
    const snapshot = await stored(mine.id);

    expect(await getTransaction(intruder, mine.id)).toBeNull();
    expect(await updateTransaction(intruder, mine.id, { ...groceries, amount: 1 })).toBeNull();
    expect(await softDeleteTransaction(intruder, mine.id)).toBe(true);
    expect(await stored(mine.id)).toEqual(snapshot);

    await softDeleteTransaction(owner, mine.id);
    expect(await restoreTransaction(intruder, mine.id)).toBe(false);
    expect(await stored(mine.id)).toMatchObject({ deleted: true });
    expect(await getMonthTotals(intruder, "2026-03")).toMatchObject({ count: 0, expense: 0 });
  });

  test("malformed ids are simply not found", async () => {
    const userId = await newUser();
    expect(await getTransaction(userId, "not-an-id")).toBeNull();
    expect(await updateTransaction(userId, "{$ne:1}", groceries)).toBeNull();
    expect(await restoreTransaction(userId, "zzz")).toBe(false);
  });
});

describe("bulk delete and reset", () => {
  test("another user's id is reported and left alone; the user's own are deleted", async () => {
    const userId = await newUser();
    const otherId = await newUser();
    const first = await createTransaction(userId, groceries);
    const second = await createTransaction(userId, paycheck);
    const theirs = await createTransaction(otherId, groceries);
    const missing = "0123456789abcdef01234567";

    const result = await bulkDeleteTransactions(userId, [first.id, theirs.id, second.id, missing]);
    expect(result).toEqual({ success: false, errors: [`Transaction ${theirs.id} belongs to different user`] });
    expect(await stored(first.id)).toMatchObject({ deleted: true });
    expect(await stored(second.id)).toMatchObject({ deleted: true });
    expect(await stored(theirs.id)).toMatchObject({ deleted: false });
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ income: 0, expense: 0, count: 0 });
    expect(await getMonthTotals(otherId, "2026-03")).toMatchObject({ expense: 12000, count: 1 });

    expect(await bulkDeleteTransactions(userId, [first.id])).toEqual({ success: true, errors: [] });
  });

  test("reset soft-deletes everything of the user and empties the summaries", async () => {
    const userId = await newUser();
    const otherId = await newUser();
    await createTransaction(userId, groceries);
    await createTransaction(userId, { ...paycheck, date: "2026-05-01" });
    await createTransaction(otherId, groceries);

    await resetFinancialData(userId);
    expect(await Transaction.countDocuments({ userId, deleted: false })).toBe(0);
    expect(await Transaction.countDocuments({ userId, deleted: true })).toBe(2);
    expect(await getMonthTotals(userId, "2026-03")).toEqual({ income: 0, expense: 0, count: 0, unconverted: 0, categories: {} });
    expect(await getMonthTotals(userId, "2026-05")).toEqual({ income: 0, expense: 0, count: 0, unconverted: 0, categories: {} });
    expect(await getMonthTotals(otherId, "2026-03")).toMatchObject({ expense: 12000, count: 1 });
    expect((await listTransactions(userId, { tab: "deleted" })).items).toHaveLength(2);
  });
});

describe("listing", () => {
  /** A bank-imported transaction without a category, plus form-made ones. */
  async function seed() {
    const userId = await newUser();
    const uncategorized = await createTransaction(
      userId,
      { type: "expense", category: "", amount: 4599, date: "2026-03-09", description: "Card payment (ACME)" },
      { source: "plaid", bankName: "First Bank" },
    );
    const food = await createTransaction(userId, groceries);
    const pay = await createTransaction(userId, paycheck);
    const april = await createTransaction(userId, { ...groceries, date: "2026-04-01", description: "Price: $5.00 [sale]" });
    const gone = await createTransaction(userId, { ...groceries, description: "Gone" });
    await softDeleteTransaction(userId, gone.id);
    return { userId, uncategorizedId: uncategorized.id, food, pay, april, gone };
  }

  test("tabs: New, Tracked, Deleted, All", async () => {
    const { userId, uncategorizedId, food, pay, april, gone } = await seed();
    const ids = async (tab: "new" | "tracked" | "deleted" | "all") => (await listTransactions(userId, { tab })).items.map((item) => item.id);
    expect(await ids("new")).toEqual([uncategorizedId]);
    expect(await ids("tracked")).toEqual([april.id, food.id, pay.id]);
    expect(await ids("deleted")).toEqual([gone.id]);
    expect(await ids("all")).toEqual([april.id, uncategorizedId, food.id, pay.id]);
    expect((await listTransactionsWithCounts(userId, { tab: null })).counts).toEqual({ new: 1, tracked: 3, deleted: 1 });

    const [bank] = (await listSidebarTransactions(userId, "new")).items;
    expect(bank).toEqual({
      id: uncategorizedId,
      type: "expense",
      category: "",
      amount: 4599,
      date: "2026-03-09",
      monthKey: "2026-03",
      description: "Card payment (ACME)",
      allocations: [],
      deleted: false,
      source: "plaid",
      bankName: "First Bank",
      pending: false,
      // In the main account, whose id is the user's.
      accountId: userId,
      transferAccountId: null,
      tagIds: [],
      reported: null,
      fileAmount: null,
      cleared: false,
    });
  });

  test("filters: month, category, type and text search with regex characters", async () => {
    const { userId, uncategorizedId, food, pay, april } = await seed();
    const ids = async (options: Parameters<typeof listTransactions>[1]) => (await listTransactions(userId, options)).items.map((item) => item.id);
    expect(await ids({ tab: "tracked", month: "2026-03" })).toEqual([food.id, pay.id]);
    expect(await ids({ tab: "tracked", month: "not-a-month" })).toEqual([april.id, food.id, pay.id]);
    expect(await ids({ tab: "tracked", category: "salary" })).toEqual([pay.id]);
    expect(await ids({ tab: "all", type: "expense" })).toEqual([april.id, uncategorizedId, food.id]);
    expect(await ids({ tab: "all", q: "GROCER" })).toEqual([food.id]);
    expect(await ids({ tab: "all", q: "$5.00 [sale]" })).toEqual([april.id]);
    expect(await ids({ tab: "all", q: "(acme)" })).toEqual([uncategorizedId]);
    expect(await ids({ tab: "all", q: ".*" })).toEqual([]);
    expect(await ids({ tab: "tracked", category: "salary", q: "PAY" })).toEqual([pay.id]);
    expect(await ids({ tab: "new", category: "food", q: "a" })).toEqual([]);
    expect(await ids({ tab: "new", category: "uncategorized", q: "acme" })).toEqual([uncategorizedId]);
    expect(await ids({ tab: "all", q: "   " })).toHaveLength(4);
  });

  test("a split is listed under each category it has a part in, browsing and searching; its parts keep the summaries", async () => {
    const userId = await newUser();
    const split = await createTransaction(userId, {
      type: "expense",
      amount: 9000,
      category: "",
      date: "2026-03-06",
      description: "Warehouse club",
      splits: [
        { category: "food", amount: 6000 },
        { category: "utilities", amount: 3000 },
      ],
    });
    const other = await createTransaction(userId, { ...groceries, category: "utilities", description: "Power bill" });
    const ids = async (options: Parameters<typeof listTransactions>[1]) => (await listTransactions(userId, options)).items.map((item) => item.id);
    expect(await ids({ tab: "tracked", category: "food" })).toEqual([split.id]);
    expect(await ids({ tab: "tracked", category: "utilities" })).toEqual([split.id, other.id]);
    expect(await ids({ tab: "tracked", category: "housing" })).toEqual([]);
    expect(await ids({ tab: "all", category: "food", q: "club" })).toEqual([split.id]);
    expect(await ids({ tab: "all", category: "housing", q: "club" })).toEqual([]);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ expense: 21000, categories: { food: { expense: 6000 }, utilities: { expense: 15000 } } });
    await softDeleteTransaction(userId, split.id);
    expect(await getMonthTotals(userId, "2026-03")).toMatchObject({ expense: 12000, categories: { food: { expense: 0 }, utilities: { expense: 12000 } } });
  });

  /** Every page of a listing, following the cursors. */
  async function walk(userId: string, options: Omit<Parameters<typeof listTransactions>[1], "cursor">) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listTransactions>> = await listTransactions(userId, { ...options, cursor });
      pages.push(page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  function newestFirst(items: Array<{ id: string; date: string }>) {
    return [...items].sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)).map((item) => item.id);
  }

  test("keyset pagination walks every item once, newest first, across months", async () => {
    const userId = await newUser();
    const created = [];
    for (const date of ["2026-04-30", "2026-05-01", "2026-05-01", "2026-05-02", "2026-06-15", "2026-06-15", "2026-06-15", "2026-06-30"]) {
      created.push(await createTransaction(userId, { ...groceries, date }));
      created.push(await createTransaction(userId, { ...paycheck, date }));
    }
    for (const date of ["2025-01-10", "2026-01-05"]) created.push(await createTransaction(userId, { ...groceries, date }));
    const expected = newestFirst(created);

    const pages = await walk(userId, { tab: "tracked", limit: 5 });
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 3]);
    expect(pages.flat()).toEqual(expected);
    expect((await walk(userId, { tab: "all", limit: 7 })).flat()).toEqual(expected);
    expect((await listTransactions(userId, { tab: "tracked", cursor: "garbage", limit: 5 })).items[0].id).toBe(expected[0]);
  });

  test("sparse tabs and filters are found in every month, and deleted ones are paged too", async () => {
    const userId = await newUser();
    const imported = [];
    for (const date of ["2023-02-01", "2024-07-09", "2026-03-03"]) {
      imported.push(await createTransaction(userId, { ...groceries, date, category: "" }));
      await createTransaction(userId, { ...groceries, date });
    }
    const salary = await createTransaction(userId, { ...paycheck, date: "2022-11-30" });
    expect(await walk(userId, { tab: "new", limit: 2 })).toEqual([newestFirst(imported).slice(0, 2), newestFirst(imported).slice(2)]);
    expect((await walk(userId, { tab: "all", category: "uncategorized", limit: 5 })).flat()).toEqual(newestFirst(imported));
    expect((await walk(userId, { tab: "all", type: "income", limit: 5 })).flat()).toEqual([salary.id]);
    expect((await walk(userId, { tab: "tracked", category: "salary", limit: 5 })).flat()).toEqual([salary.id]);

    for (const item of imported) await softDeleteTransaction(userId, item.id);
    expect(await walk(userId, { tab: "new", limit: 2 })).toEqual([[]]);
    expect((await walk(userId, { tab: "deleted", limit: 2 })).flat()).toEqual(newestFirst(imported));
    expect((await walk(userId, { tab: "deleted", month: "2024-07", limit: 2 })).flat()).toEqual([imported[1].id]);
  });

  test("a busy month, read day by day, still walks every item once, newest first", async () => {
    const userId = await newUser();
    // 20 live transactions in March: more than four pages of 3 (and one more), so March is read day by day.
    const created = [];
    for (let index = 0; index < 20; index += 1) {
      const date = `2026-03-${String(2 + (index % 10) * 3).padStart(2, "0")}`;
      created.push(await createTransaction(userId, { ...groceries, date, category: index % 5 === 0 ? "" : "food" }));
    }
    created.push(await createTransaction(userId, { ...groceries, date: "2026-02-27" }));
    const march = created.filter((item) => item.monthKey === "2026-03");

    expect((await walk(userId, { tab: "tracked", limit: 3 })).flat()).toEqual(newestFirst(created.filter((item) => item.category !== "")));
    expect((await walk(userId, { tab: "new", limit: 3 })).flat()).toEqual(newestFirst(created.filter((item) => item.category === "")));
    expect((await walk(userId, { tab: "all", month: "2026-03", limit: 3 })).flat()).toEqual(newestFirst(march));
  });

  test("another user's transactions never appear", async () => {
    const { userId } = await seed();
    const otherId = await newUser();
    await createTransaction(otherId, groceries);
    expect((await listTransactions(userId, { tab: "all" })).items).toHaveLength(4);
    expect((await listTransactions(otherId, { tab: "all" })).items).toHaveLength(1);
  });
});

test("the form's category choices carry display names, as the cards show them", async () => {
  const userId = await createGoogleUser();
  await createCategory(userId, { name: "gym membership", type: "expense" });
  const choices = await getCategoryChoices(userId);
  expect(choices).toContainEqual({ id: "gym-membership", name: "Gym Membership", type: "expense" });
  expect(choices).toContainEqual({ id: "food", name: "Food & Dining", type: "expense" });
});
