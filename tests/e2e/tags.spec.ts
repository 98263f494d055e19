import type { Page } from "@playwright/test";
import type * as Models from "../../models";
import { addTransaction, expect, premiumLogin, test } from "./fixtures";

function row(page: Page, text: string) {
  return page.getByTestId("transaction-row").filter({ hasText: text });
}

function listedTag(page: Page, name: string) {
  return page.getByRole("list", { name: "Your tags" }).getByRole("listitem", { name, exact: true });
}

/** The names of the tags a stored transaction carries. */
async function storedTagNames(app: { models: typeof Models }, userId: string, description: string) {
  const transaction = await app.models.Transaction.findOne({ userId, description }).lean();
  const tags = await app.models.Tag.find({ userId }).lean();
  return (transaction?.tagIds ?? []).map((id) => tags.find((tag) => String(tag._id) === id)?.name);
}

test.describe("tags", () => {
  test("tags typed in the form show on the row, filter the list, and are added and taken off several rows at once", async ({ page, login, app }) => {
    const user = await login();
    await addTransaction(user, { type: "expense", amount: 3200, date: "2026-03-03", description: "Groceries" });
    await page.goto("/transactions");
    await page.getByRole("link", { name: "Add Transaction" }).click();
    await page.getByLabel("Amount").fill("180");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Date").fill("2026-03-05");
    await page.getByLabel("Description").fill("Hotel Lisbon");
    await page.getByLabel("Tags").fill("Lisbon trip, #Hotels");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();
    await expect(row(page, "Hotel Lisbon").getByRole("list", { name: "Tags" })).toHaveText(/#Lisbon trip\s*#Hotels/);
    expect(await storedTagNames(app, user.id, "Hotel Lisbon")).toEqual(["Lisbon trip", "Hotels"]);

    const filters = page.getByRole("search", { name: "Filter transactions" });
    await filters.getByLabel("Tag").selectOption({ label: "Lisbon trip" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(row(page, "Hotel Lisbon")).toBeVisible();

    await page.getByRole("link", { name: "Clear" }).click();
    await page.getByRole("checkbox", { name: "Select Groceries" }).check();
    await page.getByRole("checkbox", { name: "Select Hotel Lisbon" }).check();
    await page.getByLabel("Tags to add").fill("lisbon TRIP, March");
    await page.getByLabel("Tag to take off").selectOption({ label: "Hotels" });
    await page.getByRole("button", { name: "Update tags" }).click();
    await expect(page.getByText("Tags updated on 2 transactions")).toBeVisible();
    await expect(row(page, "Groceries").getByRole("list", { name: "Tags" })).toHaveText(/#Lisbon trip\s*#March/);
    expect(await storedTagNames(app, user.id, "Hotel Lisbon")).toEqual(["Lisbon trip", "March"]);
    expect(await app.models.Tag.countDocuments({ userId: user.id })).toBe(3);

    await row(page, "Groceries").getByRole("link", { name: "#March" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(filters.getByLabel("Tag")).toHaveValue(String((await app.models.Tag.findOne({ userId: user.id, name: "March" }).lean())?._id));
  });

  test("a tag too long is refused under the field, and nothing is written", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/new");
    await page.getByLabel("Amount").fill("5");
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByLabel("Tags").fill("x".repeat(41));
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("A tag can be at most 40 characters.")).toBeVisible();
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);
    expect(await app.models.Tag.countDocuments({ userId: user.id })).toBe(0);
  });

  test("the tags page counts each tag's transactions, renames, merges and deletes after a confirmation; the export names them", async ({ page, login, app }) => {
    const user = await login();
    const { tagTransactions } = await import("~/features/transactions/tagging.server");
    const hotel = await addTransaction(user, { type: "expense", amount: 18000, date: "2026-03-05", description: "Hotel" });
    const tram = await addTransaction(user, { type: "expense", amount: 300, date: "2026-03-06", description: "Tram" });
    await tagTransactions(user.id, [hotel.id, tram.id], { addNames: ["Lisbon"], removeTagIds: [] });
    await tagTransactions(user.id, [tram.id], { addNames: ["Portugal"], removeTagIds: [] });

    await page.goto("/transactions");
    await page.getByRole("link", { name: "Tags", exact: true }).click();
    await expect(page).toHaveURL("/transactions/tags");
    await expect(listedTag(page, "Lisbon")).toContainText("2 transactions");
    await expect(listedTag(page, "Portugal")).toContainText("1 transaction");

    await listedTag(page, "Lisbon").getByLabel("Name", { exact: true }).fill("Portugal");
    await listedTag(page, "Lisbon").getByRole("button", { name: "Rename Lisbon" }).click();
    await expect(listedTag(page, "Lisbon").getByText("Another tag already has this name: merge the two instead.")).toBeVisible();
    await listedTag(page, "Lisbon").getByLabel("Name", { exact: true }).fill("Lisbon trip");
    await listedTag(page, "Lisbon").getByRole("button", { name: "Rename Lisbon" }).click();
    await expect(page.getByText("Tag renamed")).toBeVisible();
    expect(await storedTagNames(app, user.id, "Hotel")).toEqual(["Lisbon trip"]);

    await listedTag(page, "Portugal").getByLabel("Merge into").selectOption({ label: "Lisbon trip" });
    await listedTag(page, "Portugal").getByRole("button", { name: "Merge Portugal" }).click();
    await expect(page.getByText("Tags merged")).toBeVisible();
    await expect(listedTag(page, "Portugal")).toHaveCount(0);
    await expect(listedTag(page, "Lisbon trip")).toContainText("2 transactions");
    expect(await storedTagNames(app, user.id, "Tram")).toEqual(["Lisbon trip"]);

    const response = await page.request.get("/resources/transactions-export");
    expect((await response.text()).split("\r\n").filter((line) => line.includes("Tram"))).toEqual(["2026-03-06,expense,Food & Dining,3.00,Tram,manual,No,Main account,No,USD,Lisbon trip"]);

    await page.getByRole("link", { name: "Delete Lisbon trip" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Tag" });
    await expect(dialog).toContainText("It comes off the 2 transactions that carry it");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tag deleted")).toBeVisible();
    await expect(page.getByText("No tags yet.")).toBeVisible();
    expect(await storedTagNames(app, user.id, "Tram")).toEqual([]);
  });

  test("another user's tag cannot be renamed, merged or deleted", async ({ page, login, createUser, app }) => {
    const other = await createUser();
    const me = await login();
    const { ensureTags } = await import("~/features/tags/tags.server");
    const [theirs, mine] = [await ensureTags(other.id, ["Theirs"]), await ensureTags(me.id, ["Mine"])];
    if (!theirs.ok || !mine.ok) throw new Error("not ensured");
    await page.goto("/transactions/tags");
    const forms: Array<Record<string, string>> = [{ intent: "rename-tag", name: "Mine" }, { intent: "merge-tag", intoId: mine.ids[0] }, { intent: "delete-tag" }];
    for (const form of forms) {
      const response = await page.request.post("/transactions/tags", { form: { ...form, tagId: theirs.ids[0] }, headers: { Origin: app.state.appUrl } });
      expect(response.status()).toBe(404);
    }
    expect(await app.models.Tag.countDocuments({ userId: other.id, name: "Theirs" })).toBe(1);
  });

  test("analytics reports spending by tag over a period the user chooses", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    const { tagTransactions } = await import("~/features/transactions/tagging.server");
    const hotel = await addTransaction(user, { type: "expense", amount: 18000, date: "2026-02-05", description: "Hotel" });
    const tram = await addTransaction(user, { type: "expense", amount: 300, date: "2026-03-06", description: "Tram" });
    const desk = await addTransaction(user, { type: "expense", amount: 25000, date: "2025-06-01", description: "Desk" });
    await tagTransactions(user.id, [hotel.id, tram.id], { addNames: ["Lisbon trip"], removeTagIds: [] });
    await tagTransactions(user.id, [desk.id], { addNames: ["Home office"], removeTagIds: [] });

    await page.goto("/analytics?month=2026-03&tab=trends");
    const card = page.getByRole("region", { name: "Spending by Tag" });
    const table = card.getByRole("table", { name: "Spending by tag, April 2025 to March 2026" });
    await expect(table.getByRole("row")).toHaveText([/Tag\s*Transactions\s*Spent/, /#Home office\s*1\s*\$250\.00/, /#Lisbon trip\s*2\s*\$183\.00/]);

    await card.getByLabel("From").fill("2026-01");
    await card.getByLabel("To").fill("2026-03");
    await card.getByRole("button", { name: "Show" }).click();
    const narrowed = card.getByRole("table", { name: "Spending by tag, January 2026 to March 2026" });
    await expect(narrowed.getByRole("row")).toHaveText([/Tag/, /#Lisbon trip\s*2\s*\$183\.00/]);
    await narrowed.getByRole("link", { name: "#Lisbon trip" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
  });
});
