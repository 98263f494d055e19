import { expect, test } from "./fixtures";

const SAVINGS_NOTE = "Save $10.89 with annual billing";

test.describe("plans page", () => {
  test("a visitor is asked to sign in or create an account to subscribe", async ({ page }) => {
    await page.goto("/subscription");
    await expect(page).toHaveTitle("Subscription Plans | Ledgerly");
    await expect(page.getByRole("heading", { level: 1, name: "Subscription Plans" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login to Subscribe" })).toHaveAttribute("href", "/login?redirect=subscription");
    await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/signup?redirect=subscription");
    await expect(page.getByText("You need an account to subscribe to Premium.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("Bank account linking");
    await page.getByText("Is there a free trial?").click();
    await expect(page.getByText("No, there is no trial period for Premium.", { exact: false })).toBeVisible();
  });

  test("the billing toggle switches between the monthly and the annual price", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("link", { name: "Monthly" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("$2.99", { exact: true })).toBeVisible();
    await expect(page.getByText(SAVINGS_NOTE)).toHaveCount(0);

    await page.getByRole("link", { name: "Annual" }).click();
    await expect(page).toHaveURL("/pricing?billing=annual");
    await expect(page.getByRole("link", { name: "Annual" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("$24.99", { exact: true })).toBeVisible();
    await expect(page.getByText(SAVINGS_NOTE)).toBeVisible();
    await expect(page.getByText("$2.99", { exact: true })).toHaveCount(0);

    await page.getByRole("link", { name: "Monthly" }).click();
    await expect(page.getByText("$2.99", { exact: true })).toBeVisible();
    await expect(page.getByText(SAVINGS_NOTE)).toHaveCount(0);
  });

  test("a signed-in user goes to checkout for the chosen period; Cancel there returns to the plans", async ({ page, login }) => {
    await login();
    await page.goto("/subscription?billing=annual");
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByText(SAVINGS_NOTE)).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("$24.99 / year")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/subscription");
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
  });

  test("a subscriber sees their subscription instead of the plans", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await page.goto("/subscription");
    await expect(page).toHaveTitle("My Subscription | Ledgerly");
    await expect(page.getByRole("heading", { level: 1, name: "My Subscription" })).toBeVisible();
    await expect(page.getByText("You already have an active subscription!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("manage subscription", () => {
  test("a free user can pick a period and subscribe from here", async ({ page, login }) => {
    await login();
    await page.goto("/manage-subscription");
    await expect(page.getByTestId("page-title")).toHaveText("Subscription");
    await page.getByRole("link", { name: "Yearly" }).click();
    await expect(page.getByText("$24.99", { exact: true })).toBeVisible();
    await expect(page.getByText("Advanced analytics dashboard")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("$24.99 / year")).toBeVisible();
  });

  test("a subscriber whose details are missing is told when Refresh Data fails, in a dismissible box", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    await page.goto("/manage-subscription");
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(page.getByText("$2.99 per month")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Analytics" })).toHaveAttribute("href", "/analytics");
    await page.getByRole("button", { name: "Refresh Data" }).click();
    const errorBox = page.getByRole("alert").filter({ hasText: "Failed to refresh subscription data" });
    await expect(errorBox).toBeVisible();
    await errorBox.getByRole("link", { name: "Dismiss" }).click();
    await expect(page.getByText("Failed to refresh subscription data")).toHaveCount(0);
    await expect(page.getByText("Premium Active")).toBeVisible();
  });
});

test.describe("payment pages", () => {
  test("payment success without a checkout session goes to the landing page", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page).toHaveURL("/");
  });

  test("payment success says the payment is not confirmed yet and stays on the page (no timed redirect); Go to Analytics shows it locked", async ({ page, login }) => {
    await login();
    await page.goto("/payment-success?session_id=cs_test");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toHaveText("Thank you for subscribing to Premium. Your premium features unlock as soon as the payment is confirmed.");
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Check again" })).toHaveAttribute("href", "/payment-success?session_id=cs_test");
    await page.getByRole("link", { name: "Go to Analytics" }).click();
    await expect(page).toHaveURL("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
  });

  test("payment success shows Premium unlocked once it is confirmed: updated in place with JavaScript, by Check again without", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto("/payment-success?session_id=cs_test");
    const status = page.getByRole("status").filter({ hasText: "Thank you" });
    await expect(status).toContainText("unlock as soon as the payment is confirmed");
    // The webhook grants Premium while the page is open.
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    if (!javaScriptEnabled) await page.getByRole("link", { name: "Check again" }).click();
    await expect(status).toHaveText("Thank you for subscribing to Premium. Your premium features are unlocked.");
    await expect(page).toHaveURL("/payment-success?session_id=cs_test");
    await expect(page.getByRole("link", { name: "Check again" })).toHaveCount(0);
  });

  test("payment success asks a visitor to sign in, and Go to Analytics leads there", async ({ page }) => {
    await page.goto("/payment-success?session_id=cs_test");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toHaveText("Thank you for subscribing to Premium. Sign in to use your premium features.");
    await page.getByRole("link", { name: "Go to Analytics" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fanalytics$/);
  });

  test("payment cancelled goes to subscription management", async ({ page, login }) => {
    await login();
    await page.goto("/payment-cancelled");
    await expect(page).toHaveURL("/manage-subscription");
  });
});
