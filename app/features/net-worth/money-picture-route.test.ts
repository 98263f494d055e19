import { describe, expect, test } from "vitest";
import { action, loader } from "~/routes/_app.debt-management.money-picture";
import { addDebt } from "~/features/debts/debts.server";
import { toCents } from "~/lib/money";
import { monthKeyOf } from "~/lib/month";
import { FinancialAssets, NetWorthSnapshot, User } from "../../../models";
import { createGoogleUser, createTransactionFor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { APP, cookieFor, getRequest, postRequest } from "../../../tests/setup/route-requests";
import { toastOf } from "../../../tests/setup/toast";
import { ASSET_MESSAGES, DEFAULT_ASSETS, defaultAssetEntries, removeAssetIntent, type DraftAsset } from "./assets";
import { ASSET_SOURCE_MESSAGES, INCOME_MESSAGES, MONEY_PICTURE_PATH, NET_WORTH_INTENTS, type AssetFormReply, type IncomeFormReply, type SourceFormReply } from "./net-worth";
import { getOrCreateAssets, getMonthlyIncome, saveAssets } from "./net-worth.server";

useTestDatabase();

const PAGE = `${APP}${MONEY_PICTURE_PATH}`;

async function signedIn({ premium = true } = {}) {
  const userId = await createGoogleUser();
  if (premium) await User.updateOne({ _id: userId }, { $set: { premiumAccess: true } });
  return { userId, cookie: await cookieFor(userId) };
}

type Loaded = Extract<Awaited<ReturnType<typeof loader>>, { loadFailed: false }>;

async function load(cookie: string, search = "") {
  return (await loader({ request: getRequest(`${MONEY_PICTURE_PATH}${search}`, cookie), params: {}, context: {} })) as Loaded | null;
}

type Rows = Array<[key: string, name: string, amount: string]>;

/** The edit form as a browser posts it: `assets[i].key`, `.name` and `.amount` per row, then the other fields. */
function post(cookie: string, fields: { rows?: Rows; [name: string]: string | Rows | undefined }, { origin = APP, search = "?edit=assets" } = {}) {
  const { rows = [], ...others } = fields;
  const form = {
    ...Object.fromEntries(
      rows.flatMap(([key, name, amount], index) => [
        [`assets[${index}].key`, key],
        [`assets[${index}].name`, name],
        [`assets[${index}].amount`, amount],
      ]),
    ),
    ...Object.fromEntries(Object.entries(others).filter((entry): entry is [string, string] => typeof entry[1] === "string")),
  };
  const request = postRequest(`${MONEY_PICTURE_PATH}${search}`, cookie, form, { Origin: origin });
  return action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
}

function defaultRows(amounts: Record<string, string> = {}): Rows {
  return DEFAULT_ASSETS.map(({ key, name }) => [key, name, amounts[key] ?? "0.00"]);
}

/** The answer of an action that did not redirect: its reply and status. */
function replyOf<T>(outcome: unknown) {
  if (outcome instanceof Response) throw new Error(`expected a reply, got a ${outcome.status} response to ${outcome.headers.get("Location")}`);
  const { data, init } = outcome as { data: T; init: ResponseInit | null };
  return { reply: data, status: init?.status ?? 200 };
}

/** The draft Add Asset or Remove sent back. */
function draftOf(outcome: unknown) {
  const { reply, status } = replyOf<Extract<AssetFormReply, { draft: DraftAsset[] }>>(outcome);
  expect(status).toBe(200);
  return reply;
}

/** A refused form: its status, the messages by field ("" for the form's) and the values it shows again. */
function refusalOf(outcome: unknown) {
  const { reply, status } = replyOf<AssetFormReply | IncomeFormReply>(outcome);
  if (!("result" in reply)) throw new Error(`expected a refusal, got ${JSON.stringify(reply)}`);
  return { status, errors: reply.result.error, values: reply.result.initialValue as { assets?: DraftAsset[]; newAssetName?: string; monthlyIncome?: string } };
}

function redirected(outcome: unknown) {
  if (!(outcome instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
  expect(outcome.status).toBe(302);
  return outcome;
}

async function storedState(userId: string) {
  return {
    assets: await FinancialAssets.findById(userId).lean(),
    snapshots: await NetWorthSnapshot.countDocuments({ userId }),
    income: (await User.findById(userId).lean())?.monthlyIncome,
  };
}

/** The amounts typed on the page, as the loader sends its balance sheet. */
function typedAssets(loaded: Awaited<ReturnType<typeof load>>) {
  if (!loaded || loaded.loadFailed) return null;
  return loaded.sheet.assetLines.map(({ key, name, typed }) => ({ key, name, amount: typed }));
}

describe("loader", () => {
  test("a premium user's first visit creates the six defaults and shows the figures in view mode", async () => {
    const { userId, cookie } = await signedIn();
    const loaded = await load(cookie);
    expect(loaded).toMatchObject({
      loadFailed: false,
      currency: "USD",
      editing: false,
      monthlyIncome: 0,
      metrics: { totalAssets: 0, totalDebts: 0, netWorth: 0, debtToIncomeRatio: null },
      snapshots: [],
    });
    expect(typedAssets(loaded)).toEqual(defaultAssetEntries());
    expect(await FinancialAssets.countDocuments({ _id: userId })).toBe(1);
  });

  test("?edit=assets opens edit mode", async () => {
    const { cookie } = await signedIn();
    expect((await load(cookie, "?edit=assets"))?.editing).toBe(true);
    expect((await load(cookie, "?edit=other"))?.editing).toBe(false);
  });

  test("shows debts, income and the ratio from the user's own data", async () => {
    const { userId, cookie } = await signedIn();
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(100000) }]);
    await addDebt(userId, {
      name: "Visa",
      type: "credit_card",
      totalAmount: toCents(500000),
      currentBalance: toCents(250000),
      aprBasisPoints: 1999,
      minimumPayment: toCents(36001),
      dueDate: null,
      priority: "medium",
      description: "",
    });
    await User.updateOne({ _id: userId }, { $set: { monthlyIncome: 100000 } });
    expect((await load(cookie))?.metrics).toEqual({
      totalAssets: 100000,
      totalDebts: 250000,
      netWorth: -150000,
      monthlyIncome: 100000,
      totalMonthlyDebtPayments: 36001,
      debtToIncomeRatio: 36,
    });
  });

  test("another user's assets are never read", async () => {
    const owner = await signedIn();
    await saveAssets(owner.userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(777700) }, { key: "custom_yacht", name: "Yacht", amount: toCents(1) }]);
    const intruder = await signedIn();
    const loaded = await load(intruder.cookie);
    expect(typedAssets(loaded)).toEqual(defaultAssetEntries());
    expect(loaded?.metrics.totalAssets).toBe(0);
  });

  test("a free user gets nothing (the parent shows the locked screen); a signed-out visitor goes to log in", async () => {
    const { userId, cookie } = await signedIn({ premium: false });
    expect(await load(cookie)).toBeNull();
    expect(await FinancialAssets.countDocuments({ _id: userId })).toBe(0);
    const outcome = await loader({ request: new Request(PAGE), params: {}, context: {} }).catch((thrown: unknown) => thrown);
    expect((outcome as Response).headers.get("Location")).toBe("/login?redirect=%2Fdebt-management%2Fmoney-picture");
  });
});

