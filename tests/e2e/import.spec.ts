import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { formatMoney, toCents } from "~/lib/money";
import { addTransaction, expect, test, waitForHydration } from "./fixtures";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/bank-exports");

type Expected = {
  about: string;
  /** The currency the file states; null (or absent) when it states none, and the dollar user's main account reads it in USD. */
  currency?: string | null;
  ask: Array<"dateOrder" | "decimalMark" | "sign">;
  answers: { dateOrder?: string; decimalMark?: string; sign?: string };
  transactions: Array<{ date: string; amount: number; description: string }>;
  totals: { count: number; moneyIn: number; moneyOut: number; from: string; to: string };
};

/** How the preview words each answer (the radio's label starts so). */
const ANSWER_LABELS: Record<string, Record<string, RegExp>> = {
  dateOrder: { DMY: /^Day first/, MDY: /^Month first/, YMD: /^Year, month, day/ },
  decimalMark: { point: /^Decimal point/, comma: /^Decimal comma/ },
  sign: { "as-written": /^Negative amounts are money out/, "charges-positive": /^Positive amounts are charges/ },
};

async function upload(page: Page, file: { name: string; buffer: Buffer; mimeType?: string }) {
  await page.goto("/transactions/import");
  await page.getByLabel("Bank file", { exact: true }).setInputFiles({ mimeType: "text/plain", ...file });
  await page.getByRole("button", { name: "Upload and preview" }).click();
}

async function uploadFixture(page: Page, name: string) {
  await upload(page, { name, buffer: readFileSync(path.join(FIXTURES, name)) });
  await expect(page.getByRole("heading", { name: "The file", exact: true })).toBeVisible();
}

/** Answers the preview's questions the way a person does: with JavaScript a choice updates the preview, without it the button does. */
async function answer(page: Page, javaScriptEnabled: boolean, kind: string, value: string) {
  const radio = page.getByRole("radio", { name: ANSWER_LABELS[kind][value] });
  if (javaScriptEnabled) await waitForHydration(page);
  // A click, not check(): with JavaScript the answer replaces the question before its state could be read back.
  await radio.click();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update preview" }).first().click();
  await expect(page.getByRole("radio", { name: ANSWER_LABELS[kind][value] })).toHaveCount(0);
}

const corpus = readdirSync(FIXTURES).filter((name) => !name.endsWith(".json") && !name.endsWith(".md"));

