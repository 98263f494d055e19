import { describe, expect, test } from "vitest";
import { action, IMPORT_MESSAGES, INTENT } from "~/routes/_app.transactions_.import";
import { loader as exportLoader } from "~/routes/resources.transactions-export";
import { CSV_MESSAGES, mapRows, type CsvMapping } from "./csv";
import { parseCsv } from "./csv-text.server";
import { commitImport, previewImport, transactionsCsvStream } from "./csv.server";
import { applyLedgerBatch } from "~/features/transactions/ledger.server";
import { getMonthTotals } from "~/features/transactions/month-summary.server";
import { softDeleteTransaction } from "~/features/transactions/transactions.server";
import { createSession } from "~/features/auth/session.server";
import { Transaction } from "../../../models";
import { createTransactionFor, createUser, uniqueEmail } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

const MAPPING: CsvMapping = { date: "Date", description: "Description", amount: "Amount", category: "Category", dateFormat: "MM/DD/YYYY" };

const BANK_FILE = [
  "Date,Description,Amount,Category",
  "03/02/2026,Corner Cafe,-4.50,Food & Dining",
  "03/03/2026,Employer Inc,2500.00,paycheck 1",
  "03/03/2026,Employer Inc,2500.00,paycheck 1",
  "03/04/2026,Book shop,-20.00,Salary",
  "31/31/2026,Broken,-1.00,",
].join("\n");

function mappedRows(text = BANK_FILE) {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return mapRows(parsed.csv.rows, MAPPING);
}

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

describe("import preview", () => {
  test("marks a duplicate of an existing transaction and a repeat within the file; writes nothing", async () => {
    const userId = await createUserId();
    await addManualCoffee(userId);
    const preview = await previewImport(userId, mappedRows());
    expect(preview.counts).toEqual({ new: 2, duplicate: 2, invalid: 1 });
    expect(preview.rows.map((row) => (row.ok ? [row.line, row.duplicate, row.categoryName] : [row.line, row.error]))).toEqual([
      [2, true, "Food & Dining"],
      [3, false, "Paycheck 1"],
      [4, true, "Paycheck 1"],
      [5, false, ""],
      [6, 'Row 6: invalid date "31/31/2026"'],
    ]);
    expect(await Transaction.countDocuments({ userId })).toBe(1);
  });

  test("a transaction entered through the form is recognised when the bank file brings it again", async () => {
    const userId = await createUserId();
    await createTransactionFor(userId, { type: "expense", category: "food", amount: 450, date: "2026-03-02", description: "Corner Cafe" });
    const preview = await previewImport(userId, mappedRows());
    expect(preview.rows[0]).toMatchObject({ line: 2, duplicate: true });
  });

  test("another user's identical transaction and the user's deleted one are not duplicates", async () => {
    const userId = await createUserId();
    const otherUserId = await createUserId();
    await addManualCoffee(otherUserId);
    await addManualCoffee(userId, { deleted: true });
    const preview = await previewImport(userId, mappedRows());
    expect(preview.rows[0]).toMatchObject({ ok: true, line: 2, duplicate: false });
    expect(preview.counts).toEqual({ new: 3, duplicate: 1, invalid: 1 });
  });
});

