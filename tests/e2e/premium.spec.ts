import { expect, fillForm, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";

test.describe("premium", () => {
  test("a free user subscribes monthly, uses analytics, switches to yearly billing and cancels", async ({ page, login, app }) => {
    const user = await login();

    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
    await page.getByRole("link", { name: "Subscribe Now" }).click();
    await expect(page).toHaveURL("/manage-subscription");
    await expect(page.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();

    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("$2.99 / month")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL("/analytics", { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Your financial analytics" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Active", { exact: true })).toBeVisible();

    const stored = await app.models.User.findById(user.id).lean<{ premiumAccess: boolean; subscription: { status: string; interval: string } }>();
    expect(stored).toMatchObject({ premiumAccess: true, subscription: { status: "active", interval: "month" } });

    await page.goto("/manage-subscription");
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(page.getByText("$2.99 per month")).toBeVisible();
    await expect(page.getByText("Some details of your subscription are missing.")).toHaveCount(0);
    await page.getByRole("button", { name: "Switch to Yearly Billing" }).click();
    await expect(page.getByText("Your plan now bills yearly.")).toBeVisible();
    await expect(page.getByText("$24.99 per year")).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel Subscription?" });
    await expect(dialog).toContainText("This action cannot be undone");
    await expect(dialog).toContainText("You will lose access to premium features immediately.");
    await dialog.getByRole("link", { name: "Keep Subscription" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByText("Premium Active")).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByText("Your subscription has been cancelled.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
    expect(await app.models.User.findById(user.id).lean()).toMatchObject({ premiumAccess: false, subscription: { status: "canceled" } });
  });

  test("a visitor signs in from the plans page, comes back to it and subscribes", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/subscription");
    await page.getByRole("link", { name: "Login to Subscribe" }).click();
    await expect(page).toHaveURL("/login?redirect=subscription");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/subscription");
    await page.getByRole("link", { name: "Annual" }).click();
    await expect(page).toHaveURL("/subscription?billing=annual");
    await expect(page.getByText("Save $10.89 with annual billing")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("$24.99 / year")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.goto("/subscription");
    await expect(page.getByText("You already have an active subscription!")).toBeVisible();
  });

  test("a visitor creates an account from the plans page and comes back to subscribe", async ({ page }) => {
    await page.goto("/subscription");
    await page.getByRole("link", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/signup?redirect=subscription");
    await fillForm(page, { Email: uniqueEmail("plans"), Password: STRONG_PASSWORD, "Confirm Password": STRONG_PASSWORD });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/subscription");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("$2.99 / month")).toBeVisible();
  });

  test("a checkout failure shows the Payment Processing Error dialog and grants nothing", async ({ page, login, stripeControl }) => {
    const user = await login();
    await page.goto("/subscription");
    await stripeControl("/_control/fail-next", {
      path: "/v1/checkout/sessions",
      when: { client_reference_id: user.id },
      status: 402,
      type: "card_error",
      message: "Your card was declined.",
    });
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Payment Processing Error" });
    await expect(dialog).toContainText("Your card was declined.");
    await dialog.getByRole("link", { name: "Close" }).or(dialog.getByRole("button", { name: "Close" })).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
  });
});
