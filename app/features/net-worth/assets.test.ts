import { describe, expect, test } from "vitest";
import type { Cents } from "~/lib/money";
import {
  ASSET_MESSAGES,
  AssetsRefusedError,
  customAssetKey,
  DEFAULT_ASSETS,
  defaultAssetEntries,
  isDefaultAssetKey,
  isWellFormedDraft,
  MAX_ASSETS,
  newAssetEntry,
  newAssetProblem,
  normaliseAssetEntries,
  removeAssetIntent,
  removedAssetKey,
  toDraft,
} from "./assets";

const cents = (value: number) => value as Cents;

const defaultDraft = () => DEFAULT_ASSETS.map(({ key, name }) => ({ key, name }));

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
    expect(newAssetProblem(name, defaultAssetEntries())).toBe(message);
  });
});

describe("adding a custom asset", () => {
  test("adds it at 0 with the name trimmed and its inner whitespace one space", () => {
    expect(newAssetProblem("  Boat ", defaultAssetEntries())).toBeNull();
    expect(newAssetEntry("  Boat ")).toEqual({ key: "custom_boat", name: "Boat", amount: "0.00" });
    expect(newAssetEntry(" My \t Boat")).toEqual({ key: "custom_my_boat", name: "My Boat", amount: "0.00" });
  });

  test("a name already used (by key, or a default's name in other letters) is a duplicate", () => {
    const existing = [...defaultAssetEntries(), { key: "custom_boat", name: "Boat", amount: cents(0) }];
    expect(newAssetProblem("boat", existing)).toBe(ASSET_MESSAGES.duplicate);
    expect(newAssetProblem("BOAT ", existing)).toBe(ASSET_MESSAGES.duplicate);
    expect(newAssetProblem("investments", existing)).toBe(ASSET_MESSAGES.duplicate);
    expect(newAssetProblem("cash & checking", existing)).toBe(ASSET_MESSAGES.duplicate);
  });

  test(`at most ${MAX_ASSETS} assets`, () => {
    const full = [...defaultAssetEntries(), ...Array.from({ length: MAX_ASSETS - 6 }, (_, index) => ({ key: `custom_a${index}`, name: `a${index}`, amount: cents(0) }))];
    expect(newAssetProblem("One more", full)).toBe(ASSET_MESSAGES.tooMany);
  });
});

describe("asset amounts", () => {
  test("stored amounts fill the form as exact decimals", () => {
    const entries = [
      { key: "cash", name: "Cash & Checking", amount: cents(123456) },
      { key: "custom_boat", name: "Boat", amount: cents(5) },
    ];
    expect(toDraft(entries).map((entry) => entry.amount)).toEqual(["1234.56", "0.05"]);
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
  test("holds every default, then custom entries keyed by their names", () => {
    expect(isWellFormedDraft([...defaultDraft(), { key: "custom_my_boat", name: "My Boat" }])).toBe(true);
  });

  test.each([
    ["a missing default", defaultDraft().slice(1)],
    ["a repeated key", [...defaultDraft(), { key: "custom_boat", name: "Boat" }, { key: "custom_boat", name: "Boat" }]],
    ["a custom key that is not its name's", [...defaultDraft(), { key: "custom_boat", name: "Car" }]],
    ["an unknown key", [...defaultDraft(), { key: "$where", name: "x" }]],
    [`more than ${MAX_ASSETS} entries`, [...defaultDraft(), ...Array.from({ length: MAX_ASSETS - 5 }, (_, index) => ({ key: `custom_a${index}`, name: `a${index}` }))]],
    ["no rows at all", []],
  ])("is refused with %s", (_, entries) => {
    expect(isWellFormedDraft(entries)).toBe(false);
  });

  test("a Remove button names its asset in its intent", () => {
    expect(removeAssetIntent("custom_boat")).toBe("remove-asset:custom_boat");
    expect(removedAssetKey("remove-asset:custom_boat")).toBe("custom_boat");
    expect(removedAssetKey("save-assets")).toBeNull();
    expect(removedAssetKey(null)).toBeNull();
  });
});
