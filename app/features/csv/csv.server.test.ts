import { describe, expect, test } from "vitest";
import { loader as exportLoader } from "~/routes/resources.transactions-export";
import { transactionsCsvStream } from "./csv.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { softDeleteTransaction } from "~/features/transactions/transactions.server";
import { createSession } from "~/features/auth/session.server";
import { Types } from "mongoose";
import { Transaction } from "../../../models";
import { TRANSFER_CATEGORY } from "~/features/categories/categories";
import { addAccountBesideMain } from "~/features/transactions/account-balances.server";
import { createTransactionFor, createUser, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";

useTestDatabase();

function createUserId() {
  return createUser({ email: uniqueEmail("csv") });
}

/** A transaction typed by hand earlier through the form (and deleted afterwards when `deleted`). */
async function addManualCoffee(userId: string, { deleted = false } = {}) {
  const coffee = await createTransactionFor(userId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "corner  cafe" });
  if (deleted) await softDeleteTransaction(userId, coffee.id);
}

/** The streamed text, byte order mark kept. */
async function readAll(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("export", () => {
  test("streams every transaction of the user, deleted ones too, newest first, with category names", async () => {
    const userId = await createUserId();
    const otherUserId = await createUserId();
    await addManualCoffee(userId);
    await addManualCoffee(otherUserId);
    await applyLedgerBatch(userId, {
      added: [
        { type: "income", category: "salary", amount: 250000, date: "2026-03-03", description: "Employer Inc", source: "import" },
        { type: "expense", category: "", amount: 2000, date: "2026-03-04", description: "Book shop", source: "import" },
      ],
    });
    const bookShop = await Transaction.findOne({ userId, description: "Book shop" }).select({ _id: 1 }).lean();
    await softDeleteTransaction(userId, String(bookShop?._id));

    const csv = await readAll(await transactionsCsvStream(userId));
    expect(csv).toBe(
      "\uFEFFDate,Type,Category,Amount,Description,Source,Deleted,Account,Cleared,Currency,Tags\r\n" +
        "2026-03-04,expense,Uncategorized,20.00,Book shop,import,Yes,Main account,No,USD,\r\n" +
        "2026-03-03,income,Paycheck 1,2500.00,Employer Inc,import,No,Main account,No,USD,\r\n" +
        "2026-03-02,expense,Food & Dining,4.50,corner  cafe,manual,No,Main account,No,USD,\r\n",
    );
  });

  test("each row names its account and whether it is cleared; a transfer's sides name the other account", async () => {
    const userId = await createUserId();
    const visa = await addAccountBesideMain(userId, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: -30000, openingDate: "2026-03-01" }, "2026-03-31");
    if (!visa.ok) throw new Error(visa.message);
    await applyLedgerBatch(userId, {
      added: [{ type: "expense", category: TRANSFER_CATEGORY, transferAccountId: visa.account.id, amount: 30000, date: "2026-03-20", description: "Card payment", source: "manual" }],
    });
    const cardSide = await Transaction.findOne({ userId, accountId: visa.account.id }).lean();
    expect(await applyLedgerBatch(userId, { cleared: { ids: [String(cardSide?._id)], reconciliationId: new Types.ObjectId().toString() } })).toMatchObject({ ok: true });

    const csv = await readAll(await transactionsCsvStream(userId));
    expect(csv.split("\r\n").slice(1, 3).sort()).toEqual([
      "2026-03-20,expense,Transfer to Visa,300.00,Card payment,manual,No,Main account,No,USD,",
      "2026-03-20,income,Transfer from Main account,300.00,Card payment,manual,No,Visa,Yes,USD,",
    ]);
  });

  test("a history of whole batches arrives complete and in order", async () => {
    const userId = await createUserId();
    const days = Array.from({ length: 1000 }, (_, index) => index);
    const added = days.map((day) => {
      const date = new Date(Date.UTC(2020, 0, 1 + day)).toISOString().slice(0, 10);
      return { type: "expense" as const, category: "", amount: day + 1, date, description: `Day ${day}`, source: "import" as const };
    });
    expect(await applyLedgerBatch(userId, { added })).toMatchObject({ ok: true });
    const lines = (await readAll(await transactionsCsvStream(userId))).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1001);
    expect(lines[1]).toContain("Day 999");
    expect(lines.at(-1)).toContain("Day 0");
  });
});

const APP = "http://localhost:3000";

async function signedInUser() {
  const userId = await createUserId();
  const { cookie } = await createSession(userId, new Request(`${APP}/`));
  return { userId, cookie: cookie.split(";")[0] };
}

describe("export route", () => {
  test("export answers with a CSV attachment of the signed-in user's transactions", async () => {
    const { userId, cookie } = await signedInUser();
    await addManualCoffee(userId);
    const response = await exportLoader({ request: new Request(`${APP}/resources/transactions-export`, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="ledgerly-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await response.text()).toBe("Date,Type,Category,Amount,Description,Source,Deleted,Account,Cleared,Currency,Tags\r\n2026-03-02,expense,Food & Dining,4.50,corner  cafe,manual,No,Main account,No,USD,\r\n");
  });
});
