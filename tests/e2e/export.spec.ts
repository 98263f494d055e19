import { readFileSync } from "node:fs";
import { addTransaction, expect, test } from "./fixtures";

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
      "\uFEFFDate,Type,Category,Amount,Description,Source,Deleted,Account,Cleared,Currency,Tags\r\n" +
        "2026-02-28,income,Paycheck 1,3000.00,Pay,manual,No,Main account,No,USD,\r\n" +
        '2026-02-14,expense,Food & Dining,19.99,"\'=Flowers",manual,No,Main account,No,USD,\r\n' +
        "2026-01-05,expense,Food & Dining,5.00,Old fee,manual,Yes,Main account,No,USD,\r\n",
    );
    expect(csv).not.toContain("Someone else's lunch");

    const response = await page.request.get("/resources/transactions-export");
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await response.text()).toContain("Old fee");
  });
});
