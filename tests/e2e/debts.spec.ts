import type { Locator, Page } from "@playwright/test";
import { addTransaction, expect, nextPost, premiumLogin, refusedByServer, seedAccount, test, type TestUser } from "./fixtures";

/*
 * Hand-computed plans. Interest each month is balance × APR / 12, rounded to
 * the cent (half up); the month's payment comes after the interest. Month 1
 * of every plan is NEXT month, so month n ends n months after the current one.
 *
 * One debt "Visa": $1,000.00 at 12% APR (1% a month), minimum $100.00.
 *   Extra $0 (pays $100.00 a month):
 *     month  interest  balance after paying
 *       1     10.00     1010.00 − 100 = 910.00
 *       2      9.10      919.10 − 100 = 819.10
 *       3      8.19      827.29 − 100 = 727.29   (8.191)
 *       4      7.27      734.56 − 100 = 634.56   (7.2729)
 *       5      6.35      640.91 − 100 = 540.91   (6.3456)
 *       6      5.41      546.32 − 100 = 446.32   (5.4091)
 *       7      4.46      450.78 − 100 = 350.78   (4.4632)
 *       8      3.51      354.29 − 100 = 254.29   (3.5078)
 *       9      2.54      256.83 − 100 = 156.83   (2.5429)
 *      10      1.57      158.40 − 100 =  58.40   (1.5683)
 *      11      0.58       58.98 − 58.98 =  0     (0.584)
 *     → 11 months, total interest 10.00+9.10+8.19+7.27+6.35+5.41+4.46+3.51+2.54+1.57+0.58 = $58.98.
 *     Minimums only is the same schedule, so the interest saved is $0.00.
 *   Extra $500 (the default; pays $600.00 a month):
 *       1     10.00     1010.00 − 600 = 410.00
 *       2      4.10      414.10 − 414.10 = 0
 *     → 2 months, interest $14.10, saved vs minimums 58.98 − 14.10 = $44.88.
 *   The card's Payoff Date at the minimum: −ln(1 − 1000×0.01/100)/ln(1.01) = 10.59 → 11 months.
 *
 * Two debts, extra $100.00 (pays 30 + 30 + 100 = $160.00 a month):
 *   "Visa" $600.00 at 24% (2% a month), minimum $30.00
 *   "Loan" $300.00 at  6% (0.5% a month), minimum $30.00
 *   Avalanche (highest rate first: Visa, then Loan):
 *     m  Visa int  Visa after (30 min + rest)     Loan int  Loan after (30 min + rest)
 *     1   12.00    612.00 − 30 − 100 = 482.00       1.50    301.50 − 30 = 271.50
 *     2    9.64    491.64 − 130     = 361.64        1.36    272.86 − 30 = 242.86  (1.3575)
 *     3    7.23    368.87 − 130     = 238.87        1.21    244.07 − 30 = 214.07  (7.2328, 1.2143)
 *     4    4.78    243.65 − 130     = 113.65        1.07    215.14 − 30 = 185.14  (4.7774, 1.07035)
 *     5    2.27    115.92 − 115.92  =   0           0.93    186.07 − 30 − 14.08 = 141.99
 *     6    —                                        0.71    142.70 − 142.70 = 0   (0.70995)
 *     → 6 months, Visa paid off in month 5, Loan in month 6;
 *       interest 35.92 (Visa) + 6.78 (Loan) = $42.70; month 6 pays $142.70.
 *   Snowball (smallest balance first: Loan, then Visa):
 *     m  Loan int  Loan after                       Visa int  Visa after
 *     1    1.50    301.50 − 30 − 100 = 171.50      12.00    612.00 − 30 = 582.00
 *     2    0.86    172.36 − 130 = 42.36  (0.8575)  11.64    593.64 − 30 = 563.64
 *     3    0.21     42.57 − 42.57 = 0    (0.2118)  11.27    574.91 − 30 − 87.43 = 457.48  (11.2728)
 *     4    —                                        9.15    466.63 − 130 = 306.63  (9.1496)
 *     5    —                                        6.13    312.76 − 130 = 152.76  (6.1326)
 *     6    —                                        3.06    155.82 − 155.82 = 0    (3.0552)
 *     → 6 months, Loan paid off in month 3, Visa in month 6;
 *       interest 2.57 (Loan) + 53.25 (Visa) = $55.82: avalanche saves $13.12.
 *   Minimums only (each debt its own $30.00, nothing rolls over):
 *     Loan interest 1.50, 1.36, 1.21, 1.07, 0.93, 0.78, 0.63, 0.49, 0.34, 0.19, 0.04 = 8.54 (paid off in month 11);
 *     Visa interest 12.00, 11.64, 11.27, 10.90, 10.52, 10.13, 9.73, 9.32, 8.91, 8.49, 8.06, 7.62, 7.17,
 *       6.72, 6.25, 5.77, 5.29, 4.80, 4.29, 3.78, 3.25, 2.72, 2.17, 1.62, 1.05, 0.47 = 173.94 (month 26);
 *     → 26 months, $182.48: avalanche saves 182.48 − 42.70 = $139.78, snowball 182.48 − 55.82 = $126.66.
 */

type SeededDebt = {
  name: string;
  totalAmount: number;
  currentBalance: number;
  aprBasisPoints: number;
  minimumPayment: number;
  /** A card or loan account the debt is linked to: it then owes what the account owes. */
  accountId?: string;
};

const VISA_1000: SeededDebt = {
  name: "Visa",
  totalAmount: 100000,
  currentBalance: 100000,
  aprBasisPoints: 1200,
  minimumPayment: 10000,
};
const VISA_600: SeededDebt = {
  name: "Visa",
  totalAmount: 60000,
  currentBalance: 60000,
  aprBasisPoints: 2400,
  minimumPayment: 3000,
};
const LOAN_300: SeededDebt = {
  name: "Loan",
  totalAmount: 30000,
  currentBalance: 30000,
  aprBasisPoints: 600,
  minimumPayment: 3000,
};


/** A debt added through the app's debts feature (which also writes its spending category). */
async function seedDebt(user: TestUser, debt: SeededDebt) {
  const { addDebt } = await import("~/features/debts/debts.server");
  const added = await addDebt(user.id, {
    type: "credit_card",
    dueDate: null,
    priority: "medium",
    description: "",
    ...debt,
  } as Parameters<typeof addDebt>[1]);
  if (!added.ok) throw new Error(added.message);
  return added.debt;
}

