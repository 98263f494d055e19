import type { Page } from "@playwright/test";
import type * as Models from "../../models";
import { toCents } from "~/lib/money";
import { addTransaction, expect, listedAccount, nextPost, refusedByServer, test, type TestUser } from "./fixtures";

/*
 * Hand-computed figures (money in cents in the database, dollars on screen).
 *
 * Tracker: initial savings $500.00; goal "Emergency Fund" target $2,000.00
 * raised from $0.00 to $300.00 (one $300.00 savings expense, today); an
 * income of $3,000.00 today (Paycheck 1); this month's budget $2,500.00.
 *   Total Saved      = savings expenses + initial − withdrawals = 300 + 500 − 0 = $800.00
 *   Savings Rate     = no income yet → 0.0%; with the income 300 / 3000 × 100 = 10.0%
 *   App Transactions = $300.00; goal progress 300 / 2000 = 15%
 *   Withdrawal $100.00 today → Total Saved 300 + 500 − 100 = $700.00;
 *     the rate is this month's NET savings (decision 142): (300 − 100) / 3000 = 6.67 → 6.7%
 *     (the withdrawal adds no income: it is an offset, not 200 / 3100 = 6.5%)
 *     breakdown Added = 300 − 100 = $200.00
 *   Withdrawal $700.01 > $700.00 balance → refused, nothing stored.
 *   Withdrawal deleted → Total Saved 300 + 500 = $800.00, rate back to 10.0%.
 *
 * Goal "Emergency Fund", target $2,000.00:
 *   current   300 → 300 / 2000 = 15%  grey,   $1,700.00 to go, contribution $300.00
 *   current  1100 → 1100 / 2000 = 55% yellow, $900.00 to go,   contribution $800.00
 *   current  2000 → 100% green, 'Goal Achieved!',              contribution $900.00
 *   current  1900 (lowered) → 95% blue, $100.00 to go, no transaction
 *   App Transactions 300 + 800 + 900 = $2,000.00 (kept after the goal is deleted).
 *
 * Recent savings: six savings expenses $10..$60 on six dates (plus a deleted
 *   $99.00 one, the newest, and a $5.00 food expense): the five newest live
 *   ones are $60, $50, $40, $30, $20; App Transactions 10+20+30+40+50+60 = $210.00.
 *
 * A goal kept in an account (decision 196): savings account 'Rainy day' at $0.00;
 * today an income of $3,000.00 and a $45.99 expense, all in the main account;
 * initial savings $500.00.
 *   Goal 'Emergency Fund' ($2,000.00) in Rainy day raised to $300.00 → a transfer:
 *     Main account 3,000 − 45.99 − 300 = $2,654.01; Rainy day $300.00;
 *     progress 300 / 2000 = 15%; Total Saved 300 + 500 = $800.00; rate 300 / 3000 = 10.0%;
 *   Withdrawal $300.01 from Rainy day > its $300.00 → refused; $100.00 → a transfer back:
 *     Main account $2,754.01; Rainy day $200.00; Total Saved $700.00.
 *   Neither is income nor expense: the dashboard shows $3,000.00 and $45.99, Savings "Left $0.00", not "Over by".
 */

/** Signs a new user in and gives them Premium (as tests/e2e/debts.spec.ts does). */
async function premiumLogin(login: () => Promise<TestUser>, app: { models: typeof Models }) {
  const user = await login();
  await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
  return user;
}

function isoDate(date: Date) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function todayIso() {
  return isoDate(new Date());
}

/** The default deadline of a goal added today: 365 days later. */
function inOneYear() {
  const now = new Date();
  return isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 365));
}


function tracker(page: Page) {
  return page.getByRole("region", { name: "Savings Tracker" });
}

function goalsPanel(page: Page) {
  return page.getByRole("region", { name: "Savings Goals" });
}

function goalRow(page: Page, name: string) {
  return page.getByTestId("savings-goal").filter({ hasText: name });
}

function withdrawalsPanel(page: Page) {
  return page.getByRole("region", { name: "Savings Withdrawals" });
}

function recentRows(page: Page) {
  return page.getByRole("region", { name: "Recent Savings Transactions" }).locator("tbody tr");
}