describe("import commit", () => {
  test("writes only the new rows, keeps the month totals right, and a second commit imports nothing", async () => {
    const userId = await createUserId();
    await addManualCoffee(userId);

    expect(await commitImport(userId, mappedRows())).toEqual({ imported: 2, skipped: 2 });
    const stored = await Transaction.find({ userId, source: "import" })
      .sort({ date: 1 })
      .select({ _id: 0, type: 1, category: 1, amount: 1, date: 1, monthKey: 1, description: 1, descriptionLower: 1, importKey: 1, deleted: 1 })
      .lean();
    expect(stored).toEqual([
      {
        type: "income",
        category: "salary",
        amount: 250000,
        date: "2026-03-03",
        monthKey: "2026-03",
        description: "Employer Inc",
        descriptionLower: "employer inc",
        importKey: "2026-03-03|250000|income|employer inc",
        deleted: false,
      },
      {
        // "Salary" is an income category: an expense row naming it goes to the New tab.
        type: "expense",
        category: "",
        amount: 2000,
        date: "2026-03-04",
        monthKey: "2026-03",
        description: "Book shop",
        descriptionLower: "book shop",
        importKey: "2026-03-04|2000|expense|book shop",
        deleted: false,
      },
    ]);
    expect(await getMonthTotals(userId, "2026-03")).toEqual({
      income: 250000,
      expense: 2450,
      count: 3,
      categories: {
        food: { income: 0, expense: 450, allocated: 0 },
        salary: { income: 250000, expense: 0, allocated: 0 },
        uncategorized: { income: 0, expense: 2000, allocated: 0 },
      },
    });

    expect(await commitImport(userId, mappedRows())).toEqual({ imported: 0, skipped: 4 });
    expect(await Transaction.countDocuments({ userId })).toBe(3);
    expect((await getMonthTotals(userId, "2026-03")).count).toBe(3);
  });
});