describe("save-assets", () => {
  test("stores every entry, records this month's net worth and goes back to view mode with the toast", async () => {
    const { userId, cookie } = await signedIn();
    await load(cookie);
    const outcome = redirected(
      await post(cookie, {
        intent: NET_WORTH_INTENTS.saveAssets,
        rows: [...defaultRows({ cash: "1500.50", realEstate: "250000" }), ["custom_boat", "Boat", "12000"]],
      }),
    );
    expect(outcome.headers.get("Location")).toBe(MONEY_PICTURE_PATH);
    expect((await toastOf(outcome))?.message).toBe(ASSET_MESSAGES.updated);
    const assets = await getOrCreateAssets(userId);
    expect(assets.map(({ key, amount }) => [key, amount])).toEqual([
      ["cash", 150050],
      ["savings", 0],
      ["investments", 0],
      ["realEstate", 25000000],
      ["vehicles", 0],
      ["other", 0],
      ["custom_boat", 1200000],
    ]);
    const snapshot = await NetWorthSnapshot.findById(`${userId}:${monthKeyOf(new Date())}`).lean();
    expect(snapshot).toMatchObject({ totalAssets: 26350050, totalDebts: 0, netWorth: 26350050 });
    expect((await load(cookie))?.snapshots).toEqual([{ monthKey: monthKeyOf(new Date()), totalAssets: 26350050, totalDebts: 0, netWorth: 26350050 }]);
  });

  test("a blank amount is 0", async () => {
    const { userId, cookie } = await signedIn();
    redirected(await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows: defaultRows({ cash: "" }) }));
    expect((await getOrCreateAssets(userId))[0]).toEqual({ key: "cash", name: "Cash & Checking", amount: 0 });
  });

  test.each(["abc", "-5", "12.345", "1e3", "1,000", "1000000000000"])("amount %j is refused with 400 next to its field, and nothing is written", async (amount) => {
    const { userId, cookie } = await signedIn();
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(100) }]);
    const before = await storedState(userId);
    const { status, errors, values } = refusalOf(await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows: [...defaultRows({ savings: "10" }), ["custom_boat", "Boat", amount]] }));
    expect(status).toBe(400);
    expect(errors).toEqual({ "assets[6].amount": [amount === "1000000000000" ? ASSET_MESSAGES.amountTooLarge : ASSET_MESSAGES.amountInvalid] });
    // The draft comes back as typed, so the form shows it again.
    expect(values.assets?.at(-1)).toEqual({ key: "custom_boat", name: "Boat", amount });
    expect(values.assets?.[1]).toEqual({ key: "savings", name: "Savings Accounts", amount: "10" });
    expect(await storedState(userId)).toEqual(before);
  });

  test("a list without the defaults, or with a forged key, is refused with 400 and nothing is written", async () => {
    const { userId, cookie } = await signedIn();
    await getOrCreateAssets(userId);
    const before = await storedState(userId);
    for (const rows of [defaultRows().slice(1), [...defaultRows(), ["custom_boat", "Car", "1"]], [...defaultRows(), ["$where", "x", "1"]]] as Rows[]) {
      const { status, errors } = refusalOf(await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows }));
      expect(status).toBe(400);
      expect(errors).toEqual({ "": [ASSET_MESSAGES.listTampered] });
    }
    expect(await storedState(userId)).toEqual(before);
  });
});

