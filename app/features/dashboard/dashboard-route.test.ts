import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { afterEach, describe, expect, test } from "vitest";
import { action, loader } from "~/routes/_app.dashboard";
import { BUDGET_INTENTS, BUDGET_MESSAGES } from "~/features/budgets/budgets";
import { setMonthBudget } from "~/features/budgets/budgets.server";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { createTransaction } from "~/features/transactions/transactions.server";
import { createEmailUser } from "~/features/auth/user.server";
import { Budget, User } from "../../../models";
import { useTestDatabase } from "../../../tests/setup/database";
import { toastOf } from "../../../tests/setup/toast";
import { APP, cookieFor, getRequest, postRequest } from "../../../tests/setup/route-requests";

useTestDatabase();

async function signedInUser() {
  const userId = await createEmailUser(`dashboard-${randomBytes(4).toString("hex")}@example.com`, "Str0ng!Passw0rd");
  return { userId, cookie: await cookieFor(userId) };
}

async function loaderData(cookie: string, search = "") {
  const result = (await loader({ request: getRequest(`/dashboard${search}`, cookie), params: {}, context: {} })) as unknown as {
    data: { month: string; currency: string; categoriesFailed: boolean; cards: { income: number; expenses: number; balance: number }; budget: { amount: number }; income: unknown[]; expense: unknown[]; sidebar: unknown };
    init: ResponseInit | null;
  };
  return result;
}

function setCookieOf(result: { init: ResponseInit | null }) {
  const header = new Headers(result.init?.headers).get("Set-Cookie");
  return header ? header.split(";")[0] : null;
}

function submit(cookie: string, fields: Record<string, string>, search = "") {
  return action({ request: postRequest(`/dashboard${search}`, cookie, fields), params: {}, context: {} });
}

type ActionResult = Awaited<ReturnType<typeof action>>;

function expectRejected(result: ActionResult, status = 400) {
  if (result instanceof Response) throw new Error(`expected a rejected form, got a ${result.status} response`);
  const { data, init } = result as unknown as { data: { result: { error?: Record<string, string[] | null> } }; init: ResponseInit };
  expect(init.status).toBe(status);
  return data.result.error ?? {};
}

describe("dashboard loader", () => {
  afterEach(() => {
    mongoose.set("debug", false);
  });

  /** The collections and operations the loader sends to the database. */
  async function queriesOf(run: () => Promise<unknown>) {
    const queries: string[] = [];
    mongoose.set("debug", (collection: string, method: string) => {
      queries.push(`${collection}.${method}`);
    });
    await run();
    mongoose.set("debug", false);
    return queries;
  }

  test("reads the same few documents however many transactions the user has, and never the transactions", async () => {
    const { userId, cookie } = await signedInUser();
    await loaderData(cookie, "?month=2026-03");
    const before = await queriesOf(() => loaderData(cookie, "?month=2026-03"));

    for (let day = 1; day <= 25; day += 1) {
      await createTransaction(userId, { type: "expense", category: "food", amount: 1000 + day, date: `2026-03-${String(day).padStart(2, "0")}` });
    }
    let figures: Awaited<ReturnType<typeof loaderData>> | undefined;
    const after = await queriesOf(async () => {
      figures = await loaderData(cookie, "?month=2026-03");
    });

    // The same reads, in whichever order the pool's connections send them.
    expect([...after].sort()).toEqual([...before].sort());
    expect(after.some((query) => query.startsWith("transactions."))).toBe(false);
    // Sign-in's reads, the user's budgets and summaries, one look at the ledger's journal (was a batch cut off?),
    // one at the recount in a new reporting currency (is one under way?) and one of the recurring bills (none:
    // with some, each bill's paid due dates are one indexed read of its own transactions).
    expect(after.length).toBeLessThanOrEqual(11);
    // 25 × 10.00 + (1 + … + 25) cents
    expect(figures?.data.cards).toEqual({ income: 0, expenses: 25325, balance: -25325 });
  });

  test("returns the month's figures in the user's currency", async () => {
    const { userId, cookie } = await signedInUser();
    await User.updateOne({ _id: userId }, { $set: { currency: "EUR" } });
    await setMonthBudget(userId, "2026-03", toCents(150000));
    const { data } = await loaderData(cookie, "?month=2026-03");
    expect(data).toMatchObject({ month: "2026-03", currency: "EUR", categoriesFailed: false, sidebar: null, budget: { amount: 150000 } });
    expect(data.income).toHaveLength(2);
    expect(data.expense).toHaveLength(6);
  });

  test("a valid ?month is remembered in a cookie that opens it next time", async () => {
    const { cookie } = await signedInUser();
    const chosen = await loaderData(cookie, "?month=2025-11");
    const monthCookie = setCookieOf(chosen);
    expect(monthCookie).toMatch(/^ledgerly_month=/);
    expect(new Headers(chosen.init?.headers).get("Set-Cookie")).toMatch(/HttpOnly/i);

    const restored = await loaderData(`${cookie}; ${monthCookie}`);
    expect(restored.data.month).toBe("2025-11");
    expect(setCookieOf(restored)).toBeNull();
  });

  test("without ?month or cookie, and with a malformed ?month, it is the current month", async () => {
    const { cookie } = await signedInUser();
    const current = monthKeyOf(new Date());
    expect((await loaderData(cookie)).data.month).toBe(current);
    const malformed = await loaderData(cookie, "?month=2026-13");
    expect(malformed.data.month).toBe(current);
    expect(setCookieOf(malformed)).toBeNull();
  });

  test("a remembered month more than five years away is not restored", async () => {
    const { cookie } = await signedInUser();
    const farMonth = `${new Date().getFullYear() - 6}-01`;
    const far = await loaderData(cookie, `?month=${farMonth}`);
    expect(far.data.month).toBe(farMonth);
    expect((await loaderData(`${cookie}; ${setCookieOf(far)}`)).data.month).toBe(monthKeyOf(new Date()));
  });

  test("?panel=transactions loads the sidebar's tab", async () => {
    const { userId, cookie } = await signedInUser();
    await createTransaction(userId, { type: "expense", category: "uncategorized", amount: 500, date: "2026-03-02", description: "Kiosk" });
    const { data } = await loaderData(cookie, "?month=2026-03&panel=transactions&tab=new");
    expect(data.sidebar).toMatchObject({ tab: "new", items: [{ description: "Kiosk", amount: 500 }] });
    const tracked = await loaderData(cookie, "?panel=transactions&tab=tracked");
    expect(tracked.data.sidebar).toMatchObject({ tab: "tracked", items: [] });
  });

  test("signed-out visitors are sent to /login", async () => {
    const response = await loader({ request: new Request(`${APP}/dashboard`), params: {}, context: {} }).catch((error) => error);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fdashboard");
  });
});

