import { describe, expect, test } from "vitest";
import type { Cents } from "~/lib/money";
import {
  ASSET_MESSAGES,
  AssetsRefusedError,
  checkDraftAmounts,
  checkNewAsset,
  customAssetKey,
  DEFAULT_ASSETS,
  defaultAssetEntries,
  isDefaultAssetKey,
  MAX_ASSETS,
  normaliseAssetEntries,
  parseAssetAmount,
  readPostedAssets,
  removeAssetIntent,
  removedAssetKey,
  toDraft,
  totalAssets,
  type DraftAsset,
} from "./assets";

const cents = (value: number) => value as Cents;

function form(rows: Array<[string, string, string]>, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, name, amount] of rows) {
    body.append("key", key);
    body.append("name", name);
    body.append("amount", amount);
  }
  for (const [name, value] of Object.entries(extra)) body.append(name, value);
  return body;
}

const defaultRows = (): Array<[string, string, string]> => DEFAULT_ASSETS.map(({ key, name }) => [key, name, "0"]);

describe("the six defaults", () => {
  test("are cash, savings, investments, realEstate, vehicles and other, with the spec's names, at 0", () => {
    expect(defaultAssetEntries()).toEqual([
      { key: "cash", name: "Cash & Checking", amount: 0 },
      { key: "savings", name: "Savings Accounts", amount: 0 },
      { key: "investments", name: "Investments", amount: 0 },
      { key: "realEstate", name: "Real Estate", amount: 0 },
      { key: "vehicles", name: "Vehicles", amount: 0 },
      { key: "other", name: "Other Assets", amount: 0 },
    ]);
  });

  test("are recognised by key, custom keys are not", () => {
    expect(DEFAULT_ASSETS.every(({ key }) => isDefaultAssetKey(key))).toBe(true);
    expect(isDefaultAssetKey("custom_boat")).toBe(false);
    expect(isDefaultAssetKey("Cash")).toBe(false);
  });
});

describe("custom asset keys", () => {
  test.each([
    ["Boat", "custom_boat"],
    ["  My   Boat ", "custom_my_boat"],
    ["Crypto\tWallet", "custom_crypto_wallet"],
    ["Art & Antiques", "custom_art_&_antiques"],
    ["401K", "custom_401k"],
  ])("%j → %s", (name, key) => {
    expect(customAssetKey(name)).toBe(key);
  });

  test.each([
    ["", ASSET_MESSAGES.nameRequired],
    ["   ", ASSET_MESSAGES.nameRequired],
    ["Dot.com shares", ASSET_MESSAGES.nameCharacters],
    ["$avings", ASSET_MESSAGES.nameCharacters],
    ["Bad\u0000name", ASSET_MESSAGES.nameCharacters],
    ["x".repeat(51), ASSET_MESSAGES.nameTooLong],
  ])("%j gives no key, and the reason", (name, message) => {
    expect(customAssetKey(name)).toBeNull();
    expect(checkNewAsset(name, defaultAssetEntries())).toEqual({ ok: false, error: message });
  });
});

describe("adding a custom asset", () => {
  test("adds it at 0 with the name trimmed and its inner whitespace one space", () => {
    expect(checkNewAsset("  Boat ", defaultAssetEntries())).toEqual({ ok: true, entry: { key: "custom_boat", name: "Boat", amount: "0.00" } });
    expect(checkNewAsset(" My \t Boat", defaultAssetEntries())).toEqual({ ok: true, entry: { key: "custom_my_boat", name: "My Boat", amount: "0.00" } });
  });

  test("a name already used (by key, or a default's name in other letters) is a duplicate", () => {
    const existing = [...defaultAssetEntries(), { key: "custom_boat", name: "Boat", amount: cents(0) }];
    expect(checkNewAsset("boat", existing)).toEqual({ ok: false, error: ASSET_MESSAGES.duplicate });
    expect(checkNewAsset("BOAT ", existing)).toEqual({ ok: false, error: ASSET_MESSAGES.duplicate });
    expect(checkNewAsset("investments", existing)).toEqual({ ok: false, error: ASSET_MESSAGES.duplicate });
    expect(checkNewAsset("cash & checking", existing)).toEqual({ ok: false, error: ASSET_MESSAGES.duplicate });
  });

  test(`at most ${MAX_ASSETS} assets`, () => {
    const full = [...defaultAssetEntries(), ...Array.from({ length: MAX_ASSETS - 6 }, (_, index) => ({ key: `custom_a${index}`, name: `a${index}`, amount: cents(0) }))];
    expect(checkNewAsset("One more", full)).toEqual({ ok: false, error: ASSET_MESSAGES.tooMany });
  });
});

