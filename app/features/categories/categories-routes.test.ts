import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { Budget, categoryBudgetsId, User, type UserRecord } from "../../../models";
import { loader as detailLoader } from "~/routes/_app.categories.$categoryId";
import { action } from "~/routes/resources.categories";
import { CATEGORY_INTENTS } from "./categories";
import { getCategories } from "./categories.server";
import { createEmailUser } from "~/features/auth/user.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { cookieFor, getRequest, payloadOf, postRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";

useTestDatabase();

async function signedInUser() {
  const userId = await createEmailUser(`route-${randomBytes(4).toString("hex")}@example.com`, "Str0ng!Passw0rd");
  return { userId, cookie: await cookieFor(userId) };
}

function post(cookie: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  return action({ request: postRequest("/resources/categories", cookie, fields, headers), params: {}, context: {} });
}

type ActionResult = Awaited<ReturnType<typeof action>>;

async function expectToast(result: ActionResult, location: string, type: "success" | "error", message: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe(location);
  expect(await toastOf(result)).toMatchObject({ type, message });
}

type Refusal = { form: string; values: Record<string, string>; fieldErrors: Record<string, string[]>; formErrors: string[] };

/** A refusal answered to a script: the messages by field and those about the whole form. */
function expectRefusal(result: ActionResult, refusal: Partial<Refusal>, status = 400) {
  if (result instanceof Response) throw new Error(`expected refused data, got a ${result.status} response`);
  const { data, init } = result as unknown as { data: Refusal; init: ResponseInit };
  expect(init.status).toBe(status);
  expect(data).toMatchObject({ fieldErrors: {}, formErrors: [], ...refusal });
}