/** A goal and its raised current amount, through the app's savings feature (the raise writes the contribution). */
async function seedGoal(user: TestUser, name: string, target: number, current: number) {
  const savings = await import("~/features/savings/savings.server");
  const added = await savings.addSavingsGoal(user.id, { name, target: toCents(target), deadline: inOneYear() });
  if (!added.ok) throw new Error(`the savings goal was refused: ${added.reason}`);
  const goal = added.goal;
  if (current > 0) await savings.updateSavingsGoal(user.id, goal.id, { name, target: toCents(target), deadline: goal.deadline, current: toCents(current) }, todayIso());
  return goal;
}

test.describe("savings", () => {
  test("a free user sees the locked screen and cannot post a goal", async ({ page, login, app }) => {
    const user = await login();
    const response = await page.goto("/savings");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Savings Locked" })).toBeVisible();
    await expect(page.getByText("Set savings goals, record withdrawals and follow your progress with Premium.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Savings Tracker" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Savings Withdrawals" })).toHaveCount(0);
    await expect(page.getByLabel("Goal Name")).toHaveCount(0);

    // A goal posted anyway is not stored; the answer is the locked screen.
    const forged = await page.request.post("/savings", {
      form: { intent: "add-goal", name: "Emergency Fund", target: "2000" },
      headers: { Origin: app.state.appUrl },
    });
    expect(new URL(forged.url()).pathname).toBe("/savings");
    expect(await forged.text()).toContain("Savings Locked");
    expect(await app.models.SavingsGoal.countDocuments({ userId: user.id })).toBe(0);

    await page.getByRole("link", { name: "Unlock Savings" }).click();
    await expect(page).toHaveURL("/manage-subscription");
  });

  test("adds a goal after a validation error, contributes by raising it to 100%, and deletes it after confirming", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await premiumLogin(login, app);
    const response = await page.goto("/savings");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Savings Goals | Ledgerly");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Savings Goals");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Savings Tracker", "Savings Goals", "Recent Savings Transactions", "Savings Withdrawals"]);
    // With no goals the New Goal form opens by itself (and has nothing to cancel to).
    await expect(goalsPanel(page).getByText("No savings goals yet. Add one to track your progress!")).toBeVisible();
    const newGoal = page.getByRole("form", { name: "New Goal" });
    await expect(newGoal).toBeVisible();
    await expect(newGoal.getByLabel("Goal Name")).toHaveAttribute("placeholder", "e.g. Emergency Fund");
    await expect(newGoal.getByLabel("Current Amount")).toHaveCount(0);
    await expect(newGoal.getByRole("link", { name: "Cancel" })).toHaveCount(0);
    await expect(page.getByText("No savings transactions yet.")).toBeVisible();
    await expect(page.getByTestId("savings-goal-progress-box")).toHaveCount(0);

    await newGoal.getByLabel("Goal Name").fill("   ");
    await newGoal.getByLabel("Target Amount").fill("0");
    const answer = refusedByServer(page, javaScriptEnabled);
    await newGoal.getByRole("button", { name: "Save" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(page.getByText("Please enter a goal name")).toBeVisible();
    await expect(page.getByText("Please enter a valid amount greater than 0")).toBeVisible();
    await expect(newGoal.getByLabel("Goal Name")).toHaveAttribute("aria-invalid", "true");
    await expect(newGoal.getByLabel("Target Amount")).toHaveAttribute("aria-invalid", "true");
    await expect(newGoal.getByLabel("Target Amount")).toHaveValue("0");
    if (javaScriptEnabled) await expect(newGoal.getByLabel("Goal Name")).toBeFocused();
    expect(await app.models.SavingsGoal.countDocuments({ userId: user.id })).toBe(0);

    await newGoal.getByLabel("Goal Name").fill("Emergency Fund");
    await newGoal.getByLabel("Target Amount").fill("2000");
    await newGoal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("New savings goal added!")).toBeVisible();
    await expect(page).toHaveURL("/savings");
    await expect(page.getByRole("form", { name: "New Goal" })).toHaveCount(0);
    await expect(goalsPanel(page).getByText("No savings goals yet. Add one to track your progress!")).toHaveCount(0);
    // The deadline left empty is a year (365 days) from today.
    const stored = await app.models.SavingsGoal.find({ userId: user.id }).lean<Array<Record<string, unknown>>>();
    expect(stored).toMatchObject([{ name: "Emergency Fund", target: 200000, current: 0, deadline: inOneYear() }]);
    const goalId = String(stored[0]._id);

    const row = goalRow(page, "Emergency Fund");
    await expect(row).toContainText(`$0.00 of $2,000.00 · due ${inOneYear()}`);
    await expect(row.getByRole("progressbar", { name: "Emergency Fund progress" })).toHaveAttribute("aria-valuenow", "0");
    await expect(row.getByRole("progressbar")).toHaveAttribute("data-band", "grey");
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("0%");
    await expect(row.getByText("$2,000.00 to go")).toBeVisible();
    // The first goal becomes the active one: the tracker's Goal Progress box follows it.
    await expect(row).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("savings-goal-progress-box")).toContainText("Emergency Fund: $0.00 of $2,000.00 (0%)");

    // A goal id that is not the user's is a 404.
    expect((await page.request.get("/savings?goal=0123456789abcdef01234567")).status()).toBe(404);

    // Raising the current amount writes a savings expense of the increase.
    await row.getByRole("link", { name: "Edit Emergency Fund" }).click();
    let edit = page.getByRole("form", { name: "Edit Goal" });
    await expect(edit).toBeVisible();
    await expect(page).toHaveURL(`/savings?goal=${goalId}#savings-goal-form`);
    await expect(edit.getByLabel("Goal Name")).toHaveValue("Emergency Fund");
    await expect(edit.getByLabel("Target Amount")).toHaveValue("2000.00");
    await expect(edit.getByLabel("Current Amount")).toHaveValue("0.00");
    await expect(edit.getByLabel("Deadline")).toHaveValue(inOneYear());
    await edit.getByLabel("Current Amount").fill("300");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Savings goal updated!")).toBeVisible();
    await expect(page).toHaveURL("/savings");
    // 300 / 2000 = 15%, grey; 2000 − 300 = 1,700 to go.
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("15%");
    await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "15");
    await expect(row.getByRole("progressbar")).toHaveAttribute("data-band", "grey");
    await expect(row.getByText("$1,700.00 to go")).toBeVisible();
    await expect(page.getByTestId("savings-goal-progress-box")).toContainText("Emergency Fund: $300.00 of $2,000.00 (15%)");
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$300.00");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$300.00");
    await expect(recentRows(page)).toHaveCount(1);
    await expect(recentRows(page).first().locator("td")).toHaveText([todayIso(), "$300.00", "Savings"]);
    expect(await app.models.Transaction.find({ userId: user.id }).lean<Array<Record<string, unknown>>>()).toMatchObject([
      { type: "expense", category: "savings", amount: 30000, date: todayIso(), description: "Contribution to Emergency Fund", deleted: false },
    ]);

    // 1100 / 2000 = 55%: yellow; the contribution is the increase, 1100 − 300 = 800.
    await row.getByRole("link", { name: "Edit Emergency Fund" }).click();
    edit = page.getByRole("form", { name: "Edit Goal" });
    await expect(edit.getByLabel("Current Amount")).toHaveValue("300.00");
    await edit.getByLabel("Current Amount").fill("1100");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("55%");
    await expect(row.getByRole("progressbar")).toHaveAttribute("data-band", "yellow");
    await expect(row.getByText("$900.00 to go")).toBeVisible();

    // 2000 / 2000 = 100%: green, 'Goal Achieved!' instead of an amount to go; contribution 900.
    await row.getByRole("link", { name: "Edit Emergency Fund" }).click();
    edit = page.getByRole("form", { name: "Edit Goal" });
    await edit.getByLabel("Current Amount").fill("2000");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("100%");
    await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(row.getByRole("progressbar")).toHaveAttribute("data-band", "green");
    await expect(row.getByText("Goal Achieved!")).toBeVisible();
    await expect(row.getByText(/to go$/)).toHaveCount(0);
    const box = page.getByTestId("savings-goal-progress-box");
    await expect(box).toContainText("Emergency Fund: $2,000.00 of $2,000.00 (100%)");
    await expect(box.getByText("Goal Achieved!")).toBeVisible();
    // 300 + 800 + 900 = 2,000.
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$2,000.00");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$2,000.00");
    // Newest first: the three contributions of today.
    await expect(recentRows(page).locator("td:nth-child(2)")).toHaveText(["$900.00", "$800.00", "$300.00"]);

    // Lowering it writes no transaction: 1900 / 2000 = 95%, blue.
    await row.getByRole("link", { name: "Edit Emergency Fund" }).click();
    edit = page.getByRole("form", { name: "Edit Goal" });
    await edit.getByLabel("Current Amount").fill("1900");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("95%");
    await expect(row.getByRole("progressbar")).toHaveAttribute("data-band", "blue");
    await expect(row.getByText("$100.00 to go")).toBeVisible();
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$2,000.00");
    const contributions = await app.models.Transaction.find({ userId: user.id, category: "savings", type: "expense" }).lean<Array<{ amount: number }>>();
    expect(contributions.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([30000, 80000, 90000]);

    // The contributions are transactions like any other.
    await page.goto("/transactions?tab=tracked");
    const listed = page.getByTestId("transaction-row").filter({ hasText: "Contribution to Emergency Fund" });
    await expect(listed).toHaveCount(3);
    await expect(listed.filter({ hasText: "−$300.00" })).toContainText("Savings");

    // Delete: Cancel keeps the goal, Delete removes it.
    await page.goto("/savings");
    await goalRow(page, "Emergency Fund").getByRole("link", { name: "Delete Emergency Fund" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Savings Goal" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Are you sure you want to delete this savings goal? This action cannot be undone.");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL("/savings");
    expect(await app.models.SavingsGoal.countDocuments({ userId: user.id })).toBe(1);

    await goalRow(page, "Emergency Fund").getByRole("link", { name: "Delete Emergency Fund" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Savings goal deleted")).toBeVisible();
    await expect(page).toHaveURL("/savings");
    await expect(goalRow(page, "Emergency Fund")).toHaveCount(0);
    await expect(goalsPanel(page).getByText("No savings goals yet. Add one to track your progress!")).toBeVisible();
    await expect(page.getByRole("form", { name: "New Goal" })).toBeVisible();
    await expect(page.getByTestId("savings-goal-progress-box")).toHaveCount(0);
    expect(await app.models.SavingsGoal.countDocuments({ userId: user.id })).toBe(0);
    // The money saved stays saved.
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$2,000.00");
  });

  test("edits the initial savings: invalid text is refused, a valid amount shows the Starting Balance badge", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await premiumLogin(login, app);
    await page.goto("/savings");
    const block = tracker(page);
    await expect(page.getByTestId("savings-initial")).toHaveText("$0.00");
    await expect(block.getByText("Starting Balance")).toHaveCount(0);
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$0.00");
    await expect(block.getByRole("list", { name: "Savings breakdown" })).toHaveCount(0);

    await block.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL("/savings?initial=edit#initial-savings");
    const field = block.getByRole("textbox", { name: "Initial Savings" });
    await expect(field).toHaveValue("");
    await expect(block.getByText("Enter the amount you already had saved before starting to track in this app.")).toBeVisible();

    await field.fill("abc");
    const answer = refusedByServer(page, javaScriptEnabled);
    await block.getByRole("button", { name: "Save" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(block.getByText("Please enter a valid amount")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("abc");
    const initialStored = async () => (await app.models.User.findById(user.id).lean<{ savings?: { initialSavings?: number } }>())?.savings?.initialSavings ?? 0;
    expect(await initialStored()).toBe(0);

    // Characters other than digits and '.' are stripped: "$500" is 500.00.
    await field.fill("$500");
    await block.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Initial savings updated successfully")).toBeVisible();
    await expect(page).toHaveURL("/savings");
    await expect(block.getByRole("textbox", { name: "Initial Savings" })).toHaveCount(0);
    await expect(page.getByTestId("savings-initial")).toHaveText("$500.00");
    await expect(block.getByText("Starting Balance")).toBeVisible();
    // 0 savings transactions + 500 initial − 0 withdrawals.
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$500.00");
    await expect(block.getByRole("list", { name: "Savings breakdown" }).getByRole("listitem")).toHaveText(["Initial: $500.00", "Added: $0.00"]);
    expect(await initialStored()).toBe(50000);

    // Emptied, it saves 0 and the badge goes.
    await block.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(block.getByRole("textbox", { name: "Initial Savings" })).toHaveValue("500.00");
    await block.getByRole("textbox", { name: "Initial Savings" }).fill("");
    await block.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("savings-initial")).toHaveText("$0.00");
    await expect(block.getByText("Starting Balance")).toHaveCount(0);
    expect(await initialStored()).toBe(0);
  });

  test("the tracker's figures follow the income, a withdrawal, a refused withdrawal above the balance and the withdrawal's deletion", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    const savings = await import("~/features/savings/savings.server");
    const budgets = await import("~/features/budgets/budgets.server");
    await savings.setInitialSavings(user.id, toCents(50000));
    await seedGoal(user, "Emergency Fund", 200000, 30000);
    await budgets.setMonthBudget(user.id, todayIso().slice(0, 7), toCents(250000));

    await page.goto("/savings");
    // 300 + 500 − 0 = 800; no income this month → 0.0%.
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$800.00");
    await expect(page.getByTestId("savings-rate")).toHaveText("0.0%");
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$300.00");
    await expect(page.getByTestId("savings-monthly-budget")).toHaveText("$2,500.00");
    await expect(page.getByTestId("savings-withdrawals-total")).toHaveCount(0);
    await expect(page.getByTestId("savings-goal-progress-box")).toContainText("Emergency Fund: $300.00 of $2,000.00 (15%)");
    await expect(page.getByTestId("savings-goal-progress-box").getByRole("progressbar")).toHaveAttribute("aria-valuenow", "15");
    await expect(withdrawalsPanel(page).getByText("No withdrawals recorded yet.")).toBeVisible();
    await expect(page.getByTestId("withdrawals-table")).toHaveCount(0);

    await page.goto("/transactions/new");
    await page.getByRole("radio", { name: "Income" }).check();
    await page.getByLabel("Category").selectOption({ label: "Paycheck 1" });
    await page.getByLabel("Amount").fill("3000");
    await expect(page.getByLabel("Date")).toHaveValue(todayIso());
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Transaction added successfully")).toBeVisible();

    await page.goto("/savings");
    // 300 / 3000 × 100 = 10.0%.
    await expect(page.getByTestId("savings-rate")).toHaveText("10.0%");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$800.00");

    const panel = withdrawalsPanel(page);
    await panel.getByRole("link", { name: "+ Record Withdrawal" }).click();
    await expect(page).toHaveURL("/savings?withdraw=new#withdrawal-form");
    const form = page.getByRole("form", { name: "Record Withdrawal" });
    await expect(form).toBeVisible();
    await expect(panel.getByRole("button", { name: "+ Record Withdrawal" })).toBeDisabled();
    await expect(form.getByLabel("Date")).toHaveValue(todayIso());
    await expect(form.getByLabel("Reason")).toHaveAttribute("placeholder", "e.g. Emergency expense, Vacation payment");
    await form.getByLabel("Amount").fill("100");
    await form.getByLabel("Reason").fill("Car repair");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Withdrawal recorded successfully")).toBeVisible();
    await expect(page).toHaveURL("/savings");
    await expect(page.getByRole("form", { name: "Record Withdrawal" })).toHaveCount(0);

    const rows = page.getByTestId("withdrawals-table").getByTestId("withdrawal-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator("td").nth(0)).toHaveText(todayIso());
    await expect(rows.first().locator("td").nth(1)).toHaveText("-$100.00");
    await expect(rows.first().locator("td").nth(1)).toHaveClass(/text-red-600/);
    await expect(rows.first().locator("td").nth(2)).toHaveText("Car repair");
    await expect(withdrawalsPanel(page).getByText("No withdrawals recorded yet.")).toHaveCount(0);
    // 300 + 500 − 100 = 700; net savings this month (300 − 100) / 3000 = 6.67 → 6.7%.
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$700.00");
    await expect(page.getByTestId("savings-withdrawals-total")).toHaveText("-$100.00");
    await expect(page.getByTestId("savings-withdrawals-total")).toHaveClass(/text-red-600/);
    await expect(page.getByTestId("savings-rate")).toHaveText("6.7%");
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$300.00");
    await expect(tracker(page).getByRole("list", { name: "Savings breakdown" }).getByRole("listitem")).toHaveText(["Initial: $500.00", "Added: $200.00"]);
    const withdrawals = () => app.models.Transaction.find({ userId: user.id, type: "income", category: "savings" }).lean<Array<Record<string, unknown>>>();
    expect(await withdrawals()).toMatchObject([
      { amount: 10000, date: todayIso(), description: "Car repair", allocations: [{ categoryId: "savings", amount: 10000 }], deleted: false },
    ]);

    // $700.01 is above the $700.00 balance: refused, nothing stored.
    await withdrawalsPanel(page).getByRole("link", { name: "+ Record Withdrawal" }).click();
    await page.getByRole("form", { name: "Record Withdrawal" }).getByLabel("Amount").fill("700.01");
    const answer = nextPost(page);
    await page.getByRole("form", { name: "Record Withdrawal" }).getByRole("button", { name: "Save" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText("Withdrawal amount cannot exceed your current savings balance")).toBeVisible();
    await expect(page.getByRole("form", { name: "Record Withdrawal" }).getByLabel("Amount")).toHaveValue("700.01");
    await expect(page.getByRole("form", { name: "Record Withdrawal" }).getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
    expect(await withdrawals()).toHaveLength(1);
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$700.00");

    // Deleting the withdrawal puts the money back: 300 + 500 = 800, rate 300 / 3000 = 10.0%.
    await page.goto("/savings");
    await rows.first().getByRole("button", { name: `Delete withdrawal of $100.00 on ${todayIso()}` }).click();
    await expect(page.getByText("Withdrawal deleted")).toBeVisible();
    await expect(withdrawalsPanel(page).getByText("No withdrawals recorded yet.")).toBeVisible();
    await expect(page.getByTestId("withdrawals-table")).toHaveCount(0);
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$800.00");
    await expect(page.getByTestId("savings-withdrawals-total")).toHaveCount(0);
    await expect(page.getByTestId("savings-rate")).toHaveText("10.0%");
    expect(await withdrawals()).toMatchObject([{ amount: 10000, deleted: true }]);
  });

  test("a goal kept in a savings account: a contribution moves money there from the main account, the goal progresses, the dashboard's expenses stay; a withdrawal moves it back", async ({ page, login, app }) => {
    // Three pages (savings, accounts, dashboard) and four posts, each side of the money checked where users see it.
    test.slow();
    const user = await premiumLogin(login, app);
    const today = todayIso();
    const { addAccountBesideMain } = await import("~/features/transactions/account-balances.server");
    const rainyDay = await addAccountBesideMain(user.id, { name: "Rainy day", kind: "savings", onBudget: true, openingBalance: 0, openingDate: today }, today);
    const card = await addAccountBesideMain(user.id, { name: "Visa", kind: "credit_card", onBudget: true, openingBalance: 0, openingDate: today }, today);
    if (!rainyDay.ok || !card.ok) throw new Error("the accounts were refused");
    await addTransaction(user, { type: "income", category: "salary", amount: 300000, date: today, description: "Pay" });
    await addTransaction(user, { type: "expense", amount: 4599, date: today, description: "Dinner" });
    const savings = await import("~/features/savings/savings.server");
    await savings.setInitialSavings(user.id, toCents(50000));

    // The Account choice offers the accounts that hold money, other than the main account: not the card.
    await page.goto("/savings");
    const newGoal = page.getByRole("form", { name: "New Goal" });
    await expect(newGoal.getByLabel("Account").locator("option")).toHaveText(["No account", "Rainy day"]);
    await expect(newGoal.getByLabel("Account")).toHaveValue("");
    await newGoal.getByLabel("Goal Name").fill("Emergency Fund");
    await newGoal.getByLabel("Target Amount").fill("2000");
    await newGoal.getByLabel("Account").selectOption({ label: "Rainy day" });
    await newGoal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("New savings goal added!")).toBeVisible();
    const row = goalRow(page, "Emergency Fund");
    await expect(row).toContainText("In Rainy day");

    await row.getByRole("link", { name: "Edit Emergency Fund" }).click();
    const edit = page.getByRole("form", { name: "Edit Goal" });
    await expect(edit.getByLabel("Account")).toHaveValue(rainyDay.account.id);
    await expect(edit.getByText("Raising it moves the increase from your main account into the goal's account.")).toBeVisible();
    await edit.getByLabel("Current Amount").fill("300");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Savings goal updated!")).toBeVisible();
    await expect(row.getByTestId("savings-goal-progress")).toHaveText("15%");
    await expect(row.getByText("$1,700.00 to go")).toBeVisible();
    await expect(page.getByTestId("savings-goal-progress-box")).toContainText("Emergency Fund: $300.00 of $2,000.00 (15%)");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$800.00");
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$300.00");
    await expect(page.getByTestId("savings-rate")).toHaveText("10.0%");
    await expect(recentRows(page)).toHaveCount(1);
    await expect(recentRows(page).first().locator("td")).toHaveText([today, "$300.00", "Savings"]);

    await page.goto("/accounts");
    await expect(listedAccount(page, "Main account")).toContainText("$2,654.01");
    await expect(listedAccount(page, "Rainy day")).toContainText("$300.00");

    // A withdrawal from the account may take no more than it holds; within it, the money moves back to the main account.
    await page.goto("/savings");
    await withdrawalsPanel(page).getByRole("link", { name: "+ Record Withdrawal" }).click();
    const form = page.getByRole("form", { name: "Record Withdrawal" });
    await expect(form.getByLabel("From account").locator("option")).toHaveText(["No account", "Rainy day"]);
    await form.getByLabel("Amount").fill("300.01");
    await form.getByLabel("From account").selectOption({ label: "Rainy day" });
    const answer = nextPost(page);
    await form.getByRole("button", { name: "Save" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText("Withdrawal amount cannot exceed the balance of this account")).toBeVisible();
    await expect(form.getByLabel("From account")).toHaveValue(rainyDay.account.id);
    await form.getByLabel("Amount").fill("100");
    await form.getByLabel("Reason").fill("Dentist");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Withdrawal recorded successfully")).toBeVisible();
    await expect(page.getByTestId("withdrawal-row").locator("td").nth(1)).toHaveText("-$100.00");
    await expect(page.getByTestId("withdrawal-row").locator("td").nth(2)).toHaveText("Dentist");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$700.00");

    await page.goto("/accounts");
    await expect(listedAccount(page, "Main account")).toContainText("$2,754.01");
    await expect(listedAccount(page, "Rainy day")).toContainText("$200.00");

    // Neither the contribution nor the withdrawal is income or spending: the dashboard shows only the pay and the dinner.
    await page.goto("/dashboard");
    await expect(page.getByTestId("summary-income")).toHaveText("$3,000.00");
    await expect(page.getByTestId("summary-expenses")).toHaveText("$45.99");
    await expect(page.getByRole("article", { name: "Savings" })).toContainText("Left $0.00");
    await expect(page.getByRole("article", { name: "Savings" })).not.toContainText("Over by");
  });

  test("Recent Savings Transactions lists the five newest live savings transactions", async ({ page, login, app }) => {
    const user = await premiumLogin(login, app);
    const dates = ["2026-09-28", "2026-09-30", "2026-10-01", "2026-10-02", "2026-10-15", "2026-10-20"];
    for (const [index, date] of dates.entries()) await addTransaction(user, { type: "expense", amount: (index + 1) * 1000, date, description: `Put aside ${index + 1}`, category: "savings" });
    await addTransaction(user, { type: "expense", amount: 9900, date: "2026-10-25", description: "Deleted", category: "savings", deleted: true });
    await addTransaction(user, { type: "expense", amount: 500, date: "2026-10-26", description: "Coffee", category: "food" });

    await page.goto("/savings");
    const rows = recentRows(page);
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0).locator("td")).toHaveText(["2026-10-20", "$60.00", "Savings"]);
    await expect(rows.locator("td:nth-child(1)")).toHaveText(["2026-10-20", "2026-10-15", "2026-10-02", "2026-10-01", "2026-09-30"]);
    await expect(rows.locator("td:nth-child(2)")).toHaveText(["$60.00", "$50.00", "$40.00", "$30.00", "$20.00"]);
    await expect(rows.locator("td:nth-child(3)")).toHaveText(Array(5).fill("Savings"));
    // Every live one counts: 10 + 20 + 30 + 40 + 50 + 60 = 210.
    await expect(page.getByTestId("savings-app-transactions")).toHaveText("$210.00");
    await expect(page.getByTestId("savings-total-saved")).toHaveText("$210.00");
  });
});
