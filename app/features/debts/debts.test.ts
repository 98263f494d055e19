import { describe, expect, test } from "vitest";
import { accountChoiceLabel, balanceWeightedRate, DEBT_MESSAGES, debtStatistics, linkableAccounts, linkedPaymentLabel, linkRefusal, payFromAccounts, type DebtAccount } from "./debts";
import { toCents } from "~/lib/money";

const MAIN: DebtAccount = { id: "a0", name: "Main account", kind: "checking", closed: false };
const VISA: DebtAccount = { id: "a1", name: "Visa", kind: "credit_card", closed: false };
const CAR: DebtAccount = { id: "a2", name: "Car loan", kind: "loan", closed: false };
const OLD_CARD: DebtAccount = { id: "a3", name: "Old card", kind: "credit_card", closed: true };
const SAVINGS: DebtAccount = { id: "a4", name: "Savings", kind: "savings", closed: false };
const WALLET: DebtAccount = { id: "a5", name: "PayPal", kind: "other", closed: false };
const ACCOUNTS = [MAIN, VISA, CAR, OLD_CARD, SAVINGS, WALLET];

const visaDebt = { id: "d1", name: "Visa debt", accountId: VISA.id };
const oldCardDebt = { id: "d2", name: "Old card debt", accountId: OLD_CARD.id };
const unlinked = { id: "d3", name: "Student loan", accountId: null };

describe("the accounts a debt may be linked to", () => {
  test.each([
    ["a new debt: the open card and loan accounts not linked to a debt", [visaDebt], null, [CAR]],
    ["a new debt when no debt is linked: every open card and loan account", [unlinked], null, [VISA, CAR]],
    ["a linked debt: its own account, and the others free", [visaDebt, unlinked], visaDebt, [VISA, CAR]],
    ["a debt linked to a closed account keeps it on offer", [oldCardDebt], oldCardDebt, [VISA, CAR, OLD_CARD]],
    ["an unlinked debt: never a closed account", [oldCardDebt, unlinked], unlinked, [VISA, CAR]],
  ])("%s", (_, debts, debt, offered) => {
    expect(linkableAccounts(ACCOUNTS, debts, debt)).toEqual(offered);
  });

  test.each([
    ["a debt may stay unlinked", null, null, null],
    ["a new debt may take a free loan account", CAR.id, null, null],
    ["an unlinked debt may take a free loan account", CAR.id, unlinked, null],
    ["a linked debt keeps its account", VISA.id, visaDebt, null],
    ["no account takes two debts", VISA.id, unlinked, DEBT_MESSAGES.accountTaken("Visa debt")],
    ["a checking account is no debt", MAIN.id, null, DEBT_MESSAGES.accountInvalid],
    ["a savings account is no debt", SAVINGS.id, null, DEBT_MESSAGES.accountInvalid],
    ["an account of kind other may hold money: no debt", WALLET.id, null, DEBT_MESSAGES.accountInvalid],
    ["a closed card takes no new debt", OLD_CARD.id, unlinked, DEBT_MESSAGES.accountInvalid],
    ["another user's account is not offered", "ffffffffffffffffffffffff", null, DEBT_MESSAGES.accountInvalid],
  ])("%s", (_, accountId, debt, refusal) => {
    expect(linkRefusal(accountId, ACCOUNTS, [visaDebt, unlinked], debt)).toBe(refusal);
  });
});

describe("paying a debt", () => {
  test("comes from any open account but the debt's own, the main account first", () => {
    expect(payFromAccounts(ACCOUNTS, visaDebt)).toEqual([MAIN, CAR, SAVINGS, WALLET]);
    expect(payFromAccounts(ACCOUNTS, unlinked)).toEqual([MAIN, VISA, CAR, SAVINGS, WALLET]);
  });

  test.each([
    ["the tracker's payment by its description", { source: "debt", description: "Manual payment via debt tracker", fromAccountName: "Main account" }, "Manual payment via debt tracker"],
    ["a transfer by the account it came from", { source: "manual", description: " Card payment ", fromAccountName: "Main account" }, "Transfer from Main account: Card payment"],
    ["a transfer without a description", { source: "manual", description: "", fromAccountName: "Savings" }, "Transfer from Savings"],
    ["other money in as a payment via a transaction", { source: "plaid", description: "Refund", fromAccountName: null }, "Payment via transaction: Refund"],
  ])("a linked debt's history names %s", (_, payment, label) => {
    expect(linkedPaymentLabel(payment)).toBe(label);
  });
});

test("an account is offered by its name and kind, closed ones said so", () => {
  expect(accountChoiceLabel(VISA)).toBe("Visa (Credit card)");
  expect(accountChoiceLabel(OLD_CARD)).toBe("Old card (Credit card, closed)");
});

describe("the average interest rate is weighted by balance (decision 220)", () => {
  const mortgage = { currentBalance: toCents(25_000_000), aprBasisPoints: 375, minimumPayment: toCents(120_000) };
  const card = { currentBalance: toCents(80_000), aprBasisPoints: 2400, minimumPayment: toCents(2_500) };

  test("a $250,000 mortgage at 3.75% and an $800 card at 24% cost 3.81% together, not 13.88%", () => {
    // (250,000 × 3.75 + 800 × 24) / 250,800 = 3.8146…
    expect(balanceWeightedRate([mortgage, card])).toBeCloseTo(3.8146, 4);
    expect(balanceWeightedRate([mortgage, card]).toFixed(2)).toBe("3.81");
    expect(debtStatistics([mortgage, card]).averageInterestRate.toFixed(2)).toBe("3.81");
  });

  test("equal balances give the plain mean; one debt gives its own rate", () => {
    expect(balanceWeightedRate([{ ...mortgage, currentBalance: card.currentBalance }, card])).toBeCloseTo(13.875, 10);
    expect(balanceWeightedRate([card])).toBe(24);
  });

  test("a debt paid off or overpaid weighs nothing; nothing owed is 0", () => {
    expect(balanceWeightedRate([card, { ...mortgage, currentBalance: toCents(-500) }])).toBe(24);
    expect(balanceWeightedRate([{ ...card, currentBalance: toCents(0) }])).toBe(0);
    expect(balanceWeightedRate([])).toBe(0);
  });
});
