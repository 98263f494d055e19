import { expect, fillForm, STRONG_PASSWORD, test } from "./fixtures";

const NEW_PASSWORD = "N3w!Passw0rd-e2e";

test.describe("profile", () => {
  test("shows the account details and saves a new display name", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/profile");
    await expect(page).toHaveTitle("Profile | Ledgerly");
    await expect(page.getByTestId("page-title")).toHaveText("Profile");
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText("Sign-in method")).toBeVisible();

    await page.getByLabel("Display name").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please enter a display name")).toBeVisible();

    await page.getByLabel("Display name").fill("  Grace Hopper ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("Grace Hopper");
    const stored = await app.models.User.findById(user.id).select({ displayName: 1 }).lean();
    expect(stored?.displayName).toBe("Grace Hopper");
  });

  test("changes the display currency and previews amounts in it", async ({ page, login, app, javaScriptEnabled }) => {
    const user = await login();
    await page.goto("/profile");
    const preview = page.getByTestId("currency-preview");
    await expect(preview).toHaveText("Amounts will look like $1,234.56");
    const select = page.getByLabel("Display currency");
    await expect(select).toHaveValue("USD");
    await expect(select.locator("optgroup[label='Featured'] option[value='USD']")).toHaveText("USD — US Dollar ($)");
    await expect(select.locator("optgroup[label='All currencies'] option[value='XOF']")).toHaveCount(1);

    await select.selectOption("EUR");
    if (javaScriptEnabled) await expect(preview).toHaveText("Amounts will look like €1,234.56");
    await page.getByRole("button", { name: "Update Currency" }).click();
    await expect(page.getByText("Currency updated to EUR")).toBeVisible();
    await expect(preview).toHaveText("Amounts will look like €1,234.56");
    await page.reload();
    await expect(page.getByLabel("Display currency")).toHaveValue("EUR");
    const stored = await app.models.User.findById(user.id).select({ currency: 1 }).lean();
    expect(stored?.currency).toBe("EUR");
  });

  test("changes the password; the new one signs in after logging out", async ({ page, login }) => {
    const user = await login();
    await page.goto("/profile");
    await fillForm(page, { "Current Password": "Wr0ng!Passw0rd", "New Password": NEW_PASSWORD, "Confirm New Password": NEW_PASSWORD });
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    await fillForm(page, { "Current Password": user.password, "New Password": "weakpass", "Confirm New Password": "weakpass" });
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();

    await fillForm(page, { "Current Password": user.password, "New Password": NEW_PASSWORD, "Confirm New Password": NEW_PASSWORD });
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed successfully")).toBeVisible();
    await expect(page.getByLabel("New Password", { exact: true })).toHaveValue("");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await fillForm(page, { Email: user.email, Password: STRONG_PASSWORD });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Invalid email or password. Please check your credentials and try again.")).toBeVisible();
    await fillForm(page, { Email: user.email, Password: NEW_PASSWORD });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("signs out of every device after a confirmation", async ({ page, login, app }) => {
    const user = await login();
    await app.sessions.createSession(user.id, new Request(app.state.appUrl));
    await page.goto("/profile");
    await expect(page.getByText("You are signed in on 2 devices.")).toBeVisible();

    await page.getByRole("link", { name: "Sign out of all devices" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out of all devices?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await app.models.Session.countDocuments({ userId: user.id })).toBe(2);

    await page.getByRole("link", { name: "Sign out of all devices" }).click();
    await dialog.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Signed out of all devices")).toBeVisible();
    expect(await app.models.Session.countDocuments({ userId: user.id })).toBe(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirect=%2Fdashboard");
  });
});