/** The user's debt as the app reads it (what is owed follows from its payments). */
async function storedDebt(user: TestUser, debtId: string) {
  const { getDebt } = await import("~/features/debts/debts.server");
  return getDebt(user.id, debtId);
}

/** "March 2027": the month `months` calendar months after the current one. */
function monthFromNow(months: number) {
  const now = new Date();
  return new Date(
    now.getFullYear(),
    now.getMonth() + months,
    1
  ).toLocaleDateString("en-US", { month: "long", year: "numeric" });
}

/** "2027-02": the key of the month `months` calendar months after the current one. */
function monthKeyFromNow(months: number) {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() + months, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(
    2,
    "0"
  )}`;
}

function todayIso() {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(
    now.getDate()
  )}`;
}

function debtCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

/** The value (dd) that follows a term (dt) in a description list. */
function described(scope: Page | Locator, term: string) {
  return scope.locator(
    `xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`
  );
}

/** The figure of one of the layout's summary cards (Total Debts, Monthly Payments). */
function summary(page: Page, label: string) {
  return page
    .getByLabel("Debt summary")
    .locator(
      `xpath=.//p[normalize-space()="${label}"]/following-sibling::p[1]`
    );
}


function scheduleRows(page: Page) {
  return page
    .getByRole("region", { name: "Month-by-month schedule" })
    .locator("tbody tr");
}

