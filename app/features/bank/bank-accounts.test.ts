import { describe, expect, test } from "vitest";
import { ACCOUNT_NAME_MAX_LENGTH } from "~/features/accounts/accounts";
import { accountKindOf, balanceFromPlaid, bankAccountName, freeAccountName, openingBalanceFor } from "./bank-accounts";
import { toCents } from "~/lib/money";

describe("the kind of a Plaid account", () => {
  test.each([
    ["depository", "checking", "checking"],
    ["depository", "savings", "savings"],
    ["depository", "money market", "savings"],
    ["depository", "cd", "savings"],
    ["depository", "prepaid", "other"],
    ["credit", "credit card", "credit_card"],
    ["credit", "paypal", "credit_card"],
    ["loan", "mortgage", "loan"],
    ["loan", "student", "loan"],
    ["loan", "auto", "loan"],
    ["investment", "brokerage", "investment"],
    ["brokerage", "", "investment"],
    ["other", "", "other"],
  ])("%s / %s is %s", (type, subtype, kind) => {
    expect(accountKindOf(type, subtype)).toBe(kind);
  });
});

describe("names", () => {
  test("the bank, the account and its mask; a name that already starts with the bank does not repeat it", () => {
    expect(bankAccountName("Chase", "Total Checking", "0000")).toBe("Chase Total Checking ••0000");
    expect(bankAccountName("Chase", "Chase Sapphire", null)).toBe("Chase Sapphire");
  });

  test("a long name is cut, keeping the mask", () => {
    const name = bankAccountName("First Platypus Bank", "A very long account name that goes on and on and on", "1234");
    expect(name).toHaveLength(ACCOUNT_NAME_MAX_LENGTH);
    expect(name.endsWith(" ••1234")).toBe(true);
  });

  test("a taken name gets the first free number, whatever the case", () => {
    expect(freeAccountName("Visa ••1111", ["Main account"])).toBe("Visa ••1111");
    expect(freeAccountName("Visa ••1111", ["visa ••1111", "Visa ••1111 (2)"])).toBe("Visa ••1111 (3)");
  });
});

describe("balances from Plaid", () => {
  test("money held is positive; what a card or loan is owed is negative", () => {
    expect(balanceFromPlaid("checking", 110, "USD")).toBe(11000);
    expect(balanceFromPlaid("credit_card", 410.1, "USD")).toBe(-41010);
    expect(balanceFromPlaid("loan", 0, "USD")).toBe(0);
  });

  test("in minor units of the account's currency", () => {
    expect(balanceFromPlaid("checking", 123456, "JPY")).toBe(123456);
    expect(balanceFromPlaid("credit_card", 1.234, "KWD")).toBe(-1234);
  });

  test("the opening balance is what the transactions leave over", () => {
    expect(openingBalanceFor(toCents(-41000), -19319)).toBe(-21681);
  });
});
