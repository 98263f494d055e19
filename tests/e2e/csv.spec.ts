import { readFileSync } from "node:fs";
import { expect, test, type TestUser } from "./fixtures";

const BANK_CSV = [
  "Posting Date,Payee,Debit,Credit",
  "03/02/2026,Corner Cafe,4.50,",
  "03/05/2026,Employer Inc,,2500.00",
  '03/07/2026,"Grocer, Main St",62.10,',
].join("\n");

/** A transaction typed by hand (deleted afterwards when `deleted`), through the app's transactions feature on the fixtures' connection. */
async function addTransaction(
  user: TestUser,
  { deleted = false, ...input }: { type: "income" | "expense"; amount: number; date: string; description: string; category?: string; deleted?: boolean },
) {
  const { createTransaction, softDeleteTransaction } = await import("~/features/transactions/transactions.server");
  const created = await createTransaction(user.id, { category: "food", ...input });
  if (deleted) await softDeleteTransaction(user.id, created.id);
}

test.describe("CSV import", () => {
  test("previews a bank file, skips the duplicate and imports the new rows", async ({ page, login, app }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 450, date: "2026-03-02", description: "Corner Cafe" });

    await page.goto("/transactions/import");
    await expect(page).toHaveTitle("Import Transactions | Ledgerly");
    await expect(page.getByTestId("page-title")).toHaveText("Import Transactions");
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(BANK_CSV) });
    await page.getByRole("button", { name: "Upload and preview" }).click();

    await expect(page.getByLabel("Date column", { exact: true })).toHaveValue("Posting Date");
    await expect(page.getByLabel("Description column", { exact: true })).toHaveValue("Payee");
    await expect(page.getByLabel("Debit column", { exact: true })).toHaveValue("Debit");
    await expect(page.getByLabel("Credit column", { exact: true })).toHaveValue("Credit");
    await expect(page.getByLabel("Date format", { exact: true })).toHaveValue("MM/DD/YYYY");
    await expect(page.getByRole("row", { name: /Corner Cafe/ })).toContainText("Duplicate — will be skipped");
    await expect(page.getByRole("row", { name: /Employer Inc/ })).toContainText("$2,500.00");
    await expect(page.getByRole("row", { name: /Grocer, Main St/ })).toContainText("New");
    await expect(page.getByTestId("import-counts")).toHaveText("2 new transactions, 1 duplicate (will be skipped), 0 invalid rows (not imported).");
    const before = await app.models.Transaction.countDocuments({ userId: user.id });
    expect(before).toBe(1);

    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions, skipped 1 duplicate")).toBeVisible();
    await expect(page).toHaveURL(/\/transactions\?tab=new$/);
    const imported = await app.models.Transaction.find({ userId: user.id, source: "import" })
      .sort({ date: 1 })
      .select({ _id: 0, type: 1, amount: 1, date: 1, description: 1 })
      .lean();
    expect(imported).toEqual([
      { type: "income", amount: 250000, date: "2026-03-05", description: "Employer Inc" },
      { type: "expense", amount: 6210, date: "2026-03-07", description: "Grocer, Main St" },
    ]);
  });

  test("shows why rows cannot be imported and follows a changed date format", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/import");
    const csv = "Date,Description,Amount\n2026-03-01,Rent,-1200\n31/31/2026,Broken,-5\n2026-03-04,Refund,abc\n";
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and preview" }).click();

    await expect(page.getByLabel("Amount column", { exact: true })).toHaveValue("Amount");
    await expect(page.getByRole("row", { name: /Row 3: invalid date "31\/31\/2026"/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Row 4: invalid amount "abc"/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 1 transaction" })).toBeVisible();

    await page.getByLabel("Date format", { exact: true }).selectOption("DD/MM/YYYY");
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByRole("row", { name: /Row 2: invalid date "2026-03-01"/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 0 transactions" })).toBeDisabled();
    await expect(page.getByText("No row can be imported with these column choices.")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);
  });

  test("refuses a file that is not CSV, and an empty one", async ({ page, login }) => {
    await login();
    await page.goto("/transactions/import");
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByText("This file is not a CSV file. Please choose a .csv file exported from your bank.")).toBeVisible();

    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("\n") });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByText("The file is empty.")).toBeVisible();
  });
});

test.describe("CSV export", () => {
  test("downloads the user's transactions, deleted ones included, and nobody else's", async ({ page, login, createUser }) => {
    const user = await login();
    const otherUser = await createUser();
    await addTransaction(user, { type: "expense", amount: 1999, date: "2026-02-14", description: "=Flowers" });
    await addTransaction(user, { type: "income", amount: 300000, date: "2026-02-28", description: "Pay", category: "salary" });
    await addTransaction(user, { type: "expense", amount: 500, date: "2026-01-05", description: "Old fee", deleted: true });
    await addTransaction(otherUser, { type: "expense", amount: 777, date: "2026-02-20", description: "Someone else's lunch" });

    await page.goto("/transactions/import");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ledgerly-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toBe(
      "\uFEFFDate,Type,Category,Amount,Description,Source,Deleted\r\n" +
        "2026-02-28,income,Paycheck 1,3000.00,Pay,manual,No\r\n" +
        '2026-02-14,expense,Food & Dining,19.99,"\'=Flowers",manual,No\r\n' +
        "2026-01-05,expense,Food & Dining,5.00,Old fee,manual,Yes\r\n",
    );
    expect(csv).not.toContain("Someone else's lunch");

    const response = await page.request.get("/resources/transactions-export");
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await response.text()).toContain("Old fee");
  });
});
