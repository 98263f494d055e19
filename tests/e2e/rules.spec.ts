import type { Page } from "@playwright/test";
import { addTransaction, expect, test } from "./fixtures";

function addForm(page: Page) {
  return page.getByRole("region", { name: "Add a rule" });
}

function listedRule(page: Page, name: string) {
  return page.getByRole("list", { name: "Your rules, in the order they run" }).getByRole("listitem", { name, exact: true });
}

async function addRule(page: Page, name: string, condition: { what: string; value?: string }, action: { what: string; value?: string }) {
  const form = addForm(page);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Condition 1", { exact: true }).selectOption({ label: condition.what });
  if (condition.value !== undefined) await form.getByLabel("Value of condition 1").fill(condition.value);
  await form.getByLabel("Action 1", { exact: true }).selectOption({ label: action.what });
  if (action.value !== undefined) await form.getByLabel("Value of action 1").fill(action.value);
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText("Rule added")).toBeVisible();
}

/**
 * The run's outcome once its job is done: with JavaScript the page loads it by itself; without it the page
 * never reloads by itself, so the visitor follows its Refresh link.
 */
async function expectRunSummary(page: Page, javaScriptEnabled: boolean, text: string) {
  const summary = page.getByTestId("rule-run-summary");
  if (javaScriptEnabled) return expect(summary).toHaveText(text);
  await expect(async () => {
    const refresh = page.getByRole("link", { name: "Refresh" });
    if (await refresh.isVisible()) await refresh.click();
    await expect(summary).toHaveText(text, { timeout: 1000 });
  }).toPass();
}

