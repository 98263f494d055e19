import type { Page } from "@playwright/test";
import type { UserRecord } from "../../models";
import { expect, test } from "./fixtures";

const MONTH = "2026-03";
const DASHBOARD = `/dashboard?month=${MONTH}`;

type StoredCategories = Pick<UserRecord, "categories">;

/** The app's own data modules, on the connection the fixtures opened. */
async function dataModules() {
  return { transactions: await import("~/features/transactions/transactions.server") };
}

function expenseList(page: Page) {
  return page.getByRole("list", { name: "Expense categories" });
}

async function cardNames(page: Page) {
  return expenseList(page)
    .getByRole("article")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
}

test.describe("categories", () => {
  test("adds a category from the dashboard; a name already in use is refused", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const form = page.getByRole("form", { name: "Add Category" });
    await form.getByLabel("Category name").fill("pet care");
    await form.getByLabel("Amount").fill("25.50");
    await form.getByRole("button", { name: "Add Category" }).click();
    await expect(page.getByText("Category added")).toBeVisible();
    const card = expenseList(page).getByRole("article", { name: "Pet Care" });
    await expect(card).toContainText("$25.50");
    await expect(form.getByLabel("Category name")).toHaveValue("");
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored?.categories["pet-care"]).toMatchObject({ name: "pet care", type: "expense", order: 6, budget: 2550, expected: 0 });

    await form.getByLabel("Category name").fill("Pet  CARE");
    await form.getByLabel("Type").selectOption("income");
    await form.getByRole("button", { name: "Add Category" }).click();
    await expect(form).toContainText("Please fix the following errors:");
    const name = form.getByLabel("Category name");
    await expect(name).toHaveAccessibleDescription("A category with this name already exists");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveValue("Pet  CARE");
    await expect(form.getByLabel("Type")).toHaveValue("income");
    if (javaScriptEnabled) await expect(name).toBeFocused();
    else await expect(page).toHaveURL(`${DASHBOARD}#category-add`);
    const after = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(Object.keys(after!.categories)).toHaveLength(9);
  });

  test("a category named like a default one in other letters and spacing is refused beside the name, and the lists keep one of each (decision 218)", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const form = page.getByRole("form", { name: "Add Category" });
    const name = form.getByLabel("Category name");
    await name.fill("  food  &  DINING ");
    await form.getByRole("button", { name: "Add Category" }).click();
    await expect(form).toContainText("Please fix the following errors:");
    await expect(name).toHaveAccessibleDescription("A category with this name already exists");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveValue("  food  &  DINING ");
    if (javaScriptEnabled) await expect(name).toBeFocused();
    else await expect(page).toHaveURL(`${DASHBOARD}#category-add`);
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored!.categories ?? {}).toEqual({});
    await expect(expenseList(page).getByRole("article", { name: "Food & Dining" })).toHaveCount(1);
  });

  test("a rename to another category's name in other letters is refused beside the name (decision 218)", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const housing = expenseList(page).getByRole("article", { name: "Housing" });
    let name = housing.getByLabel("Category name");
    if (javaScriptEnabled) {
      await housing.getByRole("button", { name: "Rename Housing" }).click();
      await name.fill("FOOD & dining");
      await name.press("Enter");
      await expect(name).toBeFocused();
    } else {
      await housing.getByText("Edit", { exact: true }).click();
      name = housing.getByLabel("Name", { exact: true });
      await name.fill("FOOD & dining");
      await housing.getByRole("button", { name: "Save name" }).click();
      await expect(page).toHaveURL(`${DASHBOARD}#category-rename-housing`);
    }
    await expect(name).toHaveAccessibleDescription("A category with this name already exists");
    await expect(name).toHaveValue("FOOD & dining");
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored!.categories?.housing?.name ?? "Housing").toBe("Housing");
  });

  test("Add is disabled while the name is empty and the form lists the validator's errors @js-only", async ({ page, login, app }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const form = page.getByRole("form", { name: "Add Category" });
    const add = form.getByRole("button", { name: "Add Category" });
    await expect(add).toBeDisabled();
    await form.getByLabel("Category name").fill("<b></b>");
    await expect(add).toBeEnabled();
    await add.click();
    await expect(form).toContainText("Please fix the following errors:");
    await expect(form.getByLabel("Category name")).toHaveAccessibleDescription("Category name cannot be empty");
    await expect(form.getByLabel("Category name")).toBeFocused();
    await form.getByLabel("Category name").fill("Gifts");
    await expect(form.getByText("Please fix the following errors:")).toBeHidden();
    await expect(form.getByLabel("Category name")).not.toHaveAttribute("aria-invalid");
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored!.categories).toEqual({});
  });

  test("renames a category and sets its amount for the month", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const food = expenseList(page).getByRole("article", { name: "Food & Dining" });
    const groceries = expenseList(page).getByRole("article", { name: "Groceries" });
    if (javaScriptEnabled) {
      await food.getByRole("button", { name: "Rename Food & Dining" }).click();
      await expenseList(page).getByLabel("Category name").fill("groceries");
      await expenseList(page).getByLabel("Category name").press("Enter");
      await expect(groceries.getByRole("status", { name: "Saved" })).toBeVisible();
      await expect(groceries.getByRole("status", { name: "Saved" })).toBeHidden();

      await groceries.getByRole("button", { name: "Rename Groceries" }).click();
      await expenseList(page).getByLabel("Category name").fill("Not saved");
      await expenseList(page).getByLabel("Category name").press("Escape");
      await expect(groceries.getByRole("button", { name: "Rename Groceries" })).toBeVisible();

      await groceries.getByRole("button", { name: "Edit planned amount of Groceries" }).click();
      const amount = groceries.getByLabel("Planned amount");
      await expect(amount).toHaveValue("0.00");
      await amount.fill("1x2,3.4$");
      await expect(amount).toHaveValue("123.4");
      await amount.press("Enter");
    } else {
      await food.getByText("Edit", { exact: true }).click();
      await food.getByLabel("Name").fill("groceries");
      await food.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText("Category updated")).toBeVisible();
      await groceries.getByText("Edit", { exact: true }).click();
      await groceries.getByLabel("Budget for March 2026").fill("123.40");
      await groceries.getByRole("button", { name: "Save amount" }).click();
    }
    await expect(groceries).toContainText("$123.40");
    await expect(page).toHaveURL(DASHBOARD);
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored?.categories.food.name).toBe("groceries");
    await expect
      .poll(
        async () =>
          (
            await app.models.Budget.findById(`${user.id}:categories-${MONTH}`).lean()
          )?.categories.food,
      )
      .toMatchObject({ amount: 12340 });
  });

  test("a refused rename shows its error beside the name, keeps what was typed, and changes nothing", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const before = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    const food = expenseList(page).getByRole("article", { name: "Food & Dining" });
    let name = food.getByLabel("Category name");
    if (javaScriptEnabled) {
      await food.getByRole("button", { name: "Rename Food & Dining" }).click();
      await name.fill("<b></b>");
      await name.press("Enter");
      await expect(name).toBeFocused();
    } else {
      await food.getByText("Edit", { exact: true }).click();
      name = food.getByLabel("Name", { exact: true });
      await name.fill("<b></b>");
      await food.getByRole("button", { name: "Save name" }).click();
      await expect(page).toHaveURL(`${DASHBOARD}#category-rename-food`);
    }
    await expect(name).toHaveValue("<b></b>");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Category name cannot be empty");
    await expect(page.getByRole("alert").filter({ hasText: "Category name cannot be empty" })).toHaveCount(0);
    expect(await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>()).toEqual(before);

    if (javaScriptEnabled) {
      await name.press("Escape");
      await expect(food.getByRole("button", { name: "Rename Food & Dining" })).toBeFocused();
      await expect(food.getByText("Category name cannot be empty")).toHaveCount(0);
    } else {
      await page.reload();
      await expect(food.getByText("Category name cannot be empty")).toHaveCount(0);
    }
  });

  test("deletes a category after confirming", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto(DASHBOARD);
    const deleteUtilities = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Delete Utilities" });
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await deleteUtilities.click();
    await expect(dialog).toContainText("Are you sure you want to delete Utilities?");
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(DASHBOARD);

    await deleteUtilities.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Utilities deleted successfully")).toBeVisible();
    await expect(expenseList(page).getByRole("article", { name: "Utilities" })).toHaveCount(0);
    await expect(page).toHaveURL(DASHBOARD);
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect(stored?.categories.utilities).toBeUndefined();
  });

  test("moves a category up and down", async ({ page, login }) => {
    await login();
    await page.goto(DASHBOARD);
    await expect(expenseList(page).getByRole("button", { name: "Move Housing up" })).toBeDisabled();
    await expenseList(page).getByRole("button", { name: "Move Food & Dining up" }).click();
    await expect(page.getByText("Category order updated")).toBeVisible();
    await expect(expenseList(page).getByRole("button", { name: "Move Food & Dining up" })).toBeDisabled();
    expect((await cardNames(page)).slice(0, 3)).toEqual(["Food & Dining", "Housing", "Transportation"]);
    await expenseList(page).getByRole("button", { name: "Move Food & Dining down" }).click();
    await expect(expenseList(page).getByRole("button", { name: "Move Housing up" })).toBeDisabled();
    expect((await cardNames(page)).slice(0, 2)).toEqual(["Housing", "Food & Dining"]);
  });

  test("drags a category to a new place @js-only", async ({ page, login, app }) => {
    const user = await login();
    // Both cards on screen: a drag that leaves the viewport is cancelled.
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.goto(DASHBOARD);
    const savings = expenseList(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("article", { name: "Savings" }) });
    const housing = expenseList(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("article", { name: "Housing" }) });
    // Cards become draggable once the page is hydrated.
    await expect(savings).toHaveAttribute("draggable", "true");
    await savings.dragTo(housing);
    await expect(page.getByText("Category order updated")).toBeVisible();
    expect(await cardNames(page)).toEqual(["Savings", "Housing", "Food & Dining", "Transportation", "Utilities", "Healthcare"]);
    const stored = await app.models.User.findById(user.id).select({ categories: 1 }).lean<StoredCategories>();
    expect([stored!.categories.savings.order, stored!.categories.housing.order]).toEqual([0, 1]);
  });

  test("the category page lists the month's or all of its transactions", async ({ page, login }) => {
    const user = await login();
    const { transactions } = await dataModules();
    await transactions.createTransaction(user.id, {
      type: "expense",
      category: "food",
      amount: 4525,
      date: "2026-03-04",
      description: "Weekly groceries",
    });
    await transactions.createTransaction(user.id, {
      type: "expense",
      category: "food",
      amount: 3000,
      date: "2026-03-10",
      description: "Pizza night",
    });
    await transactions.createTransaction(user.id, {
      type: "expense",
      category: "food",
      amount: 1200,
      date: "2026-02-10",
      description: "February market",
    });
    await page.goto(DASHBOARD);
    await page.getByRole("link", { name: "Details of Food & Dining" }).click();
    await expect(page).toHaveURL(`/categories/food?month=${MONTH}`);
    await expect(page).toHaveTitle("Food & Dining | Ledgerly");
    await expect(page.getByRole("heading", { name: "Transactions in March 2026" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Food & Dining" })).toContainText("Spent $75.25");
    const list = page.getByRole("list", { name: "Food & Dining transactions" });
    await expect(list.getByRole("listitem")).toHaveText([/Pizza night.*Mar 10, 2026.*−\$30\.00/, /Weekly groceries.*Mar 4, 2026.*−\$45\.25/]);

    await page.getByRole("link", { name: "All time" }).click();
    await expect(page.getByRole("heading", { name: "All transactions" })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveText([/Pizza night/, /Weekly groceries/, /February market/]);

    await page.goto(`/categories/healthcare?month=${MONTH}`);
    await expect(page.getByText("No transactions in this category for this month.")).toBeVisible();
    await page.getByRole("link", { name: "All time" }).click();
    await expect(page.getByText("No transactions in this category yet.")).toBeVisible();

    await page.goto("/categories/not-a-category");
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });

  test("clicking a card outside its controls opens the category @js-only", async ({ page, login }) => {
    await login();
    await page.goto(DASHBOARD);
    await expenseList(page).getByRole("article", { name: "Housing" }).getByText("Planned").click();
    await expect(page).toHaveURL(`/categories/housing?month=${MONTH}`);
    await expect(page.getByRole("heading", { name: "Housing", level: 2 })).toBeVisible();
  });
});