test.describe("debt management", () => {
  test("a free user sees the locked screen and the dashboard's premium promotion", async ({
    page,
    login,
    app,
  }) => {
    const user = await login();
    await page.goto("/debt-management");
    await expect(
      page.getByRole("heading", { name: "Debt Management Locked" })
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Debt management", exact: true })
    ).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Add New Debt" })
    ).toHaveCount(0);
    await page.getByRole("link", { name: "Unlock Debt Management" }).click();
    await expect(page).toHaveURL("/manage-subscription");

    await page.goto("/dashboard");
    const promotion = page.getByRole("region", { name: "Premium Feature" });
    await expect(promotion).toBeVisible();
    await expect(
      promotion.getByRole("link", { name: "Upgrade to Premium" })
    ).toHaveAttribute("href", "/manage-subscription");
    await expect(
      page.getByRole("region", { name: "Debts", exact: true })
    ).toHaveCount(0);

    // The calculator's tab is locked the same way; a debt posted anyway is not stored, and the answer is the locked screen.
    await page.goto("/debt-management/calculator");
    await expect(
      page.getByRole("heading", { name: "Debt Management Locked" })
    ).toBeVisible();
    const forged = await page.request.post("/debt-management?index", {
      form: {
        intent: "add",
        name: "Visa",
        type: "credit_card",
        totalAmount: "1000",
        currentBalance: "1000",
        interestRate: "12",
        minimumPayment: "100",
        priority: "medium",
      },
      headers: { Origin: app.state.appUrl },
    });
    expect(new URL(forged.url()).pathname).toBe("/debt-management");
    expect(await forged.text()).toContain("Debt Management Locked");
    expect(await app.models.Debt.countDocuments({ userId: user.id })).toBe(0);
  });

  test("adds a debt after the form refuses invalid values", async ({
    page,
    login,
    app,
    javaScriptEnabled,
  }) => {
    const user = await premiumLogin(login, app);
    await page.goto("/debt-management");
    const tabs = page.getByRole("navigation", {
      name: "Debt management",
      exact: true,
    });
    await expect(tabs.getByRole("link")).toHaveText([
      "Overview",
      "Calculator",
      "Strategies",
      "Your Money Picture",
    ]);
    await expect(
      page.getByRole("heading", { name: "No debts added yet" })
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Add Your First Debt" })
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Add New Debt" })
    ).toBeVisible();
    await expect(page.getByLabel("Debt Type")).toHaveValue("credit_card");
    await expect(page.getByLabel("Debt Type").getByRole("option")).toHaveText([
      "Credit Card",
      "Personal Loan",
      "Mortgage",
      "Student Loan",
      "Car Loan",
      "Other",
    ]);
    await expect(page.getByText("Total Debts")).toHaveCount(0);

    await page.getByLabel("Debt Name").fill("   ");
    await page.getByLabel("Total Amount", { exact: true }).fill("0");
    await page.getByLabel("Current Balance", { exact: true }).fill("50");
    await page.getByLabel("Interest Rate (APR %)").fill("150");
    await page.getByLabel("Minimum Payment", { exact: true }).fill("0");
    let answer = refusedByServer(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Add Debt" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(page.getByText("Debt name is required")).toBeVisible();
    await expect(
      page.getByText("Total amount must be greater than 0")
    ).toBeVisible();
    await expect(
      page.getByText("Interest rate must be between 0 and 100")
    ).toBeVisible();
    await expect(
      page.getByText("Minimum payment must be greater than 0")
    ).toBeVisible();
    await expect(page.getByLabel("Debt Name")).toHaveAttribute(
      "aria-invalid",
      "true"
    );
    await expect(page.getByLabel("Debt Name")).toHaveAccessibleDescription("Debt name is required");
    if (javaScriptEnabled) await expect(page.getByLabel("Debt Name")).toBeFocused();
    // What was typed is kept.
    await expect(page.getByLabel("Interest Rate (APR %)")).toHaveValue("150");

    await page.getByLabel("Debt Name").fill("Car loan");
    await page.getByLabel("Debt Type").selectOption({ label: "Personal Loan" });
    await page.getByLabel("Total Amount", { exact: true }).fill("1200");
    await page.getByLabel("Current Balance", { exact: true }).fill("1300");
    await page.getByLabel("Interest Rate (APR %)").fill("12");
    await page.getByLabel("Minimum Payment", { exact: true }).fill("100");
    answer = refusedByServer(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Add Debt" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(
      page.getByText("Current balance cannot be greater than total amount")
    ).toBeVisible();
    await expect(page.getByText("Debt name is required")).toBeHidden();
    expect(await app.models.Debt.countDocuments({ userId: user.id })).toBe(0);

    await page.getByLabel("Current Balance", { exact: true }).fill("1000");
    await page.getByLabel("Due Date (optional)").fill("2026-12-15");
    await page.getByLabel("Priority").selectOption({ label: "High" });
    await page.getByLabel("Description (optional)").fill("Bought in 2024");
    await page.getByRole("button", { name: "Add Debt" }).click();
    await expect(page.getByText("Debt added successfully")).toBeVisible();
    const added = await app.models.Debt.findOne({ userId: user.id }).lean();
    // Back on the overview at the new debt's card.
    await expect(page).toHaveURL(`/debt-management#debt-${String(added?._id)}`);

    const card = debtCard(page, "Car loan");
    await expect(card).toContainText("Personal Loan");
    await expect(card).toContainText("High priority");
    await expect(card).toContainText("Bought in 2024");
    await expect(described(card, "Current Balance")).toHaveText("$1,000.00");
    await expect(described(card, "Total Amount")).toHaveText("$1,200.00");
    await expect(described(card, "Interest Rate")).toHaveText("12.00%");
    await expect(described(card, "Minimum Payment")).toHaveText("$100.00");
    await expect(described(card, "Due Date")).toHaveText("2026-12-15");
    // $1,000 at 1% a month paying $100: 10.59 → 11 months.
    await expect(described(card, "Payoff Date")).toHaveText(
      `${monthFromNow(11)} (11 months)`
    );
    // (1200 − 1000) / 1200 = 16.67 %.
    await expect(card.getByText("16.7% paid")).toBeVisible();
    await expect(summary(page, "Total Debts")).toHaveText("$1,000.00");
    await expect(summary(page, "Monthly Payments")).toHaveText("$100.00");
    await expect(summary(page, "Average Interest Rate")).toHaveText("12.00%");
    await expect(
      page.getByRole("heading", { name: "No debts added yet" })
    ).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Add New Debt" })
    ).toHaveCount(0);
    for (const link of ["Pay", "History", "Edit", "Delete"])
      await expect(
        card.getByRole("link", { name: link, exact: true })
      ).toBeVisible();

    const stored = await app.models.Debt.find({ userId: user.id }).lean<
      Array<Record<string, unknown>>
    >();
    expect(stored).toMatchObject([
      {
        name: "Car loan",
        type: "loan",
        totalAmount: 120000,
        balanceBeforePayments: 100000,
        aprBasisPoints: 1200,
        minimumPayment: 10000,
        dueDate: "2026-12-15",
        priority: "high",
        description: "Bought in 2024",
      },
    ]);
    const owner = await app.models.User.findById(user.id).lean<{
      categories: Record<string, { name: string; type: string }>;
    }>();
    expect(owner?.categories[`debt_${String(stored[0]._id)}`]).toMatchObject({
      name: "💳 Car loan",
      type: "expense",
    });

    // A second debt is added from the 'Add Debt' link; the summary adds both up.
    await page.getByRole("link", { name: "Add Debt", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Add New Debt" })
    ).toBeVisible();
    await page.getByLabel("Debt Name").fill("Store card");
    await page.getByLabel("Total Amount", { exact: true }).fill("250.50");
    await page.getByLabel("Current Balance", { exact: true }).fill("250.50");
    await page.getByLabel("Interest Rate (APR %)").fill("0");
    await page.getByLabel("Minimum Payment", { exact: true }).fill("25");
    await page.getByRole("button", { name: "Add Debt" }).click();
    await expect(page.getByText("Debt added successfully")).toBeVisible();
    // Newest first.
    await expect(
      page.getByRole("region", { name: "Your debts" }).getByRole("article")
    ).toHaveCount(2);
    await expect(
      page
        .getByRole("region", { name: "Your debts" })
        .getByRole("heading", { level: 3 })
    ).toHaveText(["Store card", "Car loan"]);
    // 0% APR: ceil(250.50 / 25) = 11 months.
    await expect(
      described(debtCard(page, "Store card"), "Payoff Date")
    ).toHaveText(`${monthFromNow(11)} (11 months)`);
    await expect(
      debtCard(page, "Store card").getByText("0.0% paid")
    ).toBeVisible();
    await expect(summary(page, "Total Debts")).toHaveText("$1,250.50");
    await expect(summary(page, "Monthly Payments")).toHaveText("$125.00");
  });

  test("edits a debt, then deletes it after confirming", async ({
    page,
    login,
    app,
    javaScriptEnabled,
  }) => {
    const user = await premiumLogin(login, app);
    const debt = await seedDebt(user, VISA_1000);
    await page.goto("/debt-management");
    const card = debtCard(page, "Visa");
    await card.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Edit Debt" })
    ).toBeVisible();
    await expect(page.getByLabel("Debt Name")).toHaveValue("Visa");
    await expect(page.getByLabel("Total Amount", { exact: true })).toHaveValue(
      "1000.00"
    );
    await expect(
      page.getByLabel("Current Balance", { exact: true })
    ).toHaveValue("1000.00");
    await expect(page.getByLabel("Interest Rate (APR %)")).toHaveValue("12.00");
    await expect(
      page.getByLabel("Minimum Payment", { exact: true })
    ).toHaveValue("100.00");

    // A refused update keeps the form open with the message and changes nothing.
    await page.getByLabel("Current Balance", { exact: true }).fill("1000.01");
    const answer = refusedByServer(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Update Debt" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(
      page.getByText("Current balance cannot be greater than total amount")
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Edit Debt" })
    ).toBeVisible();
    expect((await storedDebt(user, debt.id))?.currentBalance).toBe(100000);

    await page.getByLabel("Debt Name").fill("Visa Platinum");
    await page.getByLabel("Current Balance", { exact: true }).fill("1000");
    // $10.00 a month only covers the $10.00 interest: the debt is never paid off.
    await page.getByLabel("Minimum Payment", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Update Debt" }).click();
    await expect(page.getByText("Debt updated successfully")).toBeVisible();
    await expect(page).toHaveURL(`/debt-management#debt-${debt.id}`);
    await expect(page.getByRole("heading", { name: "Edit Debt" })).toHaveCount(
      0
    );
    const renamed = debtCard(page, "Visa Platinum");
    await expect(described(renamed, "Minimum Payment")).toHaveText("$10.00");
    await expect(described(renamed, "Payoff Date")).toHaveText(
      "Never (payment too low)"
    );
    await expect(summary(page, "Monthly Payments")).toHaveText("$10.00");
    expect(await storedDebt(user, debt.id)).toMatchObject({
      name: "Visa Platinum",
      minimumPayment: 1000,
      currentBalance: 100000,
    });
    const owner = await app.models.User.findById(user.id).lean<{
      categories: Record<string, { name: string }>;
    }>();
    expect(owner?.categories[`debt_${debt.id}`].name).toBe("💳 Visa Platinum");

    await renamed.getByRole("link", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Debt" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Are you sure you want to delete this debt? This action cannot be undone."
    );
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/debt-management");
    expect(await app.models.Debt.countDocuments({ userId: user.id })).toBe(1);

    await renamed.getByRole("link", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Debt deleted successfully")).toBeVisible();
    await expect(page).toHaveURL("/debt-management");
    await expect(
      page.getByRole("heading", { name: "No debts added yet" })
    ).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByText("Total Debts")).toHaveCount(0);
    expect(await app.models.Debt.countDocuments({ userId: user.id })).toBe(0);
  });

  test("records a payment with Pay and lists it in the payment history", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    const debt = await seedDebt(user, { ...VISA_1000, totalAmount: 120000 });
    await page.goto("/debt-management");
    const card = debtCard(page, "Visa");
    await card.getByRole("link", { name: "History", exact: true }).click();
    const history = page.getByRole("region", {
      name: "Payment History of Visa",
    });
    await expect(history).toContainText("No payments recorded yet.");

    await card.getByRole("link", { name: "Pay", exact: true }).click();
    await expect(card.getByLabel("Payment Date")).toHaveValue(todayIso());
    // More than is owed is refused.
    await card.getByLabel("Payment Amount").fill("1000.01");
    const answer = nextPost(page);
    await card.getByRole("button", { name: "Record Payment" }).click();
    expect((await answer).status()).toBe(400);
    await expect(
      card.getByText(
        "Payment cannot be more than the current balance of $1,000.00"
      )
    ).toBeVisible();
    expect(
      await app.models.Transaction.countDocuments({ userId: user.id })
    ).toBe(0);

    await card.getByLabel("Payment Amount").fill("250");
    await card.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment added successfully")).toBeVisible();
    await expect(page).toHaveURL(`/debt-management?history=${debt.id}#debt-${debt.id}-history`);
    await expect(described(card, "Current Balance")).toHaveText("$750.00");
    // (1200 − 750) / 1200 = 37.5 %; $750 at 1% paying $100: 7.84 → 8 months.
    await expect(card.getByText("37.5% paid")).toBeVisible();
    await expect(described(card, "Payoff Date")).toHaveText(
      `${monthFromNow(8)} (8 months)`
    );
    await expect(summary(page, "Total Debts")).toHaveText("$750.00");
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem")).toContainText([
      `${todayIso()}Manual payment via debt tracker$250.00`,
    ]);
    await expect(card.getByLabel("Payment Amount")).toHaveCount(0);

    expect((await storedDebt(user, debt.id))?.currentBalance).toBe(75000);
    const payments = await app.models.Transaction.find({
      userId: user.id,
    }).lean<Array<Record<string, unknown>>>();
    expect(payments).toMatchObject([
      {
        type: "expense",
        amount: 25000,
        category: `debt_${debt.id}`,
        date: todayIso(),
        description: "Manual payment via debt tracker",
        deleted: false,
      },
    ]);

    // History toggles the panel shut.
    await card.getByRole("link", { name: "History", exact: true }).click();
    await expect(history).toHaveCount(0);
    await expect(page).toHaveURL(`/debt-management#debt-${debt.id}`);
  });

  test("Pay, History and Edit of a card below the first open under that card, in view and focused (decision 219)", async ({
    page,
    login,
    app,
    javaScriptEnabled,
  }) => {
    const user = await premiumLogin(login, app);
    // Listed newest first: Visa, Loan, Car.
    await seedDebt(user, { ...LOAN_300, name: "Car" });
    const loan = await seedDebt(user, LOAN_300);
    await seedDebt(user, VISA_1000);
    await page.goto("/debt-management");
    const card = debtCard(page, "Loan");

    await card.getByRole("link", { name: "Pay", exact: true }).click();
    const pay = card.getByRole("form", { name: "Pay Loan" });
    await expect(pay).toBeInViewport();
    await expect(pay).toBeFocused();
    await expect(page).toHaveURL(`/debt-management?pay=${loan.id}#debt-${loan.id}-pay`);
    // A refused payment comes back in view too.
    await pay.getByLabel("Payment Amount").fill("300.01");
    const answer = refusedByServer(page, javaScriptEnabled);
    await pay.getByRole("button", { name: "Record Payment" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(pay.getByText("Payment cannot be more than the current balance of $300.00")).toBeInViewport();
    await pay.getByRole("link", { name: "Cancel" }).click();
    await expect(pay).toHaveCount(0);
    await expect(card).toBeInViewport();

    await card.getByRole("link", { name: "History", exact: true }).click();
    const history = card.getByRole("region", { name: "Payment History of Loan" });
    await expect(history).toBeInViewport();
    await expect(history).toBeFocused();

    await card.getByRole("link", { name: "Edit", exact: true }).click();
    const edit = card.getByRole("form", { name: "Edit Debt" });
    await expect(edit).toBeInViewport();
    await expect(edit).toBeFocused();
    await expect(edit.getByLabel("Debt Name")).toHaveValue("Loan");
    await expect(page.getByRole("form", { name: "Edit Debt" })).toHaveCount(1);
    expect(await app.models.Transaction.countDocuments({ userId: user.id })).toBe(0);
  });

  test("the summary's Average Interest Rate is weighted by balance (decision 220)", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, { name: "Mortgage", totalAmount: 25_000_000, currentBalance: 25_000_000, aprBasisPoints: 375, minimumPayment: 120_000 });
    await seedDebt(user, { name: "Card", totalAmount: 80_000, currentBalance: 80_000, aprBasisPoints: 2400, minimumPayment: 2_500 });
    await page.goto("/debt-management");
    // (250,000 × 3.75% + 800 × 24%) / 250,800 = 3.81%; the plain mean would say 13.88%.
    await expect(summary(page, "Average Interest Rate")).toHaveText("3.81%");
    await expect(page.getByLabel("Debt summary")).toContainText("Weighted by balance");
  });

  test("a payment entered as a transaction lowers the balance; deleting it gives the balance back", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    const debt = await seedDebt(user, { ...VISA_1000, name: "Car loan" });
    await page.goto("/transactions?tab=tracked");
    await page.getByRole("link", { name: "Add Transaction" }).click();
    await expect(
      page.getByRole("heading", { name: "Add Transaction" })
    ).toBeVisible();
    await expect(page.getByRole("radio", { name: "Expense" })).toBeChecked();
    await page.getByLabel("Amount").fill("120.50");
    // Categories are offered and listed by their display names, as the dashboard's cards show them.
    await page.getByLabel("Category").selectOption({ label: "💳 Car Loan" });
    await page.getByLabel("Date").fill(todayIso());
    await page.getByLabel("Description").fill("March installment");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(
      page.getByText("Payment of $120.50 applied to debt")
    ).toBeVisible();
    await expect(page).toHaveURL("/transactions?tab=tracked");
    const row = page
      .getByTestId("transaction-row")
      .filter({ hasText: "March installment" });
    await expect(row).toContainText("💳 Car Loan");
    await expect(row).toContainText("−$120.50");
    expect((await storedDebt(user, debt.id))?.currentBalance).toBe(87950);

    await page.goto("/debt-management");
    const card = debtCard(page, "Car loan");
    await expect(described(card, "Current Balance")).toHaveText("$879.50");
    await expect(summary(page, "Total Debts")).toHaveText("$879.50");
    await card.getByRole("link", { name: "History", exact: true }).click();
    const history = page.getByRole("region", {
      name: "Payment History of Car loan",
    });
    await expect(history.getByRole("listitem")).toHaveText([
      `${todayIso()}Payment via transaction: March installment$120.50`,
    ]);

    await page.goto("/transactions?tab=tracked");
    await row.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByText("Transaction deleted successfully")
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await storedDebt(user, debt.id))?.currentBalance).toBe(100000);

    await page.goto(`/debt-management?history=${debt.id}`);
    await expect(described(card, "Current Balance")).toHaveText("$1,000.00");
    await expect(summary(page, "Total Debts")).toHaveText("$1,000.00");
    await expect(history).toContainText("No payments recorded yet.");
  });

  test("a debt linked to its card owes what the card owes; paying it is a transfer that leaves the month's expenses alone", async ({
    page,
    login,
    app,
    javaScriptEnabled,
  }) => {
    const user = await premiumLogin(login, app);
    await seedAccount(user, { name: "Visa", kind: "credit_card", openingBalance: -120000 });
    await seedAccount(user, { name: "Savings", kind: "savings", openingBalance: 500000 });
    await addTransaction(user, { type: "expense", amount: 4599, date: todayIso(), description: "Dinner" });

    await page.goto("/debt-management");
    await expect(page.getByLabel("Account", { exact: true }).getByRole("option")).toHaveText(["Not linked", "Visa (Credit card)"]);
    await page.getByLabel("Debt Name").fill("Visa card");
    await page.getByLabel("Total Amount", { exact: true }).fill("2000");
    await page.getByLabel("Interest Rate (APR %)").fill("12");
    await page.getByLabel("Minimum Payment", { exact: true }).fill("100");
    // Not linked, a debt needs its current balance.
    const refused = refusedByServer(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Add Debt" }).click();
    if (refused) expect((await refused).status()).toBe(400);
    await expect(page.getByText("Enter the current balance, or link the debt to its account")).toBeVisible();
    expect(await app.models.Debt.countDocuments({ userId: user.id })).toBe(0);

    await page.getByLabel("Account", { exact: true }).selectOption({ label: "Visa (Credit card)" });
    await page.getByRole("button", { name: "Add Debt" }).click();
    await expect(page.getByText("Debt added successfully")).toBeVisible();

    const debtCardOf = debtCard(page, "Visa card");
    await expect(debtCardOf).toContainText("Linked to Visa");
    await expect(described(debtCardOf, "Current Balance")).toHaveText("$1,200.00");
    // (2000 − 1200) / 2000 = 40 %.
    await expect(debtCardOf.getByText("40.0% paid")).toBeVisible();
    await expect(summary(page, "Total Debts")).toHaveText("$1,200.00");

    await page.goto("/dashboard");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$45.99");
    // A linked debt has no spending category: its payments are transfers.
    await expect(page.getByRole("article", { name: "💳 Visa card" })).toHaveCount(0);

    await page.goto("/debt-management");
    await debtCardOf.getByRole("link", { name: "Pay", exact: true }).click();
    await expect(debtCardOf.getByLabel("Pay from").getByRole("option")).toHaveText(["Main account", "Savings"]);
    await expect(debtCardOf.getByLabel("Pay from")).toHaveValue(user.id);
    await debtCardOf.getByLabel("Payment Amount").fill("1200.01");
    const answer = nextPost(page);
    await debtCardOf.getByRole("button", { name: "Record Payment" }).click();
    expect((await answer).status()).toBe(400);
    await expect(debtCardOf.getByText("Payment cannot be more than the current balance of $1,200.00")).toBeVisible();

    await debtCardOf.getByLabel("Payment Amount").fill("300");
    await debtCardOf.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment added successfully")).toBeVisible();
    await expect(described(debtCardOf, "Current Balance")).toHaveText("$900.00");
    await expect(debtCardOf.getByText("55.0% paid")).toBeVisible();
    await expect(summary(page, "Total Debts")).toHaveText("$900.00");
    await expect(page.getByRole("region", { name: "Payment History of Visa card" }).getByRole("listitem")).toHaveText([
      `${todayIso()}Manual payment via debt tracker$300.00`,
    ]);

    await page.goto("/accounts");
    await expect(page.getByRole("listitem", { name: "Visa", exact: true })).toContainText("$900.00 owed");
    await expect(page.getByRole("listitem", { name: "Main account", exact: true })).toContainText("-$345.99");

    await page.goto("/dashboard");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$45.99");
    await expect(page.getByTestId("summary-income")).toHaveText("$0.00");

    // The transaction form pays the card with a transfer; the debt's category is not offered.
    await page.goto("/transactions/new");
    const choices = page.getByLabel("Category").getByRole("option");
    await expect(choices.filter({ hasText: "Transfer to Visa" })).toHaveCount(1);
    await expect(choices.filter({ hasText: "💳" })).toHaveCount(0);
  });

  test("the calculator gives the exact plan for one debt, with and without an extra payment", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, VISA_1000);
    await page.goto("/debt-management");
    await page
      .getByRole("navigation", { name: "Debt management", exact: true })
      .getByRole("link", { name: "Calculator" })
      .click();
    await expect(page).toHaveURL("/debt-management/calculator");
    await expect(page.getByLabel("Extra monthly payment")).toHaveValue(
      "500.00"
    );
    await expect(page.getByRole("radio", { name: "Avalanche" })).toBeChecked();
    await expect(
      page.getByRole("radio", { name: "Snowball" })
    ).not.toBeChecked();
    await expect(
      page.getByRole("radio", { name: "Your own order" })
    ).not.toBeChecked();

    // Default: $500 extra, $600 a month → 2 months, $14.10 interest, $44.88 saved.
    await expect(
      page.getByRole("heading", { name: "Avalanche plan" })
    ).toBeVisible();
    await expect(described(page, "Debt-free in")).toHaveText(
      `2 months (${monthFromNow(2)})`
    );
    await expect(described(page, "Total interest")).toHaveText("$14.10");
    await expect(described(page, "Monthly extra")).toHaveText("$500.00");
    await expect(described(page, "Interest saved vs minimums only")).toHaveText(
      "$44.88"
    );
    await expect(scheduleRows(page)).toHaveCount(2);
    await expect(scheduleRows(page).nth(1)).toContainText(
      `2. ${monthFromNow(2)}`
    );
    await expect(scheduleRows(page).nth(1).locator("td")).toHaveText([
      "$414.10 / $0.00",
      "$414.10",
    ]);

    await page.getByLabel("Extra monthly payment").fill("0");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(
      /\/debt-management\/calculator\?extra=0&strategy=avalanche/
    );
    await expect(described(page, "Debt-free in")).toHaveText(
      `11 months (${monthFromNow(11)})`
    );
    await expect(described(page, "Total interest")).toHaveText("$58.98");
    await expect(described(page, "Monthly extra")).toHaveText("$0.00");
    await expect(described(page, "Interest saved vs minimums only")).toHaveText(
      "$0.00"
    );
    await expect(
      page.getByText("You pay $100.00 a month (the minimums plus $0.00)")
    ).toBeVisible();
    const order = page
      .getByRole("list", { name: "Payoff order" })
      .getByRole("listitem");
    await expect(order).toHaveText([
      `1. VisaPaid off in month 11 (${monthFromNow(11)})`,
    ]);

    const rows = scheduleRows(page);
    await expect(rows).toHaveCount(11);
    const expected = [
      ["$100.00 / $910.00", "$100.00"],
      ["$100.00 / $819.10", "$100.00"],
      ["$100.00 / $727.29", "$100.00"],
      ["$100.00 / $634.56", "$100.00"],
      ["$100.00 / $540.91", "$100.00"],
      ["$100.00 / $446.32", "$100.00"],
      ["$100.00 / $350.78", "$100.00"],
      ["$100.00 / $254.29", "$100.00"],
      ["$100.00 / $156.83", "$100.00"],
      ["$100.00 / $58.40", "$100.00"],
      ["$58.98 / $0.00", "$58.98"],
    ];
    for (const [index, cells] of expected.entries()) {
      await expect(rows.nth(index).getByRole("rowheader")).toHaveText(
        `${index + 1}. ${monthFromNow(index + 1)}`
      );
      await expect(rows.nth(index).locator("td")).toHaveText(cells);
    }

    const compared = page.getByRole("region", { name: "Compared with" });
    await expect(compared.getByTestId("other-snowball")).toContainText(
      `11 months (${monthFromNow(11)}), $58.98 interest`
    );
    await expect(compared.getByTestId("other-snowball")).toContainText(
      "Avalanche and Snowball pay the same interest and finish in the same month with these debts."
    );
  });

  test("the calculator's avalanche and snowball plans for two debts differ in order and interest", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, VISA_600);
    await seedDebt(user, LOAN_300);
    await page.goto("/debt-management/calculator");
    await page.getByLabel("Extra monthly payment").fill("100");
    await page.getByRole("radio", { name: "Avalanche" }).check();
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/extra=100&strategy=avalanche/);

    await expect(
      page.getByRole("heading", { name: "Avalanche plan" })
    ).toBeVisible();
    await expect(described(page, "Debt-free in")).toHaveText(
      `6 months (${monthFromNow(6)})`
    );
    await expect(described(page, "Total interest")).toHaveText("$42.70");
    await expect(described(page, "Monthly extra")).toHaveText("$100.00");
    await expect(described(page, "Interest saved vs minimums only")).toHaveText(
      "$139.78"
    );
    await expect(
      page.getByRole("list", { name: "Payoff order" }).getByRole("listitem")
    ).toHaveText([
      `1. VisaPaid off in month 5 (${monthFromNow(5)})`,
      `2. LoanPaid off in month 6 (${monthFromNow(6)})`,
    ]);
    const schedule = page.getByRole("region", {
      name: "Month-by-month schedule",
    });
    // Columns follow the debts' list: newest first.
    await expect(schedule.locator("thead th")).toHaveText([
      "Month",
      "Loanpayment / balance",
      "Visapayment / balance",
      "Total paid",
    ]);
    let rows = scheduleRows(page);
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(0).locator("td")).toHaveText([
      "$30.00 / $271.50",
      "$130.00 / $482.00",
      "$160.00",
    ]);
    await expect(rows.nth(4).locator("td")).toHaveText([
      "$44.08 / $141.99",
      "$115.92 / $0.00",
      "$160.00",
    ]);
    await expect(rows.nth(5).locator("td")).toHaveText([
      "$142.70 / $0.00",
      "$0.00 / $0.00",
      "$142.70",
    ]);
    let snowballSummary = page
      .getByRole("region", { name: "Compared with" })
      .getByTestId("other-snowball");
    await expect(snowballSummary).toContainText(
      `6 months (${monthFromNow(6)}), $55.82 interest`
    );
    await expect(snowballSummary).toContainText(
      "Avalanche saves $13.12 in interest and finishes in the same month as Snowball."
    );

    await page.getByRole("radio", { name: "Snowball" }).check();
    await page.getByRole("button", { name: "Calculate" }).click();
    // Without JavaScript the field shows the amount as the page formatted it (100.00).
    await expect(page).toHaveURL(/extra=100(\.00)?&strategy=snowball/);
    await expect(
      page.getByRole("heading", { name: "Snowball plan" })
    ).toBeVisible();
    await expect(described(page, "Debt-free in")).toHaveText(
      `6 months (${monthFromNow(6)})`
    );
    await expect(described(page, "Total interest")).toHaveText("$55.82");
    await expect(described(page, "Interest saved vs minimums only")).toHaveText(
      "$126.66"
    );
    await expect(
      page.getByRole("list", { name: "Payoff order" }).getByRole("listitem")
    ).toHaveText([
      `1. LoanPaid off in month 3 (${monthFromNow(3)})`,
      `2. VisaPaid off in month 6 (${monthFromNow(6)})`,
    ]);
    rows = scheduleRows(page);
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(2).locator("td")).toHaveText([
      "$42.57 / $0.00",
      "$117.43 / $457.48",
      "$160.00",
    ]);
    await expect(rows.nth(5).locator("td")).toHaveText([
      "$0.00 / $0.00",
      "$155.82 / $0.00",
      "$155.82",
    ]);
    const avalancheSummary = page
      .getByRole("region", { name: "Compared with" })
      .getByTestId("other-avalanche");
    await expect(avalancheSummary).toContainText(
      `6 months (${monthFromNow(6)}), $42.70 interest`
    );
    await expect(avalancheSummary).toContainText(
      "Snowball costs $13.12 more in interest and finishes in the same month as Avalanche."
    );
    snowballSummary = page.getByTestId("other-snowball");
    await expect(snowballSummary).toHaveCount(0);

    // The Strategies tab sets the same figures side by side.
    await page
      .getByRole("navigation", { name: "Debt management", exact: true })
      .getByRole("link", { name: "Strategies" })
      .click();
    // The calculator has a field of the same name: fill it only once the Strategies tab has replaced it.
    await expect(
      page.getByRole("heading", { name: "Strategies side by side" })
    ).toBeVisible();
    await page.getByLabel("Extra monthly payment").fill("100");
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/\/debt-management\/strategies\?extra=100/);
    const table = page.getByRole("table");
    await expect(
      table.getByRole("row", { name: /^Avalanche/ }).getByRole("cell")
    ).toHaveText([`6 months (${monthFromNow(6)})`, "$42.70", "$139.78"]);
    await expect(
      table.getByRole("row", { name: /^Snowball/ }).getByRole("cell")
    ).toHaveText([`6 months (${monthFromNow(6)})`, "$55.82", "$126.66"]);
    await expect(
      table.getByRole("row", { name: /^Minimums only/ }).getByRole("cell")
    ).toHaveText([`26 months (${monthFromNow(26)})`, "$182.48", "—"]);
    await expect(
      page.getByText(
        "Avalanche saves $13.12 in interest and finishes in the same month as Snowball."
      )
    ).toBeVisible();
  });

  test("a saved plan is followed on the Overview until it is removed", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, VISA_600);
    await seedDebt(user, LOAN_300);
    await page.goto("/debt-management");
    await expect(
      page.getByRole("region", { name: "Your payoff plan" })
    ).toHaveCount(0);
    await page.goto("/debt-management/calculator?extra=100&strategy=avalanche");
    await expect(described(page, "Total interest")).toHaveText("$42.70");
    await page.getByRole("button", { name: "Save this plan" }).click();
    await expect(page.getByText("Plan saved")).toBeVisible();
    await expect(page).toHaveURL("/debt-management");

    const plan = page.getByRole("region", { name: "Your payoff plan" });
    await expect(plan).toContainText(
      `Avalanche, $100.00 extra a month. Planned debt-free: ${monthFromNow(6)}.`
    );
    // Month 1 is next month: nothing is due yet.
    await expect(plan.getByRole("status")).toHaveText(
      `Your plan starts in ${monthFromNow(1)}.`
    );
    await expect(plan).toContainText(
      `From today's balances: debt-free by ${monthFromNow(
        6
      )}, $42.70 interest still to pay.`
    );
    await expect(
      plan.getByRole("link", { name: "See the schedule" })
    ).toHaveAttribute("href", "/debt-management/calculator");
    const stored = await app.models.DebtPlan.findById(user.id).lean<
      Record<string, unknown>
    >();
    expect(stored).toMatchObject({
      strategy: "avalanche",
      extra: 10000,
      startMonth: monthKeyFromNow(1),
      debts: [
        { name: "Loan", balance: 30000, aprBasisPoints: 600, minimum: 3000 },
        { name: "Visa", balance: 60000, aprBasisPoints: 2400, minimum: 3000 },
      ],
    });

    await plan.getByRole("button", { name: "Remove plan" }).click();
    await expect(page.getByText("Plan removed")).toBeVisible();
    await expect(plan).toHaveCount(0);
    expect(await app.models.DebtPlan.countDocuments({ _id: user.id })).toBe(0);
  });

  test("the dashboard's Debts card shows the first three debts and links to all four", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, { ...VISA_1000, name: "First" });
    await seedDebt(user, { ...VISA_1000, name: "Second", totalAmount: 200000 });
    await seedDebt(user, {
      ...VISA_1000,
      name: "Third",
      currentBalance: 25000,
    });
    await seedDebt(user, { ...LOAN_300, name: "Fourth" });
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Debts", exact: true });
    await expect(card).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Premium Feature" })
    ).toHaveCount(0);
    const items = card.getByRole("listitem");
    // Newest first, like the tracker.
    await expect(items).toHaveText([
      "Fourth$300.00 of $300.00",
      "Third$250.00 of $1,000.00",
      "Second$1,000.00 of $2,000.00",
    ]);
    await expect(
      card.getByRole("progressbar", { name: "Third paid off" })
    ).toHaveAttribute("aria-valuenow", "75");
    await expect(
      card.getByRole("progressbar", { name: "Second paid off" })
    ).toHaveAttribute("aria-valuenow", "50");
    await card.getByRole("link", { name: "View all 4 debts" }).click();
    await expect(page).toHaveURL("/debt-management");
    await expect(
      page.getByRole("region", { name: "Your debts" }).getByRole("article")
    ).toHaveCount(4);
  });

  test("Your Money Picture: editing the assets changes the net worth (assets minus debts)", async ({
    page,
    login,
    app,
  }) => {
    const user = await premiumLogin(login, app);
    await seedDebt(user, VISA_1000);
    await page.goto("/debt-management");
    await page
      .getByRole("navigation", { name: "Debt management", exact: true })
      .getByRole("link", { name: "Your Money Picture" })
      .click();
    await expect(page).toHaveURL("/debt-management/money-picture");
    await expect(page.getByTestId("total-assets")).toHaveText("$0.00");
    await expect(page.getByTestId("total-debts")).toHaveText("$1,000.00");
    await expect(page.getByTestId("net-worth")).toHaveText("-$1,000.00");

    await page.getByRole("link", { name: "Edit Assets" }).click();
    const form = page.getByRole("form", { name: "Edit assets" });
    await expect(form).toBeVisible();
    await form.getByLabel("Cash & Checking").fill("2500");
    await form.getByLabel("Savings Accounts").fill("300.25");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Assets updated successfully")).toBeVisible();
    await expect(page).toHaveURL("/debt-management/money-picture");
    await expect(page.getByTestId("asset-amount-cash")).toHaveText("$2,500.00");
    await expect(page.getByTestId("asset-amount-savings")).toHaveText(
      "$300.25"
    );
    // 2,500.00 + 300.25 − 1,000.00 = 1,800.25.
    await expect(page.getByTestId("total-assets")).toHaveText("$2,800.25");
    await expect(page.getByTestId("net-worth")).toHaveText("$1,800.25");

    // A payment lowers the debts, so the net worth rises by as much.
    await page.goto("/debt-management");
    await debtCard(page, "Visa")
      .getByRole("link", { name: "Pay", exact: true })
      .click();
    await page.getByLabel("Payment Amount").fill("200");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment added successfully")).toBeVisible();
    await page
      .getByRole("navigation", { name: "Debt management", exact: true })
      .getByRole("link", { name: "Your Money Picture" })
      .click();
    await expect(page.getByTestId("total-debts")).toHaveText("$800.00");
    await expect(page.getByTestId("net-worth")).toHaveText("$2,000.25");
  });

  test("Your Money Picture counts the accounts: asked before a typed amount gives way to them, a linked debt counted once", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    await addTransaction(user, { type: "income", amount: 248750, date: todayIso(), description: "Paycheck" });
    await seedAccount(user, { name: "Rainy day", kind: "savings", openingBalance: 500000 });
    const amex = await seedAccount(user, { name: "Amex", kind: "credit_card", openingBalance: -120000 });
    await seedDebt(user, { ...VISA_1000, name: "Amex card", accountId: amex.id, currentBalance: 0 });
    await seedDebt(user, { ...VISA_1000, name: "Student loan" });

    await page.goto("/debt-management/money-picture");
    // 2,487.50 in the main account + 5,000.00 saved; 1,200.00 owed on the card + 1,000.00 of student loan.
    await expect(page.getByTestId("asset-amount-cash")).toHaveText("$2,487.50");
    await expect(page.getByTestId("asset-amount-savings")).toHaveText("$5,000.00");
    await expect(page.getByTestId("total-assets")).toHaveText("$7,487.50");
    await expect(page.getByTestId("total-debts")).toHaveText("$2,200.00");
    await expect(page.getByTestId("net-worth")).toHaveText("$5,287.50");
    const accounts = page.getByRole("region", { name: "Accounts" });
    await expect(accounts.getByRole("listitem", { name: "Amex" })).toContainText("$1,200.00 owed");
    await expect(page.getByTestId("unlinked-debts")).toHaveText("$1,000.00 owed");

    await page.getByRole("link", { name: "Edit Assets" }).click();
    const form = page.getByRole("form", { name: "Edit assets" });
    await form.getByLabel("Cash & Checking").fill("3000");
    await form.getByLabel("Real Estate").fill("250000");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Assets updated successfully")).toBeVisible();

    // Typed beside the main account: the page asks, and until then the typed amount counts instead of the account.
    const question = page.getByTestId("asset-question-cash");
    await expect(question).toContainText("Your accounts (Main account) hold $2,487.50, and $3,000.00 is typed here. Which should count as Cash & Checking?");
    await expect(page.getByTestId("asset-amount-cash")).toHaveText("$3,000.00");
    await expect(accounts.getByRole("listitem", { name: "Main account" })).toContainText("not counted: Cash & Checking is typed by hand");
    await expect(page.getByTestId("total-assets")).toHaveText("$258,000.00");

    await question.getByRole("button", { name: "Count my accounts" }).click();
    await expect(page.getByText("Cash & Checking now counts your accounts' balances")).toBeVisible();
    await expect(page.getByTestId("asset-amount-cash")).toHaveText("$2,487.50");
    await expect(page.getByTestId("total-assets")).toHaveText("$257,487.50");
    await expect(page.getByTestId("net-worth")).toHaveText("$255,287.50");
    expect((await app.models.FinancialAssets.findById(user.id).lean())?.sources).toEqual({ cash: "accounts" });
    expect(await app.models.NetWorthSnapshot.findOne({ userId: user.id }).lean()).toMatchObject({ totalAssets: 25748750, totalDebts: 220000, netWorth: 25528750 });

    await page.getByRole("button", { name: "Count the typed amount instead" }).click();
    await expect(page.getByText("Cash & Checking now counts the amount you typed")).toBeVisible();
    await expect(page.getByTestId("asset-amount-cash")).toHaveText("$3,000.00");
    await expect(page.getByTestId("net-worth")).toHaveText("$255,800.00");
  });
});