describe("export", () => {
  test("streams every transaction of the user, deleted ones too, newest first, with category names", async () => {
    const userId = await createUserId();
    const otherUserId = await createUserId();
    await addManualCoffee(userId);
    await addManualCoffee(otherUserId);
    await commitImport(userId, mappedRows());
    const bookShop = await Transaction.findOne({ userId, description: "Book shop" }).select({ _id: 1 }).lean();
    await softDeleteTransaction(userId, String(bookShop?._id));

    const csv = await readAll(await transactionsCsvStream(userId));
    expect(csv).toBe(
      "\uFEFFDate,Type,Category,Amount,Description,Source,Deleted\r\n" +
        "2026-03-04,expense,Uncategorized,20.00,Book shop,import,Yes\r\n" +
        "2026-03-03,income,Paycheck 1,2500.00,Employer Inc,import,No\r\n" +
        "2026-03-02,expense,Food & Dining,4.50,corner  cafe,manual,No\r\n",
    );
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

function post(cookie: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`${APP}/transactions/import`, { method: "POST", body, headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie } });
  return action({ request, params: {}, context: {} });
}

function upload(cookie: string, text: string, name = "bank.csv", type = "text/csv") {
  return post(cookie, { intent: INTENT.upload, file: new File([text], name, { type }) });
}

type ActionResult = Awaited<ReturnType<typeof action>>;
type MapStep = Extract<ActionResult, { step: "map" }>;

function rejected(result: ActionResult) {
  if (result instanceof Response || !("init" in result)) throw new Error(`expected a 400, got ${JSON.stringify(result).slice(0, 200)}`);
  const { data, init } = result as unknown as { data: { step: string; result: { error?: Record<string, string[] | null> } }; init: ResponseInit };
  expect(init.status).toBe(400);
  return { step: data.step, errors: data.result.error ?? {} };
}

function mapStep(result: ActionResult) {
  if (result instanceof Response || !("step" in result) || result.step !== "map" || !result.preview) {
    throw new Error(`expected a preview, got ${JSON.stringify(result).slice(0, 200)}`);
  }
  return result as MapStep & { preview: NonNullable<MapStep["preview"]> };
}

/** The mapping form's fields as the page renders them for `step`. */
function mappingFields(step: MapStep, changes: Record<string, string> = {}) {
  const { mapping } = step;
  const fields: Record<string, string> = {
    csv: step.csv,
    fileName: step.fileName,
    previewed: step.previewed ?? "",
    dateColumn: mapping?.date ?? "",
    descriptionColumn: mapping?.description ?? "",
    amountColumn: mapping?.amount ?? "",
    debitColumn: mapping?.debit ?? "",
    creditColumn: mapping?.credit ?? "",
    dateFormat: mapping?.dateFormat ?? "",
    ...changes,
  };
  return fields;
}

const DEBIT_CREDIT_FILE = "Posting Date,Payee,Debit,Credit\n03/02/2026,Corner Cafe,4.50,\n03/05/2026,Employer Inc,,2500.00\n";

describe("import page", () => {
  test("refuses a file that is not CSV, an empty one, a too big one and a plain form post; writes nothing", async () => {
    const { userId, cookie } = await signedInUser();
    expect(rejected(await upload(cookie, "%PDF-1.7", "statement.pdf", "application/pdf")).errors).toEqual({ "": [IMPORT_MESSAGES.notCsv] });
    expect(rejected(await upload(cookie, "\n")).errors).toEqual({ "": [CSV_MESSAGES.empty] });
    expect(rejected(await upload(cookie, `Description\n${"x".repeat(5_000_001)}`)).errors).toEqual({ "": [CSV_MESSAGES.tooBig] });
    expect(rejected(await upload(cookie, "x".repeat(10_000_001))).errors).toEqual({ "": [CSV_MESSAGES.tooBig] });
    expect(rejected(await post(cookie, { intent: INTENT.upload })).errors).toEqual({ file: [IMPORT_MESSAGES.chooseFile] });
    const plain = new Request(`${APP}/transactions/import`, {
      method: "POST",
      body: new URLSearchParams({ intent: INTENT.preview }),
      headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie },
    });
    expect(rejected(await action({ request: plain, params: {}, context: {} })).errors).toEqual({ "": [IMPORT_MESSAGES.notMultipart] });
    expect(await Transaction.countDocuments({ userId })).toBe(0);
  });

  test("upload guesses the mapping and previews; only a confirm of the previewed mapping writes", async () => {
    const { userId, cookie } = await signedInUser();
    await addManualCoffee(userId);

    const preview = mapStep(await upload(cookie, DEBIT_CREDIT_FILE));
    expect(preview.mapping).toMatchObject({ date: "Posting Date", description: "Payee", debit: "Debit", credit: "Credit", dateFormat: "MM/DD/YYYY" });
    expect(preview.preview.counts).toEqual({ new: 1, duplicate: 1, invalid: 0 });
    expect(preview.preview.rows.map((row) => [row.line, row.status, "amount" in row ? row.amount : row.error])).toEqual([
      [2, "duplicate", "$4.50"],
      [3, "new", "$2,500.00"],
    ]);

    const changed = mapStep(await post(cookie, { ...mappingFields(preview, { dateFormat: "DD/MM/YYYY" }), intent: INTENT.confirm }));
    expect(changed.notice).toBe(IMPORT_MESSAGES.mappingChanged);
    expect(changed.preview.counts).toEqual({ new: 2, duplicate: 0, invalid: 0 });
    expect(await Transaction.countDocuments({ userId })).toBe(1);

    const unknownColumn = rejected(await post(cookie, { ...mappingFields(preview, { amountColumn: "Balance", debitColumn: "", creditColumn: "" }), intent: INTENT.preview }));
    expect(unknownColumn).toEqual({ step: "map", errors: { amountColumn: [IMPORT_MESSAGES.unknownColumn] } });
    const noAmount = rejected(await post(cookie, { ...mappingFields(preview, { debitColumn: "", creditColumn: "" }), intent: INTENT.preview }));
    expect(noAmount.errors).toEqual({ amountColumn: [IMPORT_MESSAGES.chooseAmount] });

    const response = await post(cookie, { ...mappingFields(preview), intent: INTENT.confirm });
    if (!(response instanceof Response)) throw new Error("expected a redirect");
    expect(response.headers.get("Location")).toBe("/transactions?tab=new");
    expect((await toastOf(response))?.message).toBe("Imported 1 transaction, skipped 1 duplicate");
    expect(await Transaction.find({ userId, source: "import" }).select({ _id: 0, description: 1, amount: 1, type: 1 }).lean()).toEqual([
      { description: "Employer Inc", amount: 250000, type: "income" },
    ]);
  });

  test("export answers with a CSV attachment of the signed-in user's transactions", async () => {
    const { userId, cookie } = await signedInUser();
    await addManualCoffee(userId);
    const response = await exportLoader({ request: new Request(`${APP}/resources/transactions-export`, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="ledgerly-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await response.text()).toBe("Date,Type,Category,Amount,Description,Source,Deleted\r\n2026-03-02,expense,Food & Dining,4.50,corner  cafe,manual,No\r\n");
  });
});