/** The cookies a response sets, as the browser sends them back. */
function cookiesSetBy(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function stored(userId: string) {
  const user = await User.findById(userId).select({ categories: 1 }).lean<Pick<UserRecord, "categories">>();
  return user!.categories;
}

describe("resources.categories action", () => {
  test("adds a category and returns to the page with a notification", async () => {
    const { userId, cookie } = await signedInUser();
    const result = await post(cookie, {
      intent: CATEGORY_INTENTS.add,
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
    await post(cookie, { intent: CATEGORY_INTENTS.add, name: "Tips", type: "income", amount: "-3", redirectTo: "/dashboard" });
    expect((await stored(userId)).tips).toMatchObject({ type: "income", expected: 0 });
  });

  test("refusals come back as data for scripts, each message beside its field; nothing is written", async () => {
    const { userId, cookie } = await signedInUser();
    await getCategories(userId);
    const before = await stored(userId);
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.add, name: "Housing", type: "expense", redirectTo: "/dashboard", js: "1" }), {
      form: "category-add",
      values: { name: "Housing", type: "expense" },
      fieldErrors: { name: ["A category with this name already exists"] },
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.add, name: "<p></p>", type: "loan", redirectTo: "/dashboard", js: "1" }), {
      fieldErrors: { name: ["Category name cannot be empty"], type: ['Category type must be either "income" or "expense"'] },
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.add, redirectTo: "/dashboard", js: "1" }), {
      fieldErrors: { name: ["Category name cannot be empty"], type: ['Category type must be either "income" or "expense"'] },
    });
    // A form no page sends (its hidden category is missing) is refused as a whole.
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.rename, name: "Gifts", redirectTo: "/dashboard", js: "1" }), {
      formErrors: ["Failed to update category"],
    });
    expect(await stored(userId)).toEqual(before);
  });

  test("without JavaScript a field's refusal goes back to the form on the page, with what was typed; the page's loader shows it once", async () => {
    const { userId, cookie } = await signedInUser();
    await getCategories(userId);
    const before = await stored(userId);
    const refused = await post(cookie, { intent: CATEGORY_INTENTS.rename, categoryId: "food", name: "<b></b>", redirectTo: "/categories/food?month=2025-04" });
    if (!(refused instanceof Response)) throw new Error("expected a redirect");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/categories/food?month=2025-04#category-rename-food");
    expect(await toastOf(refused)).toBeNull();
    expect(await stored(userId)).toEqual(before);

    const page = await detailLoader({
      request: getRequest("/categories/food?month=2025-04", `${cookie}; ${cookiesSetBy(refused)}`),
      params: { categoryId: "food" },
      context: {},
    });
    expect(payloadOf(page)).toMatchObject({
      formErrors: { form: "category-rename-food", values: { name: "<b></b>" }, fieldErrors: { name: ["Category name cannot be empty"] } },
    });
    const cleared = new Headers((page as { init?: ResponseInit }).init?.headers).get("Set-Cookie");
    expect(cleared).toMatch(/^ledgerly_form_errors=;.*Expires=Thu, 01 Jan 1970/);

    // What is echoed is cut short, so the cookie always fits.
    const long = await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "x".repeat(5000), amount: "y".repeat(5000), month: "2025-04" });
    expect((long as Response).status).toBe(302);
  });

  test("without JavaScript a refusal of the whole form stays a notification", async () => {
    const { userId, cookie } = await signedInUser();
    await getCategories(userId);
    const before = await stored(userId);
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "food", amount: "5", redirectTo: "/dashboard" }),
      "/dashboard",
      "error",
      "Failed to update budget",
    );
    await expectToast(await post(cookie, { intent: CATEGORY_INTENTS.rename, categoryId: "nope", name: "Gifts", redirectTo: "/dashboard" }), "/dashboard", "error", "Failed to update category");
    expect(await stored(userId)).toEqual(before);
  });

  test("renames, sets the month's amount and reorders", async () => {
    const { userId, cookie } = await signedInUser();
    const redirectTo = "/dashboard?month=2025-04";
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.rename, categoryId: "food", name: "Eating out", redirectTo }),
      redirectTo,
      "success",
      "Category updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "food", amount: "300", month: "2025-04", redirectTo }),
      redirectTo,
      "success",
      "Category updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.move, categoryId: "food", direction: "up", redirectTo }),
      redirectTo,
      "success",
      "Category order updated",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.reorder, type: "income", ids: ["investments", "salary"], redirectTo }),
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
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.rename, categoryId: "food", name: "  ", js: "1" }), {
      form: "category-rename-food",
      fieldErrors: { name: ["Category name cannot be empty"] },
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "food", amount: "abc", month: "2025-04", js: "1" }), {
      form: "category-amount-food",
      values: { amount: "abc" },
      fieldErrors: { amount: ["Failed to update budget"] },
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "nope", amount: "5", month: "2025-04", js: "1" }), {
      formErrors: ["Failed to update budget"],
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.move, categoryId: "food", direction: "sideways", js: "1" }), {
      formErrors: ["Failed to update category"],
    });
    expectRefusal(await post(cookie, { intent: CATEGORY_INTENTS.reorder, type: "income", ids: ["salary"], js: "1" }), { formErrors: ["Failed to update category"] });
    await expectToast(await post(cookie, { intent: CATEGORY_INTENTS.delete, categoryId: "nope" }), "/dashboard", "error", "Failed to delete category");
    expect(await Budget.countDocuments({ userId })).toBe(0);
    expect(await stored(userId)).toEqual({});
  });

  test("deletes with '{name} deleted successfully' (the display name); from the category's own page it lands on the dashboard", async () => {
    const { userId, cookie } = await signedInUser();
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.delete, categoryId: "utilities", redirectTo: "/dashboard?month=2025-01" }),
      "/dashboard?month=2025-01",
      "success",
      "Utilities deleted successfully",
    );
    await expectToast(
      await post(cookie, { intent: CATEGORY_INTENTS.delete, categoryId: "savings", redirectTo: "/categories/savings?month=2025-01" }),
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
    const result = await post(cookie, { intent: CATEGORY_INTENTS.move, categoryId: "food", direction: "down", redirectTo: "//evil.example/x" });
    await expectToast(result, "/dashboard", "success", "Category order updated");
  });

  test("cross-site posts, signed-out visitors and unknown intents are turned away", async () => {
    const { userId, cookie } = await signedInUser();
    const crossSite = await post(cookie, { intent: CATEGORY_INTENTS.add, name: "Evil", type: "expense" }, { Origin: "https://evil.example" }).catch(
      (error) => error,
    );
    expect(crossSite.status).toBe(403);
    const signedOut = await post("", { intent: CATEGORY_INTENTS.add, name: "Anon", type: "expense" }).catch((error) => error);
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
      request: getRequest(path, cookie),
      params: { categoryId: path.split(/[/?]/)[2] },
      context: {},
    });
  }

  test("returns the category with its month's planned amount", async () => {
    const { cookie } = await signedInUser();
    await post(cookie, { intent: CATEGORY_INTENTS.amount, categoryId: "food", amount: "120", month: "2025-05", redirectTo: "/dashboard" });
    const loaded = payloadOf(await load(cookie, "/categories/food?month=2025-05"));
    expect(loaded).toMatchObject({
      monthKey: "2025-05",
      allTime: false,
      item: { category: { id: "food" }, planned: 12000, actual: 0 },
      transactions: [],
    });
    expect(payloadOf(await load(cookie, "/categories/food?month=2025-05&range=all"))).toMatchObject({ allTime: true });
  });

  test("an unknown category, or one of another user, is a 404", async () => {
    const owner = await signedInUser();
    await post(owner.cookie, { intent: CATEGORY_INTENTS.add, name: "Secret", type: "expense", redirectTo: "/dashboard" });
    const other = await signedInUser();
    const missing = await load(other.cookie, "/categories/secret").catch((error) => error);
    expect(missing.status).toBe(404);
  });
});
