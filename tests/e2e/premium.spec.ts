import { declineNextCheckout, expect, fillForm, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";

test.describe("premium", () => {
  test("a free user subscribes monthly, schedules yearly billing and undoes it, cancels at period end and resumes", async ({ page, login, app, stripeControl }) => {
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
    await expect(page.getByRole("status").filter({ hasText: "Your premium features are unlocked." })).toBeVisible();
    await page.getByRole("link", { name: "Go to Analytics" }).click();
    await expect(page).toHaveURL("/analytics");
    await expect(page.getByRole("heading", { name: "Your financial analytics" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Active", { exact: true })).toBeVisible();

    const stored = await app.models.User.findById(user.id).lean<{ premiumAccess: boolean; subscription: { status: string; interval: string } }>();
    expect(stored).toMatchObject({ premiumAccess: true, subscription: { status: "active", interval: "month" } });

    await page.goto("/manage-subscription");
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(page.getByText("$2.99 per month")).toBeVisible();
    await expect(page.getByText("Some details of your subscription are missing.")).toHaveCount(0);
    const nextBilling = await page.getByText("Next billing date", { exact: true }).locator("xpath=following-sibling::dd").innerText();

    await page.getByRole("button", { name: "Switch to Yearly Billing" }).click();
    await expect(page.getByText("Your plan changes to yearly billing at your next renewal.")).toBeVisible();
    await expect(page.getByText(`Changes to Annual on ${nextBilling}`)).toBeVisible();
    await expect(page.getByText("$2.99 per month")).toBeVisible();
    await page.getByRole("button", { name: "Keep Monthly Billing" }).click();
    await expect(page.getByText("Your plan change is cancelled; your billing stays as it is.")).toBeVisible();
    await expect(page.getByText("Changes to Annual on")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Switch to Yearly Billing" })).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel Subscription?" });
    await expect(dialog).toContainText(`You keep Premium until ${nextBilling} and can resume your subscription until then.`);
    await dialog.getByRole("link", { name: "Keep Subscription" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByText("Your subscription is cancelled. You keep Premium until the end of your billing period.")).toBeVisible();
    await expect(page.getByText(`Premium stays active until ${nextBilling}`, { exact: false })).toBeVisible();
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(page.getByText("Resume your subscription before changing its plan.")).toBeVisible();
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Your financial analytics" })).toBeVisible();

    await page.goto("/manage-subscription");
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect(page.getByText("Your subscription is active again and renews as usual.")).toBeVisible();
    await expect(page.getByText("Next billing date", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
    const { subscription } = await app.models.User.findById(user.id).lean<{ subscription: { subscriptionId: string } }>().orFail();
    await stripeControl(`/_control/subscriptions/${subscription.subscriptionId}/advance`);
    await page.goto("/manage-subscription");
    await expect(page.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
    expect(await app.models.User.findById(user.id).lean()).toMatchObject({ premiumAccess: false, subscription: { status: "canceled" } });
  });

  test("a scheduled change to yearly billing is kept through Cancel and Resume, and the renewal bills yearly", async ({ page, login, app, stripeControl }) => {
    const user = await login();
    await page.goto("/manage-subscription");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect.poll(async () => (await app.models.User.findById(user.id).lean<{ premiumAccess: boolean }>())?.premiumAccess).toBe(true);
    await page.goto("/manage-subscription");
    const nextBilling = await page.getByText("Next billing date", { exact: true }).locator("xpath=following-sibling::dd").innerText();
    await page.getByRole("button", { name: "Switch to Yearly Billing" }).click();
    await expect(page.getByText(`Changes to Annual on ${nextBilling}`)).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByText("Your subscription is cancelled. You keep Premium until the end of your billing period.")).toBeVisible();
    await expect(page.getByText(`Your change to annual billing is kept: resume your subscription and it takes effect on ${nextBilling}.`)).toBeVisible();

    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect(page.getByText("Your subscription is active again and renews as usual.")).toBeVisible();
    await expect(page.getByText(`Changes to Annual on ${nextBilling}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Keep Monthly Billing" })).toBeVisible();
    await expect(page.getByText("$2.99 per month")).toBeVisible();

    const { subscription } = await app.models.User.findById(user.id).lean<{ subscription: { subscriptionId: string } }>().orFail();
    await stripeControl(`/_control/subscriptions/${subscription.subscriptionId}/advance`);
    await page.goto("/manage-subscription");
    await expect(page.getByText("$24.99 per year")).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to Monthly Billing" })).toBeVisible();
    expect(await app.models.User.findById(user.id).lean()).toMatchObject({ premiumAccess: true, subscription: { interval: "year", cancelAtPeriodEnd: false, scheduledChange: null } });
  });

  test("a subscriber updates their card in the billing portal, sees their invoice and comes back", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/manage-subscription");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect.poll(async () => (await app.models.User.findById(user.id).lean<{ premiumAccess: boolean }>())?.premiumAccess).toBe(true);

    await page.goto("/manage-subscription");
    await page.getByRole("button", { name: "Manage Billing" }).click();
    await expect(page.getByRole("heading", { name: "Billing portal" })).toBeVisible();
    await expect(page.getByText("Visa •••• 4242")).toBeVisible();
    await expect(page.getByText("$2.99").first()).toBeVisible();
    await page.getByLabel("Card number").fill("5555555555554444");
    await page.getByLabel("Expiry", { exact: false }).fill("12/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByText("Payment method updated.")).toBeVisible();
    await expect(page.getByText("•••• 4444")).toBeVisible();
    await page.getByRole("link", { name: "Return to Ledgerly" }).click();
    await expect(page).toHaveURL("/manage-subscription");
    await expect(page.getByText("Premium Active")).toBeVisible();
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
    await declineNextCheckout(stripeControl, user);
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Payment Processing Error" });
    await expect(dialog).toContainText("Your card was declined.");
    await dialog.getByRole("link", { name: "Close" }).or(dialog.getByRole("button", { name: "Close" })).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Analytics Locked" })).toBeVisible();
  });
});
