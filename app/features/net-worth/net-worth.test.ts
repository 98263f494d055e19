import { describe, expect, test } from "vitest";
import type { Cents } from "~/lib/money";
import { debtToIncomeBand, debtToIncomeRatio, DTI_GUIDELINES, financialMetrics, formatRatio } from "./net-worth";

const cents = (value: number) => value as Cents;

describe("debt-to-income bands (spec §5)", () => {
  test.each([
    [0, "Excellent"],
    [12.5, "Excellent"],
    [20, "Excellent"],
    [20.01, "Good"],
    [36, "Good"],
    [36.01, "High Risk"],
    [150, "High Risk"],
  ])("%d%% is %s", (ratio, band) => {
    expect(debtToIncomeBand(ratio)).toBe(band);
  });

  test("no income, no band", () => {
    expect(debtToIncomeBand(null)).toBeNull();
  });

  test("the guideline card's text", () => {
    expect(DTI_GUIDELINES.map(({ range, band }) => `${range}: ${band}`)).toEqual(["0-20%: Excellent", "21-36%: Good", "Above 36%: High Risk"]);
  });
});

describe("debt-to-income ratio", () => {
  test("payments over income × 100, to 2 decimals (half up)", () => {
    expect(debtToIncomeRatio(cents(2000_00), cents(10000_00))).toBe(20);
    expect(debtToIncomeRatio(cents(2001_00), cents(10000_00))).toBe(20.01);
    expect(debtToIncomeRatio(cents(1), cents(3))).toBe(33.33);
    expect(debtToIncomeRatio(cents(2), cents(3))).toBe(66.67);
    expect(debtToIncomeRatio(cents(0), cents(500000))).toBe(0);
  });

  test("the band is read from the ratio as shown: 20.004% shows as 20% and is Excellent", () => {
    const ratio = debtToIncomeRatio(cents(20004), cents(100000));
    expect(ratio).toBe(20);
    expect(debtToIncomeBand(ratio)).toBe("Excellent");
  });

  test("zero income gives no ratio, whatever the payments", () => {
    expect(debtToIncomeRatio(cents(50000), cents(0))).toBeNull();
    expect(debtToIncomeRatio(cents(0), cents(0))).toBeNull();
  });

  test("is shown with up to 2 decimals", () => {
    expect(formatRatio(20)).toBe("20%");
    expect(formatRatio(20.5)).toBe("20.5%");
    expect(formatRatio(33.33)).toBe("33.33%");
  });
});

describe("financial metrics", () => {
  test("net worth = total assets − total debts", () => {
    expect(
      financialMetrics({
        totalAssets: cents(750050),
        totalDebts: cents(300000),
        totalMonthlyDebtPayments: cents(30000),
        monthlyIncome: cents(500000),
      }),
    ).toEqual({
      netWorth: 450050,
      totalAssets: 750050,
      totalDebts: 300000,
      debtToIncomeRatio: 6,
      monthlyIncome: 500000,
      totalMonthlyDebtPayments: 30000,
    });
  });

  test("net worth goes negative when debts exceed assets", () => {
    const metrics = financialMetrics({ totalAssets: cents(1000), totalDebts: cents(2500050), totalMonthlyDebtPayments: cents(0), monthlyIncome: cents(0) });
    expect(metrics.netWorth).toBe(-2499050);
    expect(metrics.debtToIncomeRatio).toBeNull();
  });

  test("no assets and no debts is zero", () => {
    expect(financialMetrics({ totalAssets: cents(0), totalDebts: cents(0), totalMonthlyDebtPayments: cents(0), monthlyIncome: cents(100) })).toMatchObject({
      netWorth: 0,
      totalAssets: 0,
      debtToIncomeRatio: 0,
    });
  });
});
