import { describe, expect, test } from "vitest";
import { toCents } from "~/lib/money";
import { defaultAssetEntries } from "./assets";
import { balanceSheet, type SheetAccount } from "./balance-sheet";

const typed = (amounts: Record<string, number>) => defaultAssetEntries().map((entry) => ({ ...entry, amount: toCents(amounts[entry.key] ?? 0) }));
const account = (name: string, kind: SheetAccount["kind"], balance: number): SheetAccount => ({ id: name.toLowerCase(), name, kind, balance: toCents(balance) });

describe("net worth from the accounts (issue 26 item 5)", () => {
  test("net worth = asset accounts − liability accounts + the typed assets no account covers", () => {
    const sheet = balanceSheet({
      entries: typed({ realEstate: 30_000_000, vehicles: 1_200_000 }),
      sources: {},
      accounts: [account("Main account", "checking", 250_050), account("Rainy day", "savings", 500_000), account("Visa", "credit_card", -45_099), account("Car loan", "loan", -800_000)],
      debts: [],
    });
    expect(sheet.totalAssets).toBe(250_050 + 500_000 + 30_000_000 + 1_200_000);
    expect(sheet.totalDebts).toBe(45_099 + 800_000);
    expect(sheet.netWorth).toBe(250_050 + 500_000 + 30_000_000 + 1_200_000 - 45_099 - 800_000);
    expect(sheet.assetLines.find((line) => line.key === "cash")).toMatchObject({ source: "accounts", covering: { names: ["Main account"], total: 250_050 } });
    expect(sheet.assetLines.find((line) => line.key === "realEstate")).toMatchObject({ source: "typed", covering: null });
    expect(sheet.accountLines.every((line) => line.counted)).toBe(true);
  });

  test("a debt linked to its account counts once, through the account; a debt without one counts what it owes", () => {
    const sheet = balanceSheet({
      entries: typed({}),
      sources: {},
      accounts: [account("Visa", "credit_card", -120_000)],
      debts: [
        { currentBalance: toCents(120_000), accountId: "visa" },
        { currentBalance: toCents(900_000), accountId: null },
        { currentBalance: toCents(-500), accountId: null },
      ],
    });
    expect(sheet.unlinkedDebts).toBe(900_000);
    expect(sheet.totalDebts).toBe(1_020_000);
    expect(sheet.netWorth).toBe(-1_020_000);
  });

  test("a typed amount beside accounts that cover it is asked about: until answered the typed amount counts and the accounts do not", () => {
    const accounts = [account("Main account", "checking", 248_750), account("Wallet", "cash", 4_000)];
    const asked = balanceSheet({ entries: typed({ cash: 500_000 }), sources: {}, accounts, debts: [] });
    expect(asked.assetLines[0]).toMatchObject({ key: "cash", source: "ask", typed: 500_000, covering: { names: ["Main account", "Wallet"], total: 252_750 } });
    expect(asked.accountLines.map((line) => line.counted)).toEqual([false, false]);
    expect(asked.totalAssets).toBe(500_000);

    const accountsCount = balanceSheet({ entries: typed({ cash: 500_000 }), sources: { cash: "accounts" }, accounts, debts: [] });
    expect(accountsCount.totalAssets).toBe(252_750);
    expect(accountsCount.accountLines.map((line) => line.counted)).toEqual([true, true]);

    const typedCounts = balanceSheet({ entries: typed({ cash: 500_000 }), sources: { cash: "typed" }, accounts, debts: [] });
    expect(typedCounts.assetLines[0].source).toBe("typed");
    expect(typedCounts.totalAssets).toBe(500_000);
  });

  test("each covered asset is answered on its own; a choice of accounts with no account left falls back to the typed amount", () => {
    const sheet = balanceSheet({
      entries: typed({ cash: 100_000, savings: 200_000, investments: 300_000 }),
      sources: { savings: "accounts", investments: "accounts" },
      accounts: [account("Main account", "checking", 10_000), account("Rainy day", "savings", 50_000)],
      debts: [],
    });
    expect(sheet.assetLines.slice(0, 3).map((line) => line.source)).toEqual(["ask", "accounts", "typed"]);
    expect(sheet.totalAssets).toBe(100_000 + 50_000 + 300_000);
  });

  test("an overdrawn account counts among the debts; an account no typed asset stands for is listed as another account", () => {
    const sheet = balanceSheet({
      entries: typed({}),
      sources: {},
      accounts: [account("Main account", "checking", -2_500), account("PayPal", "other", 7_000), account("Visa", "credit_card", 1_000)],
      debts: [],
    });
    expect(sheet.assetLines[0].covering).toEqual({ names: ["Main account"], total: 0 });
    expect(sheet.otherAccounts).toEqual({ names: ["PayPal", "Visa"], total: 8_000 });
    expect(sheet.totalAssets).toBe(8_000);
    expect(sheet.totalDebts).toBe(2_500);
    expect(sheet.netWorth).toBe(5_500);
  });
});