describe("asset amounts", () => {
  test.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["12", 1200],
    ["1234.5", 123450],
    [" 0.01 ", 1],
    ["999999999999.99", 99_999_999_999_999],
  ])("%j → %i cents", (text, value) => {
    expect(parseAssetAmount(text)).toEqual({ ok: true, cents: value });
  });

  test.each(["abc", "-5", "12.345", "1e3", "1,000", "$12", "NaN"])("%j is refused", (text) => {
    expect(parseAssetAmount(text)).toEqual({ ok: false, error: ASSET_MESSAGES.amountInvalid });
  });

  test("more than $999,999,999,999.99 is too large", () => {
    expect(parseAssetAmount("1000000000000")).toEqual({ ok: false, error: ASSET_MESSAGES.amountTooLarge });
  });

  test("the draft's amounts become cents, or each bad one gets its message by key", () => {
    const draft: DraftAsset[] = [
      { key: "cash", name: "Cash & Checking", amount: "10.50" },
      { key: "custom_boat", name: "Boat", amount: "" },
    ];
    expect(checkDraftAmounts(draft)).toEqual({
      ok: true,
      entries: [
        { key: "cash", name: "Cash & Checking", amount: 1050 },
        { key: "custom_boat", name: "Boat", amount: 0 },
      ],
    });
    expect(checkDraftAmounts([...draft, { key: "savings", name: "Savings Accounts", amount: "-1" }])).toEqual({
      ok: false,
      amountErrors: { savings: [ASSET_MESSAGES.amountInvalid] },
    });
  });

  test("stored amounts fill the form as exact decimals, and add up to the total", () => {
    const entries = [
      { key: "cash", name: "Cash & Checking", amount: cents(123456) },
      { key: "custom_boat", name: "Boat", amount: cents(5) },
    ];
    expect(toDraft(entries).map((entry) => entry.amount)).toEqual(["1234.56", "0.05"]);
    expect(totalAssets(entries)).toBe(123461);
    expect(totalAssets([])).toBe(0);
  });
});

describe("the list a save writes", () => {
  test("defaults first in their order with their own names, missing ones back at 0, then custom entries in the order given", () => {
    const saved = normaliseAssetEntries([
      { key: "custom_boat", name: " Boat ", amount: cents(500) },
      { key: "vehicles", name: "My cars", amount: cents(2000) },
      { key: "cash", name: "Cash & Checking", amount: cents(100) },
      { key: "custom_art", name: "Art", amount: cents(1) },
    ]);
    expect(saved).toEqual([
      { key: "cash", name: "Cash & Checking", amount: 100 },
      { key: "savings", name: "Savings Accounts", amount: 0 },
      { key: "investments", name: "Investments", amount: 0 },
      { key: "realEstate", name: "Real Estate", amount: 0 },
      { key: "vehicles", name: "Vehicles", amount: 2000 },
      { key: "other", name: "Other Assets", amount: 0 },
      { key: "custom_boat", name: "Boat", amount: 500 },
      { key: "custom_art", name: "Art", amount: 1 },
    ]);
  });

  test.each([
    ["a key that is not its name's", [{ key: "custom_boat", name: "Car", amount: cents(1) }]],
    ["a key that is neither default nor custom", [{ key: "house", name: "house", amount: cents(1) }]],
    ["a duplicate", [{ key: "custom_boat", name: "Boat", amount: cents(1) }, { key: "custom_boat", name: "Boat", amount: cents(2) }]],
    ["a negative amount", [{ key: "cash", name: "Cash & Checking", amount: cents(-1) }]],
    ["a fraction of a cent", [{ key: "cash", name: "Cash & Checking", amount: cents(1.5) }]],
  ])("refuses %s", (_, entries) => {
    expect(() => normaliseAssetEntries(entries)).toThrow(AssetsRefusedError);
  });
});

describe("the posted edit form", () => {
  test("reads every row in order; a default's name is its own whatever was posted", () => {
    const rows = defaultRows();
    rows[0] = ["cash", "Hacked", "10"];
    expect(readPostedAssets(form([...rows, ["custom_my_boat", "My Boat", "abc"]]))).toEqual({
      draft: [
        { key: "cash", name: "Cash & Checking", amount: "10" },
        ...DEFAULT_ASSETS.slice(1).map(({ key, name }) => ({ key, name, amount: "0" })),
        { key: "custom_my_boat", name: "My Boat", amount: "abc" },
      ],
    });
  });

  test.each([
    ["a missing default", form(defaultRows().slice(1))],
    ["lists of different lengths", (() => {
      const body = form(defaultRows());
      body.append("amount", "1");
      return body;
    })()],
    ["a repeated key", form([...defaultRows(), ["custom_boat", "Boat", "1"], ["custom_boat", "Boat", "2"]])],
    ["a custom key that is not its name's", form([...defaultRows(), ["custom_boat", "Car", "1"]])],
    ["an unknown key", form([...defaultRows(), ["$where", "x", "1"]])],
    ["no rows at all", form([])],
  ])("refuses %s", (_, body) => {
    expect(readPostedAssets(body)).toEqual({ draft: null, error: ASSET_MESSAGES.listTampered });
  });

  test("a Remove button names its asset in its intent", () => {
    expect(removeAssetIntent("custom_boat")).toBe("remove-asset:custom_boat");
    expect(removedAssetKey("remove-asset:custom_boat")).toBe("custom_boat");
    expect(removedAssetKey("save-assets")).toBeNull();
    expect(removedAssetKey(null)).toBeNull();
  });
});
