import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { Budget, categoryBudgetsId, User, type UserRecord } from "../../../models";
import { loader as detailLoader } from "~/routes/_app.categories.$categoryId";
import { action } from "~/routes/resources.categories";
import { CATEGORY_INTENT } from "./categories";
import { getCategories } from "./categories.server";
import { createSession } from "~/features/auth/session.server";
import { createEmailUser } from "~/features/auth/user.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

const APP = "http://localhost:3000";

async function signedInUser() {
  const userId = await createEmailUser(`route-${randomBytes(4).toString("hex")}@example.com`, "Str0ng!Passw0rd");
  const { cookie } = await createSession(userId, new Request(`${APP}/`));
  return { userId, cookie: cookie.split(";")[0] };
}

function post(cookie: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const request = new Request(`${APP}/resources/categories`, {
    method: "POST",
    body,
    headers: { Origin: APP, Host: "localhost:3000", Cookie: cookie, ...headers },
  });
  return action({ request, params: {}, context: {} });
}

type ActionResult = Awaited<ReturnType<typeof action>>;

async function expectToast(result: ActionResult, location: string, type: "success" | "error", message: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe(location);
  expect(await toastOf(result)).toMatchObject({ type, message });
}

function expectErrors(result: ActionResult, errors: string[], status = 400) {
  if (result instanceof Response) throw new Error(`expected refused data, got a ${result.status} response`);
  const { data, init } = result as unknown as { data: { errors: string[] }; init: ResponseInit };
  expect(init.status).toBe(status);
  expect(data.errors).toEqual(errors);
}

async function stored(userId: string) {
  const user = await User.findById(userId).select({ categories: 1 }).lean<Pick<UserRecord, "categories">>();
  return user!.categories;
}