describe("add-asset and remove-asset (a draft until Save)", () => {
  test("Add Asset returns the draft with the new asset at 0 and writes nothing; Save then stores it", async () => {
    const { userId, cookie } = await signedIn();
    await load(cookie);
    const before = await storedState(userId);
    const reply = draftOf(await post(cookie, { intent: NET_WORTH_INTENTS.addAsset, rows: defaultRows({ cash: "50" }), newAssetName: "  My Boat " }));
    expect(reply.newAssetName).toBe("");
    expect(reply.draft.map(({ key, amount }) => [key, amount])).toEqual([
      ["cash", "50"],
      ["savings", "0.00"],
      ["investments", "0.00"],
      ["realEstate", "0.00"],
      ["vehicles", "0.00"],
      ["other", "0.00"],
      ["custom_my_boat", "0.00"],
    ]);
    expect(reply.draft.at(-1)?.name).toBe("My Boat");
    expect(await storedState(userId)).toEqual(before);

    // Cancel is a link back to view mode: the stored list is what it was.
    expect(typedAssets(await load(cookie))).toEqual(defaultAssetEntries());

    redirected(await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows: reply.draft.map(({ key, name, amount }) => [key, name, key === "custom_my_boat" ? "8000" : amount]) }));
    expect((await getOrCreateAssets(userId)).at(-1)).toEqual({ key: "custom_my_boat", name: "My Boat", amount: 800000 });
  });

  test.each([
    ["", ASSET_MESSAGES.nameRequired],
    ["   ", ASSET_MESSAGES.nameRequired],
    ["boat", ASSET_MESSAGES.duplicate],
    ["Investments", ASSET_MESSAGES.duplicate],
    ["Dot.com", ASSET_MESSAGES.nameCharacters],
  ])("Add Asset with the name %j is refused with 400 next to the name field", async (name, message) => {
    const { userId, cookie } = await signedIn();
    await getOrCreateAssets(userId);
    const before = await storedState(userId);
    const rows: Rows = [...defaultRows({ cash: "12" }), ["custom_boat", "Boat", "3"]];
    const { status, errors, values } = refusalOf(await post(cookie, { intent: NET_WORTH_INTENTS.addAsset, rows, newAssetName: name }));
    expect(status).toBe(400);
    expect(errors).toEqual({ newAssetName: [message] });
    expect(values.newAssetName ?? "").toBe(name);
    expect(values.assets).toHaveLength(7);
    expect(await storedState(userId)).toEqual(before);
  });

  test("Remove takes a custom asset out of the draft only; Save makes it so", async () => {
    const { userId, cookie } = await signedIn();
    await saveAssets(userId, [{ key: "custom_boat", name: "Boat", amount: toCents(5000) }, { key: "custom_art", name: "Art", amount: toCents(300) }]);
    const before = await storedState(userId);
    const rows: Rows = [...defaultRows(), ["custom_boat", "Boat", "50.00"], ["custom_art", "Art", "3.00"]];
    const reply = draftOf(await post(cookie, { intent: removeAssetIntent("custom_boat"), rows, newAssetName: "Half typed" }));
    expect(reply.draft.map((entry) => entry.key)).toEqual([...DEFAULT_ASSETS.map(({ key }) => key), "custom_art"]);
    expect(reply.newAssetName).toBe("Half typed");
    expect(await storedState(userId)).toEqual(before);

    redirected(await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows: reply.draft.map(({ key, name, amount }) => [key, name, amount]) }));
    expect((await getOrCreateAssets(userId)).map((entry) => entry.key)).toEqual([...DEFAULT_ASSETS.map(({ key }) => key), "custom_art"]);
  });

  test("a default asset cannot be removed", async () => {
    const { userId, cookie } = await signedIn();
    await getOrCreateAssets(userId);
    const before = await storedState(userId);
    const { status, errors, values } = refusalOf(await post(cookie, { intent: removeAssetIntent("cash"), rows: defaultRows() }));
    expect(status).toBe(400);
    expect(errors).toEqual({ "": [ASSET_MESSAGES.defaultNotRemovable] });
    expect(values.assets?.map((entry) => entry.key)).toEqual(DEFAULT_ASSETS.map(({ key }) => key));
    expect(await storedState(userId)).toEqual(before);
  });
});

