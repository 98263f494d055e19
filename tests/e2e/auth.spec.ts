import { expect, fillForm, STRONG_PASSWORD, test, uniqueEmail, waitForIdleTracking } from "./fixtures";

/** The idle timer starts once the page has hydrated and recorded the visit as activity. */
test.describe("sign up", () => {
  test("weak passwords show each rule, a mismatch is caught, and success lands on the dashboard", async ({ page, app }) => {
    const email = uniqueEmail("signup");
    await page.goto("/signup");
    await fillForm(page, { Email: email, Password: "weakpass", "Confirm Password": "weakpass" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await expect(page.getByText("Password must contain at least one number")).toBeVisible();
    await expect(page.getByText("Password must contain at least one special character")).toBeVisible();

    await fillForm(page, { Password: "Sh0rt!", "Confirm Password": "Sh0rt!" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();

    await fillForm(page, { Email: email, Password: STRONG_PASSWORD, "Confirm Password": `${STRONG_PASSWORD}x` });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    expect(await app.models.User.countDocuments({ email })).toBe(0);

    await fillForm(page, { Email: email, Password: STRONG_PASSWORD, "Confirm Password": STRONG_PASSWORD });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
    const stored = await app.models.User.findOne({ email }).lean<{ authProvider: string; currency: string }>();
    expect(stored).toMatchObject({ authProvider: "email", currency: "USD" });
  });

  test("an email that already has an account is refused", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/register");
    await fillForm(page, { Email: user.email, Password: STRONG_PASSWORD, "Confirm Password": STRONG_PASSWORD });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Failed to create an account. An account with this email address already exists.")).toBeVisible();
  });
});

test.describe("login and logout", () => {
  test("wrong password and unknown email get the same message; the right password signs in", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/login");
    await fillForm(page, { Email: user.email, Password: "Wrong!Passw0rd" });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const invalid = page.getByText("Invalid email or password. Please check your credentials and try again.");
    await expect(invalid).toBeVisible();

    await fillForm(page, { Email: uniqueEmail("nobody"), Password: STRONG_PASSWORD });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(invalid).toBeVisible();

    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("repeated failures are rate-limited with the spec's message", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/login");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fillForm(page, { Email: user.email, Password: `Wrong!Passw0rd${attempt}` });
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("Invalid email or password. Please check your credentials and try again.")).toBeVisible();
    }
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Too many failed login attempts. Please try again later.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("logout ends the session and returns to /login; logging in again works", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/login");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL("/login");
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirect=%2Fdashboard");

    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("guards", () => {
  test("signed-out visitors go to /login and come back where they were going", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("/transactions");
    await expect(page).toHaveURL("/login?redirect=%2Ftransactions");
    await fillForm(page, { Email: user.email, Password: user.password });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/transactions");
    await expect(page.getByTestId("page-title")).toHaveText("Transactions");
  });

  test("signed-in visitors skip the auth pages and free users are kept off premium pages", async ({ page, login }) => {
    await login();
    for (const path of ["/", "/login", "/signup", "/register", "/forgot-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/dashboard");
    }
    await page.goto("/insights");
    await expect(page).toHaveURL("/manage-subscription");
    // These show their locked screens instead (decisions 132, 140, 143 and 160).
    await page.goto("/bank");
    await expect(page.getByRole("button", { name: "Premium Required" })).toBeDisabled();
    for (const [path, heading] of [["/debt-management", "Debt Management Locked"], ["/analytics", "Analytics Locked"], ["/savings", "Savings Locked"]]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
  });

  test("a premium user reaches premium pages, with their titles", async ({ page, login, app }) => {
    const user = await login();
    await app.models.User.updateOne({ _id: user.id }, { $set: { premiumAccess: true } });
    const titles = { "/analytics": "Analytics", "/savings": "Savings Goals", "/insights": "Personalized Insights", "/debt-management": "Debt Management", "/bank": "Bank" };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(path);
      await expect(page.getByTestId("page-title")).toHaveText(title);
    }
  });

  test("unknown paths show the 404 text", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });
});

test.describe("password reset", () => {
  test("forgot → email → reset → old sessions end → login with the new password", async ({ page, browser, createUser, readEmail, app }) => {
    // Four pages, an email, three password hashes and a second browser: the longest flow of the suite.
    test.slow();
    const user = await createUser();
    const otherDevice = await app.sessions.createSession(user.id, new Request(app.state.appUrl));

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByText(`Password reset email sent to ${user.email}. Please check your inbox and spam folder.`)).toBeVisible();

    const email = await readEmail(user.email);
    const link = email.text.match(/http\S+reset-password\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText(user.email)).toBeVisible();

    await fillForm(page, { "New Password": "abc", "Confirm New Password": "abd" });
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await fillForm(page, { "New Password": "abc", "Confirm New Password": "abc" });
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();

    await fillForm(page, { "New Password": "abcdefg", "Confirm New Password": "abcdefg" });
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password is too weak. Please choose a stronger password.")).toBeVisible();

    const newPassword = "N3w!Passw0rd";
    await fillForm(page, { "New Password": newPassword, "Confirm New Password": newPassword });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/reset-password")),
      page.getByRole("button", { name: "Reset Password" }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Password has been reset" })).toHaveText("Password has been reset successfully! You can now sign in with your new password.");
    // No timed redirect: the visitor goes on to sign in.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL("/login");
    expect(await app.models.Session.countDocuments({ _id: otherDevice.id })).toBe(0);

    await fillForm(page, { Email: user.email, Password: newPassword });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");

    const reused = await browser.newPage();
    await reused.goto(`${app.state.appUrl}${new URL(link!).pathname}${new URL(link!).search}`);
    await expect(reused.getByText("Invalid or expired password reset link. Please request a new password reset.")).toBeVisible();
    await reused.close();
  });

  test("an unknown email gets the same success message and no email", async ({ page }) => {
    const email = uniqueEmail("ghost");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByText(`Password reset email sent to ${email}. Please check your inbox and spam folder.`)).toBeVisible();
  });

  test("links with the wrong mode or no code show the Invalid Link page", async ({ page }) => {
    await page.goto("/reset-password?mode=verifyEmail&oobCode=abc");
    await expect(page.getByText("Invalid action. This link is not for password reset.")).toBeVisible();
    await page.goto("/reset-password?mode=resetPassword");
    await expect(page.getByText("Invalid password reset link. Please request a new password reset.")).toBeVisible();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL("/login");
  });
});

test.describe("idle sessions", () => {
  test("the server ends a session idle for 30 minutes", async ({ page, login, app }) => {
    const user = await login();
    await page.goto("/dashboard");
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
    const idleSince = new Date(Date.now() - 31 * 60 * 1000);
    await app.models.Session.updateMany({ userId: user.id }, { $set: { lastActiveAt: idleSince, expiresAt: new Date(idleSince.getTime() + 30 * 60 * 1000) } });
    await page.goto("/transactions");
    await expect(page).toHaveURL("/login?redirect=%2Ftransactions");
    await expect(page.getByText("Your session expired after 30 minutes of inactivity. Please sign in again.")).toBeVisible();
    expect(await app.models.Session.countDocuments({ userId: user.id })).toBe(0);
  });

  test("@js-only the Session Expiring dialog warns at 28 minutes and logs out at the end of the countdown", async ({ page, login, app }) => {
    await page.clock.install();
    const user = await login();
    await page.goto("/dashboard");
    await waitForIdleTracking(page);
    const idleSince = new Date(Date.now() - 20 * 60 * 1000);
    await app.models.Session.updateMany({ userId: user.id }, { $set: { lastActiveAt: idleSince } });
    await page.clock.fastForward("28:00");
    const dialog = page.getByRole("alertdialog", { name: "Session Expiring" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Continue Session" })).toBeFocused();
    await expect(dialog.getByTestId("session-countdown")).toHaveText("2:00");

    await dialog.getByRole("button", { name: "Continue Session" }).click();
    await expect(dialog).toBeHidden();
    // Continuing slides the server's idle window too (the keepalive request).
    await expect
      .poll(async () => (await app.models.Session.findOne({ userId: user.id }).lean())?.lastActiveAt.getTime())
      .toBeGreaterThan(idleSince.getTime());

    await page.clock.fastForward("28:00");
    await expect(dialog).toBeVisible();
    await page.clock.fastForward("02:01");
    await expect(page).toHaveURL("/login");
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirect=%2Fdashboard");
  });

  test("@js-only Logout Now in the Session Expiring dialog signs out", async ({ page, login }) => {
    await page.clock.install();
    await login();
    await page.goto("/dashboard");
    await waitForIdleTracking(page);
    await page.clock.fastForward("28:00");
    await page.getByRole("button", { name: "Logout Now" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens without a sidebar and navigates", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    const transactionsLink = page.locator("#mobile-menu").getByRole("link", { name: "Transactions", exact: true });
    await expect(transactionsLink).toBeHidden();
    await page.getByLabel("Open menu").click();
    await expect(transactionsLink).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await transactionsLink.click();
    await expect(page).toHaveURL("/transactions");
  });
});

test.describe("Google sign-in", () => {
  test("signs in a new Google user through the stand-in and returns to the dashboard", async ({ page, app }) => {
    const identity = { sub: `google-${Date.now()}`, email: uniqueEmail("google"), name: "Grace Hopper" };
    const code = Buffer.from(JSON.stringify(identity)).toString("base64url");
    await page.route("https://accounts.google.com/**", async (route) => {
      const authorize = new URL(route.request().url());
      const callback = new URL(authorize.searchParams.get("redirect_uri")!);
      callback.searchParams.set("code", code);
      callback.searchParams.set("state", authorize.searchParams.get("state")!);
      await route.fulfill({ status: 302, headers: { Location: callback.toString() } });
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
    const stored = await app.models.User.findOne({ email: identity.email }).lean<{ authProvider: string; googleId: string; emailVerified: boolean; displayName: string }>();
    expect(stored).toMatchObject({ authProvider: "google", googleId: identity.sub, emailVerified: true, displayName: "Grace Hopper" });
  });
});

test("a page opened on another host name is sent once to the app's own, where the session cookie lives", async ({ request, app }) => {
  const canonical = new URL(app.state.appUrl);
  const other = `http://127.0.0.1:${canonical.port}`;
  const page = await request.get(`${other}/payment-success?session_id=cs_test`, { maxRedirects: 0 });
  expect(page.status()).toBe(301);
  expect(page.headers()["location"]).toBe(`${canonical.origin}/payment-success?session_id=cs_test`);
  expect((await request.get(`${other}/healthz`, { maxRedirects: 0 })).status()).toBe(200);
  const post = await request.post(`${other}/webhooks/stripe`, { data: "{}", maxRedirects: 0 });
  expect(post.status()).not.toBe(301);
});