describe("resources.categories action", () => {
  test("adds a category and returns to the page with a notification", async () => {
    const { userId, cookie } = await signedInUser();
    const result = await post(cookie, {
      intent: CATEGORY_INTENT.add,
      name: "Pets",
      type: "expense",
      amount: "45.50",
      redirectTo: "/dashboard?month=2025-03",
    });
    await expectToast(result, "/dashboard?month=2025-03", "success", "Category added");
    expect((await stored(userId)).pets).toMatchObject({ name: "Pets", type: "expense", budget: 4550, expected: 0 });
  });

  test("an unparsable amount is stored as 0", async () => {
    const { userId, cookie } = await signedInUser();
    await post(cookie, { intent: CATEGORY_INTENT.add, name: "Tips", type: "income", amount: "-3", redirectTo: "/dashboard" });
    expect((await stored(userId)).tips).toMatchObject({ type: "income", expected: 0 });
  });

  test("refusals come back as data for scripts and as an error notification otherwise; nothing is written", async () => {
    const { userId, cookie } = await signedInUser();
    await getCategories(userId);
    const before = await stored(userId);
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.add, name: "Housing", type: "expense", redirectTo: "/dashboard", js: "1" }), [
      "A category with this name already exists",
    ]);
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.add, name: "<p></p>", type: "loan", redirectTo: "/dashboard", js: "1" }), [
      "Category name cannot be empty",
      'Category type must be either "income" or "expense"',
    ]);
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.add, name: "Housing", type: "expense", redirectTo: "/dashboard" }),
      "/dashboard",
      "error",
      "A category with this name already exists",
    );
    await expectToast(await post(cookie, { intent: CATEGORY_INTENT.add, redirectTo: "/dashboard" }), "/dashboard", "error", "Failed to add category");
    expect(await stored(userId)).toEqual(before);
  });

  test("renames, sets the month's amount and reorders", async () => {
    const { userId, cookie } = await signedInUser();
    const redirectTo = "/dashboard?month=2025-04";
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.rename, categoryId: "food", name: "Eating out", redirectTo }),
      redirectTo,
      "success",
      "Category updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.amount, categoryId: "food", amount: "300", month: "2025-04", redirectTo }),
      redirectTo,
      "success",
      "Category updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.move, categoryId: "food", direction: "up", redirectTo }),
      redirectTo,
      "success",
      "Category order updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.reorder, type: "income", ids: ["investments", "salary"], redirectTo }),
      redirectTo,
      "success",
      "Category order updated",
    );
    const categories = await getCategories(userId);
    expect(categories.map((category) => category.id).slice(0, 3)).toEqual(["investments", "salary", "food"]);
    expect(categories.find((category) => category.id === "food")?.name).toBe("Eating out");
    const budgets = await Budget.findById(categoryBudgetsId(userId, "2025-04")).lean();
    expect(budgets?.categories.food.amount).toBe(30000);
  });

  test("bad edits are refused with the spec's messages", async () => {
    const { userId, cookie } = await signedInUser();
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.rename, categoryId: "food", name: "  ", js: "1" }), ["Category name cannot be empty"]);
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.amount, categoryId: "food", amount: "abc", month: "2025-04", js: "1" }), [
      "Failed to update budget",
    ]);
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.move, categoryId: "food", direction: "sideways", js: "1" }), [
      "Failed to update category",
    ]);
    expectErrors(await post(cookie, { intent: CATEGORY_INTENT.reorder, type: "income", ids: ["salary"], js: "1" }), ["Failed to update category"]);
    await expectToast(await post(cookie, { intent: CATEGORY_INTENT.delete, categoryId: "nope" }), "/dashboard", "error", "Failed to delete category");
    expect(await Budget.countDocuments({ userId })).toBe(0);
    expect((await stored(userId)).food.name).toBe("Food & Dining");
  });

  test("deletes with '{name} deleted successfully' (the display name); from the category's own page it lands on the dashboard", async () => {
    const { userId, cookie } = await signedInUser();
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.delete, categoryId: "utilities", redirectTo: "/dashboard?month=2025-01" }),
      "/dashboard?month=2025-01",
      "success",
      "Utilities deleted successfully",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENT.delete, categoryId: "savings", redirectTo: "/categories/savings?month=2025-01" }),
      "/dashboard",
      "success",
      "Savings deleted successfully",
    );
    const categories = await stored(userId);
    expect(categories.utilities).toBeUndefined();
    expect(categories.savings).toBeUndefined();
  });

  test("redirectTo must be a same-site path", async () => {
    const { cookie } = await signedInUser();
    const result = await post(cookie, { intent: CATEGORY_INTENT.move, categoryId: "food", direction: "down", redirectTo: "//evil.example/x" });
    await expectToast(result, "/dashboard", "success", "Category order updated");
  });

  test("cross-site posts, signed-out visitors and unknown intents are turned away", async () => {
    const { userId, cookie } = await signedInUser();
    const crossSite = await post(cookie, { intent: CATEGORY_INTENT.add, name: "Evil", type: "expense" }, { Origin: "https://evil.example" }).catch(
      (error) => error,
    );
    expect(crossSite.status).toBe(403);
    const signedOut = await post("", { intent: CATEGORY_INTENT.add, name: "Anon", type: "expense" }).catch((error) => error);
    expect(signedOut.headers.get("Location")).toBe("/login?redirect=%2Fresources%2Fcategories");
    const unknown = await post(cookie, { intent: "explode" }).catch((error) => error);
    expect(unknown.init.status).toBe(400);
    expect(
      (await User.findById(userId).select({ categories: 1 }).lean<Pick<UserRecord, "categories">>())?.categories ?? {},
    ).not.toHaveProperty("evil");
  });
});

describe("category detail loader", () => {
  async function load(cookie: string, path: string) {
    return detailLoader({
      request: new Request(`${APP}${path}`, { headers: { Cookie: cookie } }),
      params: { categoryId: path.split(/[/?]/)[2] },
      context: {},
    });
  }

  test("returns the category with its month's planned amount", async () => {
    const { cookie } = await signedInUser();
    await post(cookie, { intent: CATEGORY_INTENT.amount, categoryId: "food", amount: "120", month: "2025-05", redirectTo: "/dashboard" });
    const loaded = await load(cookie, "/categories/food?month=2025-05");
    expect(loaded).toMatchObject({
      monthKey: "2025-05",
      allTime: false,
      item: { category: { id: "food" }, planned: 12000, actual: 0 },
      transactions: [],
    });
    expect(await load(cookie, "/categories/food?month=2025-05&range=all")).toMatchObject({ allTime: true });
  });

  test("an unknown category, or one of another user, is a 404", async () => {
    const owner = await signedInUser();
    await post(owner.cookie, { intent: CATEGORY_INTENT.add, name: "Secret", type: "expense", redirectTo: "/dashboard" });
    const other = await signedInUser();
    const missing = await load(other.cookie, "/categories/secret").catch((error) => error);
    expect(missing.status).toBe(404);
  });
});