describe("set-budget action", () => {
  test("stores a user-set budget and redirects to the month with a toast, keeping the tabs", async () => {
    const { userId, cookie } = await signedInUser();
    const result = await submit(cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-03", amount: "1500" }, "?month=2026-03&incomeView=received&editBudget=1");
    if (!(result instanceof Response)) throw new Error("expected a redirect");
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard?month=2026-03&incomeView=received");
    expect((await toastOf(result))?.message).toBe("Budget set to $1,500.00");
    expect(await Budget.findById(`${userId}:2026-03`).lean()).toMatchObject({ amount: 150000, userSet: true, carriedOver: false });
  });

  test("the toast uses the user's currency and replaces an earlier budget", async () => {
    const { userId, cookie } = await signedInUser();
    await User.updateOne({ _id: userId }, { $set: { currency: "EUR" } });
    await setMonthBudget(userId, "2026-04", toCents(90000));
    const result = (await submit(cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-04", amount: "1234.5" })) as Response;
    expect(result.headers.get("Location")).toBe("/dashboard?month=2026-04");
    expect((await toastOf(result))?.message).toBe("Budget set to €1,234.50");
    expect(await Budget.findById(`${userId}:2026-04`).lean()).toMatchObject({ amount: 123450, userSet: true });
  });

  test("0 is a budget", async () => {
    const { userId, cookie } = await signedInUser();
    expect((await toastOf((await submit(cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-03", amount: "0" })) as Response))?.message).toBe("Budget set to $0.00");
    expect(await Budget.findById(`${userId}:2026-03`).lean()).toMatchObject({ amount: 0, userSet: true });
  });

  test.each([
    ["", BUDGET_MESSAGES.budgetRequired],
    ["abc", BUDGET_MESSAGES.budgetInvalid],
    ["-5", BUDGET_MESSAGES.budgetInvalid],
    ["12.345", BUDGET_MESSAGES.budgetInvalid],
    ["  ", BUDGET_MESSAGES.budgetInvalid],
  ])("amount %j is refused with 400 and nothing is stored", async (amount, message) => {
    const { userId, cookie } = await signedInUser();
    const errors = expectRejected(await submit(cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-03", amount }));
    expect(errors.amount).toEqual([message]);
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });

  test("a tampered month or intent is refused with 400", async () => {
    const { userId, cookie } = await signedInUser();
    expect(expectRejected(await submit(cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-3", amount: "10" })).month).toEqual([BUDGET_MESSAGES.monthInvalid]);
    expectRejected(await submit(cookie, { intent: "something-else", month: "2026-03", amount: "10" }));
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });

  test("a cross-site post is refused before anything is read", async () => {
    const { userId, cookie } = await signedInUser();
    const request = postRequest("/dashboard", cookie, { intent: BUDGET_INTENTS.setMonthBudget, month: "2026-03", amount: "10" }, { Origin: "https://evil.example" });
    const response = await action({ request, params: {}, context: {} }).catch((error) => error);
    expect(response.status).toBe(403);
    expect(await Budget.countDocuments({ userId })).toBe(0);
  });
});