test.describe("rules", () => {
  test("a user writes a rule of two conditions and two actions, reads it in words, and bad rows are refused under themselves", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions");
    await page.getByRole("link", { name: "Rules", exact: true }).click();
    await expect(page).toHaveURL("/transactions/rules");
    await expect(page.getByText("No rules yet.")).toBeVisible();

    const form = addForm(page);
    await form.getByLabel("Name").fill("Coffee");
    await form.getByLabel("Condition 1", { exact: true }).selectOption({ label: "Description contains" });
    await form.getByLabel("Value of condition 1").fill("cafe");
    await form.getByRole("button", { name: "Add a condition" }).click();
    await form.getByLabel("Condition 2", { exact: true }).selectOption({ label: "Amount is below" });
    await form.getByLabel("Value of condition 2").fill("abc");
    await form.getByLabel("Action 1", { exact: true }).selectOption({ label: "Set category: Food & Dining" });
    await form.getByRole("button", { name: "Add an action" }).click();
    await form.getByLabel("Action 2", { exact: true }).selectOption({ label: "Add tags (separated by commas)" });
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(form.getByText("Please enter a valid amount.")).toBeVisible();
    await expect(form.getByText("Type at least one tag; separate tags with commas.")).toBeVisible();
    await expect(form.getByLabel("Value of condition 1")).toHaveValue("cafe");
    expect(await app.models.Rule.countDocuments({ userId: user.id })).toBe(0);

    await form.getByLabel("Value of condition 2").fill("20.00");
    await form.getByLabel("Value of action 2").fill("coffee, treats");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText("Rule added")).toBeVisible();
    await expect(listedRule(page, "Coffee")).toContainText(
      "If the description contains “cafe” and the amount is below $20.00: set the category to Food & Dining, then add the tags coffee, treats.",
    );
    await page.screenshot({ path: test.info().outputPath("rules.png"), fullPage: true });
    const stored = await app.models.Rule.findOne({ userId: user.id }).lean();
    expect(stored).toMatchObject({
      name: "Coffee",
      match: "all",
      conditions: [
        { field: "description", operator: "contains", text: "cafe" },
        { field: "amount", operator: "below", cents: 2000, currency: "USD" },
      ],
      actions: [
        { kind: "set-category", categoryId: "food" },
        { kind: "add-tags", tagIds: [expect.any(String), expect.any(String)] },
      ],
    });
    const tags = await app.models.Tag.find({ userId: user.id }).lean();
    expect(stored?.actions[1].tagIds).toEqual(["coffee", "treats"].map((name) => String(tags.find((tag) => tag.name === name)?._id)));
    await expect(form.getByLabel("Name")).toHaveValue("");
  });

  test("rules run in the order shown: moved, edited, and deleted after a confirmation", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/rules");
    await addRule(page, "Coffee", { what: "Description contains", value: "cafe" }, { what: "Set category: Food & Dining" });
    await addRule(page, "Pay", { what: "It is income" }, { what: "Set category: Paycheck 1" });
    const names = page.getByRole("list", { name: "Your rules, in the order they run" }).getByRole("listitem");
    await expect(names).toHaveText([/^1\. Coffee/, /^2\. Pay/]);

    await page.getByRole("button", { name: "Move Pay up" }).click();
    await expect(names).toHaveText([/^1\. Pay/, /^2\. Coffee/]);
    await expect(page.getByRole("button", { name: "Move Pay up" })).toBeDisabled();

    await page.getByRole("link", { name: "Edit Coffee" }).click();
    await expect(page.getByLabel("Value of condition 1")).toHaveValue("cafe");
    await page.getByLabel("Condition 1", { exact: true }).selectOption({ label: "Description starts with" });
    await page.getByLabel("Value of condition 1").fill("Costa");
    await page.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByText("Rule saved")).toBeVisible();
    await expect(listedRule(page, "Coffee")).toContainText("If the description starts with “Costa”: set the category to Food & Dining.");

    await page.getByRole("link", { name: "Delete Pay" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Rule" });
    await expect(dialog).toContainText("Delete the rule “Pay”?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Rule deleted")).toBeVisible();
    await expect(names).toHaveText([/^1\. Coffee/]);
    expect(await app.models.Rule.countDocuments({ userId: user.id })).toBe(1);
  });

  test("a split's parts are added one by one and must make the whole amount", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/rules");
    const form = addForm(page);
    await form.getByLabel("Name").fill("Costco");
    await form.getByLabel("Value of condition 1").fill("costco");
    await form.getByLabel("Action 1", { exact: true }).selectOption({ label: "Split across categories" });
    // Without JavaScript the parts appear once the form comes back; with it, as soon as Split is chosen.
    const addPart = form.getByRole("button", { name: "Add a part" });
    if (!(await addPart.isVisible())) await form.getByRole("button", { name: "Add rule" }).click();
    await addPart.click();
    await addPart.click();
    await form.getByLabel("Category of part 1 of action 1").selectOption({ label: "Food & Dining" });
    await form.getByLabel("Share of part 1 of action 1").fill("60%");
    await form.getByLabel("Category of part 2 of action 1").selectOption({ label: "Housing" });
    await form.getByLabel("Share of part 2 of action 1").fill("30%");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(form.getByText(/^A split needs two parts or more/)).toBeVisible();
    await form.getByLabel("Share of part 2 of action 1").fill("rest");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText("Rule added")).toBeVisible();
    await expect(listedRule(page, "Costco")).toContainText("split it: 60% to Food & Dining, the rest to Housing.");
    expect((await app.models.Rule.findOne({ userId: user.id }).lean())?.actions[0].parts).toMatchObject([
      { categoryId: "food", percent: 60 },
      { categoryId: "housing", rest: true },
    ]);
  });

  test("a bank file's rows are filled in by the rules in the preview, and imported so", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/transactions/rules");
    await addRule(page, "Coffee", { what: "Description starts with", value: "costa coffee" }, { what: "Rename to", value: "Costa" });
    const form = addForm(page);
    await form.getByLabel("Name").fill("Cafes");
    await form.getByLabel("Condition 1", { exact: true }).selectOption({ label: "Description is" });
    await form.getByLabel("Value of condition 1").fill("costa");
    await form.getByLabel("Action 1", { exact: true }).selectOption({ label: "Set category: Food & Dining" });
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByText("Rule added")).toBeVisible();

    await page.goto("/transactions/import");
    const file = ["Date,Description,Amount", "2026-03-02,COSTA COFFEE 4411,-3.20", "2026-03-03,Book shop,-20.00"].join("\n");
    await page.getByLabel("Bank file", { exact: true }).setInputFiles({ name: "march.csv", mimeType: "text/plain", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    const costa = page.getByRole("row", { name: /Row 2/ });
    await expect(costa).toContainText("Costa");
    await expect(costa).toContainText("Food & Dining");
    await expect(costa).toContainText("by rule Coffee, Cafes");
    await expect(page.getByRole("row", { name: /Row 3/ })).toContainText("Uncategorized");
    await page.getByRole("button", { name: "Import 2 transactions" }).click();
    await expect(page.getByText("Imported 2 transactions", { exact: true })).toBeVisible();
    expect(await app.models.Transaction.findOne({ userId: user.id, amount: 320 }).lean()).toMatchObject({ description: "Costa", category: "food" });
  });

  test("another user's rule is not found", async ({ page, login, createUser, app }) => {
    const other = await createUser();
    const rule = await app.models.Rule.create({ userId: other.id, name: "Theirs", conditions: [{ field: "type", type: "income" }], actions: [{ kind: "rename", description: "x" }], position: 1 });
    await login();
    const answer = await page.goto(`/transactions/rules/${rule._id.toString()}`);
    expect(answer?.status()).toBe(404);
  });
});

