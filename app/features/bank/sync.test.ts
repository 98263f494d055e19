import { describe, expect, test } from "vitest";
import type { PlaidSyncPage, PlaidTransactionData } from "~/integrations/plaid-data";
import { bankEntryOf, collectSyncChanges, foreignCurrencyOf, ledgerAmountOf, MAX_SYNC_RESTARTS, mergeSyncPages, SYNC_RESTART_CODE } from "./sync";

function transaction(id: string, amount: number, fields: Partial<PlaidTransactionData> = {}): PlaidTransactionData {
  return { transactionId: id, accountId: "acc-1", amount, currency: "USD", date: "2026-11-20", name: `Bank text ${id}`, merchantName: null, pending: false, pendingTransactionId: null, ...fields };
}

function page(fields: Partial<PlaidSyncPage>): PlaidSyncPage {
  return { added: [], modified: [], removed: [], nextCursor: "c", hasMore: false, ...fields };
}

class PlaidLikeError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const isRestart = (error: unknown) => error instanceof PlaidLikeError && error.code === SYNC_RESTART_CODE;

describe("amount signs: Plaid's positive is money out", () => {
  test("a positive amount is an expense, a negative one an income, both in whole cents", () => {
    expect(ledgerAmountOf(12.34, "USD")).toEqual({ type: "expense", amount: 1234 });
    expect(ledgerAmountOf(-2500, "USD")).toEqual({ type: "income", amount: 250000 });
  });

  test("binary fractions round to the cent they mean", () => {
    expect(ledgerAmountOf(5.4, "USD")).toEqual({ type: "expense", amount: 540 });
    expect(ledgerAmountOf(0.1 + 0.2, "USD")).toEqual({ type: "expense", amount: 30 });
    expect(ledgerAmountOf(-1234567.89, "USD")).toEqual({ type: "income", amount: 123456789 });
  });

  test("in minor units of the account's currency: whole yen, fils of a dinar", () => {
    expect(ledgerAmountOf(1280, "JPY")).toEqual({ type: "expense", amount: 1280 });
    expect(ledgerAmountOf(-1.234, "KWD")).toEqual({ type: "income", amount: 1234 });
  });

  test("a zero moves no money and is not booked", () => {
    expect(ledgerAmountOf(0, "USD")).toBeNull();
    expect(ledgerAmountOf(-0.001, "USD")).toBeNull();
  });
});

describe("the ledger entry of a bank transaction", () => {
  test("lands uncategorized, described by its merchant, with the bank's ids, name and pending state", () => {
    const entry = bankEntryOf(transaction("t1", 6.33, { merchantName: "Uber", pending: true, pendingTransactionId: "p1" }), "First Platypus Bank", { currency: "USD" });
    expect(entry).toEqual({
      type: "expense",
      amount: 633,
      category: "",
      date: "2026-11-20",
      description: "Uber",
      source: "plaid",
      bankName: "First Platypus Bank",
      bankTransactionId: "t1",
      bankAccountId: "acc-1",
      pending: true,
      replacesBankTransactionId: "p1",
    });
  });

  test("without a merchant the bank's text describes it; a zero amount is skipped", () => {
    expect(bankEntryOf(transaction("t2", -2500, { name: "Payroll ACME Corp" }), "Bank", { currency: "USD" })?.description).toBe("Payroll ACME Corp");
    expect(bankEntryOf(transaction("t3", 0), "Bank", { currency: "USD" })).toBeNull();
  });

  test("lands in its account, in that account's minor units", () => {
    expect(bankEntryOf(transaction("t4", 1280, { currency: "JPY" }), "Bank", { id: "account-1", currency: "JPY" })).toMatchObject({ accountId: "account-1", amount: 1280 });
  });

  test("a transaction Plaid states in another currency than its account's is not booked there", () => {
    expect(foreignCurrencyOf(transaction("t5", 12, { currency: "EUR" }), "USD")).toBe("EUR");
    expect(foreignCurrencyOf(transaction("t6", 12, { currency: "USD" }), "USD")).toBeNull();
    expect(foreignCurrencyOf(transaction("t7", 12, { currency: null }), "USD")).toBeNull();
  });
});

