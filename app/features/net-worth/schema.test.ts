import { describe, expect, test } from "vitest";
import { ASSET_MESSAGES, DEFAULT_ASSETS, removeAssetIntent } from "./assets";
import { parseAssetsForm, parseIncomeForm } from "./money-picture-form.server";
import { INCOME_MESSAGES, NET_WORTH_INTENTS } from "./net-worth";

type Rows = Array<[key: string, name: string, amount: string]>;

/** The edit form as a browser posts it: the pressed button's intent (none while typing), every entry, the new name. */
function assetsForm(intent: string | null, rows: Rows, newAssetName = "") {
  const body = new FormData();
  if (intent !== null) body.append("intent", intent);
  rows.forEach(([key, name, amount], index) => {
    body.append(`assets[${index}].key`, key);
    body.append(`assets[${index}].name`, name);
    body.append(`assets[${index}].amount`, amount);
  });
  body.append("newAssetName", newAssetName);
  return body;
}

const defaultRows = (amount = "0"): Rows => DEFAULT_ASSETS.map(({ key, name }) => [key, name, amount]);

function errorsOf(body: FormData) {
  const submission = parseAssetsForm(body);
  if (submission.status === "success") throw new Error("expected a refusal");
  return submission.error;
}

describe("Save", () => {
  test.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["12", 1200],
    ["1234.5", 123450],
    [" 0.01 ", 1],
    ["999999999999.99", 99_999_999_999_999],
  ])("the amount %j is %i cents", (amount, cents) => {
    const submission = parseAssetsForm(assetsForm(NET_WORTH_INTENTS.saveAssets, [...defaultRows(), ["custom_boat", "Boat", amount]]));
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(submission.value.assets.at(-1)).toEqual({ key: "custom_boat", name: "Boat", amount: cents });
  });

  test.each(["abc", "-5", "12.345", "1e3", "1,000", "$12", "NaN"])("the amount %j is refused beside its field", (amount) => {
    expect(errorsOf(assetsForm(NET_WORTH_INTENTS.saveAssets, [...defaultRows(), ["custom_boat", "Boat", amount]]))).toEqual({
      "assets[6].amount": [ASSET_MESSAGES.amountInvalid],
    });
  });

  test("more than $999,999,999,999.99 is too large", () => {
    expect(errorsOf(assetsForm(NET_WORTH_INTENTS.saveAssets, [...defaultRows(), ["custom_boat", "Boat", "1000000000000"]]))).toEqual({
      "assets[6].amount": [ASSET_MESSAGES.amountTooLarge],
    });
  });

  test("typing, before any button is pressed, is checked as Save", () => {
    expect(errorsOf(assetsForm(null, defaultRows("abc")))).toMatchObject({ "assets[0].amount": [ASSET_MESSAGES.amountInvalid] });
  });
});

describe("Add Asset", () => {
  test("checks the new name against the draft, not the amounts", () => {
    const rows: Rows = [...defaultRows("abc"), ["custom_boat", "Boat", "3"]];
    expect(parseAssetsForm(assetsForm(NET_WORTH_INTENTS.addAsset, rows, "Car")).status).toBe("success");
    expect(errorsOf(assetsForm(NET_WORTH_INTENTS.addAsset, rows, ""))).toEqual({ newAssetName: [ASSET_MESSAGES.nameRequired] });
    expect(errorsOf(assetsForm(NET_WORTH_INTENTS.addAsset, rows, " BOAT"))).toEqual({ newAssetName: [ASSET_MESSAGES.duplicate] });
  });
});

describe("Remove", () => {
  test("names a custom asset of the draft", () => {
    const submission = parseAssetsForm(assetsForm(removeAssetIntent("custom_boat"), [...defaultRows(), ["custom_boat", "Boat", "abc"]]));
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(submission.value).toMatchObject({ intent: NET_WORTH_INTENTS.removeAsset, removeKey: "custom_boat" });
  });

  test("a default, or an asset the draft does not hold, is refused for the whole form", () => {
    expect(errorsOf(assetsForm(removeAssetIntent("cash"), defaultRows()))).toEqual({ "": [ASSET_MESSAGES.defaultNotRemovable] });
    expect(errorsOf(assetsForm(removeAssetIntent("custom_boat"), defaultRows()))).toEqual({ "": [ASSET_MESSAGES.listTampered] });
  });
});

test.each([NET_WORTH_INTENTS.saveAssets, NET_WORTH_INTENTS.addAsset, removeAssetIntent("custom_boat")])("%s refuses a list the page could not have sent", (intent) => {
  const forged: Rows = [...defaultRows().slice(1), ["custom_boat", "Boat", "1"]];
  expect(errorsOf(assetsForm(intent, forged, "Car"))).toEqual({ "": [ASSET_MESSAGES.listTampered] });
});

describe("the monthly income", () => {
  const income = (monthlyIncome: string) => {
    const body = new FormData();
    body.append("intent", NET_WORTH_INTENTS.setIncome);
    body.append("monthlyIncome", monthlyIncome);
    return parseIncomeForm(body);
  };

  test.each([
    ["5250.50", 525050],
    ["", 0],
    [" ", 0],
    ["999999999.99", 99_999_999_999],
  ])("%j is %i cents", (typed, cents) => {
    expect(income(typed)).toMatchObject({ status: "success", value: { monthlyIncome: cents } });
  });

  test.each([
    ["abc", INCOME_MESSAGES.invalid],
    ["-1", INCOME_MESSAGES.invalid],
    ["10.001", INCOME_MESSAGES.invalid],
    ["1000000000", INCOME_MESSAGES.tooLarge],
  ])("%j is refused: %s", (typed, message) => {
    expect(income(typed)).toMatchObject({ status: "error", error: { monthlyIncome: [message] } });
  });
});