test.describe("rules on past transactions", () => {
  test("a new rule is previewed on past transactions, saved and applied to them, then undone", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    const corner = await addTransaction(user, { type: "expense", amount: 450, date: "2026-03-02", description: "Corner Cafe", category: "housing" });
    const nero = await addTransaction(user, { type: "expense", amount: 380, date: "2026-03-11", description: "CAFE NERO 221", category: "transportation" });
    await addTransaction(user, { type: "expense", amount: 5210, date: "2026-03-12", description: "Tesco" });
    const categoryOf = async (id: string) => (await app.models.Transaction.findById(id).lean())?.category;

    await page.goto("/transactions/rules");
    const form = addForm(page);
    await form.getByLabel("Name").fill("Coffee");
    await form.getByLabel("Value of condition 1").fill("cafe");
    await form.getByLabel("Action 1", { exact: true }).selectOption({ label: "Set category: Food & Dining" });
    await form.getByRole("button", { name: "Preview on my transactions" }).click();
    await expect(page.getByRole("heading", { name: "Preview of “Coffee” on your transactions" })).toBeVisible();
    await expectRunSummary(page, javaScriptEnabled, "This rule would change 2 of your 3 transactions (its conditions match 2).");
    await expect(page.getByRole("table").getByRole("row")).toHaveText([/Date\s*Amount\s*Now\s*With the rule/, /2026-03-11\s*−\$3\.80\s*Transportation\s*Food & Dining/, /2026-03-02\s*−\$4\.50\s*Housing\s*Food & Dining/]);
    await page.screenshot({ path: test.info().outputPath("rule-preview.png"), fullPage: true });
    expect(await app.models.Rule.countDocuments({ userId: user.id })).toBe(0);
    expect(await categoryOf(corner.id)).toBe("housing");

    await page.getByRole("link", { name: "Back to the rule" }).click();
    await expect(form.getByLabel("Name")).toHaveValue("Coffee");
    await expect(form.getByLabel("Value of condition 1")).toHaveValue("cafe");
    await form.getByLabel("Also apply it to my past transactions").check();
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByRole("heading", { name: "Apply “Coffee” to past transactions" })).toBeVisible();
    await expectRunSummary(page, javaScriptEnabled, "Applied to 2 transactions.");
    expect([await categoryOf(corner.id), await categoryOf(nero.id)]).toEqual(["food", "food"]);

    await page.getByRole("button", { name: "Undo" }).click();
    await expectRunSummary(page, javaScriptEnabled, "Undone: 2 transactions back as they were.");
    expect([await categoryOf(corner.id), await categoryOf(nero.id)]).toEqual(["housing", "transportation"]);

    await page.getByRole("link", { name: "Back to rules" }).click();
    await expect(listedRule(page, "Coffee").getByTestId("rule-match-count")).toContainText("Matches 2 of your transactions");
    await page.screenshot({ path: test.info().outputPath("rules-counted.png"), fullPage: true });
  });

  test("a saved rule is previewed from the list and applied from its preview", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    const cafe = await addTransaction(user, { type: "expense", amount: 450, date: "2026-03-02", description: "Corner Cafe", category: "housing" });
    await page.goto("/transactions/rules");
    await addRule(page, "Coffee", { what: "Description contains", value: "cafe" }, { what: "Set category: Food & Dining" });
    await page.getByRole("button", { name: "Preview Coffee on past transactions" }).click();
    await expectRunSummary(page, javaScriptEnabled, "This rule would change 1 of your 1 transaction (its conditions match 1).");
    await page.getByRole("button", { name: "Apply to 1 transaction" }).click();
    await expectRunSummary(page, javaScriptEnabled, "Applied to 1 transaction.");
    expect((await app.models.Transaction.findById(cafe.id).lean())?.category).toBe("food");
  });
});

test("putting one description in one category twice offers a rule, which opens filled in", async ({ page, login, app }) => {
  const user = await login();
  for (const date of ["2026-03-02", "2026-03-09"]) await addTransaction(user, { type: "expense", amount: 380, date, description: "CAFE NERO", category: "" });
  await page.goto("/transactions?tab=new");
  for (let time = 0; time < 2; time += 1) {
    await page.getByRole("link", { name: "Categorize" }).first().click();
    // The list's own filter is also labelled Category: wait until the form has replaced the list.
    await expect(page.getByRole("heading", { name: "Edit Transaction" })).toBeVisible();
    await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Transaction updated successfully")).toBeVisible();
  }
  const offer = page.getByRole("region", { name: "Make it a rule?" });
  await expect(offer).toContainText("You put “CAFE NERO” in Food & Dining more than once.");
  await offer.getByRole("link", { name: "Make it a rule" }).click();
  const form = addForm(page);
  await expect(form.getByLabel("Name")).toHaveValue("CAFE NERO");
  await expect(form.getByLabel("Condition 1", { exact: true })).toHaveValue("description:equals");
  await expect(form.getByLabel("Action 1", { exact: true })).toHaveValue("category:food");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText("Rule added")).toBeVisible();
  await expect(listedRule(page, "CAFE NERO")).toContainText("If the description is “CAFE NERO”: set the category to Food & Dining.");
  expect(await app.models.Rule.countDocuments({ userId: user.id })).toBe(1);
});