describe("folding the pages of one sync", () => {
  test("the last word on each transaction wins, in page order", () => {
    const changes = mergeSyncPages([
      page({ added: [transaction("a", 1), transaction("b", 2)], hasMore: true, nextCursor: "c1" }),
      page({ modified: [transaction("a", 1.5)], removed: ["b", "old"], hasMore: true, nextCursor: "c2" }),
      page({ added: [transaction("b", 3)], nextCursor: "c3" }),
    ]);
    expect(changes.upserted.map((item) => [item.transactionId, item.amount])).toEqual([
      ["a", 1.5],
      ["b", 3],
    ]);
    expect(changes.removed).toEqual(["old"]);
    expect(changes.nextCursor).toBe("c3");
  });

  test("added and then removed within one sync leaves nothing to write", () => {
    const changes = mergeSyncPages([page({ added: [transaction("a", 1)], hasMore: true }), page({ removed: ["a"] })]);
    expect(changes.upserted).toEqual([]);
    expect(changes.removed).toEqual(["a"]);
  });
});

describe("reading every page from the saved cursor", () => {
  test("pages while has_more, each request with the previous page's cursor", async () => {
    const asked: Array<string | null> = [];
    const pages = [page({ added: [transaction("a", 1)], hasMore: true, nextCursor: "c1" }), page({ added: [transaction("b", 1)], hasMore: false, nextCursor: "c2" })];
    const changes = await collectSyncChanges(
      async (cursor) => {
        asked.push(cursor);
        return pages[asked.length - 1];
      },
      "saved",
      isRestart,
    );
    expect(asked).toEqual(["saved", "c1"]);
    expect(changes.upserted.map((item) => item.transactionId)).toEqual(["a", "b"]);
    expect(changes).toMatchObject({ nextCursor: "c2", restarts: 0 });
  });

  test("a sync with no saved cursor starts from the beginning, and one at the head keeps its cursor", async () => {
    const asked: Array<string | null> = [];
    const changes = await collectSyncChanges(
      async (cursor) => {
        asked.push(cursor);
        return page({ nextCursor: "head" });
      },
      null,
      isRestart,
    );
    expect(asked).toEqual([null]);
    expect(changes).toMatchObject({ upserted: [], removed: [], nextCursor: "head" });
  });

  test("data moving mid-way drops the pages read and starts again from the saved cursor", async () => {
    const asked: Array<string | null> = [];
    let calls = 0;
    const changes = await collectSyncChanges(
      async (cursor) => {
        asked.push(cursor);
        calls += 1;
        if (calls === 1) return page({ added: [transaction("stale", 1)], hasMore: true, nextCursor: "c1" });
        if (calls === 2) throw new PlaidLikeError(SYNC_RESTART_CODE);
        if (calls === 3) return page({ added: [transaction("fresh", 1)], hasMore: true, nextCursor: "d1" });
        return page({ added: [transaction("fresh-2", 1)], nextCursor: "d2" });
      },
      "saved",
      isRestart,
    );
    expect(asked).toEqual(["saved", "c1", "saved", "d1"]);
    expect(changes.upserted.map((item) => item.transactionId)).toEqual(["fresh", "fresh-2"]);
    expect(changes).toMatchObject({ nextCursor: "d2", restarts: 1 });
  });

  test("gives up after the allowed restarts, and any other error is not retried", async () => {
    let calls = 0;
    const alwaysMoving = collectSyncChanges(
      async () => {
        calls += 1;
        throw new PlaidLikeError(SYNC_RESTART_CODE);
      },
      "saved",
      isRestart,
    );
    await expect(alwaysMoving).rejects.toThrow(SYNC_RESTART_CODE);
    expect(calls).toBe(MAX_SYNC_RESTARTS + 1);

    let otherCalls = 0;
    const failing = collectSyncChanges(
      async () => {
        otherCalls += 1;
        throw new PlaidLikeError("ITEM_LOGIN_REQUIRED");
      },
      "saved",
      isRestart,
    );
    await expect(failing).rejects.toThrow("ITEM_LOGIN_REQUIRED");
    expect(otherCalls).toBe(1);
  });
});