describe("set-income", () => {
  test("stores the income on the user and goes back with a toast", async () => {
    const { userId, cookie } = await signedIn();
    const outcome = redirected(await post(cookie, { intent: NET_WORTH_INTENTS.setIncome, monthlyIncome: "5250.50" }, { search: "" }));
    expect(outcome.headers.get("Location")).toBe(MONEY_PICTURE_PATH);
    expect((await toastOf(outcome))?.message).toBe(INCOME_MESSAGES.updated);
    expect(await getMonthlyIncome(userId)).toBe(525050);
    expect((await load(cookie))?.monthlyIncome).toBe(525050);
    redirected(await post(cookie, { intent: NET_WORTH_INTENTS.setIncome, monthlyIncome: "" }, { search: "" }));
    expect(await getMonthlyIncome(userId)).toBe(0);
  });

  test.each(["abc", "-1", "10.001", "1000000000"])("income %j is refused with 400 next to the field, and nothing is written", async (monthlyIncome) => {
    const { userId, cookie } = await signedIn();
    await User.updateOne({ _id: userId }, { $set: { monthlyIncome: 300000 } });
    const before = await storedState(userId);
    const { status, errors, values } = refusalOf(await post(cookie, { intent: NET_WORTH_INTENTS.setIncome, monthlyIncome }, { search: "" }));
    expect(status).toBe(400);
    expect(errors).toEqual({ monthlyIncome: [monthlyIncome === "1000000000" ? INCOME_MESSAGES.tooLarge : INCOME_MESSAGES.invalid] });
    expect(values.monthlyIncome).toBe(monthlyIncome);
    expect(await storedState(userId)).toEqual(before);
  });
});