test.describe("bank exports from around the world", () => {
  for (const name of corpus) {
    test(`${name} imports with no mapping, its totals as on the statement`, async ({ page, login, app, javaScriptEnabled }) => {
      const expected: Expected = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.expected.json`), "utf8"));
      const user = await login();
      await uploadFixture(page, name);

      const questions = page.getByRole("heading", { name: "This file can be read more than one way" });
      if (expected.ask.length === 0) await expect(questions).toHaveCount(0);
      for (const kind of expected.ask) await answer(page, javaScriptEnabled, kind, expected.answers[kind]!);

      await expect(page.getByTestId("import-count")).toHaveText(String(expected.totals.count));
      const money = (cents: number) => formatMoney(toCents(cents), expected.currency ?? "USD");
      await expect(page.getByTestId("import-money-in")).toHaveText(money(expected.totals.moneyIn));
      await expect(page.getByTestId("import-money-out")).toHaveText(money(expected.totals.moneyOut));
      await expect(page.getByTestId("import-dates")).toHaveText(`${expected.totals.from} to ${expected.totals.to}`);
      expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);

      const count = expected.transactions.length;
      await page.getByRole("button", { name: `Import ${count} transaction${count === 1 ? "" : "s"}` }).click();
      await expect(page.getByText(`Imported ${count} transaction${count === 1 ? "" : "s"}`, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/transactions\?tab=new$/);

      const stored = await app.models.Transaction.find({ userId: user.id, source: "import" }).select({ _id: 0, type: 1, amount: 1, date: 1, description: 1 }).lean();
      const signed = (rows: Array<{ date: string; amount: number; description: string }>) =>
        rows.map((row) => `${row.date} ${row.amount} ${row.description}`).sort();
      expect(signed(stored.map((row) => ({ ...row, amount: row.type === "expense" ? -row.amount : row.amount })))).toEqual(signed(expected.transactions));
    });
  }
});

const BANK_CSV = [
  "Posting Date,Payee,Debit,Credit",
  "03/02/2026,Corner Cafe,4.50,",
  "03/05/2026,Employer Inc,,2500.00",
  '03/07/2026,"Grocer, Main St",62.10,',
  "03/17/2026,Bank fee,0.31,",
  "03/17/2026,Bank fee,0.31,",
].join("\n");

test.describe("importing", () => {
  test("skips what is already there, imports the rest once, and a second import of the file finds nothing new", async ({ page, login, app }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 450, date: "2026-03-02", description: "Corner Cafe" });

    await upload(page, { name: "bank.csv", buffer: Buffer.from(BANK_CSV) });
    await expect(page).toHaveTitle("Check the import | Ledgerly");
    await expect(page.getByText("Columns: Date ← Posting Date · Payee or counterparty ← Payee · Money out ← Debit · Money in ← Credit")).toBeVisible();
    await expect(page.getByRole("row", { name: /Corner Cafe/ })).toContainText("Already there — skipped");
    await expect(page.getByRole("row", { name: /Employer Inc/ })).toContainText("+$2,500.00");
    await expect(page.getByRole("row", { name: /Row 5 .*Bank fee/ })).toContainText("New");
    await expect(page.getByRole("row", { name: /Row 6 .*Bank fee/ })).toContainText("New");
    await expect(page.getByTestId("import-summary")).toHaveText(
      "4 new transactions will be imported (money in $2,500.00, money out $62.72). Skipped: 1 duplicate (already in your transactions).",
    );

    await page.getByRole("button", { name: "Import 4 transactions" }).click();
    await expect(page.getByText("Imported 4 transactions, skipped 1 duplicate")).toBeVisible();
    const fees = await app.models.Transaction.countDocuments({ userId: user.id, description: "Bank fee", amount: 31 });
    expect(fees).toBe(2);

    await upload(page, { name: "bank.csv", buffer: Buffer.from(BANK_CSV) });
    await expect(page.getByText("There is nothing new to import: every transaction of this file is already in your transactions.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 0 transactions" })).toBeDisabled();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(5);
  });

  test("every row left out is named with its reason, also far below the rows the table shows", async ({ page, login, app }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 1250, date: "2026-04-03", description: "Gym" });
    const rows = Array.from({ length: 60 }, (_, index) => `2026-04-${String((index % 28) + 1).padStart(2, "0")},Shop ${index + 1},-${index + 1}.00,Booked`);
    rows[0] = "2026-04-01,Opening Balance,500.00,Booked";
    rows[2] = "2026-04-03,Gym,-12.50,Booked";
    rows[9] = "2026-04-10,Cafe,-4.20,Pending";
    rows[54] = "2026-04-31,Late fee,-9.00,Booked";
    rows[56] = "2026-04-27,Adjustment,0.00,Booked";
    rows[58] = "2026-04-29,Refund,,Booked";
    await upload(page, { name: "april.csv", buffer: Buffer.from(["Date,Description,Amount,Status", ...rows].join("\n")) });

    await expect(page.getByText("The first 50 of 60 rows")).toBeVisible();
    const leftOut = page.getByTestId("import-left-out");
    await expect(leftOut.getByRole("heading")).toHaveText("6 rows will not be imported");
    await expect(leftOut.locator("summary")).toHaveText([
      "Cannot be read: 2 rows",
      "Already in your transactions: 1 row",
      "Pending: not settled yet (tick “Import pending transactions too” to import them): 1 row",
      "Zero amount: 1 row",
      "A balance, not a transaction: 1 row",
    ]);
    await expect(leftOut.getByRole("listitem")).toHaveText([
      'Row 56: invalid date "2026-04-31"',
      "Row 60: no amount",
      "Row 4: 2026-04-03 · Gym · −$12.50. You already have a transaction with the same date, amount and description.",
      "Row 11: 2026-04-10 · Cafe · −$4.20",
      "Row 58: 2026-04-27 · Adjustment · $0.00",
      "Row 2: 2026-04-01 · Opening Balance · +$500.00",
    ]);
    await page.screenshot({ path: test.info().outputPath("import-left-out.png"), fullPage: true });
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(1);

    await page.getByRole("button", { name: "Import 54 transactions" }).click();
    await expect(page.getByText("Imported 54 transactions, skipped 1 duplicate")).toBeVisible();
  });

  test("a card export without signs is read by its marks: the marked rows are payments, the others charges", async ({ page, login, app }) => {
    const user = await login();
    await upload(page, { name: "card.csv", buffer: Buffer.from(['Date,Description,Amount,', "28/03/2024,TESCO STORES,£18.89,", '18/03/2024,PAYMENT RECEIVED,"+ £1,100.00",CR', "15/03/2024,NETFLIX.COM,£10.99,"].join("\n")) });
    await expect(page.getByRole("heading", { name: "This file can be read more than one way" })).toHaveCount(0);
    await expect(page.getByText("The amounts carry no sign: those marked “CR” are money in (payments and refunds), the others are charges (money out).")).toBeVisible();
    await expect(page.getByTestId("import-money-in")).toHaveText("£1,100.00");
    await expect(page.getByTestId("import-money-out")).toHaveText("£29.88");
    await page.getByRole("button", { name: "Import 3 transactions" }).click();
    await expect(page.getByText("Imported 3 transactions", { exact: true })).toBeVisible();
    const stored = await app.models.Transaction.find({ userId: user.id, source: "import" }).sort({ date: 1 }).lean();
    expect(stored.map((row) => [row.type, row.amount])).toEqual([["expense", 1099], ["income", 110000], ["expense", 1889]]);
  });

  test("undo removes exactly the import's transactions and keeps, by name, those changed since", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await upload(page, { name: "march.csv", buffer: Buffer.from(BANK_CSV) });
    await page.getByRole("button", { name: "Import 5 transactions" }).click();
    await expect(page.getByText("Imported 5 transactions")).toBeVisible();
    const grocer = await app.models.Transaction.findOne({ userId: user.id, description: "Grocer, Main St" }).select({ _id: 1 }).lean();
    await page.goto(`/transactions/${grocer!._id}/edit`);
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Description").fill("Grocer on Main Street");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();

    await page.goto("/transactions/import");
    const item = page.getByTestId("past-import").filter({ hasText: "march.csv" });
    await expect(item).toContainText("5 transactions from 2026-03-02 to 2026-03-17");
    await item.getByRole("link", { name: "Undo import" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("The 5 transactions imported from march.csv will be removed, except those you changed since the import.");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("button", { name: "Undo import" }).click();
    // Accepted at once, done by a job: with JavaScript the list follows it, without it Refresh (or any reload) shows how far it is.
    await expect(page.getByText("Undoing the import of march.csv: its transactions are being removed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reading file..." })).toHaveCount(0);
    await expect(async () => {
      if (!javaScriptEnabled) await page.goto("/transactions/import");
      await expect(item).toContainText("Import undone: removed 4 transactions; kept 1 transaction you changed since the import", { timeout: 2_000 });
    }).toPass();
    await expect(item).toContainText("Kept because you changed them after the import:");
    await expect(item).toContainText("Grocer on Main Street");
    await expect(item.getByRole("link", { name: "Undo import" })).toHaveCount(0);
    const left = await app.models.Transaction.find({ userId: user.id }).select({ _id: 0, description: 1 }).lean();
    expect(left).toEqual([{ description: "Grocer on Main Street" }]);
  });

  test("a file's Payee and Category columns become each transaction's description and category, as the preview shows them", async ({ page, login, app }) => {
    const user = await login();
    const file = [
      "Date,Payee,Memo,Category,Amount",
      "2026-03-02,Corner Cafe,CARD 1234 CORNER CAFE,Food and Dining,-4.50",
      "2026-03-03,Employer Inc,March salary,paycheck 1,2500.00",
      "2026-03-04,Tesco,TESCO STORES 3297,Groceries,-23.47",
    ].join("\n");
    await upload(page, { name: "budget.csv", buffer: Buffer.from(file) });
    await expect(page.getByText(/Payee or counterparty ← Payee/)).toBeVisible();
    await expect(page.getByText(/Category ← Category/)).toBeVisible();
    await expect(page.getByRole("row", { name: /Corner Cafe/ }).getByRole("cell").nth(3)).toHaveText("Food & Dining");
    await expect(page.getByRole("row", { name: /Employer Inc/ }).getByRole("cell").nth(3)).toHaveText("Paycheck 1");
    await expect(page.getByRole("row", { name: /Tesco/ }).getByRole("cell").nth(3)).toHaveText("UncategorizedThe file says “Groceries”: you have no category of that name.");
    await expect(page.getByTestId("unmatched-categories")).toContainText("The file names 1 category you do not have: Groceries (1 row). Those rows are imported as Uncategorized");

    await page.getByRole("button", { name: "Import 3 transactions" }).click();
    await expect(page.getByText("Imported 3 transactions")).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=new");
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("Tesco");
    await page.goto("/transactions?tab=tracked");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Corner Cafe" })).toContainText("Food & Dining");
    await expect(page.getByTestId("transaction-row").filter({ hasText: "Employer Inc" })).toContainText("Paycheck 1");
    const stored = await app.models.Transaction.find({ userId: user.id }).sort({ date: 1 }).select({ _id: 0, description: 1, category: 1 }).lean();
    expect(stored).toEqual([
      { description: "Corner Cafe", category: "food" },
      { description: "Employer Inc", category: "salary" },
      { description: "Tesco", category: "" },
    ]);
  });

  test("an undo under way says how far it is, and the page follows it to the end", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await upload(page, { name: "march.csv", buffer: Buffer.from(BANK_CSV) });
    await page.getByRole("button", { name: "Import 5 transactions" }).click();
    await expect(page.getByText("Imported 5 transactions")).toBeVisible();
    // The state the undo's job keeps while it works (its slices are timed by the machine, not by the test).
    const batch = { userId: user.id, fileName: "march.csv" };
    await app.models.ImportBatch.updateOne(batch, { $set: { status: "undoing", undoTotal: 5, removed: 2 } });

    await page.goto("/transactions/import");
    const item = page.getByTestId("past-import").filter({ hasText: "march.csv" });
    await expect(item.getByRole("status")).toHaveText("Undoing import of march.csv: 2 of 5 transactions removed… Refresh");
    await expect(item.getByRole("link", { name: "Undo import" })).toHaveCount(0);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    if (javaScriptEnabled) await waitForHydration(page);
    await app.models.ImportBatch.updateOne(batch, { $set: { status: "undone", removed: 5, undoneAt: new Date() } });
    if (!javaScriptEnabled) await item.getByRole("link", { name: "Refresh" }).click();
    await expect(item).toContainText("Import undone: removed 5 transactions");
    await expect(item.getByRole("status")).toHaveCount(0);
  });

  test("an import always writes what its preview showed: changed choices are shown again first", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await upload(page, { name: "bank.csv", buffer: Buffer.from("Date,Description,Amount\n2026-03-01,Rent,-1200.00\n2026-03-02,Pay,2500.00\n") });
    if (javaScriptEnabled) await waitForHydration(page);
    await page.locator("details").filter({ hasText: "Columns:" }).locator("summary").click();
    await page.getByLabel("Amount (one signed column)").selectOption({ label: "None" });
    if (javaScriptEnabled) {
      // The preview follows the change at once, so there is nothing left to import by mistake.
      await expect(page.getByRole("button", { name: "Answer the questions above before importing." })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Import 2 transactions" }).click();
      await expect(page.getByText("The choices changed since the preview. Check the preview below, then import again.")).toBeVisible();
    }
    await expect(page.getByText("Choose the amount column, or the debit and credit columns").first()).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);
  });

  test("the columns confirmed for a bank are used for its next file", async ({ page, login, javaScriptEnabled }) => {
    await login();
    const file = "Datum;Tekst;Bedrag;Notitie\n13-03-2026;Huur;-750,00;maart\n14-03-2026;Salaris;2.500,00;maart\n";
    await upload(page, { name: "bank.csv", buffer: Buffer.from(file) });
    if (javaScriptEnabled) await waitForHydration(page);
    await page.locator("details").filter({ hasText: "Columns:" }).locator("summary").click();
    await page.getByLabel("Description or memo").selectOption({ label: "Notitie" });
    // With JavaScript each change updates the preview (and its address) at once; without it the button does.
    if (javaScriptEnabled) await expect(page).toHaveURL(/column-memo=3/);
    await page.getByLabel("Payee or counterparty").selectOption({ label: "Tekst" });
    if (javaScriptEnabled) await expect(page).toHaveURL(/column-payee=1/);
    else await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByText(/Payee or counterparty ← Tekst/)).toBeVisible();
    await expect(page.getByRole("row", { name: /Huur/ })).toBeVisible();
    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions")).toBeVisible();

    await upload(page, { name: "april.csv", buffer: Buffer.from(file.replace(/-03-/g, "-04-")) });
    await expect(page.getByText("Using the columns you confirmed for the last file with these columns.")).toBeAttached();
    await expect(page.getByText(/Payee or counterparty ← Tekst/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 2 transactions" })).toBeEnabled();
  });

  test("files that hold no transactions are refused with a reason, and nothing is kept", async ({ page, login, app }) => {
    const user = await login();
    await upload(page, { name: "statement.pdf", buffer: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), mimeType: "application/pdf" });
    await expect(page.getByText("This file does not hold a table of transactions. Please export a CSV, OFX, QFX, QIF, CAMT.053 or MT940 file from your bank.")).toBeVisible();
    await upload(page, { name: "empty.csv", buffer: Buffer.from("\n") });
    await expect(page.getByText("The file is empty.")).toBeVisible();
    expect(await app.models.ImportDraft.countDocuments({ userId: user.id })).toBe(0);
  });

  test("another user's upload is not found", async ({ page, login, app }) => {
    const owner = await login();
    await upload(page, { name: "bank.csv", buffer: Buffer.from(BANK_CSV) });
    await expect(page.getByRole("heading", { name: "The file", exact: true })).toBeVisible();
    const previewUrl = page.url();
    // Signing in as someone else in the same browser replaces the session.
    await login();
    const response = await page.goto(previewUrl);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This upload has expired or was already imported. Please upload the file again.")).toBeVisible();
    expect(await app.models.ImportDraft.countDocuments({ userId: owner.id })).toBe(1);
  });
});