describe("who may post", () => {
  test("a free user's post goes to /debt-management (the locked screen) and writes nothing", async () => {
    const { userId, cookie } = await signedIn({ premium: false });
    const before = await storedState(userId);
    for (const fields of [
      { intent: NET_WORTH_INTENTS.saveAssets, rows: defaultRows({ cash: "10" }) },
      { intent: NET_WORTH_INTENTS.setIncome, monthlyIncome: "100" },
    ]) {
      expect(redirected(await post(cookie, fields)).headers.get("Location")).toBe("/debt-management");
    }
    expect(await storedState(userId)).toEqual(before);
  });

  test("a post from another site is refused before anything else", async () => {
    const { userId, cookie } = await signedIn();
    const before = await storedState(userId);
    const outcome = await post(cookie, { intent: NET_WORTH_INTENTS.saveAssets, rows: defaultRows({ cash: "10" }) }, { origin: "https://evil.example" });
    expect(replyOrStatus(outcome)).toBe(403);
    expect(await storedState(userId)).toEqual(before);
  });

  test("an unknown intent is a 400", async () => {
    const { cookie } = await signedIn();
    expect(replyOrStatus(await post(cookie, { intent: "drop-everything", rows: defaultRows() }))).toBe(400);
    expect(replyOrStatus(await post(cookie, { rows: defaultRows() }))).toBe(400);
  });
});

describe("choose-asset-source", () => {
  test("counting the accounts instead of a typed amount is stored, recorded in this month's net worth, with a toast", async () => {
    const { userId, cookie } = await signedIn();
    await createTransactionFor(userId, { type: "income", category: "salary", amount: 248750, description: "Pay" });
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(500000) }]);
    expect((await load(cookie))?.sheet.assetLines[0].source).toBe("ask");

    const outcome = redirected(await post(cookie, { intent: NET_WORTH_INTENTS.chooseAssetSource, key: "cash", source: "accounts" }, { search: "" }));
    expect(outcome.headers.get("Location")).toBe(MONEY_PICTURE_PATH);
    expect(await toastOf(outcome)).toMatchObject({ type: "success", message: "Cash & Checking now counts your accounts' balances" });
    expect((await FinancialAssets.findById(userId).lean())?.sources).toEqual({ cash: "accounts" });
    expect((await load(cookie))?.metrics.totalAssets).toBe(248750);
    expect(await NetWorthSnapshot.findOne({ userId, monthKey: monthKeyOf(new Date()) }).lean()).toMatchObject({ totalAssets: 248750 });
  });

  test.each([
    ["an asset no account stands for", { key: "realEstate", source: "accounts" }],
    ["an unknown source", { key: "cash", source: "both" }],
    ["no key", { source: "typed" }],
  ])("%s is refused with a 400 and nothing is written", async (_, fields) => {
    const { userId, cookie } = await signedIn();
    await saveAssets(userId, [{ key: "cash", name: "Cash & Checking", amount: toCents(500000) }]);
    const before = await storedState(userId);
    const { reply, status } = replyOf<SourceFormReply>(await post(cookie, { intent: NET_WORTH_INTENTS.chooseAssetSource, ...fields }, { search: "" }));
    expect(status).toBe(400);
    expect(reply).toEqual({ form: "source", message: ASSET_SOURCE_MESSAGES.invalid });
    expect(await storedState(userId)).toEqual(before);
  });
});

function replyOrStatus(outcome: unknown) {
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: ResponseInit | null }).init?.status ?? 200;
}
